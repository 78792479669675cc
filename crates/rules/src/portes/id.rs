//! Portes Position IDs: GNU Backgammon's own encoding (P7a), so gnubg, any
//! backgammon GUI and this engine read each other's IDs.
//!
//! The key is 80 bits, written least significant bit first into 10 bytes:
//! for each side — first the side *not* on roll, then the side on roll —
//! its 1-point to its 24-point and then its bar, each as that many 1 bits
//! followed by a 0 bit; the rest is zero. The 10 bytes are written as
//! standard base64 without padding: 14 characters. (gnubg's manual says
//! the side on roll comes first; the program writes it second, and the
//! program is what other tools read.)

use std::fmt;

use super::base64::{self, Base64Error};
use super::position::{CHECKERS, PortesPosition, PortesPositionError};

/// Characters in a Portes Position ID.
pub const PORTES_ID_LEN: usize = 14;

/// Why a text is not a Portes Position ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PortesIdError {
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
    /// The checkers decoded do not form a Portes position.
    Position(PortesPositionError),
}

impl fmt::Display for PortesIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortesIdError::Length(n) => {
                write!(
                    f,
                    "a Portes Position ID has {PORTES_ID_LEN} characters, not {n}"
                )
            }
            PortesIdError::NotBase64(c) => {
                write!(f, "'{c}' is not in the base64 alphabet (A-Z a-z 0-9 + /)")
            }
            PortesIdError::TooManyCheckers { on_roll } => {
                let side = if *on_roll { "on roll" } else { "not on roll" };
                write!(f, "the side {side} has more than {CHECKERS} checkers")
            }
            PortesIdError::Truncated => f.write_str("the ID ends inside a side's checkers"),
            PortesIdError::PaddingSet => f.write_str("bits after the checkers are set"),
            PortesIdError::Position(e) => write!(f, "not a Portes position: {e}"),
        }
    }
}

impl std::error::Error for PortesIdError {}

/// The gnubg Position ID of `position` (the side on roll is its player on roll).
pub fn portes_position_id(position: &PortesPosition) -> String {
    let (own, opp) = position.sides();
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [opp, own] {
        for &count in &side {
            // `count` one bits; the zero bit after them is already zero.
            for _ in 0..count {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    base64::encode(&key)
}

/// The position a gnubg Position ID names, seen from its player on roll.
pub fn parse_portes_position_id(text: &str) -> Result<PortesPosition, PortesIdError> {
    let key = decode(text.trim())?;
    let mut bit = 0usize;
    let mut read = || -> Option<bool> {
        let b = (bit < 80).then(|| key[bit / 8] >> (bit % 8) & 1 == 1);
        bit += 1;
        b
    };
    let mut sides = [[0u8; 25]; 2];
    for (index, side) in sides.iter_mut().enumerate() {
        let mut total = 0u8;
        for slot in side.iter_mut() {
            loop {
                match read() {
                    None => return Err(PortesIdError::Truncated),
                    Some(false) => break,
                    Some(true) => {
                        *slot += 1;
                        total += 1;
                        if total > CHECKERS {
                            return Err(PortesIdError::TooManyCheckers {
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
            return Err(PortesIdError::PaddingSet);
        }
    }
    let [opp, own] = sides;
    PortesPosition::from_sides(own, opp).map_err(PortesIdError::Position)
}

/// The 10 bytes of a 14-character ID; the 4 bits past them must be zero.
fn decode(text: &str) -> Result<[u8; 10], PortesIdError> {
    base64::decode::<10>(text).map_err(|e| match e {
        Base64Error::Length(found) => PortesIdError::Length(found),
        Base64Error::NotBase64(c) => PortesIdError::NotBase64(c),
        Base64Error::PaddingSet => PortesIdError::PaddingSet,
    })
}
