//! Portes Match IDs: GNU Backgammon's own encoding (P7a), so a Portes game
//! or match and the engine's state travel between gnubg, backgammon GUIs
//! and this engine with the Position ID beside it.
//!
//! The key is 66 bits, written least significant bit first into 9 bytes
//! and as 12 characters of standard base64 (checked against gnubg 1.07):
//!
//! | bits  | field                                                  |
//! |-------|--------------------------------------------------------|
//! | 0–3   | log2 of the cube value: always 0 in Portes (P12)       |
//! | 4–5   | cube owner: always 3, centred (P12)                    |
//! | 6     | the player holding the dice                            |
//! | 7     | Crawford game: always 0 (P12: no Crawford rule)        |
//! | 8–10  | game state: 0 none, 1 playing, 2 over, 3 resigned      |
//! | 11    | whose turn it is                                        |
//! | 12    | double offered: always 0 (P12)                         |
//! | 13–14 | resignation offered: 0 none, 1 single, 2 double, 3 triple |
//! | 15–17 | first die (0 before the roll)                          |
//! | 18–20 | second die                                             |
//! | 21–35 | match length (0: single games, no match)               |
//! | 36–50 | score of gnubg's player 0                              |
//! | 51–65 | score of gnubg's player 1                              |
//! | 66    | the Jacoby rule is off: always 1 in Portes (P12)       |
//!
//! gnubg's player 0 is the side it draws as O and player 1 the side drawn
//! as X; this engine's [`Side::O`] and [`Side::X`] are the same sides.
//! The cube fields must hold their Portes values: an ID from a game with a
//! doubling cube in play is refused with the reason. Bit 66 is read either
//! way (gnubg writes 0 in money sessions while its Jacoby setting is on,
//! which has no meaning without a cube) and written as 1, as gnubg writes
//! it in matches and with `set jacoby off`.

use std::fmt;
use std::str::FromStr;

use crate::dice::Dice;
use crate::point::{Die, Side};
use crate::result_kind::ResultKind;
use crate::sides::base64::{self, Base64Error};

/// Characters in a Match ID.
pub const PORTES_MATCH_ID_LEN: usize = 12;

/// Where a game stands, as the Match ID says it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PortesGameState {
    /// No game started.
    NoGame,
    /// A game in play.
    #[default]
    Playing,
    /// The game is over.
    Over,
    /// The game ended by an accepted resignation.
    Resigned,
}

/// Everything about a Portes game or match that the Position ID does not
/// hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PortesMatchId {
    /// Points to win the match; 0 for single games.
    pub match_length: u16,
    /// Scores of X and O (at most 32,767 each).
    pub score: [u16; 2],
    /// Whose turn it is: the side the Position ID is seen from.
    pub turn: Side,
    /// The side holding the dice (the turn's side, except while the other
    /// side answers a resignation).
    pub dice_owner: Side,
    /// The dice rolled for this turn, in the order rolled.
    pub dice: Option<Dice>,
    /// Where the game stands.
    pub state: PortesGameState,
    /// A resignation offered and not yet answered: what it gives away.
    pub resignation: Option<ResultKind>,
}

/// Why a text is not a Portes Match ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PortesMatchIdError {
    /// Not 12 characters (the number found).
    Length(usize),
    /// A character outside the base64 alphabet.
    NotBase64(char),
    /// The bits past the 67 of the key are not zero.
    PaddingSet,
    /// The ID is from a game with a doubling cube in play: a cube above
    /// 1, owned, offered, or a Crawford game (P12: Portes has none).
    Cube(&'static str),
    /// A game state gnubg does not write (or 4, a dropped double).
    State(u8),
    /// One die without the other, or a die above 6.
    Dice(u8, u8),
    /// A score or length beyond the 15 bits of its field.
    TooLarge,
}

impl fmt::Display for PortesMatchIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortesMatchIdError::Length(n) => write!(
                f,
                "a Portes Match ID has {PORTES_MATCH_ID_LEN} characters, not {n}"
            ),
            PortesMatchIdError::NotBase64(c) => write!(f, "'{c}' is not a base64 character"),
            PortesMatchIdError::PaddingSet => {
                f.write_str("the bits past the 67 of a Match ID must be zero")
            }
            PortesMatchIdError::Cube(what) => write!(
                f,
                "the Match ID has {what}: Portes is played without a doubling cube (P12)"
            ),
            PortesMatchIdError::State(s) => write!(f, "game state {s} is not a Portes game's"),
            PortesMatchIdError::Dice(a, b) => write!(f, "dice {a} and {b} are not a roll"),
            PortesMatchIdError::TooLarge => {
                f.write_str("a score or match length above 32767 does not fit a Match ID")
            }
        }
    }
}

impl std::error::Error for PortesMatchIdError {}

