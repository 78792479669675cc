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

use super::position::{CHECKERS, PortesPosition, PortesPositionError};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

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
    encode(&key)
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

/// Standard base64 (most significant bits first), without padding.
fn encode(bytes: &[u8; 10]) -> String {
    let mut out = String::with_capacity(PORTES_ID_LEN);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let group = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(group >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The 10 bytes of a 14-character ID; the 4 bits past them must be zero.
fn decode(text: &str) -> Result<[u8; 10], PortesIdError> {
    let count = text.chars().count();
    if count != PORTES_ID_LEN {
        return Err(PortesIdError::Length(count));
    }
    let mut bits: u128 = 0;
    for c in text.chars() {
        let value = ALPHABET
            .iter()
            .position(|&a| char::from(a) == c)
            .ok_or(PortesIdError::NotBase64(c))?;
        bits = bits << 6 | value as u128;
    }
    // 84 bits: the 80 of the key, then 4 of padding.
    if bits & 0xf != 0 {
        return Err(PortesIdError::PaddingSet);
    }
    let bits = bits >> 4;
    let mut key = [0u8; 10];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = (bits >> (8 * (9 - i)) & 0xff) as u8;
    }
    Ok(key)
}
