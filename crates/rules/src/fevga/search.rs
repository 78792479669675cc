//! The depth-first search over single Fevga steps behind the move
//! generator (`movegen.rs`): every line a roll reaches, in the order the
//! generator's results are defined by (numbers in dice order, source
//! points from 1 up, each state first reached by the line recorded).
//!
//! Why it is shaped so (it is the hot loop of every Fevga search):
//! - The opponent's checkers never move during a turn, so the mover's
//!   checker counts, a nibble a point in a `u128`, identify a position of
//!   the search; with the numbers left they are the key of the visited
//!   set ([`StampSet`]), hashed in two multiplies instead of hashing the
//!   whole position.
//!   Nodes and lines hold only those counts: a [`FevgaPosition`] is made
//!   for the lines that need one ([`Line::position`]), since updating its
//!   bytes and copying it whole on every step stalls the processor.
//! - The points each side holds are kept as bit masks, so the single step
//!   (F5, F7, F10, F11) and the quarter rule (F8) are a few bit tests;
//!   they are [`super::step`]'s `check_move` and `position_allowed` in
//!   that form (the rare `ahead_required` still calls the latter).
//! - Only states with steps still to play are remembered: a state with no
//!   numbers left has no line below it, and a second line to it is
//!   dropped by the generator's one-play-per-position rule (R11), which
//!   keeps the first line as the visited set would have. In a non-double
//!   no two lines reach one state with a number left (one step of one die
//!   from different points never gives one position), so only doubles
//!   need the set.

use super::position::{CHECKERS, FevgaPosition};
use super::stamp_set::StampSet;
use super::step::position_allowed;
use super::steps::FevgaSteps;
use super::switches::{FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release};

/// A line the search reached: where it ends and how.
#[derive(Clone, Copy)]
pub(crate) struct Line {
    /// The mover's checker counts ([`Node::counts`]): with the opponent's
    /// unmoved checkers, the position.
    pub counts: u128,
    /// The mover's checkers borne off.
    pub off: u8,
    /// The steps that reach it.
    pub steps: FevgaSteps,
}

impl Line {
    /// The mover's checkers on its point `p`.
    #[inline]
    pub(crate) fn own_at(&self, p: u8) -> u8 {
        ((self.counts >> (4 * (p - 1))) & 0xf) as u8
    }
}

/// The opponent's side of every position of one search (it does not move
/// during the turn), ready to be joined to the mover's counts.
#[derive(Clone, Copy)]
pub(crate) struct Root {
    /// Points 8i+1..8i+8 in word i, a byte each: the opponent's counts,
    /// negated (two's complement), 0 where it has none.
    opponent: [u64; 3],
    opp_off: u8,
    /// Bit `p-1`: the opponent holds the mover's point `p`.
    held: u32,
}

impl Root {
    fn of(position: &FevgaPosition) -> Root {
        let (mut opponent, mut held) = ([0u64; 3], 0u32);
        for p in 1..=24u8 {
            let n = position.opp_at(p);
            if n > 0 {
                held |= 1 << (p - 1);
                let byte = u64::from((-(n as i8)) as u8);
                opponent[usize::from(p - 1) / 8] |= byte << (8 * ((p - 1) % 8));
            }
        }
        Root {
            opponent,
            opp_off: position.opp_off(),
            held,
        }
    }

    /// The position `line` ends in.
    #[inline]
    pub(crate) fn position(&self, line: &Line) -> FevgaPosition {
        self.join(line.counts, line.off)
    }

