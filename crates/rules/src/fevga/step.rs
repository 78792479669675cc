//! The single step of one Fevga checker by one die (F5, F7, F10, F11) and
//! the conditions checked around it: the quarter rule (F8), a prime rule
//! that forbids a position (F9 `ahead_required`), and the two unblocking
//! duties (F9) that a whole play must meet.
//!
//! Every rule here reads the position alone: release (F7) cannot be
//! undone (a checker past the opponent's start never goes back), so it
//! needs no memory of the game.

use std::fmt;

use super::position::{CHECKERS, FevgaPosition, other_numbering};
use super::switches::{FevgaRules, PrimeRule, QuarterRule, Release};
use crate::point::{Die, Point};

/// One checker moved by one die, towards the mover's 1-point or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FevgaStep {
    /// The mover's point the checker starts on.
    pub from: Point,
    /// The die used.
    pub die: Die,
}

impl FevgaStep {
    /// Where the checker lands; `None` when it is borne off.
    pub fn to(self) -> Option<Point> {
        landing(self.from.number(), self.die.pips()).and_then(Point::new)
    }
}

/// The landing point number of `pips` from `from`; `None` past the 1-point.
#[inline]
pub(crate) fn landing(from: u8, pips: u8) -> Option<u8> {
    from.checked_sub(pips).filter(|&to| to >= 1)
}

/// Why a single step is not legal, in words a player can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FevgaStepError {
    /// The mover has no checker there.
    NoChecker,
    /// Before release only the runner moves (F7); `from` is the 24-point.
    RunnerFirst,
    /// The opponent holds the landing point (F5).
    Held,
    /// Bearing off while a checker is outside the home board (F10).
    NotAllHome,
    /// A die larger than needed while a checker stands higher (F11).
    HigherCheckerFirst,
    /// The step would close all six points of a starting quarter (F8).
    QuarterClosed,
    /// The step would make a six-point prime with no opposing checker ahead
    /// of it (F9 `ahead_required`).
    PrimeWithNoneAhead,
}

impl fmt::Display for FevgaStepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FevgaStepError::NoChecker => "there is no checker of the side on roll there",
            FevgaStepError::RunnerFirst => {
                "only the runner may move until a checker has passed the opponent's starting point (F7)"
            }
            FevgaStepError::Held => "the opponent holds that point: one checker closes a point (F5)",
            FevgaStepError::NotAllHome => "bearing off needs all 15 checkers in the home board (F10)",
            FevgaStepError::HigherCheckerFirst => {
                "a checker on a higher point must be moved with that die first (F11)"
            }
            FevgaStepError::QuarterClosed => {
                "a side may not hold all six points of its starting quarter (F8)"
            }
            FevgaStepError::PrimeWithNoneAhead => {
                "a six-point prime needs an opposing checker ahead of it (fevga.prime_rule=ahead_required)"
            }
        })
    }
}

/// Whether the mover has been released from the runner rule (F7): a
/// checker on its points 1–11 (1–12 under `reach_quarter`) or borne off.
pub fn is_released(position: &FevgaPosition, release: Release) -> bool {
    let last = match release {
        Release::PastStart => 11,
        Release::ReachQuarter => 12,
    };
    position.own_off() > 0 || (1..=last).any(|p| position.own_at(p) > 0)
}

/// Whether every checker the mover has on the board is in its home board
/// (F10).
fn all_home(position: &FevgaPosition) -> bool {
    (7..=24).all(|p| position.own_at(p) == 0)
}

/// Checks the step of `pips` from the mover's point `from` under F5, F7,
/// F10 and F11, and returns where it lands (`None`: off). The conditions
/// on the resulting position (F8, `ahead_required`) are
/// [`position_allowed`]'s.
pub(crate) fn check_move(
    position: &FevgaPosition,
    rules: &FevgaRules,
    from: u8,
    pips: u8,
) -> Result<Option<u8>, FevgaStepError> {
    if position.own_at(from) == 0 {
        return Err(FevgaStepError::NoChecker);
    }
    if from == 24 && position.own_at(24) < CHECKERS && !is_released(position, rules.release) {
        return Err(FevgaStepError::RunnerFirst);
    }
    match landing(from, pips) {
        Some(to) => {
            if position.opp_at(to) > 0 {
                Err(FevgaStepError::Held)
            } else {
                Ok(Some(to))
            }
        }
        None => {
            if !all_home(position) {
                Err(FevgaStepError::NotAllHome)
            } else if from < pips && (from + 1..=6).any(|p| position.own_at(p) > 0) {
                Err(FevgaStepError::HigherCheckerFirst)
            } else {
                Ok(None)
            }
        }
    }
}

