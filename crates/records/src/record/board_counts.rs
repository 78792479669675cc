//! [`BoardCounts`]: a board as the HTML report draws it, which a game
//! of the table gives from its position ([`super::GameOnRecord::board`]).

/// A board as the HTML report draws it, seen by one side ("own"), which
/// moves from its 24-point to its 1-point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCounts {
    /// Index `p - 1`: checkers on own point `p`, own > 0, the opponent's < 0.
    pub points: [i8; 24],
    /// Checkers on the bar: own, the opponent's.
    pub bar: [u8; 2],
    /// Checkers borne off: own, the opponent's.
    pub off: [u8; 2],
}