    /// The position of the mover's `counts` and `own_off` with the
    /// opponent's checkers: eight points a word, each nibble spread to its
    /// byte beside the opponent's (they share no point), so the position
    /// is written a word at a time rather than a byte at a time.
    #[inline]
    fn join(&self, counts: u128, own_off: u8) -> FevgaPosition {
        let spread = |nibbles: u32| {
            let mut x = u64::from(nibbles);
            x = (x | x << 16) & 0x0000_ffff_0000_ffff;
            x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
            (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f
        };
        let mut board = [0i8; 24];
        for (i, chunk) in board.chunks_exact_mut(8).enumerate() {
            let word = spread((counts >> (32 * i)) as u32) | self.opponent[i];
            for (slot, byte) in chunk.iter_mut().zip(word.to_le_bytes()) {
                *slot = byte as i8;
            }
        }
        FevgaPosition::from_board(board, own_off, self.opp_off)
    }
}

/// A position of the search with what the steps from it need: the
/// mover's side only (the opponent's is the root's).
#[derive(Clone, Copy)]
struct Node {
    /// Bit `p-1`: the mover holds its point `p`.
    held: u32,
    /// The mover's checkers on point `p` in bits `4(p-1)..4p` (at most 15).
    counts: u128,
    /// The mover's checkers borne off.
    off: u8,
}

impl Node {
    fn of(position: &FevgaPosition) -> Node {
        let (mut held, mut counts) = (0u32, 0u128);
        for p in 1..=24u8 {
            let n = position.own_at(p);
            if n > 0 {
                held |= 1 << (p - 1);
                counts |= u128::from(n) << (4 * (p - 1));
            }
        }
        Node {
            held,
            counts,
            off: position.own_off(),
        }
    }

    /// The mover's checkers on its point `p`.
    #[inline]
    fn own_at(&self, p: u8) -> u8 {
        ((self.counts >> (4 * (p - 1))) & 0xf) as u8
    }

    /// The node after one checker moved from `from` to `to` (`None`: off).
    #[inline]
    fn moved(&self, from: u8, to: Option<u8>) -> Node {
        let mut next = *self;
        next.counts -= 1 << (4 * (from - 1));
        if next.own_at(from) == 0 {
            next.held &= !(1 << (from - 1));
        }
        match to {
            Some(to) => {
                next.counts += 1 << (4 * (to - 1));
                next.held |= 1 << (to - 1);
            }
            None => next.off += 1,
        }
        next
    }
}

/// Points `low..low + 6` as a mask.
const fn six_from(low: u8) -> u32 {
    0x3f << (low - 1)
}

/// Points 1–`last` as a mask.
const fn up_to(last: u8) -> u32 {
    (1 << last) - 1
}

/// The mask of the home board, points 1–6 (F10).
const HOME: u32 = up_to(6);

/// The numbers still to play: a non-double's two dice as a bit each, or a
/// double's count.
#[derive(Clone, Copy)]
pub(crate) struct Left {
    code: u8,
}

impl Left {
    /// All the numbers of a roll.
    pub(crate) fn all(double: bool) -> Left {
        Left {
            code: if double { 4 } else { 0b11 },
        }
    }
}

/// One call's search: the rules as masks, the dice, and the buffers it
/// fills.
pub(crate) struct Search<'a> {
    rules: &'a FevgaRules,
    every_step: bool,
    dice: (u8, u8),
    double: bool,
    /// The opponent's points (the opponent does not move during the turn).
    opp_held: u32,
    /// Points a checker on which releases the mover (F7).
    releasing: u32,
    /// The six points the quarter rule forbids the mover to hold at once
    /// (F8): one mask, or two under `both`.
    quarters: [Option<u32>; 2],
    /// Where the search starts: the opponent's checkers of every node.
    root: Root,
    /// Every line reached, in order; under `every_step`, only those with
    /// as many steps as the longest line before them (R10 keeps only the
    /// longest; `end_of_play` judges the others first).
    pub lines: &'a mut Vec<Line>,
    /// The most steps of a line so far.
    most: usize,
    /// The states with numbers left already searched (doubles).
    visited: &'a mut StampSet,
}

