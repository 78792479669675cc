//! One Fevga turn as the move generator's searches see it: the rules and
//! the opponent's checkers turned into bit masks once, and the mover's
//! side of each position as a [`Node`] of masks and packed counts.
//!
//! Why it is shaped so (it is the hot loop of every Fevga search):
//! - The opponent's checkers never move during a turn, so the mover's
//!   checker counts, a nibble a point in a `u128`, are all a search
//!   carries; a [`FevgaPosition`] is made only for a play kept
//!   ([`Turn::position`]), since writing a position's bytes on every step
//!   and reading it back whole stalls the processor.
//! - The single step (F5, F7, F10, F11) is [`Turn::movable`]: the sources
//!   of one number as one mask, from a few shifts and tests, not a test
//!   per point. It is `check_move` of [`super::step`] on masks.
//! - What cannot happen this turn is not tested on any step: a release
//!   (F7) already earned cannot be lost, and a starting quarter (F8) that
//!   the mover's checkers cannot fill with the numbers rolled is never
//!   closed (so most turns test no position at all).

use super::position::{CHECKERS, FevgaPosition};
use super::step::position_allowed;
use super::switches::{FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release};

/// The bit of point `p` (1–24) in a point mask.
#[inline]
pub(crate) const fn bit(p: u8) -> u32 {
    1 << (p - 1)
}

/// Points 1–`last` as a mask (0 for `last` = 0).
#[inline]
pub(crate) const fn up_to(last: u8) -> u32 {
    (1 << last) - 1
}

/// Points `low..low + 6` as a mask.
const fn six_from(low: u8) -> u32 {
    0x3f << (low - 1)
}

/// The mask of the home board, points 1–6 (F10).
const HOME: u32 = up_to(6);

/// The mover's side of a position of the search (the opponent's is the
/// turn's).
#[derive(Clone, Copy)]
pub(crate) struct Node {
    /// Bit `p-1`: the mover holds its point `p`.
    pub held: u32,
    /// The mover's checkers on point `p` in bits `4(p-1)..4p` (at most 15).
    pub counts: u128,
    /// The mover's checkers borne off.
    pub off: u8,
}

impl Node {
    /// The mover's checkers on its point `p`.
    #[inline]
    pub(crate) fn own_at(&self, p: u8) -> u8 {
        ((self.counts >> (4 * (p - 1))) & 0xf) as u8
    }

    /// The node after a checker moved `pips` from `from`, which the
    /// caller has checked: to `from - pips`, or off.
    #[inline]
    pub(crate) fn step(&self, from: u8, pips: u8) -> Node {
        let (from, pips) = (usize::from(from) & 31, usize::from(pips) & 7);
        let counts = self.counts.wrapping_add(STEP[pips][from]);
        let left = if counts & NIBBLE[from] == 0 {
            1 << (from - 1)
        } else {
            0
        };
        Node {
            held: (self.held & !left) | LANDING[pips][from],
            counts,
            off: self.off + u8::from(from <= pips),
        }
    }
}

/// `NIBBLE[p]`: the bits of point `p`'s count in [`Node::counts`].
const NIBBLE: [u128; 32] = {
    let mut table = [0; 32];
    let mut p = 1;
    while p <= 24 {
        table[p] = 0xf << (4 * (p - 1));
        p += 1;
    }
    table
};

/// `STEP[n][p]`: what a step of `n` from point `p` adds to
/// [`Node::counts`] (wrapping): one checker less on `p`, one more where it
/// lands. A table, so a step is one add, not four shifts of 128 bits.
const STEP: [[u128; 32]; 8] = {
    let mut table = [[0u128; 32]; 8];
    let mut n = 1;
    while n <= 6 {
        let mut p = 1;
        while p <= 24 {
            let mut change = 0u128.wrapping_sub(1 << (4 * (p - 1)));
            if p > n {
                change = change.wrapping_add(1 << (4 * (p - n - 1)));
            }
            table[n][p] = change;
            p += 1;
        }
        n += 1;
    }
    table
};

/// `LANDING[n][p]`: the bit of the point a step of `n` from `p` lands on
/// (0 when it bears off).
const LANDING: [[u32; 32]; 8] = {
    let mut table = [[0u32; 32]; 8];
    let mut n = 1;
    while n <= 6 {
        let mut p = n + 1;
        while p <= 24 {
            table[n][p] = 1 << (p - n - 1);
            p += 1;
        }
        n += 1;
    }
    table
};

