//! Strong types for the board's small numbers: points, dice and sides.

use std::fmt;
use std::str::FromStr;

/// A point of the board, numbered 1–24 from the point of view of the side
/// the position is seen from (R2): 24 is that side's starting point, 1–6 its
/// home board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

impl Point {
    /// The starting point of the side the position is seen from (R3).
    pub const START: Point = Point(24);
    /// The opponent's starting point, seen from this side (R2: 25 − 24).
    pub const OPPONENT_START: Point = Point(1);

    /// A point from its number; `None` outside 1–24.
    pub fn new(number: u8) -> Option<Point> {
        (1..=24).contains(&number).then_some(Point(number))
    }

    /// The point's number, 1–24.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The same physical point as the other side numbers it (R2: `25 − p`).
    pub fn mirrored(self) -> Point {
        Point(25 - self.0)
    }

    /// Index 0–23 into per-point arrays.
    pub(crate) fn index(self) -> usize {
        usize::from(self.0 - 1)
    }

    /// All 24 points, 1 first.
    pub fn all() -> impl DoubleEndedIterator<Item = Point> {
        (1..=24).map(Point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a text is not a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointError {
    /// Not a number (the text).
    NotANumber(String),
    /// A number outside 1–24.
    OutOfRange(u8),
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointError::NotANumber(s) => write!(f, "'{s}' is not a point number"),
            PointError::OutOfRange(n) => write!(f, "point {n} is outside 1-24"),
        }
    }
}

impl std::error::Error for PointError {}

impl FromStr for Point {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let n: u8 = s
            .trim()
            .parse()
            .map_err(|_| PointError::NotANumber(s.to_string()))?;
        Point::new(n).ok_or(PointError::OutOfRange(n))
    }
}

/// One die's number, 1–6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Die(u8);

impl Die {
    /// A die from its number; `None` outside 1–6.
    pub fn new(pips: u8) -> Option<Die> {
        (1..=6).contains(&pips).then_some(Die(pips))
    }

    /// The die's number, 1–6.
    pub fn pips(self) -> u8 {
        self.0
    }

    /// All six faces, 1 first.
    pub fn all() -> impl DoubleEndedIterator<Item = Die> {
        (1..=6).map(Die)
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a text is not a die number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DieError {
    /// Not a number (the text).
    NotANumber(String),
    /// A number outside 1–6.
    OutOfRange(u8),
}

impl fmt::Display for DieError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DieError::NotANumber(s) => write!(f, "'{s}' is not a die number"),
            DieError::OutOfRange(n) => write!(f, "die {n} is outside 1-6"),
        }
    }
}

impl std::error::Error for DieError {}

impl FromStr for Die {
    type Err = DieError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let n: u8 = s
            .trim()
            .parse()
            .map_err(|_| DieError::NotANumber(s.to_string()))?;
        Die::new(n).ok_or(DieError::OutOfRange(n))
    }
}

/// One of the two players, named as in output (R1): X and O.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The player shown as X.
    X,
    /// The player shown as O.
    O,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// 0 for X, 1 for O (for indexing per-side arrays).
    pub fn index(self) -> usize {
        match self {
            Side::X => 0,
            Side::O => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::X => "X",
            Side::O => "O",
        })
    }
}

/// A text that is not a side (X or O).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideError(pub String);

impl fmt::Display for SideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a side (X or O)", self.0)
    }
}

impl std::error::Error for SideError {}

impl FromStr for Side {
    type Err = SideError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "x" | "X" => Ok(Side::X),
            "o" | "O" => Ok(Side::O),
            other => Err(SideError(other.to_string())),
        }
    }
}
