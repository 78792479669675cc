//! Match scores (R19 and "Matches"): games to N points, no cube, the
//! winner of a game starts the next, a draw leads to a new opening roll.

use super::game_state::FinalResult;
use super::point::Side;

/// Score of a match (or an unlimited session of games when `length` is 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MatchScore {
    /// Points to win; 0 means no limit.
    pub length: u8,
    /// Points of X and O: the true score, however large it grows (the
    /// Match ID's 7-bit fields carry it clamped at 127, see
    /// [`MatchId::of`](super::MatchId::of)).
    pub score: [u32; 2],
}

impl MatchScore {
    /// A match to `length` points (0: unlimited).
    pub fn new(length: u8) -> MatchScore {
        MatchScore {
            length,
            score: [0, 0],
        }
    }

    /// Adds a finished game. Returns who starts the next game without an
    /// opening roll: the winner, or `None` after a draw (R19 decision).
    pub fn record(&mut self, result: &FinalResult) -> Option<Side> {
        let winner = result.winner?;
        let s = &mut self.score[winner.index()];
        *s = s.saturating_add(u32::from(result.points));
        Some(winner)
    }

    /// The match winner, once a player has reached the length.
    pub fn winner(&self) -> Option<Side> {
        if self.length == 0 {
            return None;
        }
        [Side::X, Side::O]
            .into_iter()
            .find(|s| self.score[s.index()] >= u32::from(self.length))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ResultKind;

    #[test]
    fn r19_winner_starts_next_game_and_draw_rerolls() {
        let mut m = MatchScore::new(3);
        let win = FinalResult {
            kind: ResultKind::Mother,
            winner: Some(Side::O),
            points: 2,
        };
        assert_eq!(m.record(&win), Some(Side::O));
        assert_eq!(m.score, [0, 2]);
        assert_eq!(m.winner(), None);
        let draw = FinalResult {
            kind: ResultKind::Draw,
            winner: None,
            points: 0,
        };
        assert_eq!(m.record(&draw), None);
        let single = FinalResult {
            kind: ResultKind::Single,
            winner: Some(Side::O),
            points: 1,
        };
        m.record(&single);
        assert_eq!(m.winner(), Some(Side::O));
    }

    #[test]
    fn an_unlimited_session_keeps_the_true_score_past_127() {
        let mut m = MatchScore::new(0);
        let win = FinalResult {
            kind: ResultKind::Mother,
            winner: Some(Side::X),
            points: 2,
        };
        for _ in 0..100 {
            m.record(&win);
        }
        assert_eq!(m.score, [200, 0]);
        assert_eq!(m.winner(), None);
    }
}
