//! Plays step by step, for a client that animates or builds a play one
//! checker at a time: what each single-die step of a play did (the number
//! used, a pin made or freed), and after some steps already made, which
//! single steps may follow and whether the turn may end there (R10 with
//! its decision on plays that end the game, R12/R13, R20).

use std::collections::HashSet;

use super::explain::{
    IllegalPlay, dice_orders, keep_most_telling, max_numbers, simulate, step_sources,
};
use super::movegen::{Play, ends_game};
use super::notation::ParsedPlay;
use super::numbers::Numbers;
use super::position::{Position, Step, StepList};
use crate::point::{Die, Point};

/// One single-die step and what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepDetail {
    /// The point the checker left.
    pub from: Point,
    /// Where it landed; `None` when it was borne off.
    pub to: Option<Point>,
    /// The number used.
    pub die: Die,
    /// It landed on a lone opposing checker and pinned it (R6).
    pub pins: bool,
    /// It took the mover's last checker off a point where an opposing
    /// checker was pinned under it, which is free again (R7).
    pub frees: bool,
}

impl StepDetail {
    /// The step alone.
    pub fn step(&self) -> Step {
        Step {
            from: self.from,
            die: self.die,
        }
    }
}

/// The steps of `steps` played from `start`, each with what it did.
///
/// The steps are those of a legal play or line (checked when it was made);
/// a step that cannot be made ends the list there.
pub fn step_details(start: &Position, steps: &StepList) -> Vec<StepDetail> {
    let mut position = *start;
    let mut out = Vec::with_capacity(steps.len());
    for step in steps.iter() {
        let Ok(outcome) = position.try_step(step) else {
            break;
        };
        out.push(StepDetail {
            from: step.from,
            to: step.to(),
            die: step.die,
            pins: outcome.pinned,
            frees: outcome.freed,
        });
    }
    out
}

/// Where a partial play stands and how it may go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextSteps {
    /// The steps made, each with what it did.
    pub made: Vec<StepDetail>,
    /// The board after them, the mover still on roll.
    pub position: Position,
    /// The numbers not used yet, in the order they may be played (a pair
    /// with neither used: both, higher first).
    pub numbers_left: Vec<u8>,
    /// Every single step that continues the made steps toward at least one
    /// complete legal play.
    pub next: Vec<StepDetail>,
    /// The made steps already form a complete legal play.
    pub can_end: bool,
}

/// The legal next steps after the steps `made` (written as a play, single
/// steps or a partial play) from `start` with `numbers`, or why the made
/// steps are part of no legal play.
///
/// A line of steps is a legal play when the game ends on it (R14, R16), or
/// it uses M numbers, M being the most any line uses, counting an ending
/// line up to its last step; with M = 1 for a non-double, it must use the
/// higher die when some line does (R10 and its decision). A step is listed
/// in `next` when the made steps plus it can still be completed to such a
/// play.
pub fn next_steps(
    start: &Position,
    numbers: &Numbers,
    made: &ParsedPlay,
) -> Result<NextSteps, IllegalPlay> {
    let rule = Completion::new(start, numbers);
    let mut best_error: Option<(usize, IllegalPlay)> = None;
    let mut not_a_prefix = false;
    for dice in dice_orders(numbers) {
        let (position, steps) = match simulate(start, &dice, &made.moves) {
            Ok(done) => done,
            Err((depth, why)) => {
                keep_most_telling(&mut best_error, depth, why);
                continue;
            }
        };
        let rest = &dice[steps.len()..];
        if !rule.completes(&position, &steps, rest) {
            not_a_prefix = true;
            continue;
        }
        let mut next = Vec::new();
        if !ends_game(&position) && !rest.is_empty() {
            next = legal_next(&rule, &position, &steps, numbers, &dice);
        }
        let numbers_left = match (numbers, steps.len()) {
            (Numbers::Pair(..), 0) => numbers.to_vec(),
            _ => rest.to_vec(),
        };
        return Ok(NextSteps {
            made: step_details(start, &steps),
            position,
            numbers_left,
            next,
            can_end: rule.is_complete(&position, &steps),
        });
    }
    if not_a_prefix {
        return Err(IllegalPlay::NotAPrefix);
    }
    Err(best_error.map_or(IllegalPlay::NotLegal, |(_, why)| why))
}

/// Every legal single step after `steps` (at `position`): for a pair with
/// nothing used yet, steps with either die.
fn legal_next(
    rule: &Completion,
    position: &Position,
    steps: &StepList,
    numbers: &Numbers,
    dice: &[u8],
) -> Vec<StepDetail> {
    let firsts: Vec<u8> = match (numbers, steps.len()) {
        (Numbers::Pair(a, b), 0) => vec![a.pips(), b.pips()],
        _ => vec![dice[steps.len()]],
    };
    let mut out = Vec::new();
    for die in firsts {
        let rest: Vec<u8> = match (numbers, steps.len()) {
            (Numbers::Pair(a, b), 0) => vec![if die == a.pips() { b.pips() } else { a.pips() }],
            _ => dice[steps.len() + 1..].to_vec(),
        };
        for from in step_sources(position, usize::from(die)) {
            let mut after = *position;
            after.apply_step(from, usize::from(die));
            let mut longer = *steps;
            longer.push_raw(from, usize::from(die));
            if rule.completes(&after, &longer, &rest) {
                let mut one = StepList::EMPTY;
                one.push_raw(from, usize::from(die));
                out.extend(step_details(position, &one));
            }
        }
    }
    out
}

/// R10 for lines of steps from one start: M, and the higher-die rule.
struct Completion {
    /// M: the most numbers any line uses.
    most: usize,
    /// The die a one-number play that does not end the game must use (a
    /// pair with M = 1 whose higher die some line uses), or 0.
    required_die: u8,
}

impl Completion {
    fn new(start: &Position, numbers: &Numbers) -> Completion {
        let most = max_numbers(start, numbers);
        let required_die = match numbers {
            Numbers::Pair(hi, _)
                if most == 1 && max_numbers(start, &Numbers::sequence(&[hi.pips()])) == 1 =>
            {
                hi.pips()
            }
            _ => 0,
        };
        Completion { most, required_die }
    }

    /// Whether the line `steps` (at `position`) is a complete legal play.
    fn is_complete(&self, position: &Position, steps: &StepList) -> bool {
        ends_game(position)
            || (steps.len() == self.most
                && (self.required_die == 0 || steps.first_die() == self.required_die))
    }

    /// Whether the line `steps` (at `position`, numbers `rest` still to
    /// play in this order) can be continued to a complete legal play.
    fn completes(&self, position: &Position, steps: &StepList, rest: &[u8]) -> bool {
        let mut visited = HashSet::new();
        self.search(position, steps, rest, &mut visited)
    }

    fn search(
        &self,
        position: &Position,
        steps: &StepList,
        rest: &[u8],
        visited: &mut HashSet<(Position, usize)>,
    ) -> bool {
        if self.is_complete(position, steps) {
            return true;
        }
        if ends_game(position) || steps.len() >= self.most || rest.is_empty() {
            return false;
        }
        if !visited.insert((*position, rest.len())) {
            return false;
        }
        let die = usize::from(rest[0]);
        step_sources(position, die).any(|from| {
            let mut after = *position;
            after.apply_step(from, die);
            let mut longer = *steps;
            longer.push_raw(from, die);
            self.search(&after, &longer, &rest[1..], visited)
        })
    }
}

impl Play {
    /// The steps of this play from `start`, each with what it did.
    pub fn step_details(&self, start: &Position) -> Vec<StepDetail> {
        step_details(start, &self.steps)
    }
}
