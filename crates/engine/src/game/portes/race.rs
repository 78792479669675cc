//! The exact race database for Portes: bear-off outcomes once the two
//! sides can never meet again.
//!
//! When no checker is on the bar and every checker of each side is in its
//! own home board, a Portes game is two independent bear-offs, exactly as
//! a Plakoto race is: P8 and P9 are R12 and R13 without pins, every die is
//! usable in a bear-off, and nothing can be hit. (P7's rule that a play
//! ending the game must still use every number it can changes no race
//! outcome: with nothing to hit, the last checker is off either way.) So
//! the one-sided tables of [`RaceDb`](crate::eval::race::RaceDb) — each home-board layout's chances
//! of finishing, and of bearing off a first checker, on each turn, under
//! the play that minimises the expected turns — answer Portes races too;
//! `tests/engine/portes.rs` checks them against a search written with the
//! Portes move generator.
//!
//! Scoring (P11): a double when the loser has borne off nothing. A
//! Western backgammon (`portes.scoring = triple`) needs a losing checker
//! on the bar or in the winner's home board, which a race never has.

use plakoto_rules::portes::PortesPosition;

use crate::eval::Probabilities;
use crate::eval::race::home_board_race;

/// Exact outcome chances of `position` (side on roll, before rolling) when
/// it is a bear-off race (nobody on the bar, every checker of each side in
/// its home board, checkers left on both sides); `None` otherwise.
pub fn evaluate_portes_race(position: &PortesPosition) -> Option<Probabilities> {
    // Most positions a search rates are not races: answered without
    // unpacking the sides (the same answer, a seventh of a 2-ply hint's
    // time before).
    if !position.both_all_home() {
        return None;
    }
    let (own, opp) = position.sides();
    home_board_race(&own, &opp, position.own_off(), position.opp_off())
}
