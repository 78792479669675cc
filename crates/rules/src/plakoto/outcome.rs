//! End of the game and its score (R14–R18, R22): read off a position alone,
//! since every ending condition is visible on the board.

use super::position::{CHECKERS, Position};
use super::rules::Scoring;
use crate::outcome::GameResult;
use crate::point::Point;
use crate::result_kind::ResultKind;
use crate::seat::Seat;

impl GameResult {
    /// Points the winner scores under `scoring` ([`Scoring::points`]; a
    /// draw scores 0).
    pub fn points(&self, scoring: Scoring) -> u8 {
        scoring.points(self.kind)
    }
}

/// Whether a side's mother is pinned, seen from the position's mover.
fn own_mother_pinned(p: &Position) -> bool {
    p.own_pinned_at(Point::START)
}

fn opp_mother_pinned(p: &Position) -> bool {
    p.opp_pinned_at(Point::OPPONENT_START)
}

/// The result if the game is over in `position`, else `None`.
///
/// Works whichever side moved last: every ending condition (R14 all 15
/// off; R16 a pinned mother whose pinner has left its own starting point,
/// or both mothers pinned) can only first arise on a step of the side that
/// benefits, and is checked after each step, so it is exact on the board.
pub fn game_result(position: &Position, scoring: Scoring) -> Option<GameResult> {
    let p = position;
    if p.own_off() == CHECKERS {
        return Some(race_win(p, Seat::OnRoll, scoring));
    }
    if p.opp_off() == CHECKERS {
        return Some(race_win(&p.flip(), Seat::Opponent, scoring));
    }
    let (own_pinned, opp_pinned) = (own_mother_pinned(p), opp_mother_pinned(p));
    if own_pinned && opp_pinned {
        return Some(GameResult {
            kind: ResultKind::Draw,
            winner: None,
        });
    }
    if opp_pinned && p.own_count(Point::START) == 0 {
        return Some(GameResult {
            kind: ResultKind::Mother,
            winner: Some(Seat::OnRoll),
        });
    }
    if own_pinned && p.opp_count(Point::OPPONENT_START) == 0 {
        return Some(GameResult {
            kind: ResultKind::Mother,
            winner: Some(Seat::Opponent),
        });
    }
    None
}

/// A race win for the side on roll of `winner_view`.
fn race_win(winner_view: &Position, seat: Seat, scoring: Scoring) -> GameResult {
    let p = winner_view;
    let kind = if p.opp_off() > 0 {
        ResultKind::Single
    } else if scoring == Scoring::Tzannes
        && (1..=6).any(|n| p.opp_count(Point::new(n).expect("point")) > 0)
    {
        // The loser's points 19–24 are the winner's 1–6.
        ResultKind::Triple
    } else {
        ResultKind::Double
    };
    GameResult {
        kind,
        winner: Some(seat),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plakoto::position::tests::pos;

    #[test]
    fn r14_r17_race_win_single_and_double() {
        // On roll has borne everything off; opponent bore off 3.
        let p = pos(&[], &[(3, 12)], &[], &[]);
        let r = game_result(&p, Scoring::Standard).unwrap();
        assert_eq!(
            r,
            GameResult {
                kind: ResultKind::Single,
                winner: Some(Seat::OnRoll)
            }
        );
        assert_eq!(r.points(Scoring::Standard), 1);
        let p = pos(&[], &[(3, 15)], &[], &[]);
        assert_eq!(
            game_result(&p, Scoring::Standard).unwrap().kind,
            ResultKind::Double
        );
        assert_eq!(
            game_result(&p, Scoring::Standard)
                .unwrap()
                .points(Scoring::Standard),
            2
        );
        // Seen from the loser's side.
        let r = game_result(&p.flip(), Scoring::Standard).unwrap();
        assert_eq!(r.winner, Some(Seat::Opponent));
    }

    #[test]
    fn r18_tzannes_triple_needs_checker_in_starting_quadrant() {
        let p = pos(&[], &[(3, 14), (20, 1)], &[], &[]);
        assert_eq!(
            game_result(&p, Scoring::Tzannes).unwrap().kind,
            ResultKind::Triple
        );
        assert_eq!(
            game_result(&p, Scoring::Tzannes)
                .unwrap()
                .points(Scoring::Tzannes),
            3
        );
        assert_eq!(
            game_result(&p, Scoring::Standard).unwrap().kind,
            ResultKind::Double
        );
        let p = pos(&[], &[(3, 14), (18, 1)], &[], &[]);
        assert_eq!(
            game_result(&p, Scoring::Tzannes).unwrap().kind,
            ResultKind::Double
        );
    }

    #[test]
    fn r16_mother_win_draw_and_pending() {
        // Opponent's mother (its 24 = our 1) pinned by us; we have left our 24.
        let p = pos(&[(1, 2), (10, 13)], &[(24, 1), (5, 14)], &[], &[24]);
        let r = game_result(&p, Scoring::Standard).unwrap();
        assert_eq!(
            r,
            GameResult {
                kind: ResultKind::Mother,
                winner: Some(Seat::OnRoll)
            }
        );
        assert_eq!(r.points(Scoring::Standard), 2);
        assert_eq!(r.points(Scoring::Tzannes), 3);
        // We still have checkers on our 24: the game goes on.
        let p = pos(
            &[(1, 2), (24, 2), (10, 11)],
            &[(24, 1), (5, 14)],
            &[],
            &[24],
        );
        assert_eq!(game_result(&p, Scoring::Standard), None);
        // Both mothers pinned: draw.
        let p = pos(
            &[(1, 2), (24, 1), (10, 12)],
            &[(24, 1), (1, 2), (5, 12)],
            &[24],
            &[24],
        );
        let r = game_result(&p, Scoring::Standard).unwrap();
        assert_eq!(
            r,
            GameResult {
                kind: ResultKind::Draw,
                winner: None
            }
        );
        assert_eq!(r.points(Scoring::Standard), 0);
    }
}
