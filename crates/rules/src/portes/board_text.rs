//! Portes board text, the one-line form of the Plakoto board text with a
//! bar: `<side on roll> / <opponent>`, each side in its **own** numbering,
//! highest first: `bar:N` for checkers on the bar, `P:N` for N checkers on
//! point P, and an optional `off:N` that is checked. Checkers not listed
//! are borne off; a side with none left is `-`. The start is
//! `24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5`.

use std::fmt;

use super::position::{CHECKERS, PortesPosition, PortesPositionError};

/// What is wrong with a Portes board text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PortesBoardTextError {
    /// Not two halves separated by `/`.
    Form,
    /// A token is not `P:N`, `bar:N` or `off:N` with P in 1–24 and N in 1–15
    /// (`off:0` allowed); the token.
    Token(String),
    /// A point or the bar is listed twice (the token).
    ListedTwice(String),
    /// `off:N` does not match the checkers listed (stated, implied).
    OffMismatch(u8, u8),
    /// The lists describe no Portes position.
    Position(PortesPositionError),
}

impl fmt::Display for PortesBoardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortesBoardTextError::Form => {
                f.write_str("a board is '<side on roll> / <opponent>', e.g. '24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5'")
            }
            PortesBoardTextError::Token(t) => {
                write!(f, "'{t}' is not P:N (P 1-24), bar:N or off:N with N 1-15")
            }
            PortesBoardTextError::ListedTwice(t) => write!(f, "'{t}' lists a place twice"),
            PortesBoardTextError::OffMismatch(stated, implied) => write!(
                f,
                "off:{stated} but the checkers listed leave {implied} borne off"
            ),
            PortesBoardTextError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PortesBoardTextError {}

/// The board text of a position (see the module doc).
pub fn portes_board_text(position: &PortesPosition) -> String {
    let (own, opp) = position.sides();
    format!("{} / {}", side_text(&own), side_text(&opp))
}

fn side_text(side: &[u8; 25]) -> String {
    let mut tokens = Vec::new();
    if side[24] > 0 {
        tokens.push(format!("bar:{}", side[24]));
    }
    for point in (1..=24).rev() {
        let count = side[point - 1];
        if count > 0 {
            tokens.push(format!("{point}:{count}"));
        }
    }
    if tokens.is_empty() {
        "-".to_string()
    } else {
        tokens.join(" ")
    }
}

/// Reads a board text (see the module doc).
pub fn parse_portes_board_text(text: &str) -> Result<PortesPosition, PortesBoardTextError> {
    let (own, opp) = text.split_once('/').ok_or(PortesBoardTextError::Form)?;
    let own = parse_side(own)?;
    let opp = parse_side(opp)?;
    PortesPosition::from_sides(own, opp).map_err(PortesBoardTextError::Position)
}

fn parse_side(text: &str) -> Result<[u8; 25], PortesBoardTextError> {
    let text = text.trim();
    let mut side = [0u8; 25];
    if text == "-" {
        return Ok(side);
    }
    if text.is_empty() {
        return Err(PortesBoardTextError::Form);
    }
    let mut listed = [false; 25];
    let mut stated_off = None;
    for token in text.split_whitespace() {
        let bad = || PortesBoardTextError::Token(token.to_string());
        let (place, count) = token.split_once(':').ok_or_else(bad)?;
        let count: u8 = count.parse().map_err(|_| bad())?;
        if place.eq_ignore_ascii_case("off") {
            if count > CHECKERS || stated_off.replace(count).is_some() {
                return Err(bad());
            }
            continue;
        }
        let slot = if place.eq_ignore_ascii_case("bar") {
            24
        } else {
            match place.parse::<usize>() {
                Ok(p @ 1..=24) => p - 1,
                _ => return Err(bad()),
            }
        };
        if !(1..=CHECKERS).contains(&count) {
            return Err(bad());
        }
        if std::mem::replace(&mut listed[slot], true) {
            return Err(PortesBoardTextError::ListedTwice(token.to_string()));
        }
        side[slot] = count;
    }
    let on_board: u32 = side.iter().map(|&c| u32::from(c)).sum();
    if let (Some(stated), Some(implied)) = (stated_off, u32::from(CHECKERS).checked_sub(on_board))
        && u32::from(stated) != implied
    {
        return Err(PortesBoardTextError::OffMismatch(stated, implied as u8));
    }
    Ok(side)
}
