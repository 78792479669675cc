//! plakoto-lab: the research lab — how the engine's nets were made and
//! are measured. The engine never needs it at run time.
//!
//! - [`train`]: self-play training and refinement of the neural evaluator
//!   (`plakoto train …`).
//! - [`benchmark`]: the rolled-out strength benchmark: building it
//!   (`plakoto benchmark …`) and scoring a player on it
//!   (`plakoto bench strength`).
//! - [`games`]: each game's [`LabGame`] impl, what the commands above do
//!   in it.
//!
//! Its data (nets, logs, recipes, the rolled-out benchmarks) lives beside
//! it: `training/`, `benchmarks/`, `weights/`; README.md is its log.

pub mod benchmark;
pub mod games;
pub mod train;

use std::fmt::Debug;
use std::path::Path;

use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::game_net::{GameNetwork, NetInputs, process_network};
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::game::GameEvaluator;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{Dice, GameKind, Variant, with_game};
use plakoto_tools::ToolsGame;

use benchmark::BenchmarkError;
use benchmark::cli::{BuildArgs, StrengthArgs};
use benchmark::data::TurnRecord;
use benchmark::phase::GamePhase;
use train::label_args::LabelArgs;
use train::refine::{AverageArgs, FitArgs, RefineError, TargetArgs};
use train::table::game::{ActiveInputs, NetOf, Streams};
use train::{TrainArgs, TrainError};

/// What the lab does with a game, the lab's one per-game trait: how
/// `plakoto train` trains its net (the net, its inputs, outcomes, weight
/// files and evaluators, the game trained for, the stream tags of the
/// run's seeds), how `plakoto refine` makes and fits its targets, and how
/// `plakoto benchmark build` and `plakoto bench strength` run in it. Each
/// command picks the game once ([`LabGameFns::of`]) and asks this trait
/// through it, never matching on the game; the trainer
/// ([`train::table`]) is written over it. One impl a game, in [`games`].
/// The value itself is the game trained for ([`Self::trained`]):
/// self-play chooses by its equity, the arena checks play it.
///
/// It is defined here, above `train` and `benchmark`, because it names
/// both: neither module imports the other's commands through it.
pub trait LabGame: ToolsGame {
    /// Whether the game has movement rules (Plakoto's `standard` or
    /// `express`): to train under (`--rules`), and named by a benchmark
    /// header's `rules`. A game without them is trained and benchmarked
    /// under its default switches (a header writes `standard`).
    const MOVEMENT_RULES: bool;

    /// `plakoto refine targets` for the game's net: the candidates of
    /// sampled decisions labelled by a deeper search
    /// ([`train::table::refine_options`]) unless the game keeps its own.
    fn refine_targets(a: &TargetArgs) -> Result<(), RefineError> {
        train::table::refine_options::refine_targets::<Self>(a)
    }

    /// `plakoto refine fit`: the supervised fit of the net on targets
    /// ([`train::table::fit`]).
    fn refine_fit(a: &FitArgs) -> Result<(), RefineError> {
        train::table::fit::fit::<Self>(a).map(|_| ())
    }

    /// The phase of the game `position` is in, as `bench strength`
    /// reports it and `refine fit --only-phases` selects it; `None` for a
    /// game that names no phases.
    fn phase_of(&self, position: &Self::Position) -> Option<GamePhase> {
        let _ = position;
        None
    }

    /// `plakoto refine labels`: positions of the net's games labelled by
    /// their rollouts ([`train::table::labels`]).
    fn refine_labels(a: &LabelArgs) -> Result<(), RefineError> {
        train::table::labels::run_labels::<Self>(a)
    }

    /// `plakoto benchmark build` (its counts checked); a game with no
    /// benchmark builder refuses.
    fn build_benchmark(_a: &BuildArgs) -> Result<(), BenchmarkError> {
        Err(BenchmarkError::Options(format!(
            "no {} benchmark can be built yet",
            Self::KIND
        )))
    }

