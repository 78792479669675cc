//! Legal Portes plays (P6–P10 with R10–R11): every distinct resulting
//! position once, each with one sequence of steps that reaches it.
//!
//! A depth-first search over single steps. Two facts keep it small:
//! - Within a double, landing legality for the mover only improves as it
//!   moves (a hit empties a blot, its own checkers never block it), and
//!   bearing off only becomes possible as checkers come home; so any
//!   sequence of equal steps can be reordered by non-increasing source
//!   point (the bar first) and the search only tries those orders.
//! - The maximum-usage rule (R10 as P7 applies it: no exception for a play
//!   that ends the game) keeps only the deepest lines; the higher-die rule
//!   is applied by generating single steps again for the higher die.
//!
//! `tests/rules/portes.rs` checks the generator against a brute-force one
//! that tries every order of every step.

use std::collections::HashSet;

use rustc_hash::FxBuildHasher;

use super::position::{PortesPosition, Source, Step};
use crate::dice::Dice;
use crate::point::Die;

/// The steps of one play in playing order: at most four (a double).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PortesSteps {
    len: u8,
    /// Source number (1–25) in the low 5 bits, the die above.
    packed: [u8; 4],
}

impl PortesSteps {
    /// No steps: the play of a side that cannot move.
    pub const NONE: PortesSteps = PortesSteps {
        len: 0,
        packed: [0; 4],
    };

    /// Appends the step of `pips` from the source numbered `source`
    /// (1–24, 25 the bar), already known to be valid numbers.
    fn push_raw(&mut self, source: u8, pips: u8) {
        self.packed[usize::from(self.len)] = source | pips << 5;
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len -= 1;
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
    pub fn iter(&self) -> impl Iterator<Item = Step> + '_ {
        self.packed[..self.len()].iter().map(|&b| Step {
            from: Source::from_number(b & 31).expect("packed from a source"),
            die: Die::new(b >> 5).expect("packed from a die"),
        })
    }
}

impl std::fmt::Debug for PortesSteps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|s| (s.from.number(), s.die.pips())))
            .finish()
    }
}

/// A legal Portes play: the position it leads to (still seen from the
/// mover) and one sequence of steps that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PortesPlay {
    /// The resulting position, from the mover's point of view.
    pub position: PortesPosition,
    /// The steps in playing order.
    pub steps: PortesSteps,
}

/// The legal plays of one position and roll.
#[derive(Clone, Debug, Default)]
pub struct PortesPlayList {
    /// Legal plays in generation order; with nothing playable, the single
    /// play of no steps.
    pub plays: Vec<PortesPlay>,
    /// The most numbers any line uses; every legal play uses exactly this many.
    pub numbers_used: usize,
}

/// Generates Portes plays, reusing its buffers between calls.
#[derive(Default)]
pub struct PortesMoveGenerator {
    seen: HashSet<PortesPosition, FxBuildHasher>,
}

impl PortesMoveGenerator {
    /// Fills `out` with the legal plays of `dice` in `position`.
    pub fn generate(&mut self, position: &PortesPosition, dice: Dice, out: &mut PortesPlayList) {
        out.plays.clear();
        out.numbers_used = 0;
        self.seen.clear();
        let (a, b) = (dice.0, dice.1);
        if a == b {
            let numbers = [a; 4];
            self.search(position, &numbers, 25, PortesSteps::NONE, out);
        } else {
            self.search(position, &[a, b], 25, PortesSteps::NONE, out);
            self.search(position, &[b, a], 25, PortesSteps::NONE, out);
            if out.numbers_used == 1 {
                // Only one number can be played: the higher if it can be (R10).
                let (high, low) = if a > b { (a, b) } else { (b, a) };
                out.plays.clear();
                self.seen.clear();
                self.search(position, &[high], 25, PortesSteps::NONE, out);
                if out.plays.is_empty() {
                    self.search(position, &[low], 25, PortesSteps::NONE, out);
                }
            }
        }
        if out.plays.is_empty() {
            out.plays.push(PortesPlay {
                position: *position,
                steps: PortesSteps::NONE,
            });
        }
    }

    /// Plays `numbers[0]` in every legal way from sources numbered at most
    /// `max_source` (the reordering bound for doubles), recursing on the
    /// rest; records each line that can go no further.
    ///
    /// The legality test is [`PortesPosition::check_step`] inlined for the
    /// sources that hold a checker: this is the hot loop.
    fn search(
        &mut self,
        position: &PortesPosition,
        numbers: &[Die],
        max_source: u8,
        mut steps: PortesSteps,
        out: &mut PortesPlayList,
    ) {
        let Some((&die, rest)) = numbers.split_first() else {
            self.record(position, steps, out);
            return;
        };
        let doubles_bound = rest.first() == Some(&die);
        let pips = die.pips();
        let board = position.board();
        let mut moved = false;
        if position.own_bar() > 0 {
            // P6: only a bar checker may move, onto the mover's 25 - die.
            if max_source == 25 && board[usize::from(24 - pips)] >= -1 {
                moved = true;
                let next = position.apply_step(Step {
                    from: Source::Bar,
                    die,
                });
                steps.push_raw(25, pips);
                self.search(&next, rest, 25, steps, out);
                steps.pop();
            }
        } else {
            let highest = position.own_highest();
            for source in (1..=max_source.min(highest)).rev() {
                if board[usize::from(source - 1)] <= 0 {
                    continue;
                }
                let open = if source > pips {
                    board[usize::from(source - pips - 1)] >= -1
                } else {
                    // P8, P9: all home, and a larger die only from the highest point.
                    highest <= 6 && (source == pips || source == highest)
                };
                if !open {
                    continue;
                }
                debug_assert!(
                    position
                        .check_step(Step {
                            from: Source::from_number(source).expect("1..=24"),
                            die,
                        })
                        .is_ok()
                );
                moved = true;
                let next = position.apply_point_step(source, pips);
                steps.push_raw(source, pips);
                let bound = if doubles_bound { source } else { 25 };
                self.search(&next, rest, bound, steps, out);
                steps.pop();
            }
        }
        if !moved {
            self.record(position, steps, out);
        }
    }

    fn record(&mut self, position: &PortesPosition, steps: PortesSteps, out: &mut PortesPlayList) {
        if steps.is_empty() || steps.len() < out.numbers_used {
            return;
        }
        if steps.len() > out.numbers_used {
            out.numbers_used = steps.len();
            out.plays.clear();
            self.seen.clear();
        }
        if self.seen.insert(*position) {
            out.plays.push(PortesPlay {
                position: *position,
                steps,
            });
        }
    }
}
