//! Matching a written play against the legal plays, and saying exactly why
//! one is refused: which step is blocked, or which rule it breaks.

use std::collections::HashSet;
use std::fmt;

use super::movegen::{Play, PlayList, ends_game};
use super::notation::{NotationError, ParsedPlay};
use super::numbers::Numbers;
use super::position::{Position, Step, StepError, StepList};
use crate::point::{Die, Point};

/// Why a written play is not legal, for the player to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalPlay {
    /// The text describes no possible movement of the mover's checkers.
    Notation(NotationError),
    /// A step of the play cannot be made.
    Step {
        /// The step refused.
        step: Step,
        /// Which rule refuses it.
        reason: StepError,
    },
    /// A step lands on an opposing block (R5).
    Blocked {
        /// The step refused.
        step: Step,
        /// The opposing checkers on the landing point.
        checkers: u8,
    },
    /// No run of the numbers left makes a written movement.
    Unreachable {
        /// Where the movement starts.
        from: u8,
        /// Where it ends (0: off).
        to: u8,
        /// The numbers left when it was tried.
        numbers_left: Vec<u8>,
    },
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
    /// The play is not legal (no more telling reason found).
    NotLegal,
    /// Steps made so far can be played but lead to no legal play (R10).
    NotAPrefix,
    /// A play handed over as a [`Play`] is not among the legal plays.
    NotListed,
    /// A play said to use every number does not use them in order.
    NotEveryNumber,
    /// A step of a play handed over as a [`Play`] cannot be made.
    StepFails,
    /// The steps of a play handed over as a [`Play`] lead elsewhere.
    WrongPosition,
}

impl fmt::Display for IllegalPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalPlay::Notation(e) => write!(f, "{e}"),
            IllegalPlay::Step { step, reason } => {
                let from = step.from.number();
                let die = step.die.pips();
                let to = from.saturating_sub(die);
                match reason {
                    StepError::NoChecker => write!(f, "no checker of yours on {from}"),
                    StepError::Pinned => {
                        write!(f, "your checker on {from} is pinned and cannot move (R7)")
                    }
                    StepError::Block => write!(f, "{from}/{to} is blocked (R5)"),
                    StepError::OpponentPinPoint => write!(
                        f,
                        "{from}/{to} is blocked: {to} is a pin point the opponent controls (R5)"
                    ),
                    StepError::NotAllHome(p) => write!(
                        f,
                        "cannot bear off: your checker on {p} is not in the home board yet (R12)"
                    ),
                    StepError::BearOffWhilePinned(p) => {
                        write!(f, "cannot bear off: checker pinned on {p} (R12)")
                    }
                    StepError::HigherCheckerMustMove(p) => write!(
                        f,
                        "cannot bear off from {from} with a {die}: the checker on {p} must move first (R13)"
                    ),
                }
            }
            IllegalPlay::Blocked { step, checkers } => {
                let from = step.from.number();
                let to = from.saturating_sub(step.die.pips());
                write!(
                    f,
                    "{from}/{to} is blocked: the opponent holds {to} with {checkers} checkers (R5)"
                )
            }
            IllegalPlay::Unreachable {
                from,
                to,
                numbers_left,
            } => {
                if *to == 0 {
                    write!(f, "bearing off from {from}")?;
                } else {
                    let pips = from - to;
                    let unit = if pips == 1 { "pip" } else { "pips" };
                    write!(f, "{from}/{to} is {pips} {unit}")?;
                }
                write!(f, ": the numbers left ({}) cannot make it", list(numbers_left))
            }
            IllegalPlay::TooFewNumbers { used: _, required: 2 } => f.write_str("must use both dice (R10)"),
            IllegalPlay::TooFewNumbers { used, required } => write!(
                f,
                "must use {required} numbers, this play uses {used} (R10: as many as possible)"
            ),
            IllegalPlay::HigherDieRequired(d) => {
                write!(f, "higher die must be played: only one die can be used, so it must be the {d} (R10)")
            }
            IllegalPlay::AfterGameEnd => f.write_str("the game ends during this play; nothing can be played after the winning step (R14, R16)"),
            IllegalPlay::NotLegal => f.write_str("not a legal play"),
            IllegalPlay::NotAPrefix => f.write_str("these steps are part of no legal play (R10: as many numbers as possible must be used)"),
            IllegalPlay::NotListed => f.write_str("that play is not among the legal plays"),
            IllegalPlay::NotEveryNumber => f.write_str("the play does not use every number in order"),
            IllegalPlay::StepFails => f.write_str("a step of the play cannot be made"),
            IllegalPlay::WrongPosition => f.write_str("the steps do not lead to the play's position"),
        }
    }
}

