//! Portes move notation as GNU Backgammon writes it: `bar/22`, `13/7*`,
//! `24/18*/13`, `6/off`, `13/11(2)`; `pass` for a play of no steps.
//!
//! A written play names where checkers go, not which dice took them; it is
//! resolved against the legal plays by the mover's checkers after the play,
//! then by the hits it marks (where several plays fit, the one with exactly
//! the hits written), then by the intermediate points it names.

use std::fmt;
use std::str::FromStr;

use super::movegen::PortesPlay;
use super::position::{PortesPosition, Source, StepEffect};
use crate::notation::PASS;
use crate::point::Point;

/// One landing of a written checker path: a point (maybe hitting) or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Where the checker lands; `None` when it is borne off.
    pub point: Option<Point>,
    /// Whether the landing is marked as a hit (`*`).
    pub hit: bool,
}

/// One written checker path: `from/landing/…/landing`, `(count)` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortesMove {
    /// Where the checker starts.
    pub from: Source,
    /// Its landings in order; the last is where it ends.
    pub landings: Vec<Landing>,
    /// How many checkers take this path.
    pub count: u8,
}

/// A written Portes play: its checker paths (none for `pass`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PortesNotation {
    /// The paths, as written.
    pub moves: Vec<PortesMove>,
}

/// Why a written play is not read, or names no single legal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PortesNotationError {
    /// A token is not `from/to[*]…[(n)]` (the token).
    Syntax(String),
    /// No legal play moves the checkers so.
    NotLegal,
    /// Several legal plays move the checkers so; they are given.
    Ambiguous(Vec<String>),
}

impl fmt::Display for PortesNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortesNotationError::Syntax(token) => write!(
                f,
                "'{token}' is not a checker move like 13/7, bar/22, 24/18*/13, 6/off or 13/11(2)"
            ),
            PortesNotationError::NotLegal => f.write_str("no legal play moves the checkers so"),
            PortesNotationError::Ambiguous(options) => write!(
                f,
                "several legal plays move the checkers so ({}): name the hits or the points passed",
                options.join(", ")
            ),
        }
    }
}

impl std::error::Error for PortesNotationError {}

impl fmt::Display for PortesMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        for landing in &self.landings {
            match landing.point {
                Some(p) => write!(f, "/{p}")?,
                None => f.write_str("/off")?,
            }
            if landing.hit {
                f.write_str("*")?;
            }
        }
        if self.count > 1 {
            write!(f, "({})", self.count)?;
        }
        Ok(())
    }
}

impl fmt::Display for PortesNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            return f.write_str(PASS);
        }
        let texts: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        f.write_str(&texts.join(" "))
    }
}

impl FromStr for PortesNotation {
    type Err = PortesNotationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.eq_ignore_ascii_case(PASS) {
            return Ok(PortesNotation::default());
        }
        let moves = text
            .split_whitespace()
            .map(parse_move)
            .collect::<Result<Vec<_>, _>>()?;
        if moves.is_empty() {
            return Err(PortesNotationError::Syntax(String::new()));
        }
        Ok(PortesNotation { moves })
    }
}

/// Reads one token: `from/to[*]…` with an optional `(n)`.
fn parse_move(token: &str) -> Result<PortesMove, PortesNotationError> {
    let syntax = || PortesNotationError::Syntax(token.to_string());
    let (path, count) = match token.strip_suffix(')').and_then(|t| t.split_once('(')) {
        Some((path, n)) => (path, n.parse::<u8>().ok().filter(|n| (1..=4).contains(n))),
        None => (token, Some(1)),
    };
    let count = count.ok_or_else(syntax)?;
    let mut parts = path.split('/');
    let from = match parts.next() {
        Some(s) if s.eq_ignore_ascii_case("bar") => Source::Bar,
        Some(s) => Source::from_number(s.parse().map_err(|_| syntax())?).ok_or_else(syntax)?,
        None => return Err(syntax()),
    };
    let mut landings = Vec::new();
    for part in parts {
        let (body, hit) = match part.strip_suffix('*') {
            Some(body) => (body, true),
            None => (part, false),
        };
        let point = if body.eq_ignore_ascii_case("off") {
            None
        } else {
            Some(body.parse().ok().and_then(Point::new).ok_or_else(syntax)?)
        };
        landings.push(Landing { point, hit });
    }
    if landings.is_empty()
        || landings[..landings.len() - 1]
            .iter()
            .any(|l| l.point.is_none())
    {
        return Err(syntax());
    }
    Ok(PortesMove {
        from,
        landings,
        count,
    })
}

