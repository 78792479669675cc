//! The readable one-line board text (like FEN in chess): which checkers
//! stand where, who is pinned, how many are off, from the side on roll.
//!
//! Form: `<side on roll> / <opponent>`, each side listing its checkers in
//! its **own** numbering (its starting point is its 24), highest point
//! first: `P:N` for N checkers on point P, and `P:1*` for a checker that is
//! pinned there (it is then the side's only checker on P). The initial
//! position is `24:15 / 24:15`. Checkers not listed are borne off; an
//! optional `off:N` per side states the count and is checked. An empty side
//! (all off) is written `-`.
//!
//! Example: `24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2` — the opponent's checker
//! on its 18 (the roller's 7) is pinned under the roller's two checkers.

use std::fmt;

use super::position::{CHECKERS, Position, PositionError, SideLayout};
use crate::point::{Point, PointError};
use crate::seat::Seat;

/// What is wrong with a board text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardTextError {
    /// Not two halves separated by `/`.
    Form,
    /// One side's list cannot be read.
    Side {
        /// Which side, as seen from the side on roll.
        side: Seat,
        /// What is wrong with its list.
        reason: SideTextError,
    },
    /// The lists read but describe no valid position.
    Position(PositionError),
}

/// What is wrong with one side's list of checkers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideTextError {
    /// A token is not `POINT:COUNT`.
    NotPointCount(String),
    /// The count of a token is not a number.
    Count {
        /// The token.
        token: String,
        /// Its count part.
        value: String,
    },
    /// The point of a token is not 1–24.
    Point {
        /// The token.
        token: String,
        /// Why the point is refused.
        reason: PointError,
    },
    /// A point is listed twice.
    ListedTwice(Point),
    /// A count outside 1–15 (the token).
    CountRange(String),
    /// More than one checker marked pinned on a point (the token).
    PinnedCount(String),
    /// More than 15 checkers on the board.
    TooMany(u32),
    /// The stated `off:N` does not add up to 15 with the board.
    OffMismatch {
        /// Checkers on the board.
        total: u32,
        /// Checkers stated off.
        off: u8,
    },
}

impl fmt::Display for SideTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SideTextError::NotPointCount(t) => write!(f, "'{t}' is not POINT:COUNT"),
            SideTextError::Count { token, value } => {
                write!(f, "'{token}': '{value}' is not a checker count")
            }
            SideTextError::Point { token, reason } => write!(f, "'{token}': {reason}"),
            SideTextError::ListedTwice(p) => write!(f, "point {p} is listed twice"),
            SideTextError::CountRange(t) => write!(f, "'{t}': a point holds 1 to 15 checkers"),
            SideTextError::PinnedCount(t) => {
                write!(f, "'{t}': only a single checker can be pinned on a point")
            }
            SideTextError::TooMany(total) => {
                write!(f, "{total} checkers on the board; at most 15")
            }
            SideTextError::OffMismatch { total, off } => write!(
                f,
                "{total} on the board and {off} off make {}, not 15",
                total + u32::from(*off)
            ),
        }
    }
}

impl fmt::Display for BoardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardTextError::Form => {
                f.write_str("board text is '<side on roll> / <opponent>', e.g. '24:15 / 24:15'")
            }
            BoardTextError::Side { side, reason } => {
                let name = match side {
                    Seat::OnRoll => "side on roll",
                    Seat::Opponent => "opponent",
                };
                write!(f, "{name}: {reason}")
            }
            BoardTextError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl From<PositionError> for BoardTextError {
    fn from(e: PositionError) -> Self {
        BoardTextError::Position(e)
    }
}

impl std::error::Error for BoardTextError {}

/// A position prints for debugging as its board text.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", to_board_text(self))
    }
}

/// Prints a position as board text.
pub fn to_board_text(position: &Position) -> String {
    format!(
        "{} / {}",
        side_text(&position.own_layout()),
        side_text(&position.opp_layout())
    )
}

fn side_text(layout: &SideLayout) -> String {
    let parts: Vec<String> = Point::all()
        .rev()
        .filter(|p| layout.counts[p.index()] > 0)
        .map(|p| {
            let pin = if layout.pinned >> p.index() & 1 == 1 {
                "*"
            } else {
                ""
            };
            format!("{p}:{}{pin}", layout.counts[p.index()])
        })
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(" ")
    }
}

