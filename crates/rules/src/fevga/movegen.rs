//! Legal Fevga plays (F5–F9 with R10–R11): every distinct resulting
//! position once, each with one sequence of steps that reaches it.
//!
//! A depth-first search over single steps records every line it reaches
//! (a play may stop early only where R10 allows), pruning a line that
//! reaches a position with the same numbers left as an earlier one. The
//! rules that judge whole plays are then applied in the specification's
//! order:
//! 1. under `fevga.quarter_check = end_of_play`, only lines whose final
//!    position obeys F8 (and `ahead_required`) are plays at all;
//! 2. R10: the most numbers, then the higher die of a non-double;
//! 3. the unblocking duty of F9 among the plays R10 allows (it lapses when
//!    none meets it);
//! 4. R11: one play per resulting position.
//!
//! `tests/rules/fevga_reference.rs` checks it against a brute-force
//! generator that tries every order of every step.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::position::FevgaPosition;
use super::step::{FevgaStep, check_move, has_any_step, position_allowed, wall_to_open};
use super::switches::{FevgaRules, PrimeRule, QuarterCheck};
use crate::dice::Dice;
use crate::point::{Die, Point};

/// The steps of one play in playing order: at most four (a double).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct FevgaSteps {
    /// Step `i`: source point in the low 5 bits, pips above.
    packed: [u8; 4],
    len: u8,
}

impl FevgaSteps {
    /// No steps: the play of a side that cannot move.
    pub const NONE: FevgaSteps = FevgaSteps {
        packed: [0; 4],
        len: 0,
    };

    fn pushed(mut self, from: u8, pips: u8) -> FevgaSteps {
        self.packed[usize::from(self.len)] = from | pips << 5;
        self.len += 1;
        self
    }

    /// Number of steps (numbers used).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether nothing was played.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The steps in playing order.
    pub fn iter(&self) -> impl Iterator<Item = FevgaStep> + '_ {
        self.packed[..self.len()].iter().map(|&b| FevgaStep {
            from: Point::new(b & 31).expect("packed from a point"),
            die: Die::new(b >> 5).expect("packed from a die"),
        })
    }
}

impl std::fmt::Debug for FevgaSteps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|s| (s.from.number(), s.die.pips())))
            .finish()
    }
}

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

/// A cheap hasher for positions (FxHash's multiply-rotate): the default
/// SipHash costs more than the search around it.
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type FastSet<T> = HashSet<T, BuildHasherDefault<FoldHasher>>;

/// A line the search reached: where it ends and how.
#[derive(Clone, Copy)]
struct Line {
    position: FevgaPosition,
    steps: FevgaSteps,
}

/// Generates Fevga plays, reusing its buffers between calls.
#[derive(Default)]
pub struct FevgaMoveGenerator {
    lines: Vec<Line>,
    visited: FastSet<(FevgaPosition, u8)>,
    kept: FastSet<FevgaPosition>,
}

impl std::fmt::Debug for FevgaMoveGenerator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FevgaMoveGenerator")
    }
}

/// The numbers still to play: a non-double's two dice as a bit each, or a
/// double's count.
#[derive(Clone, Copy)]
struct Left {
    code: u8,
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
        let search = Search {
            rules,
            every_step,
            dice: (a, b),
            double: a == b,
        };
        let left = Left {
            code: if a == b { 4 } else { 0b11 },
        };
        search.explore(self, *position, FevgaSteps::NONE, left);

        // 1. Plays whose final position is forbidden are no plays (end_of_play).
        if !every_step {
            self.lines.retain(|line| {
                line.steps.is_empty() || position_allowed(&line.position, rules).is_ok()
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
                if let Some(wall) = wall_to_open(position) {
                    let opens = |l: &Line| wall.iter().any(|&p| l.position.own_at(p) == 0);
                    if self.lines.iter().any(opens) {
                        self.lines.retain(opens);
                    }
                }
            }
            PrimeRule::UnblockIfFrozen => {
                if !has_any_step(&position.flipped(), rules, every_step) {
                    let frees = |l: &Line| has_any_step(&l.position.flipped(), rules, every_step);
                    if self.lines.iter().any(frees) {
                        self.lines.retain(frees);
                    }
                }
            }
            PrimeRule::AheadRequired | PrimeRule::None => {}
        }
        // 4. R11: one play per resulting position.
        for line in &self.lines {
            if self.kept.insert(line.position) {
                out.plays.push(FevgaPlay {
                    position: line.position,
                    steps: line.steps,
                });
            }
        }
        out.numbers_used = most;
    }
}

/// What one call's search needs besides the buffers.
struct Search<'a> {
    rules: &'a FevgaRules,
    every_step: bool,
    dice: (u8, u8),
    double: bool,
}

impl Search<'_> {
    /// Records the line ending in `position` and extends it by every legal
    /// step of a number left.
    fn explore(
        &self,
        generator: &mut FevgaMoveGenerator,
        position: FevgaPosition,
        steps: FevgaSteps,
        left: Left,
    ) {
        if !generator.visited.insert((position, left.code)) {
            return;
        }
        generator.lines.push(Line { position, steps });
        let numbers: [(u8, Left); 2] = if self.double {
            let rest = Left {
                code: left.code.saturating_sub(1),
            };
            [(self.dice.0, rest), (0, rest)]
        } else {
            [
                (
                    if left.code & 1 != 0 { self.dice.0 } else { 0 },
                    Left {
                        code: left.code & !1,
                    },
                ),
                (
                    if left.code & 2 != 0 { self.dice.1 } else { 0 },
                    Left {
                        code: left.code & !2,
                    },
                ),
            ]
        };
        if self.double && left.code == 0 {
            return;
        }
        for (pips, rest) in numbers {
            if pips == 0 {
                continue;
            }
            for from in 1..=24u8 {
                if position.own_at(from) == 0 {
                    continue;
                }
                let Ok(to) = check_move(&position, self.rules, from, pips) else {
                    continue;
                };
                let mut after = position;
                after.move_checker(from, to);
                if self.every_step && position_allowed(&after, self.rules).is_err() {
                    continue;
                }
                self.explore(generator, after, steps.pushed(from, pips), rest);
            }
        }
    }
}
