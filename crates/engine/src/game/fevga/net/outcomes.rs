//! The Fevga net's outputs: four exclusive outcomes for the side on roll
//! (a single or a double game, won or lost: F13 has no triple), which of
//! them are still possible (the mask of the softmax), and their reading as
//! [`Probabilities`].

use plakoto_rules::fevga::FevgaPosition;
use plakoto_rules::{GameResult, ResultKind, Seat};

use crate::eval::Probabilities;

/// Number of outcomes.
pub const OUTCOMES: usize = 4;
/// Win a single game.
pub const WIN_SINGLE: usize = 0;
/// Win a double (the loser bore off nothing).
pub const WIN_DOUBLE: usize = 1;
/// Lose a single game.
pub const LOSE_SINGLE: usize = 2;
/// Lose a double.
pub const LOSE_DOUBLE: usize = 3;

/// The outcomes still possible in `position` (game not over), bit `k` for
/// outcome `k`: no double once the loser has borne off a checker (F13).
/// Singles are always possible.
pub fn outcome_mask(position: &FevgaPosition) -> u32 {
    let mut mask = 1 << WIN_SINGLE | 1 << LOSE_SINGLE;
    if position.opp_off() == 0 {
        mask |= 1 << WIN_DOUBLE;
    }
    if position.own_off() == 0 {
        mask |= 1 << LOSE_DOUBLE;
    }
    mask
}

/// The outcome index of a finished game, for the side on roll of the
/// position the result was read from
/// ([`plakoto_rules::fevga::fevga_result`]).
pub fn outcome_index(result: &GameResult) -> usize {
    let won = result.winner == Some(Seat::OnRoll);
    let base = if won { WIN_SINGLE } else { LOSE_SINGLE };
    // Triples, mothers and draws belong to other games.
    base + usize::from(result.kind == ResultKind::Double)
}

/// The four outcomes as [`Probabilities`].
pub fn to_probabilities(d: &[f32; OUTCOMES]) -> Probabilities {
    Probabilities {
        win_single: d[WIN_SINGLE],
        win_double: d[WIN_DOUBLE],
        lose_single: d[LOSE_SINGLE],
        lose_double: d[LOSE_DOUBLE],
        ..Probabilities::default()
    }
}

/// [`Probabilities`] as the four outcomes, for training targets: the
/// inverse of [`to_probabilities`] (Fevga has no other outcome).
pub fn from_probabilities(p: &Probabilities) -> [f32; OUTCOMES] {
    [p.win_single, p.win_double, p.lose_single, p.lose_double]
}

/// The same distribution seen by the other side.
pub fn flip(d: &[f32; OUTCOMES]) -> [f32; OUTCOMES] {
    [d[LOSE_SINGLE], d[LOSE_DOUBLE], d[WIN_SINGLE], d[WIN_DOUBLE]]
}