impl std::error::Error for IllegalPlay {}

/// Checks `play`, chosen from `legal` (the plays of `numbers` in `start`):
/// from a complete list it stands as listed; from a list cut short, one
/// that uses every number or ends the game stands (R10), and any other is
/// checked as its steps written down would be ([`resolve_play`]).
pub fn check_chosen(
    start: &Position,
    numbers: &Numbers,
    legal: &PlayList,
    play: &Play,
) -> Result<Play, IllegalPlay> {
    match legal.find(&play.position) {
        Some(found) if !legal.truncated || found.is_surely_legal(numbers) => Ok(*found),
        _ if legal.truncated => {
            let written = ParsedPlay {
                moves: play
                    .steps
                    .iter()
                    .map(|s| (s.from.number(), s.to().map_or(0, |t| t.number())))
                    .collect(),
            };
            resolve_play(start, numbers, legal, &written)
        }
        _ => Err(IllegalPlay::NotListed),
    }
}

/// Finds the legal play `written` describes, or says why there is none.
///
/// The list is tried first. A list cut short by
/// [`GenLimits`](super::GenLimits) (Express low doubles: millions of plays)
/// decides nothing on its own: a play found in it is taken when it uses
/// every number or ends the game (R10 can ask for nothing more), and
/// otherwise the play is checked by a search for a line of steps to it
/// that uses exactly M numbers (R10), M computed by a search of its own.
pub fn resolve_play(
    start: &Position,
    numbers: &Numbers,
    legal: &PlayList,
    written: &ParsedPlay,
) -> Result<Play, IllegalPlay> {
    let target = written.resulting_position(start);
    if let Ok(target) = &target
        && let Some(play) = legal.find(target)
        && (!legal.truncated || play.is_surely_legal(numbers))
    {
        return Ok(*play);
    }
    let required = if legal.truncated {
        max_numbers(start, numbers)
    } else {
        legal.numbers_used
    };
    if legal.truncated
        && let Ok(target) = &target
        && let Some(play) = line_of(start, numbers, target, required)
    {
        return Ok(play);
    }
    Err(diagnose(start, numbers, required, written))
}

/// M of R10, computed without listing the plays: the most numbers any line
/// of steps uses, counting a line on which the game ends up to its last
/// step. A depth-first search that stops as soon as a line uses every
/// number; positions already searched with the same numbers left are not
/// searched again.
pub fn max_numbers(start: &Position, numbers: &Numbers) -> usize {
    let mut visited = HashSet::new();
    let mut best = 0;
    for dice in dice_orders(numbers) {
        longest_line(start, &dice, 0, &mut best, &mut visited);
        if best == dice.len() {
            break;
        }
    }
    best
}

fn longest_line(
    pos: &Position,
    dice: &[u8],
    used: usize,
    best: &mut usize,
    visited: &mut HashSet<(Position, usize, u8)>,
) {
    *best = (*best).max(used);
    if used == dice.len() || *best == dice.len() || ends_game(pos) {
        return;
    }
    if !visited.insert((*pos, dice.len() - used, dice[used])) {
        return;
    }
    let die = usize::from(dice[used]);
    for from in step_sources(pos, die) {
        let mut next = *pos;
        next.apply_step(from, die);
        longest_line(&next, dice, used + 1, best, visited);
        if *best == dice.len() {
            return;
        }
    }
}

