//! Matching a written play against the legal plays, and saying exactly why
//! one is refused: which step is blocked, or which rule it breaks.

use std::collections::HashSet;
use std::fmt;

use super::dice::Numbers;
use super::movegen::{Play, PlayList, ends_game};
use super::notation::ParsedPlay;
use super::point::Point;
use super::position::{Position, StepError, StepList};

/// Why a written play is not legal, for the player to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalPlay {
    /// The text describes no possible movement.
    Impossible(String),
    /// A step of the play cannot be made: the message names it.
    Step(String),
    /// Every step can be made, but the play uses fewer numbers than R10
    /// requires.
    TooFewNumbers {
        /// Numbers the play uses.
        used: usize,
        /// Numbers a legal play uses.
        required: usize,
    },
    /// Only one die can be played and it must be the higher (R10).
    HigherDieRequired(u8),
    /// The game ended mid-play; nothing after that step can be played.
    AfterGameEnd,
    /// Every step can be made but the play leaves numbers unused, and the
    /// list of plays was cut short (too many to list), so whether fewer
    /// numbers are allowed cannot be told.
    Unverifiable,
}

impl fmt::Display for IllegalPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalPlay::Impossible(s) | IllegalPlay::Step(s) => f.write_str(s),
            IllegalPlay::TooFewNumbers { used: _, required: 2 } => f.write_str("must use both dice (R10)"),
            IllegalPlay::TooFewNumbers { used, required } => write!(
                f,
                "must use {required} numbers, this play uses {used} (R10: as many as possible)"
            ),
            IllegalPlay::HigherDieRequired(d) => {
                write!(f, "higher die must be played: only one die can be used, so it must be the {d} (R10)")
            }
            IllegalPlay::AfterGameEnd => f.write_str("the game ends during this play; nothing can be played after the winning step (R14, R16)"),
            IllegalPlay::Unverifiable => f.write_str("this play leaves numbers unused and there are too many plays to list, so it cannot be checked against R10; play one that uses every number"),
        }
    }
}

impl std::error::Error for IllegalPlay {}

/// Finds the legal play `written` describes, or says why there is none.
pub fn resolve_play(
    start: &Position,
    numbers: &Numbers,
    legal: &PlayList,
    written: &ParsedPlay,
) -> Result<Play, IllegalPlay> {
    if let Ok(target) = written.resulting_position(start)
        && let Some(play) = legal.find(&target)
    {
        return Ok(*play);
    }
    if legal.truncated
        && let Some(play) = complete_play(start, numbers, written)
    {
        return Ok(play);
    }
    Err(diagnose(start, numbers, legal, written))
}

/// A written play checked without the list of plays: a search for a line
/// of legal steps from `start` to the position the play describes that uses
/// every number (or ends the game there). R10 can then ask for nothing
/// more, so the play is legal. This is how a play missing from a list cut
/// short by [`GenLimits`](super::GenLimits) (Express low doubles: millions
/// of plays) is still accepted.
fn complete_play(start: &Position, numbers: &Numbers, written: &ParsedPlay) -> Option<Play> {
    let target = written.resulting_position(start).ok()?;
    let mut visited = HashSet::new();
    dice_orders(numbers).into_iter().find_map(|dice| {
        let root = Play {
            position: *start,
            steps: StepList::EMPTY,
        };
        line_to(&root, &dice, &target, &mut visited)
    })
}

/// Depth-first search for the rest of a line to `target` playing `dice`
/// in order. Checkers only move down, so at every point the number of own
/// checkers at or above it can only shrink: a node with fewer there than
/// the target can never reach it and is cut.
fn line_to(
    node: &Play,
    dice: &[u8],
    target: &Position,
    visited: &mut HashSet<(Position, Vec<u8>)>,
) -> Option<Play> {
    let used = node.steps.len();
    let ended = ends_game(&node.position);
    if node.position == *target && (used == dice.len() || ended) {
        return Some(*node);
    }
    if used == dice.len() || ended || !can_still_reach(&node.position, target) {
        return None;
    }
    if !visited.insert((node.position, dice[used..].to_vec())) {
        return None;
    }
    let pos = node.position;
    let die = usize::from(dice[used]);
    let highest = pos.highest_own().map_or(0, |h| usize::from(h.number()));
    let bear_off_ok = pos.may_bear_off();
    (1..=24).rev().find_map(|from| {
        pos.check_step(from, die, bear_off_ok, highest).ok()?;
        let mut child = *node;
        child.position.apply_step(from, die);
        child.steps.push_raw(from, die);
        line_to(&child, dice, target, visited)
    })
}

/// Whether, counting from the 24-point down, `now` has at least as many
/// own checkers at or above every point as `target`.
fn can_still_reach(now: &Position, target: &Position) -> bool {
    let (mut have, mut need) = (0u32, 0u32);
    Point::all().rev().all(|p| {
        have += u32::from(now.own_count(p));
        need += u32::from(target.own_count(p));
        have >= need
    })
}

