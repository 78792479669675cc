//! The end of a Portes game and its score (P10, P11).

use super::position::{CHECKERS, PortesPosition};
use crate::outcome::GameResult;
use crate::result_kind::ResultKind;
use crate::seat::Seat;

/// How Portes games are scored (P11): the `portes.scoring` switch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PortesScoring {
    /// The Greek default: 1 point, 2 when the loser has borne off none;
    /// there is no triple game.
    #[default]
    Standard,
    /// A Western backgammon (loser has borne off none and has a checker on
    /// the bar or in the winner's home board) scores 3, as GNU Backgammon counts it.
    Triple,
}

impl PortesScoring {
    /// Points the winner of a game ended by `kind` scores.
    pub fn points(self, kind: ResultKind) -> u8 {
        match (kind, self) {
            (ResultKind::Single, _) => 1,
            (ResultKind::Double, _) | (ResultKind::Triple, PortesScoring::Standard) => 2,
            (ResultKind::Triple, PortesScoring::Triple) => 3,
            // Mothers and draws are Plakoto's; no Portes game ends so.
            (ResultKind::Mother | ResultKind::Draw, _) => 0,
        }
    }
}

/// The result of a finished game (one side has borne off all 15, P10),
/// seen from `position`; `None` while it goes on. Under the standard
/// scoring a Western backgammon is reported as a double (P11).
pub fn portes_result(position: &PortesPosition, scoring: PortesScoring) -> Option<GameResult> {
    let (winner, seen_from_winner) = if position.own_off() == CHECKERS {
        (Seat::OnRoll, *position)
    } else if position.opp_off() == CHECKERS {
        (Seat::Opponent, position.flipped())
    } else {
        return None;
    };
    let kind = if seen_from_winner.opp_off() > 0 {
        ResultKind::Single
    } else if scoring == PortesScoring::Triple && loser_in_winners_home(&seen_from_winner) {
        ResultKind::Triple
    } else {
        ResultKind::Double
    };
    Some(GameResult {
        kind,
        winner: Some(winner),
    })
}

/// Whether the loser (the opponent of the winner, who is "own" here) has a
/// checker on the bar or on the winner's points 1–6.
fn loser_in_winners_home(seen_from_winner: &PortesPosition) -> bool {
    let (_, loser) = seen_from_winner.sides();
    // The winner's 1–6 are the loser's 19–24 (indices 18..24), the bar 24.
    loser[18..25].iter().any(|&c| c > 0)
}
