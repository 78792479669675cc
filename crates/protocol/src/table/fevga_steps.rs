//! `legal steps` in Fevga: after the steps a player has made, the single
//! steps that still lead to a legal play, or, for steps that cannot be
//! made or lead to none, why — in Fevga's own terms (F5 held point, F7
//! runner, F8 starting quarter, F9 wall, F10/F11 bearing off, R10), so a
//! GUI can explain a refused click with the engine's words.
//!
//! The rules core is the judge: every step is checked by
//! [`check_step`], and a line of steps counts as a play only when it ends
//! on the position of one of the turn's legal plays (the generator has
//! applied the rules that judge whole plays: R10, F8 at the end of the
//! play, the F9 duties) after as many numbers as those plays use. This
//! file only searches lines of steps between the two.

use std::collections::HashSet;

use plakoto_rules::fevga::{
    FevgaMove, FevgaPlayList, FevgaPosition, FevgaRules, FevgaStep, PrimeRule, QuarterCheck,
    check_step, fevga_position_id, has_any_step, parse_fevga_notation, wall_to_open,
};
use plakoto_rules::{Dice, Die, Point};

use crate::reply::{ErrorCode, ProtoError, Reply, StepInfo};

/// The reply to `legal steps <made>` in Fevga: `start` the position of
/// the turn (the mover on roll), `dice` its roll, `list` its legal plays.
pub(super) fn legal_steps(
    rules: &FevgaRules,
    start: &FevgaPosition,
    dice: Dice,
    list: &FevgaPlayList,
    made: &str,
) -> Result<Reply, ProtoError> {
    // Nothing made yet: no steps (the notation itself has no empty play).
    let moves = if made.trim().is_empty() {
        Vec::new()
    } else {
        parse_fevga_notation(made).map_err(|e| ProtoError::new(ErrorCode::Syntax, e.to_string()))?
    };
    let movements = movements(&moves);
    let lines = Lines::new(rules, start, dice, list);
    let mut refusal: Option<(usize, Refusal)> = None;
    let mut dead_end = None;
    for order in dice_orders(dice) {
        let (position, used) = match lines.simulate(&order, &movements) {
            Ok(done) => done,
            Err((depth, why)) => {
                keep_most_telling(&mut refusal, depth, why);
                continue;
            }
        };
        let rest = &order[used.len()..];
        if !lines.completes(&position, &used, rest) {
            dead_end = Some((position, used));
            continue;
        }
        let next = lines.next(&position, &used, rest);
        let mut numbers_left = rest.to_vec();
        numbers_left.sort_unstable_by(|a, b| b.cmp(a));
        return Ok(Reply::LegalSteps {
            made: lines.step_infos(&used),
            position_id: fevga_position_id(&position),
            numbers_left,
            next,
            can_end: lines.is_complete(&position, &used),
        });
    }
    let message = match dead_end {
        Some((position, used)) => lines.why_no_play(&position, &used, &order_rest(dice, &used)),
        None => refusal.map_or_else(|| "not a legal play".to_string(), |(_, why)| why.text),
    };
    Err(ProtoError::new(ErrorCode::IllegalMove, message))
}

/// One checker's move between two written landings (`to` 0: off).
type Movement = (u8, u8);

/// A single step made: the point left and the number used.
type Step = (u8, u8);

/// What a search of lines looks for: a line (its end, its steps) that
/// satisfies it.
type Goal<'g> = dyn FnMut(&FevgaPosition, &[Step]) -> bool + 'g;

/// The written paths as single movements, in the order written: `24/18/13`
/// is 24→18 then 18→13; `24/21(2)` twice 24→21.
fn movements(moves: &[FevgaMove]) -> Vec<Movement> {
    let mut out = Vec::new();
    for m in moves {
        for _ in 0..m.count {
            let mut at = m.from.number();
            for landing in &m.landings {
                let to = landing.map_or(0, Point::number);
                out.push((at, to));
                at = to;
            }
        }
    }
    out
}

/// The orders the roll's numbers may be played in: a non-double either
/// way round, a double's four numbers.
fn dice_orders(dice: Dice) -> Vec<Vec<u8>> {
    let (a, b) = (dice.0.pips(), dice.1.pips());
    if a == b {
        vec![vec![a; 4]]
    } else {
        vec![vec![a, b], vec![b, a]]
    }
}

/// The numbers of the roll not among `used`.
fn order_rest(dice: Dice, used: &[Step]) -> Vec<u8> {
    let mut rest = dice_orders(dice).swap_remove(0);
    for (_, die) in used {
        if let Some(i) = rest.iter().position(|n| n == die) {
            rest.remove(i);
        }
    }
    rest
}

/// Why the written steps cannot be made, and how telling that is.
struct Refusal {
    text: String,
    /// A rule refused a step (rather than "the numbers cannot make it").
    rule: bool,
}