/// Parses board text into a checked position.
pub fn parse_board_text(text: &str) -> Result<Position, BoardTextError> {
    let halves: Vec<&str> = text.split('/').collect();
    if halves.len() != 2 {
        return Err(BoardTextError::Form);
    }
    let own = parse_side(halves[0], Seat::OnRoll)?;
    let opp = parse_side(halves[1], Seat::Opponent)?;
    Ok(Position::from_layouts(&own, &opp)?)
}

fn parse_side(text: &str, side: Seat) -> Result<SideLayout, BoardTextError> {
    let err = |reason: SideTextError| Err(BoardTextError::Side { side, reason });
    let mut layout = SideLayout::default();
    let mut stated_off = None;
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens == ["-"] {
        return Ok(layout);
    }
    for token in tokens {
        let Some((key, value)) = token.split_once(':') else {
            return err(SideTextError::NotPointCount(token.to_string()));
        };
        let (value, pinned) = match value.strip_suffix('*') {
            Some(v) => (v, true),
            None => (value, false),
        };
        let Ok(count) = value.parse::<u8>() else {
            return err(SideTextError::Count {
                token: token.to_string(),
                value: value.to_string(),
            });
        };
        if key.eq_ignore_ascii_case("off") {
            stated_off = Some(count);
            continue;
        }
        let point = match key.parse::<Point>() {
            Ok(p) => p,
            Err(reason) => {
                return err(SideTextError::Point {
                    token: token.to_string(),
                    reason,
                });
            }
        };
        if layout.counts[point.index()] > 0 {
            return err(SideTextError::ListedTwice(point));
        }
        if count == 0 || count > CHECKERS {
            return err(SideTextError::CountRange(token.to_string()));
        }
        if pinned {
            if count != 1 {
                return err(SideTextError::PinnedCount(token.to_string()));
            }
            layout.pinned |= 1 << point.index();
        }
        layout.counts[point.index()] = count;
    }
    let total: u32 = layout.counts.iter().map(|&c| u32::from(c)).sum();
    if total > u32::from(CHECKERS) {
        return err(SideTextError::TooMany(total));
    }
    if let Some(off) = stated_off
        && u32::from(off) + total != u32::from(CHECKERS)
    {
        return err(SideTextError::OffMismatch { total, off });
    }
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_round_trip() {
        let p = Position::initial();
        assert_eq!(to_board_text(&p), "24:15 / 24:15");
        assert_eq!(parse_board_text("24:15 / 24:15").unwrap(), p);
        assert_eq!(parse_board_text(" 24:15 off:0/24:15 ").unwrap(), p);
    }

    #[test]
    fn pins_round_trip() {
        let text = "24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2";
        let p = parse_board_text(text).unwrap();
        assert!(p.opp_pinned_at(Point::new(7).unwrap()));
        assert_eq!(to_board_text(&p), text);
        assert_eq!(
            parse_board_text(&to_board_text(&p.flip())).unwrap(),
            p.flip()
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let e = |t: &str| parse_board_text(t).unwrap_err();
        let side = |reason| BoardTextError::Side {
            side: Seat::OnRoll,
            reason,
        };
        assert_eq!(e("24:15"), BoardTextError::Form);
        assert_eq!(
            e("24:16 / 24:15"),
            side(SideTextError::CountRange("24:16".into()))
        );
        assert_eq!(e("24:10 20:6 / 24:15"), side(SideTextError::TooMany(16)));
        let twelve = Point::new(12).unwrap();
        assert_eq!(
            e("24:14 12:1* / 24:15"),
            BoardTextError::Position(PositionError::PinUnderNothing(twelve))
        );
        assert_eq!(
            e("24:13 12:2* / 24:15"),
            side(SideTextError::PinnedCount("12:2*".into()))
        );
        assert_eq!(
            e("24:15 off:1 / 24:15"),
            side(SideTextError::OffMismatch { total: 15, off: 1 })
        );
        assert_eq!(
            e("24:13 10:2 / 24:13 15:2"),
            BoardTextError::Position(PositionError::BothHold(Point::new(10).unwrap()))
        );
        assert!(matches!(
            e("24:x / 24:15"),
            BoardTextError::Side {
                reason: SideTextError::Count { .. },
                ..
            }
        ));
        // The messages stay the protocol's.
        assert!(e("24:10 20:6 / 24:15").to_string().contains("16 checkers"));
    }
}
