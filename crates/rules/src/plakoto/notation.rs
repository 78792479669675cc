//! Move notation in GNU Backgammon style, from the mover's view:
//! `24/18 13/7*(2)`, `6/off`.
//!
//! Printing is canonical: one checker's consecutive steps are joined
//! (`24/18/12` prints `24/12`, since a pin made mid-way is released when
//! the checker moves on), moves are sorted from the highest point, repeats
//! are written `(n)`, and `*` marks a landing that pins. A play with no
//! step prints as `pass`.
//!
//! Parsing is forgiving (`24/18/12`, `24/12`, `(2)`, optional `*`, `off`
//! or `0`, `-` for `/`, any case, commas or extra spaces) and yields only
//! the checker movements; the result is then matched against the legal
//! plays by the position it leads to (R11).

use std::fmt;
use std::str::FromStr;

use super::movegen::Play;
use super::position::{Position, PositionError, SideLayout};
use crate::point::Point;

/// Text of the play with no step.
pub const PASS: &str = "pass";

/// A play as written by a person: checker movements `(from, to)` with
/// `to = 0` for off, repeats expanded and hops split (`24/18/12` gives
/// `(24,18), (18,12)`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ParsedPlay {
    /// The movements in the order written.
    pub moves: Vec<(u8, u8)>,
}

/// What is wrong with a written play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A token of the text cannot be read.
    Token {
        /// The token as written (lower case).
        token: String,
        /// What is wrong with it.
        reason: TokenError,
    },
    /// The play moves a checker that is pinned (R7).
    Pinned(Point),
    /// The play moves more checkers from a point than stand there.
    NotEnoughCheckers(Point),
    /// The play ends a checker on a point the opponent holds (R5).
    HeldByOpponent(Point),
    /// The movements lead to no valid position.
    Position(PositionError),
}

/// Why one token of a written play cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenError {
    /// `(` without a closing `)` at the end.
    RepeatForm,
    /// The repeat count is not 1–24.
    RepeatCount,
    /// Two slashes with nothing between.
    MissingPoint,
    /// `bar` (Plakoto has none, R1).
    Bar,
    /// Not a point number 0–24 or `off`.
    PointRange,
    /// Fewer than two points.
    NotFromTo,
    /// A move goes on after bearing off.
    AfterOff,
    /// A move goes up the board.
    Upward,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TokenError::RepeatForm => "a repeat is written (n) at the end",
            TokenError::RepeatCount => "the repeat count must be a number from 1 to 24",
            TokenError::MissingPoint => "expected a point number between the slashes",
            TokenError::Bar => "there is no bar in Plakoto: nothing is ever hit",
            TokenError::PointRange => {
                "points are numbered 1 to 24, with 'off' or 0 for bearing off"
            }
            TokenError::NotFromTo => "a move is written from/to, e.g. 24/18",
            TokenError::AfterOff => "nothing can move on after bearing off",
            TokenError::Upward => "checkers move from higher points to lower ones",
        })
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Token { token, reason } => write!(f, "'{token}': {reason}"),
            NotationError::Pinned(p) => write!(f, "your checker on {p} is pinned"),
            NotationError::NotEnoughCheckers(p) => write!(f, "not enough checkers of yours on {p}"),
            NotationError::HeldByOpponent(p) => write!(f, "point {p} is held by the opponent"),
            NotationError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl From<PositionError> for NotationError {
    fn from(e: PositionError) -> Self {
        NotationError::Position(e)
    }
}

impl std::error::Error for NotationError {}

impl FromStr for ParsedPlay {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_ascii_lowercase();
        if lower.is_empty() || lower == PASS || lower == "no move" || lower == "nomove" {
            return Ok(ParsedPlay::default());
        }
        let mut moves = Vec::new();
        for token in lower
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            parse_token(token, &mut moves)?;
        }
        Ok(ParsedPlay { moves })
    }
}

/// One token such as `24/18*/12(2)`.
fn parse_token(token: &str, moves: &mut Vec<(u8, u8)>) -> Result<(), NotationError> {
    let err = |reason: TokenError| {
        Err(NotationError::Token {
            token: token.to_string(),
            reason,
        })
    };
    let (path, repeat) = match token.find('(') {
        Some(open) => {
            let Some(inner) = token[open + 1..].strip_suffix(')') else {
                return err(TokenError::RepeatForm);
            };
            match inner.parse::<usize>() {
                Ok(n @ 1..=24) => (&token[..open], n),
                _ => return err(TokenError::RepeatCount),
            }
        }
        None => (token, 1),
    };
    let mut points = Vec::new();
    for part in path.split(['/', '-']) {
        let part = part.trim_end_matches('*');
        if part.is_empty() {
            return err(TokenError::MissingPoint);
        }
        let n = match part {
            "off" => 0,
            _ => match part.parse::<u8>() {
                Ok(n @ 0..=24) => n,
                _ if part == "bar" => {
                    return err(TokenError::Bar);
                }
                _ => return err(TokenError::PointRange),
            },
        };
        points.push(n);
    }
    if points.len() < 2 {
        return err(TokenError::NotFromTo);
    }
    for w in points.windows(2) {
        if w[0] == 0 {
            return err(TokenError::AfterOff);
        }
        if w[1] >= w[0] {
            return err(TokenError::Upward);
        }
    }
    for _ in 0..repeat {
        moves.extend(points.windows(2).map(|w| (w[0], w[1])));
    }
    Ok(())
}