    /// What the side on roll plays at a benchmark's decision of this game
    /// (`turn`, as the benchmark records it): its dice, or numbers carried
    /// to it; an error for numbers the game does not read.
    fn to_play(&self, turn: &TurnRecord) -> Result<ToPlay<Self::Carried>, BenchmarkError> {
        match turn {
            TurnRecord::Rolled { dice: [a, b] } => Dice::new(*a, *b).map(ToPlay::Dice),
            TurnRecord::Passed { .. } => None,
        }
        .ok_or_else(|| BenchmarkError::Format(format!("no roll of two dice: {turn:?}")))
    }

    /// How a benchmark records `to_play` ([`Self::to_play`] reads it back).
    fn turn_record(&self, to_play: &ToPlay<Self::Carried>) -> TurnRecord;

    /// `plakoto bench strength` (its plies checked); a game with no
    /// benchmark scorer refuses.
    fn score_benchmark(_a: &StrengthArgs) -> Result<(), BenchmarkError> {
        Err(BenchmarkError::Options(format!(
            "no {} benchmark can be scored yet",
            Self::KIND
        )))
    }

    // Training (`train::table`): the net, its inputs, outcomes, weight
    // files and evaluators, and the trainer's settings of the game.

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

    /// The game a run trains for, under its default movement rules.
    fn trained() -> Self;

    /// The game a run under the movement rules `variant` trains for
    /// (`--rules`). Only Plakoto has rules to choose; the other games,
    /// whose runs refuse `--rules`, are trained as [`Self::trained`].
    fn trained_under(variant: Variant) -> Self {
        let _ = variant;
        Self::trained()
    }

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
    fn parameters(net: &NetOf<Self>) -> [&[f32]; 4] {
        [&net.w1, &net.b1, &net.w2, &net.b2]
    }

    /// `net`'s parameters to write in place: `w1`, `b1`, `w2`, `b2`.
    fn parameters_mut(net: &mut NetOf<Self>) -> [&mut [f32]; 4] {
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

/// The [`LabGame`] answers of one game, as plain functions: the lab's
/// commands call a game through these, chosen once by its kind
/// ([`LabGameFns::of`], the lab's one `with_game!`). Each field is the
/// [`LabGame`] item of the same name; `train` runs the game's trainer.
#[derive(Clone, Copy)]
pub struct LabGameFns {
    /// [`LabGame::MOVEMENT_RULES`].
    pub movement_rules: bool,
    /// `plakoto train`: [`train::table::run_loop::run`] in the game.
    pub train: fn(&TrainArgs) -> Result<(), TrainError>,
    /// [`LabGame::refine_targets`].
    pub refine_targets: fn(&TargetArgs) -> Result<(), RefineError>,
    /// [`LabGame::refine_fit`].
    pub refine_fit: fn(&FitArgs) -> Result<(), RefineError>,
    /// [`LabGame::refine_labels`].
    pub refine_labels: fn(&LabelArgs) -> Result<(), RefineError>,
    /// `plakoto refine average`: [`train::table::average::average_nets`]
    /// in the game.
    pub refine_average: fn(&AverageArgs) -> Result<(), RefineError>,
    /// [`LabGame::build_benchmark`].
    pub build_benchmark: fn(&BuildArgs) -> Result<(), BenchmarkError>,
    /// [`LabGame::score_benchmark`].
    pub score_benchmark: fn(&StrengthArgs) -> Result<(), BenchmarkError>,
}

impl LabGameFns {
    /// The functions of the game `kind`.
    pub fn of(kind: GameKind) -> LabGameFns {
        with_game!(kind, G => LabGameFns {
            movement_rules: <G as LabGame>::MOVEMENT_RULES,
            train: train::table::run_loop::run::<G>,
            refine_targets: <G as LabGame>::refine_targets,
            refine_fit: <G as LabGame>::refine_fit,
            refine_labels: <G as LabGame>::refine_labels,
            refine_average: |a| train::table::average::average_nets::<G>(a).map(|_| ()),
            build_benchmark: <G as LabGame>::build_benchmark,
            score_benchmark: <G as LabGame>::score_benchmark,
        })
    }
}

/// Whether the game `kind` has movement rules (Plakoto's `standard` or
/// `express`, [`LabGame::MOVEMENT_RULES`]): the training options and a
/// benchmark's header both ask, so it is answered here, above both.
pub fn movement_rules(kind: GameKind) -> bool {
    LabGameFns::of(kind).movement_rules
}
