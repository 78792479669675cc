//! Compact text IDs: the Position ID (checkers and pins) and the Match ID
//! (everything else about the game), both in the base64 alphabet.
//!
//! **Position ID**, 16 characters = 96 bits, from the side on roll. Bits are
//! written least significant first into 12 bytes, then base64-encoded
//! (RFC 4648 alphabet, no padding):
//! 1. the side on roll, its points 1 to 24 in its own numbering: for each
//!    point, one `1` bit a checker (a pinned one included), then a `0`;
//! 2. the opponent the same way, in the opponent's own numbering;
//! 3. for each point (side on roll's numbering, 1 first) where each side has
//!    exactly one checker, one bit saying which is pinned: `1` the side on
//!    roll's, `0` the opponent's (anywhere else a pin is implied: the side
//!    with a single checker under two or more is the pinned one);
//! 4. zero bits to the end.
//!
//! At most 39 + 39 + 15 = 93 bits are used. Decoding refuses anything that
//! is not the one ID of a valid position, including set padding bits.
//!
//! **Match ID**, 8 characters = 48 bits (same packing), fields from bit 0:
//! phase (2: 0 opening, 1 playing, 2 over), side on roll (1: 0 X, 1 O),
//! die 1 (3: 0 not rolled), die 2 (3), variant (1: 0 standard, 1 express),
//! scoring (1: 0 standard, 1 Tzannes), match length (7: 0 unlimited),
//! X's score (7), O's score (7), pending Express numbers (8: kind 2 — 0
//! none, 1 a pair, 2 an escalating double, 3 a single number — then two
//! 3-bit fields: the pair's dice; the double's number and how many of its
//! first group are left; the single number and 0), then 8 zero bits.

use std::fmt;
use std::str::FromStr;

use super::game::Game;
use super::numbers::Numbers;
use super::position::{CHECKERS, Position, PositionError, SideLayout};
use super::rules::{Rules, RulesError, Scoring, Variant};
use crate::dice::Dice;
use crate::game_state::Phase;
use crate::matchplay::MatchScore;
use crate::point::{Die, Point, Side};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Length of a Position ID.
pub const POSITION_ID_LEN: usize = 16;
/// Length of a Match ID.
pub const MATCH_ID_LEN: usize = 8;

/// Why a Position ID does not decode. `Display` gives the protocol's
/// message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionIdError {
    /// The text does not have 16 characters (`found`, after trimming).
    Length {
        /// The text, trimmed.
        text: String,
        /// Its number of characters.
        found: usize,
    },
    /// A character outside the base64 alphabet.
    NotBase64(char),
    /// The bits end inside the checker lists.
    EndsInCheckers,
    /// A side has more than 15 checkers (`on_roll`: the side on roll, else
    /// the opponent).
    TooManyCheckers {
        /// Whether it is the side on roll.
        on_roll: bool,
    },
    /// The bits end before the pin bits.
    EndsInPins,
    /// Bits after the position are set.
    PaddingSet,
    /// The checkers and pins decoded do not form a valid position.
    Position(PositionError),
}

impl fmt::Display for PositionIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionIdError::Length { text, found } => {
                write_length(f, "Position ID", POSITION_ID_LEN, text, *found)
            }
            PositionIdError::NotBase64(c) => write_not_base64(f, *c),
            PositionIdError::EndsInCheckers => {
                f.write_str("the ID ends in the middle of the checker list")
            }
            PositionIdError::TooManyCheckers { on_roll } => {
                let name = if *on_roll { "side on roll" } else { "opponent" };
                write!(f, "the {name} has more than 15 checkers")
            }
            PositionIdError::EndsInPins => f.write_str("the ID ends before its pin bits"),
            PositionIdError::PaddingSet => {
                f.write_str("padding bits after the position are set: not a canonical ID")
            }
            PositionIdError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PositionIdError {}

