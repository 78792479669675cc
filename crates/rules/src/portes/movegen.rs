//! Legal Portes plays (P6–P10 with R10–R11): every distinct resulting
//! position once, each with one sequence of steps that reaches it.
//!
//! A depth-first search over single steps, making and unmaking each step
//! on one position (no position is copied a node) and keeping an additive
//! hash of it up to date, so a line's end is looked up in a stamped
//! open-addressing table by that hash and copied into the list only when
//! it is new. Two facts keep the search small:
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

use super::position::{PortesPosition, Source, Step};
use crate::dice::Dice;
use crate::point::Die;

/// The steps of one play in playing order: at most four (a double).
///
/// Packed in one integer — step `i` in byte `i` (source number 1–25 in the
/// low 5 bits, the die above), the count in byte 4 — so the search builds
/// it in a register: a byte array stored a byte at a time and then read
/// whole stalls the read.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PortesSteps {
    bits: u64,
}

impl PortesSteps {
    /// No steps: the play of a side that cannot move.
    pub const NONE: PortesSteps = PortesSteps { bits: 0 };

    /// Appends the step of `pips` from the source numbered `source`
    /// (1–24, 25 the bar), already known to be valid numbers.
    #[inline]
    fn push_raw(&mut self, source: u8, pips: u8) {
        let len = self.len();
        debug_assert!(len < 4);
        let byte = u64::from(source | pips << 5);
        self.bits = (self.bits | byte << (8 * len)) + (1 << 32);
    }

    /// The source number and pips of the first step (zeros when empty).
    #[inline]
    fn first_raw(&self) -> (u8, u8) {
        let b = self.bits as u8;
        (b & 31, b >> 5)
    }

    /// Number of steps (numbers used).
    pub fn len(&self) -> usize {
        (self.bits >> 32) as usize
    }

