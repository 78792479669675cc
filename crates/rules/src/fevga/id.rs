//! Fevga Position IDs: GNU Backgammon's bit layout with Fevga's numbering
//! (F2), so a Fevga ID is as short as a backgammon one but never read as
//! one by mistake of numbering — the game is named beside it (`set game`,
//! a record's header).
//!
//! The key is 80 bits, written least significant bit first into 10 bytes:
//! for each side — first the side *not* on roll, then the side on roll —
//! its 1-point to its 24-point **in its own numbering**, each as that many
//! 1 bits followed by a 0 bit (no bar: Fevga has none); the rest is zero.
//! The 10 bytes are standard base64 without padding: 14 characters. The
//! start is `AACA/z8AAMD/Hw` (15 checkers on each side's own 24-point).

use std::fmt;

use super::position::{CHECKERS, FevgaPosition, FevgaPositionError};
use crate::portes::base64::{self, Base64Error};

/// Characters in a Fevga Position ID.
pub const FEVGA_ID_LEN: usize = 14;

/// Why a text is not a Fevga Position ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FevgaIdError {
    /// Not 14 characters.
    Length(usize),
    /// A character outside the base64 alphabet.
    NotBase64(char),
    /// A side has more than 15 checkers (`on_roll`: the side on roll).
    TooManyCheckers {
        /// Whether it is the side on roll.
        on_roll: bool,
    },
    /// The bits end inside a side's checker list.
    Truncated,
    /// Bits after the two checker lists are set.
    PaddingSet,
    /// The checkers decoded do not form a Fevga position.
    Position(FevgaPositionError),
}

impl fmt::Display for FevgaIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FevgaIdError::Length(n) => {
                write!(
                    f,
                    "a Fevga Position ID has {FEVGA_ID_LEN} characters, not {n}"
                )
            }
            FevgaIdError::NotBase64(c) => {
                write!(f, "'{c}' is not in the base64 alphabet (A-Z a-z 0-9 + /)")
            }
            FevgaIdError::TooManyCheckers { on_roll } => {
                let side = if *on_roll { "on roll" } else { "not on roll" };
                write!(f, "the side {side} has more than {CHECKERS} checkers")
            }
            FevgaIdError::Truncated => f.write_str("the ID ends inside a side's checkers"),
            FevgaIdError::PaddingSet => f.write_str("bits after the checkers are set"),
            FevgaIdError::Position(e) => write!(f, "not a Fevga position: {e}"),
        }
    }
}

impl std::error::Error for FevgaIdError {}

/// The Position ID of `position` (see the module doc).
pub fn fevga_position_id(position: &FevgaPosition) -> String {
    let (own, opp) = position.sides();
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [opp, own] {
        for &count in &side {
            for _ in 0..count {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    base64::encode(&key)
}

/// The position a Fevga Position ID names, seen from its side on roll.
pub fn parse_fevga_position_id(text: &str) -> Result<FevgaPosition, FevgaIdError> {
    let key = base64::decode::<10>(text.trim()).map_err(|e| match e {
        Base64Error::Length(found) => FevgaIdError::Length(found),
        Base64Error::NotBase64(c) => FevgaIdError::NotBase64(c),
        Base64Error::PaddingSet => FevgaIdError::PaddingSet,
    })?;
    let mut bit = 0usize;
    let mut read = || -> Option<bool> {
        let b = (bit < 80).then(|| key[bit / 8] >> (bit % 8) & 1 == 1);
        bit += 1;
        b
    };
    let mut sides = [[0u8; 24]; 2];
    for (index, side) in sides.iter_mut().enumerate() {
        let mut total = 0u8;
        for slot in side.iter_mut() {
            loop {
                match read() {
                    None => return Err(FevgaIdError::Truncated),
                    Some(false) => break,
                    Some(true) => {
                        *slot += 1;
                        total += 1;
                        if total > CHECKERS {
                            return Err(FevgaIdError::TooManyCheckers {
                                on_roll: index == 1,
                            });
                        }
                    }
                }
            }
        }
    }
    while let Some(b) = read() {
        if b {
            return Err(FevgaIdError::PaddingSet);
        }
    }
    let [opp, own] = sides;
    FevgaPosition::from_sides(own, opp).map_err(FevgaIdError::Position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_the_documented_id_and_ids_round_trip() {
        let start = FevgaPosition::start();
        assert_eq!(fevga_position_id(&start), "AACA/z8AAMD/Hw");
        assert_eq!(parse_fevga_position_id("AACA/z8AAMD/Hw"), Ok(start));
        assert_eq!(
            parse_fevga_position_id("AAD/fw"),
            Err(FevgaIdError::Length(6))
        );
    }
}
