//! A side named relative to the side on roll, not by colour: how a result,
//! a board text's side or a position's error says whose it is.

/// Which side of a position a result favours, relative to the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The side on roll in the position examined.
    OnRoll,
    /// The other side.
    Opponent,
}