/// A turn: the rules as masks and the opponent's side of every position.
pub(crate) struct Turn<'a> {
    rules: &'a FevgaRules,
    /// The opponent's points (constant during the turn).
    pub opp_held: u32,
    /// The mover may be held by the runner rule (F7): not released at the
    /// start of the turn. Once released, always released.
    runner_rule: bool,
    /// Points a checker on which releases the mover (F7).
    releasing: u32,
    /// The starting quarters (F8) the mover could close this turn: at
    /// most two; 0 for none.
    closable: [u32; 2],
    /// `ahead_required` (F9), a rule on positions tested by building one.
    ahead_required: bool,
    /// Each step's position is tested (F8 `every_step`) and a test can fail.
    pub check_each_step: bool,
    /// Each play's final position is tested (`end_of_play`) and a test can
    /// fail.
    pub check_final: bool,
    /// The opponent's checkers of points 8i+1..8i+8 in word i, a byte
    /// each: the position's own bytes (negative counts), 0 where it has none.
    opponent: [u64; 3],
    opp_off: u8,
}

/// The mover's checkers and the opponent's bytes of a position, a word of
/// eight points at a time: `(node, opponent words, opponent's points)`.
fn split(position: &FevgaPosition) -> (Node, [u64; 3], u32) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let board = position.board_bytes();
    let (mut held, mut counts, mut opp_held) = (0u32, 0u128, 0u32);
    let mut opponent = [0u64; 3];
    // Bit 8k of a word of 0/1 bytes gathered into bit k.
    let gather = |flags: u64| (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    for (i, chunk) in board.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let negative = (word >> 7) & LOW;
        let theirs = word & negative.wrapping_mul(0xff);
        let mine = word ^ theirs;
        // A count is at most 15, so adding 0x7f carries into no other byte.
        let occupied = ((mine + 0x7f * LOW) >> 7) & LOW;
        let mut packed = mine;
        packed = (packed | packed >> 4) & 0x00ff_00ff_00ff_00ff;
        packed = (packed | packed >> 8) & 0x0000_ffff_0000_ffff;
        packed = (packed | packed >> 16) & 0xffff_ffff;
        held |= gather(occupied) << (8 * i);
        opp_held |= gather(negative) << (8 * i);
        counts |= u128::from(packed) << (32 * i);
        opponent[i] = theirs;
    }
    let node = Node {
        held,
        counts,
        off: position.own_off(),
    };
    (node, opponent, opp_held)
}

impl<'a> Turn<'a> {
    /// The turn of `dice` (pips) from `position` under `rules`, and the
    /// mover's side of `position`.
    pub(crate) fn new(
        rules: &'a FevgaRules,
        position: &FevgaPosition,
        dice: (u8, u8),
    ) -> (Turn<'a>, Node) {
        let (root, opponent, opp_held) = split(position);
        let releasing = match rules.release {
            Release::PastStart => up_to(11),
            Release::ReachQuarter => up_to(12),
        };
        let quarters = match rules.quarter_rule {
            QuarterRule::Own => [six_from(19), 0],
            QuarterRule::Opponent => [six_from(7), 0],
            QuarterRule::Both => [six_from(19), six_from(7)],
            QuarterRule::None => [0, 0],
        };
        // Where the mover can stand during the turn: where it stands, and
        // where its checkers could land with one, two (or, in a double,
        // up to four) numbers, never on the opponent's points.
        let (a, b) = dice;
        let reach = if a == b {
            (0..=4).fold(0, |r, n| r | root.held >> (n * a))
        } else {
            root.held | root.held >> a | root.held >> b | root.held >> (a + b)
        } & !opp_held;
        let closable = quarters.map(|q| if q != 0 && reach & q == q { q } else { 0 });
        let ahead_required = rules.prime_rule == PrimeRule::AheadRequired;
        let testable = closable != [0, 0] || ahead_required;
        let every_step = rules.quarter_check == QuarterCheck::EveryStep;
        let turn = Turn {
            rules,
            opp_held,
            runner_rule: root.off == 0 && root.held & releasing == 0,
            releasing,
            closable,
            ahead_required,
            check_each_step: every_step && testable,
            check_final: !every_step && testable,
            opponent,
            opp_off: position.opp_off(),
        };
        (turn, root)
    }

