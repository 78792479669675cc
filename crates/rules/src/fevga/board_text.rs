//! Fevga board text, the one-line form of the Portes board text without a
//! bar: `<side on roll> / <opponent>`, each side in its **own** numbering
//! (F2), highest first: `P:N` for N checkers on point P, and an optional
//! `off:N` that is checked. Checkers not listed are borne off; a side with
//! none left is `-`. The start is `24:15 / 24:15`.

use std::fmt;

use super::position::{CHECKERS, FevgaPosition, FevgaPositionError};

/// What is wrong with a Fevga board text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FevgaBoardTextError {
    /// Not two halves separated by `/`.
    Form,
    /// A token is not `P:N` or `off:N` with P in 1–24 and N in 1–15
    /// (`off:0` allowed); the token.
    Token(String),
    /// A point is listed twice (the token).
    ListedTwice(String),
    /// `off:N` does not match the checkers listed (stated, implied).
    OffMismatch(u8, u8),
    /// The lists describe no Fevga position.
    Position(FevgaPositionError),
}

impl fmt::Display for FevgaBoardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FevgaBoardTextError::Form => f.write_str(
                "a board is '<side on roll> / <opponent>', each in its own numbering, e.g. '24:15 / 24:15'",
            ),
            FevgaBoardTextError::Token(t) => {
                write!(f, "'{t}' is not P:N (P 1-24) or off:N with N 1-15")
            }
            FevgaBoardTextError::ListedTwice(t) => write!(f, "'{t}' lists a point twice"),
            FevgaBoardTextError::OffMismatch(stated, implied) => write!(
                f,
                "off:{stated} but the checkers listed leave {implied} borne off"
            ),
            FevgaBoardTextError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FevgaBoardTextError {}

/// The board text of a position (see the module doc).
pub fn fevga_board_text(position: &FevgaPosition) -> String {
    let (own, opp) = position.sides();
    format!("{} / {}", side_text(&own), side_text(&opp))
}

fn side_text(side: &[u8; 24]) -> String {
    let tokens: Vec<String> = (1..=24usize)
        .rev()
        .filter(|&p| side[p - 1] > 0)
        .map(|p| format!("{p}:{}", side[p - 1]))
        .collect();
    if tokens.is_empty() {
        "-".to_string()
    } else {
        tokens.join(" ")
    }
}

/// Reads a board text (see the module doc).
pub fn parse_fevga_board_text(text: &str) -> Result<FevgaPosition, FevgaBoardTextError> {
    let (own, opp) = text.split_once('/').ok_or(FevgaBoardTextError::Form)?;
    let own = parse_side(own)?;
    let opp = parse_side(opp)?;
    FevgaPosition::from_sides(own, opp).map_err(FevgaBoardTextError::Position)
}

fn parse_side(text: &str) -> Result<[u8; 24], FevgaBoardTextError> {
    let text = text.trim();
    let mut side = [0u8; 24];
    if text == "-" {
        return Ok(side);
    }
    if text.is_empty() {
        return Err(FevgaBoardTextError::Form);
    }
    let mut listed = [false; 24];
    let mut stated_off = None;
    for token in text.split_whitespace() {
        let bad = || FevgaBoardTextError::Token(token.to_string());
        let (place, count) = token.split_once(':').ok_or_else(bad)?;
        let count: u8 = count.parse().map_err(|_| bad())?;
        if place.eq_ignore_ascii_case("off") {
            if count > CHECKERS || stated_off.replace(count).is_some() {
                return Err(bad());
            }
            continue;
        }
        let slot = match place.parse::<usize>() {
            Ok(p @ 1..=24) => p - 1,
            _ => return Err(bad()),
        };
        if !(1..=CHECKERS).contains(&count) {
            return Err(bad());
        }
        if std::mem::replace(&mut listed[slot], true) {
            return Err(FevgaBoardTextError::ListedTwice(token.to_string()));
        }
        side[slot] = count;
    }
    let on_board: u32 = side.iter().map(|&c| u32::from(c)).sum();
    if let (Some(stated), Some(implied)) = (stated_off, u32::from(CHECKERS).checked_sub(on_board))
        && u32::from(stated) != implied
    {
        return Err(FevgaBoardTextError::OffMismatch(stated, implied as u8));
    }
    Ok(side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_and_writes_as_documented() {
        let start = FevgaPosition::start();
        assert_eq!(fevga_board_text(&start), "24:15 / 24:15");
        assert_eq!(parse_fevga_board_text("24:15 / 24:15"), Ok(start));
        assert!(matches!(
            parse_fevga_board_text("24:15 / 12:15"),
            Err(FevgaBoardTextError::Position(
                FevgaPositionError::SharedPoint(24)
            ))
        ));
        assert!(matches!(
            parse_fevga_board_text("bar:1 24:14 / 24:15"),
            Err(FevgaBoardTextError::Token(_))
        ));
    }
}
