//! The end of a Fevga game and its score (F12, F13).

use super::position::{CHECKERS, FevgaPosition};
use crate::outcome::GameResult;
use crate::result_kind::ResultKind;
use crate::seat::Seat;

/// Points a Fevga win of `kind` scores (F13): 1, or 2 for a double game
/// (*mars*: the loser has borne off none). There is no triple game.
pub fn fevga_points(kind: ResultKind) -> u8 {
    match kind {
        ResultKind::Single => 1,
        ResultKind::Double => 2,
        // Triples, mothers and draws belong to other games.
        ResultKind::Triple | ResultKind::Mother | ResultKind::Draw => 0,
    }
}

/// The result of a finished game (a side has borne off all 15, F12), seen
/// from `position`; `None` while it goes on.
pub fn fevga_result(position: &FevgaPosition) -> Option<GameResult> {
    let (winner, loser_off) = if position.own_off() == CHECKERS {
        (Seat::OnRoll, position.opp_off())
    } else if position.opp_off() == CHECKERS {
        (Seat::Opponent, position.own_off())
    } else {
        return None;
    };
    let kind = if loser_off > 0 {
        ResultKind::Single
    } else {
        ResultKind::Double
    };
    Some(GameResult {
        kind,
        winner: Some(winner),
    })
}