/// The points from which `die` can be played now, highest first (R5,
/// R7, R12, R13): the one place the line searches ask which steps exist.
pub(crate) fn step_sources(pos: &Position, die: usize) -> impl Iterator<Item = usize> + '_ {
    let highest = pos.highest_own().map_or(0, |h| usize::from(h.number()));
    let bear_off_ok = pos.may_bear_off();
    (1..=24)
        .rev()
        .filter(move |&from| pos.check_step(from, die, bear_off_ok, highest).is_ok())
}

/// A legal play to `target` found by a line search, given M (`required`):
/// a line that ends the game there, or uses exactly M numbers (with the
/// higher-die rule of R10 when M is 1 for a pair).
fn line_of(
    start: &Position,
    numbers: &Numbers,
    target: &Position,
    required: usize,
) -> Option<Play> {
    let play = dice_orders(numbers).into_iter().find_map(|dice| {
        let root = Play {
            position: *start,
            steps: StepList::EMPTY,
        };
        // One search per order: within it, a node is its position and the
        // count of numbers used (the rest of `dice` follows from that).
        let mut visited = HashSet::new();
        line_to(
            &root,
            &dice[..required.min(dice.len())],
            target,
            &mut visited,
        )
    })?;
    if let Numbers::Pair(hi, _) = numbers
        && play.steps.len() == 1
        && !ends_game(&play.position)
        && play.steps.first_die() != hi.pips()
        && max_numbers(start, &Numbers::sequence(&[hi.pips()])) == 1
    {
        return None;
    }
    Some(play)
}