/// Keeps, of the refusals met with the numbers in different orders, the one
/// that got furthest through the written movements; at the same depth a
/// rule's refusal says more than "the numbers cannot make it", which the
/// other order may contradict (4-2 cannot make 24/22 played 4 first).
fn keep_most_telling(best: &mut Option<(usize, Refusal)>, depth: usize, why: Refusal) {
    let better = best
        .as_ref()
        .is_none_or(|(d, b)| (depth, why.rule) > (*d, b.rule));
    if better {
        *best = Some((depth, why));
    }
}

/// The lines of steps of one turn and what makes one a legal play.
struct Lines<'a> {
    rules: &'a FevgaRules,
    start: FevgaPosition,
    /// F8 checked after every step (else only a play's final position,
    /// which the legal plays' positions already obey).
    every_step: bool,
    /// The positions the turn's legal plays lead to.
    targets: HashSet<FevgaPosition>,
    /// The numbers every legal play uses (R10).
    most: usize,
    /// The die a one-number play must use (R10: the higher), if any.
    required_die: Option<u8>,
}

impl<'a> Lines<'a> {
    fn new(rules: &'a FevgaRules, start: &FevgaPosition, dice: Dice, list: &FevgaPlayList) -> Self {
        let higher = dice.0.pips().max(dice.1.pips());
        let one_higher = |play: &plakoto_rules::fevga::FevgaPlay| {
            play.steps.iter().all(|s| s.die.pips() == higher)
        };
        let required_die =
            (list.numbers_used == 1 && !dice.is_double() && list.plays.iter().all(one_higher))
                .then_some(higher);
        Lines {
            rules,
            start: *start,
            every_step: rules.quarter_check == QuarterCheck::EveryStep,
            targets: list.plays.iter().map(|p| p.position).collect(),
            most: list.numbers_used,
            required_die,
        }
    }

    /// The step of `die` from `from` at `position`, checked by the rules.
    fn step(&self, position: &FevgaPosition, from: u8, die: u8) -> Result<FevgaPosition, String> {
        let (Some(point), Some(number)) = (Point::new(from), Die::new(die)) else {
            return Err(format!("{from} is not a point"));
        };
        let step = FevgaStep {
            from: point,
            die: number,
        };
        check_step(position, self.rules, step, self.every_step).map_err(|e| {
            let to = step
                .to()
                .map_or_else(|| "off".to_string(), |p| p.to_string());
            format!("{from}/{to}: {e}")
        })
    }

    /// Plays the written movements with the numbers in `order`: the
    /// position reached and the steps made (source, die), or how many
    /// movements were made and why the next cannot be.
    fn simulate(
        &self,
        order: &[u8],
        movements: &[Movement],
    ) -> Result<(FevgaPosition, Vec<Step>), (usize, Refusal)> {
        let mut position = self.start;
        let mut used = Vec::new();
        for (done, &(from, to)) in movements.iter().enumerate() {
            let left = &order[used.len()..];
            let Some(run) = numbers_for_movement(left, from, to) else {
                let what = if to == 0 {
                    format!("bearing off from {from}")
                } else {
                    let pips = i16::from(from) - i16::from(to);
                    format!(
                        "{from}/{to} is {pips} pip{}",
                        if pips == 1 { "" } else { "s" }
                    )
                };
                let text = format!("{what}: the numbers left ({}) cannot make it", words(left));
                return Err((done, Refusal { text, rule: false }));
            };
            let mut at = from;
            for &die in run {
                position = self
                    .step(&position, at, die)
                    .map_err(|text| (done, Refusal { text, rule: true }))?;
                used.push((at, die));
                at = at.saturating_sub(die);
            }
        }
        Ok((position, used))
    }

    /// Whether `used` (the steps made, ending at `position`) is a legal play.
    fn is_complete(&self, position: &FevgaPosition, used: &[Step]) -> bool {
        used.len() == self.most
            && self.targets.contains(position)
            && self
                .required_die
                .is_none_or(|d| used.iter().all(|&(_, die)| die == d))
    }

    /// Whether the steps `used` (at `position`, the numbers `rest` still to
    /// play in any order) can be continued to a legal play.
    fn completes(&self, position: &FevgaPosition, used: &[Step], rest: &[u8]) -> bool {
        let mut seen = HashSet::new();
        self.search(position, used, rest, &mut seen, &mut |p, line| {
            self.is_complete(p, line)
        })
    }

    /// Depth-first over the steps of the numbers `rest` (in any order):
    /// whether some line from `position` (after the steps `used`, at most
    /// as many as a legal play uses) satisfies `done`. A position met
    /// again with the same numbers left is not searched again: the lines
    /// from it are the same.
    fn search(
        &self,
        position: &FevgaPosition,
        used: &[Step],
        rest: &[u8],
        seen: &mut HashSet<(FevgaPosition, Vec<u8>)>,
        done: &mut Goal<'_>,
    ) -> bool {
        if done(position, used) {
            return true;
        }
        if used.len() >= self.most || rest.is_empty() || !seen.insert((*position, rest.to_vec())) {
            return false;
        }
        for die in distinct(rest) {
            let after_rest = without(rest, die);
            for from in 1..=24u8 {
                if position.own_at(from) == 0 {
                    continue;
                }
                let Ok(after) = self.step(position, from, die) else {
                    continue;
                };
                let mut longer = used.to_vec();
                longer.push((from, die));
                if self.search(&after, &longer, &after_rest, seen, done) {
                    return true;
                }
            }
        }
        false
    }

