//! Legal Fevga plays (F5–F9 with R10–R11): every distinct resulting
//! position once, each with one sequence of steps that reaches it.
//!
//! A depth-first search over single steps (`search.rs`) records every
//! line it reaches (a play may stop early only where R10 allows), pruning
//! a line that reaches a position with the same numbers left as an earlier
//! one. The rules that judge whole plays are then applied in the
//! specification's order:
//! 1. under `fevga.quarter_check = end_of_play`, only lines whose final
//!    position obeys F8 (and `ahead_required`) are plays at all;
//! 2. R10: the most numbers, then the higher die of a non-double;
//! 3. the unblocking duty of F9 among the plays R10 allows (it lapses when
//!    none meets it);
//! 4. R11: one play per resulting position.
//!
//! `tests/rules/fevga_reference.rs` checks it against a brute-force
//! generator that tries every order of every step.

use super::position::FevgaPosition;
use super::search::{Line, Search};
use super::stamp_set::StampSet;
use super::step::{has_any_step, position_allowed, wall_to_open};
use super::steps::FevgaSteps;
use super::switches::{FevgaRules, PrimeRule, QuarterCheck};
use crate::dice::Dice;

/// A legal Fevga play: the position it leads to (still seen from the
/// mover) and one sequence of steps that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FevgaPlay {
    /// The resulting position, from the mover's point of view.
    pub position: FevgaPosition,
    /// The steps in playing order.
    pub steps: FevgaSteps,
}

/// The legal plays of one position and roll.
#[derive(Clone, Debug, Default)]
pub struct FevgaPlayList {
    /// Legal plays in generation order; with nothing playable, the single
    /// play of no steps.
    pub plays: Vec<FevgaPlay>,
    /// The numbers every legal play uses.
    pub numbers_used: usize,
}

/// Generates Fevga plays, reusing its buffers between calls.
#[derive(Default)]
pub struct FevgaMoveGenerator {
    lines: Vec<Line>,
    /// The search's states with numbers left (`search.rs`).
    visited: StampSet,
    /// The positions given a play, as the mover's checker counts.
    kept: StampSet,
}

impl std::fmt::Debug for FevgaMoveGenerator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FevgaMoveGenerator")
    }
}

impl FevgaMoveGenerator {
    /// Fills `out` with the legal plays of `dice` in `position` under `rules`.
    pub fn generate(
        &mut self,
        rules: &FevgaRules,
        position: &FevgaPosition,
        dice: Dice,
        out: &mut FevgaPlayList,
    ) {
        self.lines.clear();
        self.visited.clear();
        self.kept.clear();
        out.plays.clear();
        let (a, b) = (dice.0.pips(), dice.1.pips());
        let every_step = rules.quarter_check == QuarterCheck::EveryStep;
        let mut search = Search::new(rules, position, (a, b), &mut self.lines, &mut self.visited);
        let root = search.run(position);
        let opp_points = search.opponent_points();

        // 1. Plays whose final position is forbidden are no plays (end_of_play).
        if !every_step {
            self.lines.retain(|line| {
                line.steps.is_empty() || position_allowed(&root.position(line), rules).is_ok()
            });
        }
        // 2. R10: the most numbers, then the higher die.
        let most = self.lines.iter().map(|l| l.steps.len()).max().unwrap_or(0);
        self.lines.retain(|l| l.steps.len() == most);
        if most == 1 && a != b {
            let higher = a.max(b);
            let uses_higher = |l: &Line| l.steps.iter().all(|s| s.die.pips() == higher);
            if self.lines.iter().any(uses_higher) {
                self.lines.retain(uses_higher);
            }
        }
        // 3. The unblocking duty (F9), among the plays R10 allows.
        match rules.prime_rule {
            PrimeRule::Unblock => {
                // A wall needs the opponent on one point: most positions
                // are told apart by the search's mask without flipping.
                if let Some(wall) = (opp_points == 1).then(|| wall_to_open(position)).flatten() {
                    let opens = |l: &Line| wall.iter().any(|&p| l.own_at(p) == 0);
                    if self.lines.iter().any(opens) {
                        self.lines.retain(opens);
                    }
                }
            }
            PrimeRule::UnblockIfFrozen => {
                if !has_any_step(&position.flipped(), rules, every_step) {
                    let frees =
                        |l: &Line| has_any_step(&root.position(l).flipped(), rules, every_step);
                    if self.lines.iter().any(frees) {
                        self.lines.retain(frees);
                    }
                }
            }
            PrimeRule::AheadRequired | PrimeRule::None => {}
        }
        // 4. R11: one play per resulting position, the first line to it.
        for line in &self.lines {
            if self.kept.insert(line.counts) {
                out.plays.push(FevgaPlay {
                    position: root.position(line),
                    steps: line.steps,
                });
            }
        }
        out.numbers_used = most;
    }
}
