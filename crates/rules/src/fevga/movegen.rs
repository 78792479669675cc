//! Legal Fevga plays (F5–F9 with R10–R11): every distinct resulting
//! position once, each with one sequence of steps that reaches it.
//!
//! The results are those of a depth-first search over single steps that
//! plays the numbers in dice order and the source points from 1 up, and
//! keeps the first line to each position, after the rules that judge
//! whole plays, in the specification's order:
//! 1. under `fevga.quarter_check = end_of_play`, only lines whose final
//!    position obeys F8 (and `ahead_required`) are plays at all;
//! 2. R10: the most numbers, then the higher die of a non-double;
//! 3. the unblocking duty of F9 among the plays R10 allows (it lapses when
//!    none meets it);
//! 4. R11: one play per resulting position.
//!
//! The searches (`two_dice.rs`, `doubles.rs`) build only the first line
//! to each position, so most calls need no table of positions; the
//! [`Collector`] applies 1 and 2 as lines arrive. Steps 3 and 4 commute
//! (both judge positions only), so the duty filters the plays at the end.
//!
//! `tests/rules/fevga_reference.rs` checks it against a brute-force
//! generator that tries every order of every step.

use super::collect::Collector;
use super::doubles::{may_repeat, search_double};
use super::play::{FevgaPlay, FevgaPlayList};
use super::position::FevgaPosition;
use super::stamp_set::StampSet;
use super::step::{has_any_step, wall_to_open};
use super::switches::{FevgaRules, PrimeRule, QuarterCheck};
use super::turn::Turn;
use super::two_dice::search_two_dice;
use crate::dice::Dice;

/// Generates Fevga plays, reusing its buffers between calls.
#[derive(Default)]
pub struct FevgaMoveGenerator {
    /// The positions given a play, as the mover's checker counts, when a
    /// double's search can reach a position twice (`doubles.rs`).
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
        let (a, b) = (dice.0.pips(), dice.1.pips());
        let (turn, root) = Turn::new(rules, position, (a, b));
        let most = if a == b {
            let kept = may_repeat(&turn).then_some(&mut self.kept);
            let mut collector = Collector::new(&turn, &mut out.plays, kept);
            search_double(&turn, a, root, &mut collector);
            collector.most()
        } else {
            let mut collector = Collector::new(&turn, &mut out.plays, None);
            search_two_dice(&turn, root, (a, b), &mut collector);
            collector.most()
        };
        out.numbers_used = most;
        unblocking_duty(rules, position, turn.opp_held.count_ones(), &mut out.plays);
    }
}

/// The unblocking duty (F9) among the plays R10 allows: when some play
/// meets it, only those are legal.
fn unblocking_duty(
    rules: &FevgaRules,
    position: &FevgaPosition,
    opp_points: u32,
    plays: &mut Vec<FevgaPlay>,
) {
    let every_step = rules.quarter_check == QuarterCheck::EveryStep;
    match rules.prime_rule {
        PrimeRule::Unblock => {
            // A wall needs the opponent on one point: most positions are
            // told apart by its mask without flipping.
            if let Some(wall) = (opp_points == 1).then(|| wall_to_open(position)).flatten() {
                let opens = |p: &FevgaPlay| wall.iter().any(|&w| p.position.own_at(w) == 0);
                if plays.iter().any(opens) {
                    plays.retain(opens);
                }
            }
        }
        PrimeRule::UnblockIfFrozen => {
            if !has_any_step(&position.flipped(), rules, every_step) {
                let frees = |p: &FevgaPlay| has_any_step(&p.position.flipped(), rules, every_step);
                if plays.iter().any(frees) {
                    plays.retain(frees);
                }
            }
        }
        PrimeRule::AheadRequired | PrimeRule::None => {}
    }
}
