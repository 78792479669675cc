//! What a game gives the table trainer ([`super`]): [`TrainedGame`], the
//! game's net and its inputs, outcomes, weight files and evaluators, and
//! the trainer's settings that differ between the games. One impl a game,
//! in its lab file: [`crate::games::portes`], [`crate::games::fevga`].

use std::fmt::Debug;
use std::path::Path;

use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::game_net::{GameNetwork, NetInputs, SparseInputs, process_network};
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::game::GameEvaluator;
use plakoto_tools::ToolsGame;

/// Stream tags of a game's trainer, mixed into the run's seed so that no
/// two uses share a seed (and no game's trainer shares the Plakoto one's or
/// another game's).
#[derive(Clone, Copy, Debug)]
pub struct Streams {
    /// The dice and explorations of a self-play game.
    pub game: u64,
    /// The shuffle of a round's samples.
    pub shuffle: u64,
    /// The initial random weights.
    pub init: u64,
    /// The dice of the arena checks.
    pub arena: u64,
}

/// A game of the game layer whose net the table trainer trains. The value
/// itself is the game trained for ([`Self::trained`]): self-play chooses
/// by its equity, the arena checks play it.
pub trait TrainedGame: ToolsGame {
    /// The game's name in the trainer's output ("Portes").
    const NAME: &'static str;
    /// The first bytes of the game's training checkpoints.
    const CHECKPOINT_MAGIC: &'static [u8; 8];
    /// The trainer's stream tags.
    const STREAMS: Streams;
    /// Most turns of a self-play game (a game this long stops; its last
    /// value is the target).
    const TURN_CAP: usize;

    /// What the engine's shared net takes from the game (its net is
    /// [`NetOf<Self>`]: one hidden ReLU layer over sparse inputs, a masked
    /// softmax over the outcomes).
    type NetGame: NetInputs;
    /// The net's non-zero inputs of a position (reusable buffers).
    type Inputs: Default + Send + ActiveInputs;
    /// The net's outcome distribution for the side on roll.
    type Outcomes: Copy + Debug + Default + Send + Sync + AsRef<[f32]> + AsMut<[f32]> + 'static;
    /// The net as a game-layer evaluator (exact endgame values first).
    type NetEvaluator: GameEvaluator<Self> + 'static;
    /// The game's heuristic evaluator ([`Self::heuristic`]).
    type Heuristic: GameEvaluator<Self> + Default + 'static;

    /// The game a run trains for.
    fn trained() -> Self;

    /// The game the values of self-play are read under (it may keep
    /// apart results that [`Self::trained`]'s scoring merges, so the net
    /// learns them apart).
    fn rated(&self) -> Self;

    /// A network of `hidden` units, seeded by `seed`, that a fresh run in
    /// `dir` starts from (a game may keep it there as the run's baseline).
    fn initial_net(dir: &Path, hidden: usize, seed: u64) -> Result<NetOf<Self>, WeightsError>;

    /// `net`'s hidden units.
    fn hidden(net: &NetOf<Self>) -> usize {
        net.hidden
    }

    /// `net`'s parameters: `w1`, `b1`, `w2`, `b2`.
    fn parameters(net: &NetOf<Self>) -> [&Vec<f32>; 4] {
        [&net.w1, &net.b1, &net.w2, &net.b2]
    }

    /// `net`'s parameters to write in place: `w1`, `b1`, `w2`, `b2`.
    fn parameters_mut(net: &mut NetOf<Self>) -> [&mut Vec<f32>; 4] {
        [&mut net.w1, &mut net.b1, &mut net.w2, &mut net.b2]
    }

    /// Encodes `position` (side on roll) under `self` into `inputs` and
    /// runs `net` on them: the outcome distribution, the hidden layer's
    /// activations left in `hidden`.
    fn forward(
        &self,
        net: &NetOf<Self>,
        position: &Self::Position,
        inputs: &mut Self::Inputs,
        hidden: &mut Vec<f32>,
    ) -> Self::Outcomes;

    /// [`Probabilities`] as the net's outcomes (a training target from an
    /// exact value or a play's value).
    fn outcomes(p: &Probabilities) -> Self::Outcomes;

    /// The same distribution seen by the other side.
    fn flip_outcomes(d: &Self::Outcomes) -> Self::Outcomes;

    /// The net's evaluator.
    fn evaluator_of(net: std::sync::Arc<NetOf<Self>>) -> Self::NetEvaluator;

    /// The evaluator the arena checks measure the net against, and that
    /// `best.net` is chosen by.
    fn heuristic() -> Box<dyn GameEvaluator<Self>> {
        Box::new(Self::Heuristic::default())
    }

    /// The weight file's bytes of `net`.
    fn to_bytes(net: &NetOf<Self>) -> Vec<u8> {
        net.to_bytes()
    }

    /// The net of a weight file's bytes.
    fn from_bytes(bytes: &[u8]) -> Result<NetOf<Self>, WeightsError> {
        GameNetwork::from_bytes(bytes)
    }

    /// Writes `net`'s weight file.
    fn save(net: &NetOf<Self>, path: &Path) -> Result<(), WeightsError> {
        net.save(path)
    }

    /// Reads a weight file of this game.
    fn load(path: &Path) -> Result<NetOf<Self>, WeightsError> {
        GameNetwork::load(path)
    }

    /// Identity of `net`'s weights: 8 hex digits of the hash of the file
    /// bytes.
    fn short_hash(net: &NetOf<Self>) -> String {
        net.short_hash()
    }

    /// The net the engine plays with (its environment variable's file,
    /// else the embedded weights): where `refine targets` starts.
    fn embedded_net() -> Result<NetOf<Self>, WeightsError> {
        Ok(NetOf::<Self>::clone(&*process_network::<Self::NetGame>()?))
    }

    /// Expected points of the net's distribution `d` under `self`'s
    /// scoring.
    fn outcome_equity(&self, d: &Self::Outcomes) -> f32;
}

/// The net of game `G`: the engine's shared net on `G`'s inputs.
pub type NetOf<G> = GameNetwork<<G as TrainedGame>::NetGame>;

/// The lengths of `net`'s parameters (`w1`, `b1`, `w2`, `b2`), for
/// [`crate::train::learn::Adam::with_lengths`] and
/// [`crate::train::learn::ParamVecs::zeros`].
pub fn lengths<G: TrainedGame>(net: &NetOf<G>) -> [usize; 4] {
    G::parameters(net).map(|p| p.len())
}

/// A net's inputs as the trainer reads them back: the non-zero
/// `(index, value)` pairs that a forward pass left, which are all that a
/// weight update touches in the first layer.
pub trait ActiveInputs {
    /// The non-zero inputs `(index, value)`, by increasing index.
    fn active(&self) -> impl Iterator<Item = (usize, f32)> + '_;
}

impl<const N: usize> ActiveInputs for SparseInputs<N> {
    fn active(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.iter()
    }
}