impl<'a> Search<'a> {
    /// The search of `dice` from `position` under `rules`, filling
    /// `lines` and using `visited` (both cleared by the caller).
    pub(crate) fn new(
        rules: &'a FevgaRules,
        position: &FevgaPosition,
        dice: (u8, u8),
        lines: &'a mut Vec<Line>,
        visited: &'a mut StampSet,
    ) -> Search<'a> {
        let root = Root::of(position);
        let (own, opponent) = (Some(six_from(19)), Some(six_from(7)));
        Search {
            rules,
            every_step: rules.quarter_check == QuarterCheck::EveryStep,
            dice,
            double: dice.0 == dice.1,
            opp_held: root.held,
            releasing: match rules.release {
                Release::PastStart => up_to(11),
                Release::ReachQuarter => up_to(12),
            },
            quarters: match rules.quarter_rule {
                QuarterRule::Own => [own, None],
                QuarterRule::Opponent => [opponent, None],
                QuarterRule::Both => [own, opponent],
                QuarterRule::None => [None, None],
            },
            root,
            most: 0,
            lines,
            visited,
        }
    }

    /// How many points the opponent holds.
    pub(crate) fn opponent_points(&self) -> u32 {
        self.opp_held.count_ones()
    }

    /// Searches every line from `position` (the one the search was made
    /// for); returns the opponent's side, to make the lines' positions.
    pub(crate) fn run(&mut self, position: &FevgaPosition) -> Root {
        let left = Left::all(self.double);
        self.explore(Node::of(position), FevgaSteps::NONE, left);
        self.root
    }

    /// Where a checker of `node` on `from` lands with `pips` (`Some(None)`:
    /// off), or `None` when F5, F7, F10 or F11 forbid the step: the checks
    /// of `check_move` on the masks.
    #[inline]
    fn landing(&self, node: &Node, from: u8, pips: u8) -> Option<Option<u8>> {
        if from == 24
            && node.own_at(24) < CHECKERS
            && node.off == 0
            && node.held & self.releasing == 0
        {
            return None;
        }
        if from > pips {
            let to = from - pips;
            return (self.opp_held & 1 << (to - 1) == 0).then_some(Some(to));
        }
        let all_home = node.held & !HOME == 0;
        // A higher die only from the highest point (F11).
        let higher = node.held & HOME & !up_to(from);
        (all_home && (from == pips || higher == 0)).then_some(None)
    }

    /// Whether the position of `node`, just reached, is one the rules
    /// allow (`position_allowed` on the masks).
    #[inline]
    fn allowed(&self, node: &Node) -> bool {
        let closed = self
            .quarters
            .iter()
            .flatten()
            .any(|&six| node.held & six == six);
        if closed {
            return false;
        }
        self.rules.prime_rule != PrimeRule::AheadRequired
            || position_allowed(&self.root.join(node.counts, node.off), self.rules).is_ok()
    }

    /// Keeps the line ending in `node`: under `every_step`, only if it has
    /// as many steps as the longest so far.
    #[inline]
    fn record(&mut self, node: &Node, steps: FevgaSteps) {
        if !self.every_step || steps.len() >= self.most {
            self.most = self.most.max(steps.len());
            self.lines.push(Line {
                counts: node.counts,
                off: node.off,
                steps,
            });
        }
    }

    /// Records the line ending in `node`, which has numbers `left` to
    /// play, and extends it by every legal step of one of them. A line
    /// that has used every number is recorded where it is found, without
    /// a call of its own (most lines are such).
    fn explore(&mut self, node: Node, steps: FevgaSteps, left: Left) {
        debug_assert!(left.code != 0);
        if self.double
            && !self
                .visited
                .insert(node.counts | u128::from(left.code) << 96)
        {
            return;
        }
        self.record(&node, steps);
        let numbers: [(u8, Left); 2] = if self.double {
            let rest = Left {
                code: left.code - 1,
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
        for (pips, rest) in numbers {
            if pips == 0 {
                continue;
            }
            // The source points in increasing order, as the results'
            // order is defined.
            let mut sources = node.held;
            while sources != 0 {
                let from = sources.trailing_zeros() as u8 + 1;
                sources &= sources - 1;
                let Some(to) = self.landing(&node, from, pips) else {
                    continue;
                };
                let after = node.moved(from, to);
                if self.every_step && !self.allowed(&after) {
                    continue;
                }
                if rest.code == 0 {
                    self.record(&after, steps.pushed(from, pips));
                } else {
                    self.explore(after, steps.pushed(from, pips), rest);
                }
            }
        }
    }
}