/// Whether a position the mover has just reached obeys the rules that
/// forbid positions: the quarter rule (F8) and, under `ahead_required`,
/// the prime rule (F9).
pub(crate) fn position_allowed(
    position: &FevgaPosition,
    rules: &FevgaRules,
) -> Result<(), FevgaStepError> {
    let holds_all = |low: u8| (low..low + 6).all(|p| position.own_at(p) > 0);
    let closed = match rules.quarter_rule {
        QuarterRule::Own => holds_all(19),
        QuarterRule::Opponent => holds_all(7),
        QuarterRule::Both => holds_all(19) || holds_all(7),
        QuarterRule::None => false,
    };
    if closed {
        return Err(FevgaStepError::QuarterClosed);
    }
    if rules.prime_rule == PrimeRule::AheadRequired && has_prime_with_none_ahead(position) {
        return Err(FevgaStepError::PrimeWithNoneAhead);
    }
    Ok(())
}

/// Checks a whole step: `check_move`, then, when `every_step`, the
/// resulting position against `position_allowed`. Returns the position
/// after it.
pub fn check_step(
    position: &FevgaPosition,
    rules: &FevgaRules,
    step: FevgaStep,
    every_step: bool,
) -> Result<FevgaPosition, FevgaStepError> {
    let to = check_move(position, rules, step.from.number(), step.die.pips())?;
    let mut after = *position;
    after.move_checker(step.from.number(), to);
    if every_step {
        position_allowed(&after, rules)?;
    }
    Ok(after)
}

/// Whether the mover holds six consecutive points along the opponent's path
/// (the opponent's points `q … q−5`) with no opposing checker ahead of
/// them (on a lower point of the opponent's, or borne off).
fn has_prime_with_none_ahead(position: &FevgaPosition) -> bool {
    let flipped = position.flipped();
    // In the opponent's numbering the mover's checkers are `opp_at`.
    let held = |q: u8| flipped.opp_at(q) > 0;
    let lowest_opponent = (1..=24u8).find(|&q| flipped.own_at(q) > 0);
    (6..=24u8).any(|top| {
        let bottom = top - 5;
        (bottom..=top).all(held)
            && flipped.own_off() == 0
            && lowest_opponent.is_none_or(|q| q > bottom)
    })
}

/// The unblocking duty of F9 (`unblock`), measured at the start of the
/// mover's turn: if every opposing checker on the board stands on one
/// point `s ≥ 7` (the opponent's numbering) and the mover holds the
/// opponent's points `s−1 … s−6`, those six points in the mover's numbering.
pub fn wall_to_open(position: &FevgaPosition) -> Option<[u8; 6]> {
    let flipped = position.flipped();
    let mut occupied = (1..=24u8).filter(|&q| flipped.own_at(q) > 0);
    let s = occupied.next()?;
    if occupied.next().is_some() || s < 7 {
        return None;
    }
    let mut wall = [0u8; 6];
    for (i, q) in (s - 6..s).rev().enumerate() {
        if flipped.opp_at(q) == 0 {
            return None;
        }
        wall[i] = other_numbering(q);
    }
    Some(wall)
}

/// Whether the side on roll in `position` has at least one legal single
/// step for some die 1–6 (the test of F9 `unblock_if_frozen`).
pub fn has_any_step(position: &FevgaPosition, rules: &FevgaRules, every_step: bool) -> bool {
    (1..=24u8).any(|from| {
        position.own_at(from) > 0
            && (1..=6u8).any(|pips| {
                check_move(position, rules, from, pips).is_ok_and(|to| {
                    if !every_step {
                        return true;
                    }
                    let mut after = *position;
                    after.move_checker(from, to);
                    position_allowed(&after, rules).is_ok()
                })
            })
    })
}
