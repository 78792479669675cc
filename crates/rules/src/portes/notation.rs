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
use super::position::{PortesPosition, Source, Step, StepEffect};
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

/// The play as GNU Backgammon writes it (checked against gnubg 1.07 by
/// `tests/end_to_end/gnubg.rs`):
///
/// 1. the steps are ordered by source, highest first (the bar first), and
///    by landing, highest first, for equal sources;
/// 2. paths are chained greedily in that order: the first step not yet
///    written starts a path, which goes on with the first unwritten step
///    from where it ended, whichever checker that step moved (a step onto
///    a point and another from it read as one path: `13/8 8/7` is `13/7`);
/// 3. a landing is marked `*` when it was an opposing blot before the
///    play and no earlier landing hit it, and an intermediate point is
///    shown only when it is so marked;
/// 4. paths of the same route (every point passed, shown or not) are
///    written once with their count, `13/11(2)`, where the first of them
///    stands, with its marks (`24/23*(2)`: the first hit, the second
///    landed on its own checker).
pub fn format_portes_play(before: &PortesPosition, play: &PortesPlay) -> String {
    notation_of(before, play).to_string()
}

/// The written form of a legal play (see [`format_portes_play`]).
pub fn notation_of(before: &PortesPosition, play: &PortesPlay) -> PortesNotation {
    let mut steps: Vec<Step> = play.steps.iter().collect();
    let landing_number = |step: &Step| step.to().map_or(0, Point::number);
    steps.sort_by_key(|step| std::cmp::Reverse((step.from.number(), landing_number(step))));
    let mut hit_points: Vec<Point> = Vec::new();
    let mut hits = |point: Option<Point>| match point {
        Some(p) if before.at(p) == -1 && !hit_points.contains(&p) => {
            hit_points.push(p);
            true
        }
        _ => false,
    };
    let mut written = vec![false; steps.len()];
    // The paths written, each with every point it passes (shown or not):
    // paths of the same route are counted as one.
    let mut paths: Vec<(PortesMove, Vec<Option<Point>>)> = Vec::new();
    for first in 0..steps.len() {
        if written[first] {
            continue;
        }
        written[first] = true;
        let from = steps[first].from;
        let mut route = vec![steps[first].to()];
        let mut landings = vec![Landing {
            point: steps[first].to(),
            hit: hits(steps[first].to()),
        }];
        while let Some(end) = landings.last().and_then(|l| l.point) {
            let Some(next) =
                (0..steps.len()).find(|&k| !written[k] && steps[k].from == Source::Point(end))
            else {
                break;
            };
            written[next] = true;
            // An unmarked intermediate point is not shown.
            if !landings.last().is_some_and(|l| l.hit) {
                landings.pop();
            }
            route.push(steps[next].to());
            landings.push(Landing {
                point: steps[next].to(),
                hit: hits(steps[next].to()),
            });
        }
        match paths
            .iter_mut()
            .find(|(m, r)| m.from == from && *r == route)
        {
            Some((same, _)) => same.count += 1,
            None => paths.push((
                PortesMove {
                    from,
                    landings,
                    count: 1,
                },
                route,
            )),
        }
    }
    let moves = paths.into_iter().map(|(m, _)| m).collect();
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