/// Why a Match ID does not decode or its fields do not fit together.
/// `Display` gives the protocol's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchIdError {
    /// The text does not have 8 characters (`found`, after trimming).
    Length {
        /// The text, trimmed.
        text: String,
        /// Its number of characters.
        found: usize,
    },
    /// A character outside the base64 alphabet.
    NotBase64(char),
    /// The phase field holds 3.
    Phase3,
    /// The dice fields are not two numbers 1-6.
    Dice(u8, u8),
    /// A passed number is not 1-6.
    PassedNumber(u8),
    /// The passed-numbers field is malformed.
    PassedField,
    /// The reserved bits are set.
    ReservedBits,
    /// The match length or a score is above 127.
    TooLarge,
    /// Both dice and passed numbers.
    DiceAndPassed,
    /// Dice or passed numbers before the opening roll.
    BeforeOpening,
    /// Passed numbers outside Plakoto Express.
    PassedNotExpress,
    /// Passed numbers of a shape no turn passes on.
    PassedShape(Numbers),
    /// The rule set is refused.
    Rules(RulesError),
}

impl fmt::Display for MatchIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchIdError::Length { text, found } => {
                write_length(f, "Match ID", MATCH_ID_LEN, text, *found)
            }
            MatchIdError::NotBase64(c) => write_not_base64(f, *c),
            MatchIdError::Phase3 => f.write_str("phase 3 does not exist"),
            MatchIdError::Dice(d1, d2) => write!(f, "dice {d1}-{d2} are not two numbers 1-6"),
            MatchIdError::PassedNumber(n) => write!(f, "passed number {n} is not 1-6"),
            MatchIdError::PassedField => f.write_str("the passed-numbers field is malformed"),
            MatchIdError::ReservedBits => {
                f.write_str("reserved bits are set: not a canonical Match ID")
            }
            MatchIdError::TooLarge => f.write_str("match length and scores are at most 127"),
            MatchIdError::DiceAndPassed => {
                f.write_str("passed numbers are played before rolling: a turn cannot have both")
            }
            MatchIdError::BeforeOpening => {
                f.write_str("no dice or passed numbers before the opening roll")
            }
            MatchIdError::PassedNotExpress => {
                f.write_str("numbers are passed to the opponent only in Plakoto Express")
            }
            MatchIdError::PassedShape(p) => write!(
                f,
                "passed numbers {p} are not a pair, a single number or an escalating double"
            ),
            MatchIdError::Rules(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MatchIdError {}

fn write_length(
    f: &mut fmt::Formatter<'_>,
    what: &str,
    len: usize,
    text: &str,
    found: usize,
) -> fmt::Result {
    write!(f, "a {what} has {len} characters; '{text}' has {found}")
}

fn write_not_base64(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    write!(f, "'{c}' is not in the base64 alphabet (A-Z a-z 0-9 + /)")
}

/// Why base64 text does not decode, before it is known which ID it is.
enum B64Error {
    Length { text: String, found: usize },
    NotBase64(char),
}

impl From<B64Error> for PositionIdError {
    fn from(e: B64Error) -> Self {
        match e {
            B64Error::Length { text, found } => PositionIdError::Length { text, found },
            B64Error::NotBase64(c) => PositionIdError::NotBase64(c),
        }
    }
}

impl From<B64Error> for MatchIdError {
    fn from(e: B64Error) -> Self {
        match e {
            B64Error::Length { text, found } => MatchIdError::Length { text, found },
            B64Error::NotBase64(c) => MatchIdError::NotBase64(c),
        }
    }
}

/// Little bit writer, least significant bit first.
struct BitWriter<const N: usize> {
    bytes: [u8; N],
    pos: usize,
}

impl<const N: usize> BitWriter<N> {
    fn new() -> Self {
        BitWriter {
            bytes: [0; N],
            pos: 0,
        }
    }
    fn bit(&mut self, b: bool) {
        if b {
            self.bytes[self.pos / 8] |= 1 << (self.pos % 8);
        }
        self.pos += 1;
    }
    fn bits(&mut self, value: u32, width: usize) {
        for i in 0..width {
            self.bit(value >> i & 1 == 1);
        }
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    fn bit(&mut self) -> Option<bool> {
        let byte = self.bytes.get(self.pos / 8)?;
        let b = byte >> (self.pos % 8) & 1 == 1;
        self.pos += 1;
        Some(b)
    }
    fn bits(&mut self, width: usize) -> u32 {
        (0..width).fold(0, |acc, i| {
            acc | u32::from(self.bit().unwrap_or(false)) << i
        })
    }
    fn rest_is_zero(&mut self) -> bool {
        while let Some(b) = self.bit() {
            if b {
                return false;
            }
        }
        true
    }
}

fn encode_b64(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut acc = 0u32;
    let mut nbits = 0;
    for &b in bytes {
        acc |= u32::from(b) << nbits;
        nbits += 8;
        while nbits >= 6 {
            out.push(B64[(acc & 63) as usize] as char);
            acc >>= 6;
            nbits -= 6;
        }
    }
    if nbits > 0 {
        out.push(B64[(acc & 63) as usize] as char);
    }
    out
}

fn decode_b64(text: &str, len: usize) -> Result<Vec<u8>, B64Error> {
    let text = text.trim();
    if text.chars().count() != len {
        return Err(B64Error::Length {
            text: text.to_string(),
            found: text.chars().count(),
        });
    }
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut nbits = 0;
    for c in text.chars() {
        let Some(v) = B64.iter().position(|&b| b as char == c) else {
            return Err(B64Error::NotBase64(c));
        };
        acc |= (v as u32) << nbits;
        nbits += 6;
        if nbits >= 8 {
            out.push((acc & 0xff) as u8);
            acc >>= 8;
            nbits -= 8;
        }
    }
    Ok(out)
}

/// The Position ID of `position` (see the module doc for the layout).
pub fn position_id(position: &Position) -> String {
    let own = position.own_layout();
    let opp = position.opp_layout();
    let mut w = BitWriter::<12>::new();
    for side in [&own, &opp] {
        for &count in &side.counts {
            for _ in 0..count {
                w.bit(true);
            }
            w.bit(false);
        }
    }
    for p in Point::all() {
        if own.counts[p.index()] == 1 && opp.counts[p.mirrored().index()] == 1 {
            w.bit(position.own_pinned_at(p));
        }
    }
    encode_b64(&w.bytes)
}

/// Decodes a Position ID, refusing any that is not the one ID of a valid
/// position, with a message that says what is wrong.
///
/// A round trip:
///
/// ```
/// use plakoto_rules::{parse_board_text, parse_position_id, position_id};
///
/// let p = parse_board_text("24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2").unwrap();
/// let id = position_id(&p);
/// assert_eq!(parse_position_id(&id).unwrap(), p);
/// ```
pub fn parse_position_id(text: &str) -> Result<Position, PositionIdError> {
    let bytes = decode_b64(text, POSITION_ID_LEN)?;
    let mut r = BitReader {
        bytes: &bytes,
        pos: 0,
    };
    let mut sides = [SideLayout::default(), SideLayout::default()];
    for (on_roll, side) in [true, false].into_iter().zip(sides.iter_mut()) {
        let mut total = 0u32;
        for i in 0..24 {
            loop {
                match r.bit() {
                    None => {
                        return Err(PositionIdError::EndsInCheckers);
                    }
                    Some(false) => break,
                    Some(true) => {
                        side.counts[i] += 1;
                        total += 1;
                        if total > u32::from(CHECKERS) {
                            return Err(PositionIdError::TooManyCheckers { on_roll });
                        }
                    }
                }
            }
        }
    }
    let [mut own, mut opp] = sides;
    for p in Point::all() {
        if own.counts[p.index()] == 1 && opp.counts[p.mirrored().index()] == 1 {
            match r.bit() {
                None => return Err(PositionIdError::EndsInPins),
                Some(true) => own.pinned |= 1 << p.index(),
                Some(false) => opp.pinned |= 1 << p.mirrored().index(),
            }
        }
    }
    if !r.rest_is_zero() {
        return Err(PositionIdError::PaddingSet);
    }
    Position::from_layouts(&own, &opp).map_err(PositionIdError::Position)
}

/// Everything about a game that the Position ID does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchId {
    /// Rule set.
    pub rules: Rules,
    /// Points to win the match; 0 for unlimited (a session of single games).
    pub match_length: u8,
    /// Scores of X and O.
    pub score: [u8; 2],
    /// The player the Position ID is seen from.
    pub on_roll: Side,
    /// The dice rolled for this turn, if any.
    pub dice: Option<Dice>,
    /// Game phase.
    pub phase: Phase,
    /// Express numbers passed to the player on roll, to play before rolling.
    pub pending: Option<Numbers>,
}

impl MatchId {
    /// The Match ID of `game` in a match with `score`. The ID's score
    /// fields are 7 bits wide: a score above 127 (an unlimited session of
    /// many games) is carried as 127, "127 or more". A match to at most
    /// 127 points still shows its winner, who has reached the length.
    pub fn of(game: &Game, score: &MatchScore) -> MatchId {
        let clamp = |s: u32| s.min(127) as u8;
        MatchId {
            rules: game.rules(),
            match_length: score.length,
            score: [clamp(score.score[0]), clamp(score.score[1])],
            on_roll: game.on_roll(),
            dice: game.dice(),
            phase: game.phase(),
            pending: game.passed(),
        }
    }

    /// Checks the fields fit together and into their bits.
    pub fn validate(&self) -> Result<(), MatchIdError> {
        if self.match_length > 127 || self.score.iter().any(|&s| s > 127) {
            return Err(MatchIdError::TooLarge);
        }
        if self.dice.is_some() && self.pending.is_some() {
            return Err(MatchIdError::DiceAndPassed);
        }
        if self.phase == Phase::Opening && (self.dice.is_some() || self.pending.is_some()) {
            return Err(MatchIdError::BeforeOpening);
        }
        if self.pending.is_some() && self.rules.variant != Variant::Express {
            return Err(MatchIdError::PassedNotExpress);
        }
        if let Some(p) = self.pending {
            pending_fields(&p).ok_or(MatchIdError::PassedShape(p))?;
        }
        Rules::new(self.rules.variant, self.rules.scoring).map_err(MatchIdError::Rules)?;
        Ok(())
    }
}

/// (kind, a, b) of passed numbers; see the module doc.
fn pending_fields(n: &Numbers) -> Option<(u32, u32, u32)> {
    match n {
        Numbers::Pair(a, b) => Some((1, a.pips().into(), b.pips().into())),
        Numbers::Sequence(s) => {
            let v = s.as_slice();
            if v.len() == 1 {
                return Some((3, v[0].into(), 0));
            }
            let first = *v.first()?;
            let k = v.iter().take_while(|&&x| x == first).count() as u8;
            let die = Die::new(first)?;
            (k <= 4 && Numbers::escalating(die, k) == *n).then_some((2, first.into(), k.into()))
        }
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut w = BitWriter::<6>::new();
        w.bits(self.phase as u32, 2);
        w.bits(self.on_roll.index() as u32, 1);
        let (d1, d2) = self.dice.map_or((0, 0), |d| (d.0.pips(), d.1.pips()));
        w.bits(d1.into(), 3);
        w.bits(d2.into(), 3);
        w.bits((self.rules.variant == Variant::Express) as u32, 1);
        w.bits((self.rules.scoring == Scoring::Tzannes) as u32, 1);
        w.bits(self.match_length.into(), 7);
        w.bits(self.score[0].into(), 7);
        w.bits(self.score[1].into(), 7);
        let (kind, a, b) = self
            .pending
            .and_then(|p| pending_fields(&p))
            .unwrap_or((0, 0, 0));
        w.bits(kind, 2);
        w.bits(a, 3);
        w.bits(b, 3);
        f.write_str(&encode_b64(&w.bytes))
    }
}

impl FromStr for MatchId {
    type Err = MatchIdError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bytes = decode_b64(text, MATCH_ID_LEN)?;
        let mut r = BitReader {
            bytes: &bytes,
            pos: 0,
        };
        let phase = match r.bits(2) {
            0 => Phase::Opening,
            1 => Phase::Playing,
            2 => Phase::Over,
            _ => return Err(MatchIdError::Phase3),
        };
        let on_roll = if r.bits(1) == 1 { Side::O } else { Side::X };
        let (d1, d2) = (r.bits(3) as u8, r.bits(3) as u8);
        let dice = match (d1, d2) {
            (0, 0) => None,
            _ => Some(Dice::new(d1, d2).ok_or(MatchIdError::Dice(d1, d2))?),
        };
        let variant = if r.bits(1) == 1 {
            Variant::Express
        } else {
            Variant::Standard
        };
        let scoring = if r.bits(1) == 1 {
            Scoring::Tzannes
        } else {
            Scoring::Standard
        };
        let match_length = r.bits(7) as u8;
        let score = [r.bits(7) as u8, r.bits(7) as u8];
        let (kind, a, b) = (r.bits(2), r.bits(3) as u8, r.bits(3) as u8);
        let die = |n: u8| Die::new(n).ok_or(MatchIdError::PassedNumber(n));
        let pending = match kind {
            0 if a == 0 && b == 0 => None,
            1 if a > b => Some(Numbers::Pair(die(a)?, die(b)?)),
            2 if (1..=4).contains(&b) => Some(Numbers::escalating(die(a)?, b)),
            3 if b == 0 => Some(Numbers::sequence(&[die(a)?.pips()])),
            _ => return Err(MatchIdError::PassedField),
        };
        if !r.rest_is_zero() {
            return Err(MatchIdError::ReservedBits);
        }
        let id = MatchId {
            rules: Rules { variant, scoring },
            match_length,
            score,
            on_roll,
            dice,
            phase,
            pending,
        };
        id.validate()?;
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plakoto::position::tests::pos;

    #[test]
    fn initial_position_id() {
        let id = position_id(&Position::initial());
        assert_eq!(id.len(), POSITION_ID_LEN);
        assert_eq!(parse_position_id(&id).unwrap(), Position::initial());
    }

    #[test]
    fn ambiguous_pin_round_trips_both_ways() {
        // One checker each on our 10 (their 15): either may be the pinned one.
        let a = pos(&[(24, 14), (10, 1)], &[(24, 14), (15, 1)], &[10], &[]);
        let b = pos(&[(24, 14), (10, 1)], &[(24, 14), (15, 1)], &[], &[15]);
        assert_ne!(position_id(&a), position_id(&b));
        assert_eq!(parse_position_id(&position_id(&a)).unwrap(), a);
        assert_eq!(parse_position_id(&position_id(&b)).unwrap(), b);
    }

    #[test]
    fn position_id_errors_say_what_is_wrong() {
        let e = |t: &str| parse_position_id(t).unwrap_err();
        assert_eq!(
            e("AAAA"),
            PositionIdError::Length {
                text: "AAAA".into(),
                found: 4
            }
        );
        assert_eq!(
            e("AAAA").to_string(),
            "a Position ID has 16 characters; 'AAAA' has 4"
        );
        assert_eq!(e("AAAAAAAAAAAAAAA!"), PositionIdError::NotBase64('!'));
        assert_eq!(
            e("////////////////"),
            PositionIdError::TooManyCheckers { on_roll: true }
        );
        // Set the last (padding) bit of the initial position's ID.
        let mut id = position_id(&Position::initial()).into_bytes();
        id[15] = b'w';
        assert_eq!(
            e(std::str::from_utf8(&id).unwrap()),
            PositionIdError::PaddingSet
        );
    }

    #[test]
    fn match_id_round_trip_and_errors() {
        let id = MatchId {
            rules: Rules {
                variant: Variant::Express,
                scoring: Scoring::Standard,
            },
            match_length: 7,
            score: [3, 5],
            on_roll: Side::O,
            dice: None,
            phase: Phase::Playing,
            pending: Some(Numbers::escalating(Die::new(4).unwrap(), 2)),
        };
        let text = id.to_string();
        assert_eq!(text.len(), MATCH_ID_LEN);
        assert_eq!(text.parse::<MatchId>().unwrap(), id);
        for pending in [
            Numbers::Pair(Die::new(5).unwrap(), Die::new(2).unwrap()),
            Numbers::sequence(&[3]),
        ] {
            let id2 = MatchId {
                pending: Some(pending),
                ..id
            };
            assert_eq!(id2.to_string().parse::<MatchId>().unwrap(), id2);
        }
        let id3 = MatchId {
            pending: None,
            dice: Dice::new(6, 1),
            rules: Rules::default(),
            ..id
        };
        assert_eq!(id3.to_string().parse::<MatchId>().unwrap(), id3);
        assert_eq!(
            "AAAA".parse::<MatchId>().unwrap_err(),
            MatchIdError::Length {
                text: "AAAA".into(),
                found: 4
            }
        );
        assert_eq!(
            "AAAA".parse::<MatchId>().unwrap_err().to_string(),
            "a Match ID has 8 characters; 'AAAA' has 4"
        );
        assert_eq!(
            "////////".parse::<MatchId>().unwrap_err(),
            MatchIdError::Phase3
        );
    }

    #[test]
    fn match_id_of_a_game_clamps_a_score_past_127_in_the_id_only() {
        let game = Game::new(Rules::default());
        let score = MatchScore {
            length: 0,
            score: [300, 5],
        };
        let id = MatchId::of(&game, &score);
        assert_eq!(id.score, [127, 5]);
        assert_eq!(id.match_length, 0);
        let back: MatchId = id.to_string().parse().unwrap();
        assert_eq!(back, id);
        assert_eq!(score.score, [300, 5]);
    }
}