/// The orders the numbers may be played in: a pair either way round, a
/// sequence as given.
fn dice_orders(numbers: &Numbers) -> Vec<Vec<u8>> {
    match numbers {
        Numbers::Pair(a, b) => vec![vec![a.pips(), b.pips()], vec![b.pips(), a.pips()]],
        Numbers::Sequence(s) => vec![s.as_slice().to_vec()],
    }
}

/// The most telling reason a written play is refused.
fn diagnose(
    start: &Position,
    numbers: &Numbers,
    legal: &PlayList,
    written: &ParsedPlay,
) -> IllegalPlay {
    let orders = dice_orders(numbers);
    let mut sorted = written.moves.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    let mut best: Option<(usize, IllegalPlay)> = None;
    for dice in &orders {
        for moves in [&written.moves, &sorted] {
            match simulate(start, dice, moves) {
                Ok(_) if legal.truncated => return IllegalPlay::Unverifiable,
                Ok((_, steps)) => return rule_violation(numbers, legal, steps.dice()),
                Err((depth, why)) => {
                    if best.as_ref().is_none_or(|(d, _)| depth > *d) {
                        best = Some((depth, why));
                    }
                }
            }
        }
    }
    best.map(|(_, why)| why)
        .unwrap_or_else(|| IllegalPlay::Impossible("not a legal play".into()))
}

/// Why a play whose steps can all be made is still not legal.
fn rule_violation(numbers: &Numbers, legal: &PlayList, used: Vec<u8>) -> IllegalPlay {
    if used.len() < legal.numbers_used {
        return IllegalPlay::TooFewNumbers {
            used: used.len(),
            required: legal.numbers_used,
        };
    }
    if let Numbers::Pair(hi, _) = numbers
        && used.len() == 1
        && used[0] != hi.pips()
    {
        return IllegalPlay::HigherDieRequired(hi.pips());
    }
    IllegalPlay::Impossible("not a legal play".into())
}

/// Plays the written movements with the dice in the order given. Returns
/// the dice used, or how many movements succeeded and why the next failed.
fn simulate(
    start: &Position,
    dice: &[u8],
    moves: &[(u8, u8)],
) -> Result<(Position, StepList), (usize, IllegalPlay)> {
    let mut pos = *start;
    let mut steps = StepList::EMPTY;
    for (done, &(from, to)) in moves.iter().enumerate() {
        if ends_game(&pos) {
            return Err((done, IllegalPlay::AfterGameEnd));
        }
        pos = play_movement(&pos, &dice[steps.len()..], from, to, &mut steps)
            .map_err(|why| (done, why))?;
    }
    Ok((pos, steps))
}

/// Moves one checker from `from` to `to` (0 = off) with the next one or
/// more dice, every intermediate landing checked (R8).
fn play_movement(
    pos: &Position,
    dice: &[u8],
    from: u8,
    to: u8,
    steps: &mut StepList,
) -> Result<Position, IllegalPlay> {
    let mut first_error = None;
    let mut p = *pos;
    let mut at = from;
    let before = steps.len();
    for &die in dice {
        let highest = p.highest_own().map_or(0, |h| usize::from(h.number()));
        if let Err(e) = p.check_step(usize::from(at), usize::from(die), p.may_bear_off(), highest) {
            first_error.get_or_insert(step_message(&p, at, die, e));
            break;
        }
        p.apply_step(usize::from(at), usize::from(die));
        steps.push_raw(usize::from(at), usize::from(die));
        let landed = at.saturating_sub(die);
        if landed == to || (to == 0 && landed == 0) {
            return Ok(p);
        }
        if landed < to || landed == 0 {
            break;
        }
        at = landed;
    }
    // Take back this movement's steps: the caller may try another order.
    while steps.len() > before {
        steps.pop();
    }
    Err(first_error.unwrap_or_else(|| {
        let pips = if to == 0 {
            format!("bearing off from {from}")
        } else {
            format!("{from}/{to} is {} pips", from - to)
        };
        IllegalPlay::Step(format!(
            "{pips}: the numbers left ({}) cannot make it",
            list(dice)
        ))
    }))
}

fn list(dice: &[u8]) -> String {
    if dice.is_empty() {
        return "none".into();
    }
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn step_message(pos: &Position, from: u8, die: u8, e: StepError) -> IllegalPlay {
    let to = from.saturating_sub(die);
    let target = Point::new(to);
    IllegalPlay::Step(match e {
        StepError::NoChecker => format!("no checker of yours on {from}"),
        StepError::Pinned => format!("your checker on {from} is pinned and cannot move (R7)"),
        StepError::Block => format!(
            "{from}/{to} is blocked: the opponent holds {to} with {} checkers (R5)",
            target.map_or(0, |t| pos.opp_count(t))
        ),
        StepError::OpponentPinPoint => {
            format!("{from}/{to} is blocked: {to} is a pin point the opponent controls (R5)")
        }
        StepError::NotAllHome(p) => {
            format!("cannot bear off: your checker on {p} is not in the home board yet (R12)")
        }
        StepError::BearOffWhilePinned(p) => format!("cannot bear off: checker pinned on {p} (R12)"),
        StepError::HigherCheckerMustMove(p) => {
            format!(
                "cannot bear off from {from} with a {die}: the checker on {p} must move first (R13)"
            )
        }
    })
}
