//! A finished game's result seen from a position, as every game's rules
//! report it (each game's scoring then values it).

use crate::result_kind::ResultKind;
use crate::seat::Seat;

/// A finished game's result, seen from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// How it ended.
    pub kind: ResultKind,
    /// Who won; `None` for a draw.
    pub winner: Option<Seat>,
}

impl GameResult {
    /// The same result seen from the other side.
    pub fn flipped(self) -> GameResult {
        GameResult {
            kind: self.kind,
            winner: self.winner.map(|w| match w {
                Seat::OnRoll => Seat::Opponent,
                Seat::Opponent => Seat::OnRoll,
            }),
        }
    }
}
