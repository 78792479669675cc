//! Board text for every [`SidesLayout`] game, the one-line form of the
//! Plakoto board text: `<side on roll> / <opponent>`, each side in its
//! **own** numbering, highest first: `bar:N` for checkers on the bar
//! (where the game has one), `P:N` for N checkers on point P, and an
//! optional `off:N` that is checked. Checkers not listed are borne off; a
//! side with none left is `-`. Portes' start is
//! `24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5`, Fevga's `24:15 / 24:15`.

use std::fmt;

use super::SidesLayout;

/// What is wrong with a board text of game `L`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideBoardTextError<L: SidesLayout> {
    /// Not two halves separated by `/`.
    Form,
    /// A token is not `P:N`, `bar:N` (where the game has a bar) or `off:N`
    /// with P in 1–24 and N in 1–15 (`off:0` allowed); the token.
    Token(String),
    /// A point or the bar is listed twice (the token).
    ListedTwice(String),
    /// `off:N` does not match the checkers listed (stated, implied).
    OffMismatch(u8, u8),
    /// The lists describe no position of the game.
    Position(L::PositionError),
}

impl<L: SidesLayout> fmt::Display for SideBoardTextError<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SideBoardTextError::Form => write!(
                f,
                "a board is '<side on roll> / <opponent>', {}",
                L::BOARD_EXAMPLE
            ),
            SideBoardTextError::Token(t) if L::BAR => {
                write!(f, "'{t}' is not P:N (P 1-24), bar:N or off:N with N 1-15")
            }
            SideBoardTextError::Token(t) => {
                write!(f, "'{t}' is not P:N (P 1-24) or off:N with N 1-15")
            }
            SideBoardTextError::ListedTwice(t) => {
                let place = if L::BAR { "place" } else { "point" };
                write!(f, "'{t}' lists a {place} twice")
            }
            SideBoardTextError::OffMismatch(stated, implied) => write!(
                f,
                "off:{stated} but the checkers listed leave {implied} borne off"
            ),
            SideBoardTextError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl<L: SidesLayout> std::error::Error for SideBoardTextError<L> {}

/// The board text of a position (see the module doc).
pub fn side_board_text<L: SidesLayout>(position: &L) -> String {
    let (own, opp) = position.layout_sides();
    format!(
        "{} / {}",
        side_text::<L>(own.as_ref()),
        side_text::<L>(opp.as_ref())
    )
}

fn side_text<L: SidesLayout>(side: &[u8]) -> String {
    let mut tokens = Vec::new();
    if L::BAR && side[24] > 0 {
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
pub fn parse_side_board_text<L: SidesLayout>(text: &str) -> Result<L, SideBoardTextError<L>> {
    let (own, opp) = text.split_once('/').ok_or(SideBoardTextError::Form)?;
    let own = parse_side::<L>(own)?;
    let opp = parse_side::<L>(opp)?;
    L::from_layout_sides(own, opp).map_err(SideBoardTextError::Position)
}

fn parse_side<L: SidesLayout>(text: &str) -> Result<L::Side, SideBoardTextError<L>> {
    let text = text.trim();
    let mut side = L::Side::default();
    if text == "-" {
        return Ok(side);
    }
    if text.is_empty() {
        return Err(SideBoardTextError::Form);
    }
    let mut listed = [false; 25];
    let mut stated_off = None;
    for token in text.split_whitespace() {
        let bad = || SideBoardTextError::Token(token.to_string());
        let (place, count) = token.split_once(':').ok_or_else(bad)?;
        let count: u8 = count.parse().map_err(|_| bad())?;
        if place.eq_ignore_ascii_case("off") {
            if count > L::CHECKERS || stated_off.replace(count).is_some() {
                return Err(bad());
            }
            continue;
        }
        let slot = if L::BAR && place.eq_ignore_ascii_case("bar") {
            24
        } else {
            match place.parse::<usize>() {
                Ok(p @ 1..=24) => p - 1,
                _ => return Err(bad()),
            }
        };
        if !(1..=L::CHECKERS).contains(&count) {
            return Err(bad());
        }
        if std::mem::replace(&mut listed[slot], true) {
            return Err(SideBoardTextError::ListedTwice(token.to_string()));
        }
        side.as_mut()[slot] = count;
    }
    let on_board: u32 = side.as_ref().iter().map(|&c| u32::from(c)).sum();
    if let (Some(stated), Some(implied)) =
        (stated_off, u32::from(L::CHECKERS).checked_sub(on_board))
        && u32::from(stated) != implied
    {
        return Err(SideBoardTextError::OffMismatch(stated, implied as u8));
    }
    Ok(side)
}
