//! Fevga move notation: `24/18/13`, `9/4`, `6/off`, `24/21(2)`; `pass` for
//! a play of no steps. The syntax is Portes' (gnubg's) without the bar and
//! hits, which Fevga has not (F1).
//!
//! A play is written with every point its checkers touch down on, because
//! in Fevga the intermediate points are what make a move legal (F5): the
//! runner's `24/18/13` says it passed over open 18. A written play is
//! resolved by the mover's checkers after it — in Fevga a play *is* its
//! resulting position (R11) — so `24/13` names the same play.

use std::fmt;

use super::play::FevgaPlay;
use super::position::FevgaPosition;
use super::step::FevgaStep;
use crate::notation::PASS;
use crate::point::Point;
use crate::portes::{PortesNotation, PortesNotationError, Source};

/// Why a written play is not read, or names no legal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FevgaNotationError {
    /// A token is not `from/to/…[(n)]` with points 1–24 or `off` (the token).
    Syntax(String),
    /// No legal play leaves the checkers so; `why` says what stops the
    /// first step that cannot be made, when one can be named.
    NotLegal {
        /// A reason for a player, when the written steps show one.
        why: Option<String>,
    },
}

impl fmt::Display for FevgaNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FevgaNotationError::Syntax(token) => write!(
                f,
                "'{token}' is not a checker move like 24/18/13, 9/4, 6/off or 24/21(2)"
            ),
            FevgaNotationError::NotLegal { why: None } => {
                f.write_str("no legal play moves the checkers so")
            }
            FevgaNotationError::NotLegal { why: Some(why) } => {
                write!(f, "no legal play moves the checkers so: {why}")
            }
        }
    }
}

impl std::error::Error for FevgaNotationError {}

/// One written path: a checker's start and every point it lands on
/// (`None`: off), `count` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FevgaMove {
    /// Where the checkers start.
    pub from: Point,
    /// Each landing in order; the last is where they end.
    pub landings: Vec<Option<Point>>,
    /// How many checkers take this path.
    pub count: u8,
}

impl fmt::Display for FevgaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        for landing in &self.landings {
            match landing {
                Some(p) => write!(f, "/{p}")?,
                None => f.write_str("/off")?,
            }
        }
        if self.count > 1 {
            write!(f, "({})", self.count)?;
        }
        Ok(())
    }
}

/// Reads a written Fevga play into its paths (none for `pass`).
pub fn parse_fevga_notation(text: &str) -> Result<Vec<FevgaMove>, FevgaNotationError> {
    let written: PortesNotation = text.parse().map_err(|e| match e {
        PortesNotationError::Syntax(token) => FevgaNotationError::Syntax(token),
        _ => FevgaNotationError::Syntax(text.trim().to_string()),
    })?;
    written
        .moves
        .iter()
        .map(|m| {
            let syntax = || FevgaNotationError::Syntax(m.to_string());
            let Source::Point(from) = m.from else {
                return Err(syntax());
            };
            if m.landings.iter().any(|l| l.hit) {
                return Err(syntax());
            }
            Ok(FevgaMove {
                from,
                landings: m.landings.iter().map(|l| l.point).collect(),
                count: m.count,
            })
        })
        .collect()
}

/// The play as Fevga writes it: steps ordered by source, highest first,
/// chained greedily into paths (a step from where a path ends continues
/// it), every landing shown; paths of the same route written once with
/// their count.
pub fn format_fevga_play(play: &FevgaPlay) -> String {
    let paths = paths_of(play);
    if paths.is_empty() {
        return PASS.to_string();
    }
    let texts: Vec<String> = paths.iter().map(ToString::to_string).collect();
    texts.join(" ")
}

/// The written paths of a play (see [`format_fevga_play`]).
pub fn paths_of(play: &FevgaPlay) -> Vec<FevgaMove> {
    let mut steps: Vec<FevgaStep> = play.steps.iter().collect();
    let landing_number = |step: &FevgaStep| step.to().map_or(0, Point::number);
    steps.sort_by_key(|step| std::cmp::Reverse((step.from.number(), landing_number(step))));
    let mut written = vec![false; steps.len()];
    let mut paths: Vec<FevgaMove> = Vec::new();
    for first in 0..steps.len() {
        if written[first] {
            continue;
        }
        written[first] = true;
        let mut landings = vec![steps[first].to()];
        while let Some(Some(end)) = landings.last().copied() {
            let Some(next) = (0..steps.len()).find(|&k| !written[k] && steps[k].from == end) else {
                break;
            };
            written[next] = true;
            landings.push(steps[next].to());
        }
        let from = steps[first].from;
        match paths
            .iter_mut()
            .find(|m| m.from == from && m.landings == landings)
        {
            Some(same) => same.count += 1,
            None => paths.push(FevgaMove {
                from,
                landings,
                count: 1,
            }),
        }
    }
    paths
}

