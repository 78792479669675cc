//! Matching a written play against the legal plays, and saying exactly why
//! one is refused: which step is blocked, or which rule it breaks.

use std::fmt;

use super::dice::Numbers;
use super::movegen::{Play, PlayList, ends_game};
use super::notation::ParsedPlay;
use super::point::Point;
use super::position::{Position, StepError};

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
    Err(diagnose(start, numbers, legal, written))
}

/// The most telling reason a written play is refused.
fn diagnose(
    start: &Position,
    numbers: &Numbers,
    legal: &PlayList,
    written: &ParsedPlay,
) -> IllegalPlay {
    let orders: Vec<Vec<u8>> = match numbers {
        Numbers::Pair(a, b) => vec![vec![a.pips(), b.pips()], vec![b.pips(), a.pips()]],
        Numbers::Sequence(s) => vec![s.as_slice().to_vec()],
    };
    let mut sorted = written.moves.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    let mut best: Option<(usize, IllegalPlay)> = None;
    for dice in &orders {
        for moves in [&written.moves, &sorted] {
            match simulate(start, dice, moves) {
                Ok(used) => return rule_violation(numbers, legal, used),
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
) -> Result<Vec<u8>, (usize, IllegalPlay)> {
    let mut pos = *start;
    let mut next = 0;
    for (done, &(from, to)) in moves.iter().enumerate() {
        if ends_game(&pos) {
            return Err((done, IllegalPlay::AfterGameEnd));
        }
        let (after, used) =
            play_movement(&pos, &dice[next..], from, to).map_err(|why| (done, why))?;
        pos = after;
        next += used;
    }
    Ok(dice[..next].to_vec())
}

/// Moves one checker from `from` to `to` (0 = off) with the next one or
/// more dice, every intermediate landing checked (R8).
fn play_movement(
    pos: &Position,
    dice: &[u8],
    from: u8,
    to: u8,
) -> Result<(Position, usize), IllegalPlay> {
    let mut first_error = None;
    let mut p = *pos;
    let mut at = from;
    for (i, &die) in dice.iter().enumerate() {
        let highest = p.highest_own().map_or(0, |h| usize::from(h.number()));
        if let Err(e) = p.check_step(usize::from(at), usize::from(die), p.may_bear_off(), highest) {
            first_error.get_or_insert(step_message(&p, at, die, e));
            break;
        }
        p.apply_step(usize::from(at), usize::from(die));
        let landed = at.saturating_sub(die);
        if landed == to || (to == 0 && landed == 0) {
            return Ok((p, i + 1));
        }
        if landed < to || landed == 0 {
            break;
        }
        at = landed;
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