/// The play as gnubg writes it: each checker's steps joined into one path
/// (intermediate points shown only where they hit), equal paths counted,
/// the highest source first.
pub fn format_portes_play(before: &PortesPosition, play: &PortesPlay) -> String {
    notation_of(before, play).to_string()
}

/// The written form of a legal play (see [`format_portes_play`]).
pub fn notation_of(before: &PortesPosition, play: &PortesPlay) -> PortesNotation {
    let mut position = *before;
    let mut paths: Vec<(Source, Vec<Landing>)> = Vec::new();
    for step in play.steps.iter() {
        let hit = position.check_step(step) == Ok(StepEffect::Hit);
        position = position.apply_step(step);
        let landing = Landing {
            point: step.to(),
            hit,
        };
        // A step from where an earlier path ended continues that checker.
        let continues = paths.iter_mut().rev().find(|(_, landings)| {
            let end = landings.last().and_then(|l| l.point);
            end.is_some() && end.map(Source::Point) == Some(step.from)
        });
        match continues {
            Some((_, landings)) => {
                let last = landings.last_mut().expect("a path has a landing");
                if !last.hit {
                    *last = landing;
                } else {
                    landings.push(landing);
                }
            }
            None => paths.push((step.from, vec![landing])),
        }
    }
    let mut moves: Vec<PortesMove> = Vec::new();
    for (from, landings) in paths {
        match moves
            .iter_mut()
            .find(|m| m.from == from && m.landings == landings)
        {
            Some(same) => same.count += 1,
            None => moves.push(PortesMove {
                from,
                landings,
                count: 1,
            }),
        }
    }
    // The bar (25) first, then the highest point; a longer path first.
    moves.sort_by_key(|m| {
        let ends: Vec<u8> = m
            .landings
            .iter()
            .map(|l| l.point.map_or(0, Point::number))
            .collect();
        std::cmp::Reverse((m.from.number(), ends))
    });
    PortesNotation { moves }
}

/// The legal play a written play names (see the module doc).
pub fn resolve_portes_play<'a>(
    before: &PortesPosition,
    plays: &'a [PortesPlay],
    written: &PortesNotation,
) -> Result<&'a PortesPlay, PortesNotationError> {
    let (own_before, _) = before.sides();
    let mut own_after = own_before.map(i32::from);
    let mut off_after = i32::from(before.own_off());
    let mut marked_hits: Vec<u8> = Vec::new();
    let mut named_points: Vec<u8> = Vec::new();
    for m in &written.moves {
        let count = i32::from(m.count);
        own_after[usize::from(m.from.number()) - 1] -= count;
        for (i, landing) in m.landings.iter().enumerate() {
            let number = landing.point.map_or(0, Point::number);
            if landing.hit {
                marked_hits.push(number);
            }
            if i + 1 < m.landings.len() {
                named_points.push(number);
            }
        }
        match m.landings.last().and_then(|l| l.point) {
            Some(p) => own_after[p.index()] += count,
            None => off_after += count,
        }
    }
    marked_hits.sort_unstable();
    let candidates: Vec<&PortesPlay> = plays
        .iter()
        .filter(|play| {
            let (own, _) = play.position.sides();
            own.map(i32::from) == own_after && i32::from(play.position.own_off()) == off_after
        })
        .filter(|play| marked_hits.is_empty() || hits_of(before, play) == marked_hits)
        .filter(|play| {
            let landed: Vec<u8> = play
                .steps
                .iter()
                .map(|s| s.to().map_or(0, Point::number))
                .collect();
            named_points.iter().all(|p| landed.contains(p))
        })
        .collect();
    // Unmarked hits are accepted (people leave the `*` out), but where a
    // play with exactly the hits written is among several, it is the one
    // meant: `11/2` is the quiet 11/6/2 beside `11/7*/2`, as gnubg writes
    // them.
    let exact: Vec<&PortesPlay> = candidates
        .iter()
        .copied()
        .filter(|play| hits_of(before, play) == marked_hits)
        .collect();
    match (candidates.as_slice(), exact.as_slice()) {
        ([], _) => Err(PortesNotationError::NotLegal),
        ([one], _) | (_, [one]) => Ok(one),
        (many, _) => Err(PortesNotationError::Ambiguous(
            many.iter().map(|p| format_portes_play(before, p)).collect(),
        )),
    }
}

/// The points (mover's numbering) where the play hits, in ascending order.
fn hits_of(before: &PortesPosition, play: &PortesPlay) -> Vec<u8> {
    let mut position = *before;
    let mut hits = Vec::new();
    for step in play.steps.iter() {
        if position.check_step(step) == Ok(StepEffect::Hit) {
            hits.push(step.to().map_or(0, Point::number));
        }
        position = position.apply_step(step);
    }
    hits.sort_unstable();
    hits
}