/// Depth-first search for the rest of a line to `target` playing all of
/// `dice` in order (or ending the game there). Checkers only move down, so at every point the number of own
/// checkers at or above it can only shrink: a node with fewer there than
/// the target can never reach it and is cut.
fn line_to(
    node: &Play,
    dice: &[u8],
    target: &Position,
    visited: &mut HashSet<(Position, usize)>,
) -> Option<Play> {
    let used = node.steps.len();
    let ended = ends_game(&node.position);
    if node.position == *target && (used == dice.len() || ended) {
        return Some(*node);
    }
    if used == dice.len() || ended || !can_still_reach(&node.position, target) {
        return None;
    }
    if !visited.insert((node.position, used)) {
        return None;
    }
    let pos = node.position;
    let die = usize::from(dice[used]);
    step_sources(&pos, die).find_map(|from| {
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
pub(crate) fn dice_orders(numbers: &Numbers) -> Vec<Vec<u8>> {
    match numbers {
        Numbers::Pair(a, b) => vec![vec![a.pips(), b.pips()], vec![b.pips(), a.pips()]],
        Numbers::Sequence(s) => vec![s.as_slice().to_vec()],
    }
}

/// The most telling reason a written play is refused; `required` is M
/// (R10).
fn diagnose(
    start: &Position,
    numbers: &Numbers,
    required: usize,
    written: &ParsedPlay,
) -> IllegalPlay {
    let orders = dice_orders(numbers);
    let mut sorted = written.moves.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    let mut best: Option<(usize, IllegalPlay)> = None;
    for dice in &orders {
        for moves in [&written.moves, &sorted] {
            match simulate(start, dice, moves) {
                Ok((_, steps)) => return rule_violation(numbers, required, steps.dice()),
                Err((depth, why)) => keep_most_telling(&mut best, depth, why),
            }
        }
    }
    best.map(|(_, why)| why).unwrap_or(IllegalPlay::NotLegal)
}

/// Keeps, of the refusals met trying the dice in different orders, the one
/// that got furthest through the written movements; at the same depth a
/// refused step (a block, a pinned checker, a bear-off rule) says more than
/// "the numbers cannot make it", which another order of the same numbers may
/// contradict (4-2 cannot make 24/22 played 4 first, but 24/22 is a 2).
pub(crate) fn keep_most_telling(
    best: &mut Option<(usize, IllegalPlay)>,
    depth: usize,
    why: IllegalPlay,
) {
    let rank = |depth: usize, why: &IllegalPlay| {
        (
            depth,
            !matches!(why, IllegalPlay::Unreachable { .. } | IllegalPlay::NotLegal),
        )
    };
    if best
        .as_ref()
        .is_none_or(|(d, b)| rank(depth, &why) > rank(*d, b))
    {
        *best = Some((depth, why));
    }
}

/// Why a play whose steps can all be made is still not legal.
fn rule_violation(numbers: &Numbers, required: usize, used: Vec<u8>) -> IllegalPlay {
    if used.len() < required {
        return IllegalPlay::TooFewNumbers {
            used: used.len(),
            required,
        };
    }
    if let Numbers::Pair(hi, _) = numbers
        && used.len() == 1
        && used[0] != hi.pips()
    {
        return IllegalPlay::HigherDieRequired(hi.pips());
    }
    IllegalPlay::NotLegal
}

/// Plays the written movements with the dice in the order given. Returns
/// the dice used, or how many movements succeeded and why the next failed.
pub(crate) fn simulate(
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
///
/// A refusal names the rule the movement breaks: first the checker on
/// `from` (none there, or pinned: R7), then whether the numbers, in this
/// order, add up to the movement at all; only a run of numbers that does
/// reach `to` has its steps checked, so a blocked step is reported only
/// when it lies on the way (with 4-2, 24/23 is 1 pip whatever holds 20).
fn play_movement(
    pos: &Position,
    dice: &[u8],
    from: u8,
    to: u8,
    steps: &mut StepList,
) -> Result<Position, IllegalPlay> {
    let unreachable = || IllegalPlay::Unreachable {
        from,
        to,
        numbers_left: dice.to_vec(),
    };
    if let (Some(&die), Some(source)) = (dice.first(), Point::new(from))
        && pos.own_free(source) == 0
    {
        let reason = if pos.own_pinned_at(source) {
            StepError::Pinned
        } else {
            StepError::NoChecker
        };
        return Err(step_message(pos, from, die, reason));
    }
    let run = numbers_for_movement(dice, from, to).ok_or_else(unreachable)?;
    let mut p = *pos;
    let mut at = from;
    let before = steps.len();
    for &die in run {
        let highest = p.highest_own().map_or(0, |h| usize::from(h.number()));
        if let Err(e) = p.check_step(usize::from(at), usize::from(die), p.may_bear_off(), highest) {
            // Take back this movement's steps: the caller may try another order.
            while steps.len() > before {
                steps.pop();
            }
            return Err(step_message(&p, at, die, e));
        }
        p.apply_step(usize::from(at), usize::from(die));
        steps.push_raw(usize::from(at), usize::from(die));
        at = at.saturating_sub(die);
    }
    Ok(p)
}

/// The first numbers of `dice` (in this order) that carry a checker from
/// `from` exactly to `to`, or, bearing off (`to` 0), the shortest run that
/// reaches or passes 0; `None` when no run of them does.
fn numbers_for_movement(dice: &[u8], from: u8, to: u8) -> Option<&[u8]> {
    let distance = u32::from(from.checked_sub(to).filter(|&d| d > 0)?);
    let mut total = 0;
    for (i, &die) in dice.iter().enumerate() {
        total += u32::from(die);
        if total == distance || (to == 0 && total > distance) {
            return Some(&dice[..=i]);
        }
        if total > distance {
            return None;
        }
    }
    None
}

fn list(dice: &[u8]) -> String {
    if dice.is_empty() {
        return "none".into();
    }
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn step_message(pos: &Position, from: u8, die: u8, reason: StepError) -> IllegalPlay {
    let step = Step {
        from: Point::new(from).expect("a step starts on the board"),
        die: Die::new(die).expect("a die number"),
    };
    match reason {
        StepError::Block => IllegalPlay::Blocked {
            step,
            checkers: Point::new(from.saturating_sub(die)).map_or(0, |t| pos.opp_count(t)),
        },
        reason => IllegalPlay::Step { step, reason },
    }
}