impl ParsedPlay {
    /// The position these movements lead to from `start`, if they describe
    /// a possible net movement of the mover's checkers at all. Only the net
    /// flow matters: a pin made mid-way is released when the checker moves
    /// on, so the result depends on where checkers finally stand.
    pub fn resulting_position(&self, start: &Position) -> Result<Position, NotationError> {
        let mut own = start.own_layout();
        let mut delta = [0i32; 25];
        for &(from, to) in &self.moves {
            delta[usize::from(from)] -= 1;
            // Borne-off checkers simply leave the board; the count off
            // follows from the 15 a side has.
            if to != 0 {
                delta[usize::from(to)] += 1;
            }
        }
        for p in Point::all() {
            let n = i32::from(own.counts[p.index()]) + delta[usize::from(p.number())];
            let free = i32::from(start.own_free(p)) + delta[usize::from(p.number())];
            if free < 0 {
                return Err(if start.own_pinned_at(p) && start.own_free(p) == 0 {
                    NotationError::Pinned(p)
                } else {
                    NotationError::NotEnoughCheckers(p)
                });
            }
            if delta[usize::from(p.number())] > 0 {
                let v = start.raw_board()[p.index()];
                if v < -1 || (v == -1 && start.own_pinned_at(p)) {
                    return Err(NotationError::HeldByOpponent(p));
                }
            }
            own.counts[p.index()] = n as u8;
        }
        // Rebuild: opposing blots under own checkers become pinned, pinned
        // opposing checkers with nothing left on top are free again.
        let opp = start.opp_layout();
        let mut own_side = SideLayout {
            counts: own.counts,
            pinned: own.pinned,
        };
        own_side.pinned &= start.own_pinned_mask();
        let mut opp_side = opp.clone();
        opp_side.pinned = 0;
        for p in Point::all() {
            let q = p.mirrored();
            if opp_side.counts[q.index()] == 1
                && own_side.counts[p.index()] > 0
                && !start.own_pinned_at(p)
            {
                opp_side.pinned |= 1 << q.index();
            }
        }
        Ok(Position::from_layouts(&own_side, &opp_side)?)
    }
}

/// A checker's path in canonical printing: from, to (0 = off).
type Chain = (u8, u8);

/// The canonical notation of `play` made from `start` (see module doc).
///
/// Parsing a play and printing it back:
///
/// ```
/// use plakoto_rules::{ParsedPlay, Position, format_play, Dice, MoveGenerator, PlayList, Variant};
///
/// let start = Position::initial();
/// let written: ParsedPlay = "24/18 18/12 24/18/12".parse().unwrap();
/// let target = written.resulting_position(&start).unwrap();
/// let numbers = Dice::new(6, 6).unwrap().numbers(Variant::Standard);
/// let mut plays = PlayList::default();
/// MoveGenerator::default().generate(&start, &numbers, &mut plays);
/// let play = plays.find(&target).expect("a legal play");
/// assert_eq!(format_play(&start, play), "24/12(2)");
/// assert!("bar/20".parse::<ParsedPlay>().is_err());
/// ```
pub fn format_play(start: &Position, play: &Play) -> String {
    let mut chains: Vec<Chain> = Vec::new();
    for step in play.steps.iter() {
        let to = step.to().map_or(0, Point::number);
        match chains
            .iter_mut()
            .rev()
            .find(|c| c.1 == step.from.number() && c.1 != 0)
        {
            Some(chain) => chain.1 = to,
            None => chains.push((step.from.number(), to)),
        }
    }
    if chains.is_empty() {
        return PASS.to_string();
    }
    chains.sort_by(|a, b| b.cmp(a));
    let newly_pinned = |to: u8| {
        Point::new(to).is_some_and(|p| play.position.opp_pinned_at(p) && !start.opp_pinned_at(p))
    };
    let mut starred = 0u32;
    let mut parts = Vec::new();
    let mut i = 0;
    while i < chains.len() {
        let run = chains[i..].iter().take_while(|c| **c == chains[i]).count();
        let (from, to) = chains[i];
        let mut text = format!(
            "{from}/{}",
            if to == 0 {
                "off".to_string()
            } else {
                to.to_string()
            }
        );
        if newly_pinned(to) && starred >> to & 1 == 0 {
            starred |= 1 << to;
            text.push('*');
        }
        if run > 1 {
            text.push_str(&format!("({run})"));
        }
        parts.push(text);
        i += run;
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_forgiving_forms() {
        let p: ParsedPlay = "24/18/12".parse().unwrap();
        assert_eq!(p.moves, vec![(24, 18), (18, 12)]);
        let p: ParsedPlay = " 13/7*(2)  6/OFF ".parse().unwrap();
        assert_eq!(p.moves, vec![(13, 7), (13, 7), (6, 0)]);
        let p: ParsedPlay = "6/0,24-18".parse().unwrap();
        assert_eq!(p.moves, vec![(6, 0), (24, 18)]);
        assert_eq!("pass".parse::<ParsedPlay>().unwrap().moves, vec![]);
    }

    #[test]
    fn rejects_bad_forms() {
        for bad in [
            "24", "24/25", "18/24", "bar/20", "24/18(0)", "24/18(2", "off/3", "24//18", "x/y",
        ] {
            assert!(bad.parse::<ParsedPlay>().is_err(), "{bad} should not parse");
        }
    }
}
