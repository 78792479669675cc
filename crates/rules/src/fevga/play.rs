//! What the Fevga move generator gives: a legal play (the position it
//! leads to and one sequence of steps reaching it) and a turn's list of
//! them. Apart from the generator's files so that its searches
//! ([`super::collect`], [`super::two_dice`]) and the generator itself all
//! depend on these types without depending on one another.

use super::position::FevgaPosition;
use super::steps::FevgaSteps;

/// A legal Fevga play: the position it leads to (still seen from the
/// mover) and one sequence of steps that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FevgaPlay {
    /// The resulting position, from the mover's point of view.
    pub position: FevgaPosition,
    /// The steps in playing order.
    pub steps: FevgaSteps,
}

/// The legal plays of one position and roll.
#[derive(Clone, Debug, Default)]
pub struct FevgaPlayList {
    /// Legal plays in generation order; with nothing playable, the single
    /// play of no steps.
    pub plays: Vec<FevgaPlay>,
    /// The numbers every legal play uses.
    pub numbers_used: usize,
}
