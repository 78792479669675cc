//! Position IDs in GNU Backgammon's bit layout, written once for every
//! [`SidesLayout`] game (Portes' are gnubg's own, P7a; Fevga's use the
//! layout with Fevga's numbering, F2).
//!
//! The key is 80 bits, written least significant bit first into 10 bytes:
//! for each side — first the side *not* on roll, then the side on roll —
//! its slots in its own numbering (its 1-point to its 24-point, then its
//! bar where the game has one), each as that many 1 bits followed by a 0
//! bit; the rest is zero. The 10 bytes are written as standard base64
//! without padding: 14 characters. (gnubg's manual says the side on roll
//! comes first; the program writes it second, and the program is what
//! other tools read.)

use std::fmt;

use super::SidesLayout;
use super::base64::{self, Base64Error};

/// Characters in a Position ID.
pub const GNUBG_ID_LEN: usize = 14;

/// Why a text is not a Position ID of game `L`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GnubgIdError<L: SidesLayout> {
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
    /// The checkers decoded do not form a position of the game.
    Position(L::PositionError),
}

impl<L: SidesLayout> fmt::Display for GnubgIdError<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GnubgIdError::Length(n) => write!(
                f,
                "a {} Position ID has {GNUBG_ID_LEN} characters, not {n}",
                L::GAME
            ),
            GnubgIdError::NotBase64(c) => {
                write!(f, "'{c}' is not in the base64 alphabet (A-Z a-z 0-9 + /)")
            }
            GnubgIdError::TooManyCheckers { on_roll } => {
                let side = if *on_roll { "on roll" } else { "not on roll" };
                write!(f, "the side {side} has more than {} checkers", L::CHECKERS)
            }
            GnubgIdError::Truncated => f.write_str("the ID ends inside a side's checkers"),
            GnubgIdError::PaddingSet => f.write_str("bits after the checkers are set"),
            GnubgIdError::Position(e) => write!(f, "not a {} position: {e}", L::GAME),
        }
    }
}

impl<L: SidesLayout> std::error::Error for GnubgIdError<L> {}

/// The Position ID of `position` (the side on roll is its player on roll).
pub fn gnubg_position_id<L: SidesLayout>(position: &L) -> String {
    let (own, opp) = position.layout_sides();
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [opp, own] {
        for &count in side.as_ref() {
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

/// The position a Position ID names, seen from its player on roll.
pub fn parse_gnubg_position_id<L: SidesLayout>(text: &str) -> Result<L, GnubgIdError<L>> {
    let key = base64::decode::<10>(text.trim()).map_err(|e| match e {
        Base64Error::Length(found) => GnubgIdError::Length(found),
        Base64Error::NotBase64(c) => GnubgIdError::NotBase64(c),
        Base64Error::PaddingSet => GnubgIdError::PaddingSet,
    })?;
    let mut bit = 0usize;
    let mut read = || -> Option<bool> {
        let b = (bit < 80).then(|| key[bit / 8] >> (bit % 8) & 1 == 1);
        bit += 1;
        b
    };
    let mut sides = [L::Side::default(); 2];
    for (index, side) in sides.iter_mut().enumerate() {
        let mut total = 0u8;
        for slot in side.as_mut() {
            loop {
                match read() {
                    None => return Err(GnubgIdError::Truncated),
                    Some(false) => break,
                    Some(true) => {
                        *slot += 1;
                        total += 1;
                        if total > L::CHECKERS {
                            return Err(GnubgIdError::TooManyCheckers {
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
            return Err(GnubgIdError::PaddingSet);
        }
    }
    let [opp, own] = sides;
    L::from_layout_sides(own, opp).map_err(GnubgIdError::Position)
}