    /// Every single step after `used` (at `position`) that still leads to
    /// a legal play, the higher numbers first.
    fn next(&self, position: &FevgaPosition, used: &[Step], rest: &[u8]) -> Vec<StepInfo> {
        let mut out = Vec::new();
        for die in distinct(rest) {
            let after_rest = without(rest, die);
            for from in (1..=24u8).rev() {
                if position.own_at(from) == 0 {
                    continue;
                }
                let Ok(after) = self.step(position, from, die) else {
                    continue;
                };
                let mut longer = used.to_vec();
                longer.push((from, die));
                if self.completes(&after, &longer, &after_rest) {
                    out.push(step_info(from, die));
                }
            }
        }
        out
    }

    /// The steps made, as replies write them.
    fn step_infos(&self, used: &[Step]) -> Vec<StepInfo> {
        used.iter()
            .map(|&(from, die)| step_info(from, die))
            .collect()
    }

    /// Why steps that can all be made lead to no legal play, naming the
    /// rule that judges the whole play: R10 (the most numbers, the higher
    /// die), F9 (the wall to open, or the opponent to leave a step), F8
    /// at the end of the play.
    fn why_no_play(&self, position: &FevgaPosition, used: &[Step], rest: &[u8]) -> String {
        // Every line of as many steps as a legal play uses, where it ends
        // (the search is told it never succeeds, so it sees them all).
        let mut ends = Vec::new();
        let most = self.most;
        self.search(position, used, rest, &mut HashSet::new(), &mut |p, line| {
            if line.len() == most {
                ends.push(*p);
            }
            false
        });
        if ends.is_empty() {
            return format!(
                "these steps leave numbers unplayed: legal plays use {} numbers (R10: as many as possible)",
                self.most
            );
        }
        if let Some(d) = self.required_die
            && used.iter().any(|&(_, die)| die != d)
        {
            return format!("only one number can be played, so it must be the higher, {d} (R10)");
        }
        match self.rules.prime_rule {
            PrimeRule::Unblock => {
                if let Some(wall) = wall_to_open(&self.start) {
                    let opens = |p: &FevgaPosition| wall.iter().any(|&q| p.own_at(q) == 0);
                    if self.targets.iter().all(opens) && ends.iter().any(|p| !opens(p)) {
                        return format!(
                            "the play must open the wall in front of the opponent: leave one of your points {} empty (F9)",
                            wall.map(|q| q.to_string()).join(", ")
                        );
                    }
                }
            }
            PrimeRule::UnblockIfFrozen => {
                if !has_any_step(&self.start.flipped(), self.rules, self.every_step) {
                    return "the play must leave the opponent a step to make (F9, fevga.prime_rule=unblock_if_frozen)".to_string();
                }
            }
            PrimeRule::AheadRequired | PrimeRule::None => {}
        }
        if !self.every_step {
            return "the play would end holding all six points of a starting quarter (F8)"
                .to_string();
        }
        "these steps are part of no legal play".to_string()
    }
}

/// A step as replies write it (Fevga neither pins nor frees).
fn step_info(from: u8, die: u8) -> StepInfo {
    StepInfo {
        from,
        to: from.saturating_sub(die),
        die,
        pins: false,
        frees: false,
    }
}

/// The first numbers of `dice` (in this order) that carry a checker from
/// `from` exactly to `to`, or, bearing off (`to` 0), the shortest run that
/// reaches or passes 0.
fn numbers_for_movement(dice: &[u8], from: u8, to: u8) -> Option<&[u8]> {
    let distance = from.checked_sub(to).filter(|&d| d > 0)?;
    let mut total = 0u8;
    for (i, &die) in dice.iter().enumerate() {
        total += die;
        if total == distance || (to == 0 && total > distance) {
            return Some(&dice[..=i]);
        }
        if total > distance {
            return None;
        }
    }
    None
}

/// The different numbers of `numbers`, highest first.
fn distinct(numbers: &[u8]) -> Vec<u8> {
    let mut out = numbers.to_vec();
    out.sort_unstable_by(|a, b| b.cmp(a));
    out.dedup();
    out
}

/// `numbers` less one `n`.
fn without(numbers: &[u8], n: u8) -> Vec<u8> {
    let mut out = numbers.to_vec();
    if let Some(i) = out.iter().position(|&m| m == n) {
        out.remove(i);
    }
    out
}

/// Numbers as words: `6 5`, or `none`.
fn words(numbers: &[u8]) -> String {
    if numbers.is_empty() {
        return "none".to_string();
    }
    numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