/// A reason the written paths cannot be played that needs no search: a
/// path starts where the mover has no checker. (A held point on the way is
/// not said here: whether the checker can reach it at all depends on the
/// roll, which [`explain_fevga_refusal`] reads; 4-3 cannot make 24/12,
/// whoever holds 12.)
fn plain_refusal(before: &FevgaPosition, moves: &[FevgaMove]) -> Option<String> {
    // Moves are made in the order written, so a move may start where an
    // earlier one landed (`24/22 22/20`, how a GUI sends clicked steps).
    let (mut own, _) = before.sides();
    for m in moves {
        let here = own[m.from.index()];
        if here < m.count {
            return Some(format!(
                "the side on roll has {here} checker(s) on {}, not {}",
                m.from, m.count
            ));
        }
        own[m.from.index()] -= m.count;
        if let Some(Some(to)) = m.landings.last() {
            own[to.index()] += m.count;
        }
    }
    None
}

/// The legal play of `plays` (those of one roll in `before`) that the
/// written `text` names.
pub fn resolve_fevga_play<'a>(
    before: &FevgaPosition,
    plays: &'a [FevgaPlay],
    text: &str,
) -> Result<&'a FevgaPlay, FevgaNotationError> {
    let moves = parse_fevga_notation(text)?;
    if let Some(why) = plain_refusal(before, &moves) {
        return Err(FevgaNotationError::NotLegal { why: Some(why) });
    }
    // Every point written is touched down on: one the opponent holds makes
    // the writing name no legal play (F5), though a play to the same end
    // by other points may exist (`14/12/8` is not `14/10/8`). Why is left
    // to [`explain_fevga_refusal`], which knows whether the roll reaches it.
    let held = |m: &FevgaMove| {
        m.landings
            .iter()
            .flatten()
            .any(|p| before.opp_at(p.number()) > 0)
    };
    if moves.iter().any(held) {
        return Err(FevgaNotationError::NotLegal { why: None });
    }
    let (own_before, _) = before.sides();
    let mut own_after = own_before.map(i32::from);
    let mut off_after = i32::from(before.own_off());
    for m in &moves {
        let count = i32::from(m.count);
        own_after[m.from.index()] -= count;
        match m.landings.last().copied().flatten() {
            Some(p) => own_after[p.index()] += count,
            None => off_after += count,
        }
    }
    // Compared point by point: building each play's sides would cost a
    // pass over the board per play.
    plays
        .iter()
        .find(|play| {
            i32::from(play.position.own_off()) == off_after
                && (1..=24u8)
                    .all(|p| i32::from(play.position.own_at(p)) == own_after[usize::from(p) - 1])
        })
        .ok_or(FevgaNotationError::NotLegal { why: None })
}

/// Why the written `text` names no legal play of `dice` in `before` under
/// `rules`, when its paths, walked hop by hop in the order written, meet a
/// step the rules refuse (F5, F7, F8, F10, F11) or a hop no die of the
/// roll makes; `None` when every hop is a legal step (the play then breaks
/// R10 or the F9 duty, which only the whole list shows).
pub fn explain_fevga_refusal(
    before: &FevgaPosition,
    rules: &super::FevgaRules,
    dice: crate::dice::Dice,
    text: &str,
) -> Option<String> {
    let moves = parse_fevga_notation(text).ok()?;
    let every_step = rules.quarter_check == super::QuarterCheck::EveryStep;
    let mut dice_left: Vec<u8> = if dice.is_double() {
        vec![dice.0.pips(); 4]
    } else {
        vec![dice.0.pips(), dice.1.pips()]
    };
    let mut position = *before;
    for m in &moves {
        for _ in 0..m.count {
            let mut from = m.from;
            for landing in &m.landings {
                let pips = match landing {
                    Some(to) => from.number().checked_sub(to.number()).filter(|&d| d > 0)?,
                    // Off: the smallest die left that bears the checker off.
                    None => *dice_left.iter().filter(|&&d| d >= from.number()).min()?,
                };
                let Some(index) = dice_left.iter().position(|&d| d == pips) else {
                    return Some(format!(
                        "no die of the roll moves {from} to {}",
                        hop_end(*landing)
                    ));
                };
                dice_left.swap_remove(index);
                let step = FevgaStep {
                    from,
                    die: crate::point::Die::new(pips)?,
                };
                match super::step::check_step(&position, rules, step, every_step) {
                    Ok(after) => position = after,
                    Err(why) => {
                        return Some(format!("{from}/{}: {why}", hop_end(*landing)));
                    }
                }
                match landing {
                    Some(to) => from = *to,
                    None => break,
                }
            }
        }
    }
    None
}

/// A hop's end as written: a point or `off`.
fn hop_end(landing: Option<Point>) -> String {
    landing.map_or_else(|| "off".to_string(), |p| p.to_string())
}
