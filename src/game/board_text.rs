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

use super::point::Point;
use super::position::{CHECKERS, Position, SideLayout};

/// What is wrong with a board text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardTextError(pub String);

impl fmt::Display for BoardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BoardTextError {}

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
        return Err(BoardTextError(
            "board text is '<side on roll> / <opponent>', e.g. '24:15 / 24:15'".into(),
        ));
    }
    let own = parse_side(halves[0], "side on roll")?;
    let opp = parse_side(halves[1], "opponent")?;
    Position::from_layouts(&own, &opp).map_err(|e| BoardTextError(e.0))
}

fn parse_side(text: &str, name: &str) -> Result<SideLayout, BoardTextError> {
    let err = |why: String| Err(BoardTextError(format!("{name}: {why}")));
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
            return err(format!("'{token}' is not POINT:COUNT"));
        };
        let (value, pinned) = match value.strip_suffix('*') {
            Some(v) => (v, true),
            None => (value, false),
        };
        let Ok(count) = value.parse::<u8>() else {
            return err(format!("'{token}': '{value}' is not a checker count"));
        };
        if key.eq_ignore_ascii_case("off") {
            stated_off = Some(count);
            continue;
        }
        let point = match key.parse::<Point>() {
            Ok(p) => p,
            Err(e) => return err(format!("'{token}': {e}")),
        };
        if layout.counts[point.index()] > 0 {
            return err(format!("point {point} is listed twice"));
        }
        if count == 0 || count > CHECKERS {
            return err(format!("'{token}': a point holds 1 to 15 checkers"));
        }
        if pinned {
            if count != 1 {
                return err(format!(
                    "'{token}': only a single checker can be pinned on a point"
                ));
            }
            layout.pinned |= 1 << point.index();
        }
        layout.counts[point.index()] = count;
    }
    let total: u32 = layout.counts.iter().map(|&c| u32::from(c)).sum();
    if total > u32::from(CHECKERS) {
        return err(format!("{total} checkers on the board; at most 15"));
    }
    if let Some(off) = stated_off
        && u32::from(off) + total != u32::from(CHECKERS)
    {
        return err(format!(
            "{total} on the board and {off} off make {}, not 15",
            total + u32::from(off)
        ));
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
        let e = |t: &str| parse_board_text(t).unwrap_err().0;
        assert!(e("24:15").contains("<side on roll> / <opponent>"));
        assert!(e("24:16 / 24:15").contains("1 to 15"));
        assert!(e("24:10 20:6 / 24:15").contains("16 checkers"));
        assert!(e("24:14 12:1* / 24:15").contains("pin under nothing"));
        assert!(e("24:13 12:2* / 24:15").contains("single checker"));
        assert!(e("24:15 off:1 / 24:15").contains("not 15"));
        assert!(e("24:13 10:2 / 24:13 15:2").contains("both sides"));
        assert!(e("24:x / 24:15").contains("not a checker count"));
    }
}