/// gnubg's player number of a side: 0 for O, 1 for X.
fn player(side: Side) -> u128 {
    match side {
        Side::O => 0,
        Side::X => 1,
    }
}

fn side(player: u128) -> Side {
    if player == 0 { Side::O } else { Side::X }
}

impl PortesMatchId {
    /// The 66-bit key, or why the fields do not fit it.
    fn key(&self) -> Result<u128, PortesMatchIdError> {
        const LIMIT: u16 = (1 << 15) - 1;
        if self.match_length > LIMIT || self.score.iter().any(|&s| s > LIMIT) {
            return Err(PortesMatchIdError::TooLarge);
        }
        let state: u128 = match self.state {
            PortesGameState::NoGame => 0,
            PortesGameState::Playing => 1,
            PortesGameState::Over => 2,
            PortesGameState::Resigned => 3,
        };
        let resignation: u128 = match self.resignation {
            None | Some(ResultKind::Mother | ResultKind::Draw) => 0,
            Some(ResultKind::Single) => 1,
            Some(ResultKind::Double) => 2,
            Some(ResultKind::Triple) => 3,
        };
        let (die1, die2) = self
            .dice
            .map_or((0, 0), |d| (u128::from(d.0.pips()), u128::from(d.1.pips())));
        let [x, o] = self.score.map(u128::from);
        Ok(3 << 4 // the cube: value 1, centred
            | player(self.dice_owner) << 6
            | state << 8
            | player(self.turn) << 11
            | resignation << 13
            | die1 << 15
            | die2 << 18
            | u128::from(self.match_length) << 21
            | o << 36
            | x << 51
            | 1 << 66) // no Jacoby rule
    }
}

impl fmt::Display for PortesMatchId {
    /// The Match ID; fields beyond their bits are written clamped to
    /// 32,767 (use [`FromStr`] on the text to check a round trip).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let clamped = PortesMatchId {
            match_length: self.match_length.min((1 << 15) - 1),
            score: self.score.map(|s| s.min((1 << 15) - 1)),
            ..*self
        };
        let key = clamped.key().expect("clamped fields fit");
        let bytes: [u8; 9] = std::array::from_fn(|i| (key >> (8 * i) & 0xff) as u8);
        f.write_str(&base64::encode(&bytes))
    }
}

impl FromStr for PortesMatchId {
    type Err = PortesMatchIdError;

    fn from_str(text: &str) -> Result<PortesMatchId, PortesMatchIdError> {
        let bytes = base64::decode::<9>(text.trim()).map_err(|e| match e {
            Base64Error::Length(n) => PortesMatchIdError::Length(n),
            Base64Error::NotBase64(c) => PortesMatchIdError::NotBase64(c),
            Base64Error::PaddingSet => PortesMatchIdError::PaddingSet,
        })?;
        let key = bytes
            .iter()
            .enumerate()
            .fold(0u128, |key, (i, &b)| key | u128::from(b) << (8 * i));
        // Bit 66 (the Jacoby rule off) may be either; the rest must be 0.
        if key >> 67 != 0 {
            return Err(PortesMatchIdError::PaddingSet);
        }
        let field = |low: u32, bits: u32| key >> low & ((1 << bits) - 1);
        if field(0, 4) != 0 {
            return Err(PortesMatchIdError::Cube("a cube above 1"));
        }
        if field(4, 2) != 3 {
            return Err(PortesMatchIdError::Cube("an owned cube"));
        }
        if field(7, 1) != 0 {
            return Err(PortesMatchIdError::Cube("a Crawford game"));
        }
        if field(12, 1) != 0 {
            return Err(PortesMatchIdError::Cube("a double offered"));
        }
        let state = match field(8, 3) {
            0 => PortesGameState::NoGame,
            1 => PortesGameState::Playing,
            2 => PortesGameState::Over,
            3 => PortesGameState::Resigned,
            s => return Err(PortesMatchIdError::State(s as u8)),
        };
        let resignation = match field(13, 2) {
            0 => None,
            1 => Some(ResultKind::Single),
            2 => Some(ResultKind::Double),
            _ => Some(ResultKind::Triple),
        };
        let (die1, die2) = (field(15, 3) as u8, field(18, 3) as u8);
        let dice = match (die1, die2) {
            (0, 0) => None,
            (a, b) => Some(
                Die::new(a)
                    .zip(Die::new(b))
                    .map(|(a, b)| Dice(a, b))
                    .ok_or(PortesMatchIdError::Dice(a, b))?,
            ),
        };
        Ok(PortesMatchId {
            match_length: field(21, 15) as u16,
            score: [field(51, 15) as u16, field(36, 15) as u16],
            turn: side(field(11, 1)),
            dice_owner: side(field(6, 1)),
            dice,
            state,
            resignation,
        })
    }
}