    /// The points of `node` a checker may leave with `pips` under F5, F7,
    /// F10 and F11 (the position it reaches not yet judged).
    #[inline(always)]
    pub(crate) fn movable(&self, node: &Node, pips: u8) -> u32 {
        let held = node.held;
        // Within the board: above the number, the landing not the
        // opponent's (F5).
        let mut sources = held & !up_to(pips) & !(self.opp_held << pips);
        // F7: the runner first, unless all 15 still stand on the 24-point.
        if self.runner_rule
            && node.off == 0
            && held & self.releasing == 0
            && node.own_at(24) < CHECKERS
        {
            sources &= !bit(24);
        }
        // F10, F11: off when all are home, with the exact number or from
        // the highest point with a larger one.
        if held & !HOME == 0 && held != 0 {
            let highest = 32 - held.leading_zeros() as u8;
            let exact = held & bit(pips);
            let larger = if highest < pips { bit(highest) } else { 0 };
            sources |= exact | larger;
        }
        sources
    }

    /// [`Turn::movable`] less the steps whose position the rules forbid
    /// when every step is tested (F8 `every_step`).
    #[inline(always)]
    pub(crate) fn legal(&self, node: &Node, pips: u8) -> u32 {
        let sources = self.movable(node, pips);
        if self.check_each_step {
            self.allowed_steps(node, pips, sources)
        } else {
            sources
        }
    }

    /// The `sources` whose step of `pips` from `node` reaches a position
    /// the rules allow. Out of line: few turns can refuse a step.
    #[inline(never)]
    fn allowed_steps(&self, node: &Node, pips: u8, sources: u32) -> u32 {
        if self.ahead_required {
            return self.allowed_steps_each(node, pips, sources);
        }
        // F8 on masks: a step closes a quarter only by landing on its one
        // point still open, from a point it does not empty of the quarter.
        let mut allowed = sources;
        for quarter in self.closable {
            let open = quarter & !node.held;
            if open == 0 && quarter != 0 {
                // Closed already (only a turn's start can be).
                return self.allowed_steps_each(node, pips, sources);
            }
            let from = open.trailing_zeros() as u8 + 1 + pips;
            if open.is_power_of_two() && from <= 24 {
                let empties = quarter & bit(from) != 0 && node.own_at(from) == 1;
                if !empties {
                    allowed &= !bit(from);
                }
            }
        }
        allowed
    }

    /// [`Turn::allowed_steps`] by building each step's node and testing it.
    fn allowed_steps_each(&self, node: &Node, pips: u8, sources: u32) -> u32 {
        let (mut rest, mut allowed) = (sources, 0);
        while rest != 0 {
            let from = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            if self.allowed(&node.step(from, pips)) {
                allowed |= bit(from);
            }
        }
        allowed
    }

    /// Whether the rules allow the mover to stand on `node`: no starting
    /// quarter closed (F8), no prime with none ahead under
    /// `ahead_required` (F9): `position_allowed` on the masks.
    #[inline]
    pub(crate) fn allowed(&self, node: &Node) -> bool {
        let closed = self.closable.iter().any(|&q| q != 0 && node.held & q == q);
        !closed
            && (!self.ahead_required || position_allowed(&self.position(node), self.rules).is_ok())
    }

    /// The position of `node` with the opponent's checkers: eight points a
    /// word, each nibble spread to its byte beside the opponent's (they
    /// share no point), so it is written a word at a time.
    #[inline]
    pub(crate) fn position(&self, node: &Node) -> FevgaPosition {
        let spread = |nibbles: u32| {
            let mut x = u64::from(nibbles);
            x = (x | x << 16) & 0x0000_ffff_0000_ffff;
            x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
            (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f
        };
        let mut board = [0u8; 24];
        for (i, chunk) in board.chunks_exact_mut(8).enumerate() {
            let word = spread((node.counts >> (32 * i)) as u32) | self.opponent[i];
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        FevgaPosition::from_board_bytes(board, node.off, self.opp_off)
    }
}
