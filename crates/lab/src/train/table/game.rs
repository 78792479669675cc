//! The trainer's words for what a game gives it through [`LabGame`]: the
//! stream tags of its seeds ([`Streams`]), its net ([`NetOf`]) and the
//! inputs a forward pass leaves ([`ActiveInputs`]).

use crate::LabGame;
use plakoto_engine::eval::game_net::{GameNetwork, SparseInputs};

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

/// The net of game `G`: the engine's shared net on `G`'s inputs.
pub type NetOf<G> = GameNetwork<<G as LabGame>::NetGame>;

/// The lengths of `net`'s parameters (`w1`, `b1`, `w2`, `b2`), for
/// [`crate::train::learn::Adam::with_lengths`] and
/// [`crate::train::learn::ParamVecs::zeros`].
pub fn lengths<G: LabGame>(net: &NetOf<G>) -> [usize; 4] {
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