    /// Whether nothing was played.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The steps in playing order.
    pub fn iter(&self) -> impl Iterator<Item = Step> + '_ {
        (0..self.len()).map(|i| {
            let b = (self.bits >> (8 * i)) as u8;
            Step {
                from: Source::from_number(b & 31).expect("packed from a source"),
                die: Die::new(b >> 5).expect("packed from a die"),
            }
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
pub struct PortesMoveGenerator {
    /// The position searched, changed step by step and restored.
    position: PortesPosition,
    /// The opponent's blocks in this call: bit `p - 1` for the mover's
    /// point `p`.
    blocked: u32,
    /// The mover's points before the play, and whether it had a checker
    /// on the bar.
    root_own: u32,
    root_on_bar: bool,
    /// The opponent's blots before the play.
    root_blots: u32,
    /// Whether the search plays a non-double's numbers in the second
    /// order (see [`PortesMoveGenerator::emit_leaf`]).
    second_order: bool,
    seen: SeenTable,
}

impl Default for PortesMoveGenerator {
    fn default() -> Self {
        PortesMoveGenerator {
            position: PortesPosition::start(),
            blocked: 0,
            root_own: 0,
            root_on_bar: false,
            root_blots: 0,
            second_order: false,
            seen: SeenTable::default(),
        }
    }
}

impl PortesMoveGenerator {
    /// Fills `out` with the legal plays of `dice` in `position`.
    pub fn generate(&mut self, position: &PortesPosition, dice: Dice, out: &mut PortesPlayList) {
        out.plays.clear();
        out.numbers_used = 0;
        self.seen.clear();
        self.position = *position;
        // The opponent's blocks (2 or more checkers) cannot change within
        // a turn: the mover's steps only ever hit blots.
        self.blocked = point_mask(position.board(), |c| c <= -2);
        let root = Node {
            max_source: 25,
            steps: PortesSteps::NONE,
            hash: position.additive_hash(),
            own: point_mask(position.board(), |c| c > 0),
        };
        self.root_own = root.own;
        self.root_on_bar = position.own_bar() > 0;
        self.root_blots = point_mask(position.board(), |c| c == -1);
        self.second_order = false;
        let (a, b) = (dice.0, dice.1);
        if a == b {
            self.search(&[a; 4], root, out);
        } else {
            self.search(&[a, b], root, out);
            self.second_order = true;
            self.search(&[b, a], root, out);
            self.second_order = false;
            if out.numbers_used == 1 {
                // Only one number can be played: the higher if it can be (R10).
                let (high, low) = if a > b { (a, b) } else { (b, a) };
                out.plays.clear();
                self.seen.clear();
                self.search(&[high], root, out);
                if out.plays.is_empty() {
                    self.search(&[low], root, out);
                }
            }
        }
        debug_assert_eq!(self.position, *position, "every step was taken back");
        if out.plays.is_empty() {
            out.plays.push(PortesPlay {
                position: *position,
                steps: PortesSteps::NONE,
            });
        }
    }

    /// Plays `numbers[0]` in every legal way from the node's position,
    /// recursing on the rest; records each line that can go no further.
    ///
    /// The legality test is [`PortesPosition::check_step`] over bit masks:
    /// the mover's points, the opponent's blocks shifted by the die, and
    /// the reordering bound. This is the hot loop.
    fn search(&mut self, numbers: &[Die], node: Node, out: &mut PortesPlayList) {
        let Some((&die, rest)) = numbers.split_first() else {
            self.record(node, out);
            return;
        };
        let doubles_bound = rest.first() == Some(&die);
        let pips = die.pips();
        let mut moved = false;
        if self.position.own_bar() > 0 {
            // P6: only a bar checker may move, onto the mover's 25 - die.
            if node.max_source == 25 && self.blocked & 1 << (24 - pips) == 0 {
                moved = true;
                if rest.is_empty() {
                    self.emit_leaf(25, pips, node, out);
                } else {
                    self.step_and_search(25, pips, rest, 25, node, out);
                }
            }
        } else {
            // Sources 1..=max_source holding a checker of the mover.
            let mut sources = node.own & ((1u32 << node.max_source.min(24)) - 1);
            let highest = 32 - node.own.leading_zeros() as u8;
            // A move within the board: the source above the die, the
            // landing not blocked.
            let mut movable = sources & !(self.blocked << pips) & !((1u32 << pips) - 1);
            if (1..=6).contains(&highest) {
                // P8, P9: all home; off with the exact die, or a larger
                // die from the highest point.
                let exact = 1u32 << (pips - 1);
                let off = if highest < pips {
                    1 << (highest - 1)
                } else {
                    exact
                };
                movable |= sources & off;
            }
            sources = movable;
            while sources != 0 {
                let source = 32 - sources.leading_zeros() as u8;
                sources &= !(1 << (source - 1));
                debug_assert!(
                    self.position
                        .check_step(Step {
                            from: Source::from_number(source).expect("1..=24"),
                            die,
                        })
                        .is_ok()
                );
                moved = true;
                if rest.is_empty() {
                    self.emit_leaf(source, pips, node, out);
                } else {
                    let bound = if doubles_bound { source } else { 25 };
                    self.step_and_search(source, pips, rest, bound, node, out);
                }
            }
        }
        if !moved {
            self.record(node, out);
        }
    }

    /// Makes the legal step of `pips` from `source`, searches on with
    /// `rest` from sources at most `bound`, and takes the step back.
    #[inline]
    fn step_and_search(
        &mut self,
        source: u8,
        pips: u8,
        rest: &[Die],
        bound: u8,
        node: Node,
        out: &mut PortesPlayList,
    ) {
        let hit = self.position.make_step(source, pips);
        let mut own = node.own;
        if source <= 24 && self.position.board()[usize::from(source - 1)] == 0 {
            own &= !(1 << (source - 1));
        }
        if source > pips {
            own |= 1 << (source - pips - 1);
        }
        let mut steps = node.steps;
        steps.push_raw(source, pips);
        let child = Node {
            max_source: bound,
            steps,
            hash: node
                .hash
                .wrapping_add(PortesPosition::step_hash_change(source, pips, hit)),
            own,
        };
        debug_assert_eq!(child.hash, self.position.additive_hash());
        debug_assert_eq!(child.own, point_mask(self.position.board(), |c| c > 0));
        self.search(rest, child, out);
        self.position.unmake_step(source, pips, hit);
    }

    /// Whether a line of `len` steps is kept: not shorter than the longest
    /// found so far (which a longer one replaces).
    #[inline]
    fn keeps_line_of(&mut self, len: usize, out: &mut PortesPlayList) -> bool {
        if len == 0 || len < out.numbers_used {
            return false;
        }
        if len > out.numbers_used {
            out.numbers_used = len;
            out.plays.clear();
            self.seen.clear();
        }
        true
    }

    /// Keeps the searched position as a play if its line uses the most
    /// numbers found so far and it is not listed yet.
    fn record(&mut self, node: Node, out: &mut PortesPlayList) {
        if !self.keeps_line_of(node.steps.len(), out) {
            return;
        }
        let position = &self.position;
        if let Err(slot) = self
            .seen
            .probe(node.hash, |i| out.plays[i].position == *position)
        {
            self.seen.claim(slot, node.hash, out.plays.len());
            out.plays.push(PortesPlay {
                position: *position,
                steps: node.steps,
            });
        }
    }

    /// Whether the line `first` then `pips` from `source`, in a
    /// non-double's second order, was already listed by the first order.
    /// Two moves within the board (no bar at the start, no bearing off):
    /// - whose second starts where the mover had a checker before the play
    ///   can be made the other way round, landing the same checkers on the
    ///   same points with the same hits;
    /// - whose second moves on the checker the first moved, through points
    ///   that held no opposing blot either way round, reach the same point
    ///   through the other intermediate point when it is not blocked.
    ///
    /// Other lines are looked up.
    #[inline]
    fn listed_in_first_order(&self, first: PortesSteps, source: u8, pips: u8) -> bool {
        let (first_source, first_pips) = first.first_raw();
        if self.root_on_bar || first_source <= first_pips || source <= pips {
            return false;
        }
        let bit = |point: u8| 1u32 << (point - 1);
        if self.root_own & bit(source) != 0 {
            return true;
        }
        // The same checker on: `source` is where the first move landed.
        let other_way = first_source - pips;
        (self.blocked | self.root_blots) & bit(other_way) == 0 && self.root_blots & bit(source) == 0
    }

    /// The last step of a line, `pips` from `source`: its position is
    /// looked up by hash before it is built, and built only to compare on
    /// a hash match or straight into the list when it is new.
    #[inline]
    fn emit_leaf(&mut self, source: u8, pips: u8, node: Node, out: &mut PortesPlayList) {
        if self.second_order
            && node.steps.len() == 1
            && self.listed_in_first_order(node.steps, source, pips)
        {
            return;
        }
        let mut steps = node.steps;
        steps.push_raw(source, pips);
        if !self.keeps_line_of(steps.len(), out) {
            return;
        }
        let hit = source > pips && self.position.board()[usize::from(source - pips - 1)] == -1;
        let hash = node
            .hash
            .wrapping_add(PortesPosition::step_hash_change(source, pips, hit));
        let position = &self.position;
        let leaf = || {
            let mut leaf = *position;
            leaf.make_step(source, pips);
            leaf
        };
        if let Err(slot) = self.seen.probe(hash, |i| out.plays[i].position == leaf()) {
            self.seen.claim(slot, hash, out.plays.len());
            out.plays.push(PortesPlay {
                position: *position,
                steps,
            });
            let last = out.plays.len() - 1;
            out.plays[last].position.make_step(source, pips);
            debug_assert_eq!(out.plays[last].position.additive_hash(), hash);
        }
    }
}

/// What the search knows of the position it stands on besides the
/// position itself: kept in registers, passed down by value.
#[derive(Clone, Copy)]
struct Node {
    /// The highest source a step may start from (the reordering bound
    /// of doubles; 25 allows the bar).
    max_source: u8,
    /// The steps that led here.
    steps: PortesSteps,
    /// The position's additive hash.
    hash: u64,
    /// The mover's points: bit `p - 1` for point `p`.
    own: u32,
}

/// Bit `p - 1` set for each point `p` whose signed count passes `test`.
fn point_mask(board: &[i8; 24], test: impl Fn(i8) -> bool) -> u32 {
    board
        .iter()
        .enumerate()
        .filter(|&(_, &c)| test(c))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// The plays listed so far, by the additive hash of their positions: an
/// open-addressing table whose slots carry the stamp of the call that
/// filled them, so clearing it is one increment.
struct SeenTable {
    slots: Vec<Slot>,
    stamp: u32,
}

/// One slot: the stamp it was filled under (older: empty), the play's
/// index in the list and its hash.
#[derive(Clone, Copy, Default)]
struct Slot {
    stamp: u32,
    index: u32,
    hash: u64,
}

impl Default for SeenTable {
    fn default() -> Self {
        SeenTable {
            slots: vec![Slot::default(); 256],
            stamp: 1,
        }
    }
}

impl SeenTable {
    /// Forgets every play.
    fn clear(&mut self) {
        if self.stamp == u32::MAX {
            self.slots.fill(Slot::default());
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    /// Looks `hash` up: `Ok` when a listed play of that hash is the same
    /// position (`same` compares the play at an index), else `Err` with
    /// the free slot where it goes.
    #[inline]
    fn probe(&self, hash: u64, mut same: impl FnMut(usize) -> bool) -> Result<(), usize> {
        let mask = self.slots.len() - 1;
        let mut i = slot_of(hash) & mask;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                return Err(i);
            }
            if slot.hash == hash && same(slot.index as usize) {
                return Ok(());
            }
            i = (i + 1) & mask;
        }
    }

    /// Fills the free `slot` (from [`Self::probe`]) for the play about to
    /// be pushed at `index`, growing the table when it is half full.
    #[inline]
    fn claim(&mut self, slot: usize, hash: u64, index: usize) {
        self.slots[slot] = Slot {
            stamp: self.stamp,
            index: u32::try_from(index).expect("fewer than 4 billion plays"),
            hash,
        };
        if (index + 1) * 2 > self.slots.len() {
            self.grow();
        }
    }

    /// Doubles the slots, keeping the current stamp's entries.
    fn grow(&mut self) {
        let doubled = vec![Slot::default(); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|s| s.stamp == self.stamp) {
            let mut i = slot_of(slot.hash) & mask;
            while self.slots[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

/// Where the table starts looking for `hash`: the additive hash's bits
/// mixed, so nearby sums do not crowd one run of slots.
fn slot_of(hash: u64) -> usize {
    ((hash ^ hash >> 32).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize
}
