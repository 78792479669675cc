//! The Portes net's outputs: six exclusive outcomes for the side on roll,
//! which outcomes are still possible (the mask of the softmax), and how
//! they read as [`Probabilities`].
//!
//! The net always tells triples (a Western backgammon, P11) apart from
//! doubles; under the standard scoring they are one result, and
//! [`to_probabilities`] counts them as doubles, as the Plakoto net does
//! with its Tzannes triples.

use plakoto_rules::GameResult;
use plakoto_rules::ResultKind;
use plakoto_rules::Seat;
use plakoto_rules::portes::{PortesPosition, PortesScoring};

use super::contact::sides_meet;
use crate::eval::Probabilities;

/// Number of outcomes.
pub const OUTCOMES: usize = 6;
/// Win a single game.
pub const WIN_SINGLE: usize = 0;
/// Win a double (the loser bore off nothing).
pub const WIN_DOUBLE: usize = 1;
/// Win a triple (a double with a losing checker on the bar or in the
/// winner's home board).
pub const WIN_TRIPLE: usize = 2;
/// Lose a single game.
pub const LOSE_SINGLE: usize = 3;
/// Lose a double.
pub const LOSE_DOUBLE: usize = 4;
/// Lose a triple.
pub const LOSE_TRIPLE: usize = 5;

/// Whether the side `loser` (its checkers, index 24 the bar) could still
/// lose a triple: it has borne off nothing and has a checker on the bar or
/// in the winner's home board (its own points 19–24), or may still be hit
/// and sent there (`contact`).
fn triple_possible(loser: &[u8; 25], loser_off: u8, contact: bool) -> bool {
    loser_off == 0 && (contact || loser[18..].iter().any(|&c| c > 0))
}

/// The outcomes still possible in `position` (game not over), bit `k` for
/// outcome `k`: no double once the loser has borne off a checker (P11), no
/// triple unless the loser can still end in the winner's home board or on
/// the bar. Singles are always possible.
pub fn outcome_mask(position: &PortesPosition) -> u32 {
    let (own, opp) = position.sides();
    mask_of_sides(position, &own, &opp, sides_meet(&own, &opp))
}

/// [`outcome_mask`] from the sides as `PortesPosition::sides` gives them
/// and whether they can meet, for an encoder that has both at hand.
pub(super) fn mask_of_sides(
    position: &PortesPosition,
    own: &[u8; 25],
    opp: &[u8; 25],
    touching: bool,
) -> u32 {
    let mut mask = 1 << WIN_SINGLE | 1 << LOSE_SINGLE;
    if position.opp_off() == 0 {
        mask |= 1 << WIN_DOUBLE;
    }
    if triple_possible(opp, position.opp_off(), touching) {
        mask |= 1 << WIN_TRIPLE;
    }
    if position.own_off() == 0 {
        mask |= 1 << LOSE_DOUBLE;
    }
    if triple_possible(own, position.own_off(), touching) {
        mask |= 1 << LOSE_TRIPLE;
    }
    mask
}

/// The outcome index of a finished game, for the side on roll of the
/// position the result was read from. `result` must come from
/// [`plakoto_rules::portes::portes_result`] under
/// [`PortesScoring::Triple`], which tells triples apart.
pub fn outcome_index(result: &GameResult) -> usize {
    let won = result.winner == Some(Seat::OnRoll);
    let base = if won { WIN_SINGLE } else { LOSE_SINGLE };
    base + match result.kind {
        ResultKind::Double => 1,
        ResultKind::Triple => 2,
        // Mothers and draws are Plakoto's; no Portes game ends so.
        _ => 0,
    }
}

/// The six outcomes as [`Probabilities`] under `scoring`: standard
/// scoring has no triple, so the net's triples count as doubles there.
pub fn to_probabilities(d: &[f32; OUTCOMES], scoring: PortesScoring) -> Probabilities {
    let mut p = Probabilities {
        win_single: d[WIN_SINGLE],
        win_double: d[WIN_DOUBLE],
        win_triple: d[WIN_TRIPLE],
        lose_single: d[LOSE_SINGLE],
        lose_double: d[LOSE_DOUBLE],
        lose_triple: d[LOSE_TRIPLE],
        ..Probabilities::default()
    };
    if scoring == PortesScoring::Standard {
        p.win_double += p.win_triple;
        p.lose_double += p.lose_triple;
        p.win_triple = 0.0;
        p.lose_triple = 0.0;
    }
    p
}

/// [`Probabilities`] (with triples kept apart) as the six outcomes: the
/// inverse of [`to_probabilities`] under [`PortesScoring::Triple`], for
/// training targets from exact values.
pub fn from_probabilities(p: &Probabilities) -> [f32; OUTCOMES] {
    [
        p.win_single,
        p.win_double,
        p.win_triple,
        p.lose_single,
        p.lose_double,
        p.lose_triple,
    ]
}

/// The same distribution seen by the other side.
pub fn flip(d: &[f32; OUTCOMES]) -> [f32; OUTCOMES] {
    [d[3], d[4], d[5], d[0], d[1], d[2]]
}
