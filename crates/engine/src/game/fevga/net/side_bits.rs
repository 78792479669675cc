//! Each side's held points as 24-bit masks, in both numberings, so the
//! net's inputs ([`super::inputs::encode`]) are read with a few shifts and
//! bit counts instead of loops over points: the encoding was most of an
//! evaluation's time (more than the net itself).
//!
//! Bit `p − 1` stands for point `p`. A side's point `p` is the other
//! side's `S(p) = p ± 12` (F2), so a mask turns into the other numbering
//! by swapping its two 12-bit halves ([`half_turn`]). Each function here
//! gives what its counterpart in [`crate::game::fevga::shape`] (or
//! `plakoto_rules::fevga`) gives, exactly; the test of `inputs` compares
//! the whole encoding with one written with those.

/// The 24 points.
const BOARD: u32 = (1 << 24) - 1;

/// The points of a mask above the 12-point (13–24).
const UPPER_HALF: u32 = BOARD & !((1 << 12) - 1);

/// A mask in the other side's numbering: the halves swapped.
#[inline]
pub(super) fn half_turn(mask: u32) -> u32 {
    ((mask >> 12) | (mask << 12)) & BOARD
}

/// The points (bits) where `counts` has checkers.
#[inline]
pub(super) fn held_mask(counts: &[u8; 24]) -> u32 {
    counts
        .iter()
        .enumerate()
        .fold(0, |m, (i, &c)| m | (u32::from(c > 0) << i))
}

/// One side's view of the board for its block of inputs.
#[derive(Clone, Copy, Debug)]
pub(super) struct SideBits {
    /// The points the side holds, its numbering.
    pub held: u32,
    /// The points the other side holds, in the side's numbering.
    pub other_held: u32,
    /// The points the other side holds, in the other's numbering.
    pub other_own: u32,
    /// The points the side holds, in the other's numbering.
    pub held_for_other: u32,
}

impl SideBits {
    /// The view of the side holding `held` against the side holding
    /// `other_own`, each mask in its holder's own numbering.
    #[inline]
    pub fn new(held: u32, other_own: u32) -> SideBits {
        SideBits {
            held,
            other_held: half_turn(other_own),
            other_own,
            held_for_other: half_turn(held),
        }
    }

    /// How many of the points `near..=far` pips ahead of the side's point
    /// with index `i` (those on the board) the other side holds:
    /// `shape::held_ahead` (`far ≤ 12`).
    #[inline]
    pub fn held_ahead(&self, i: usize, near: u32, far: u32) -> u8 {
        debug_assert!(near <= far && far <= 12 && i < 24);
        // Sixteen zero bits below the board stand for the points past the
        // 1-point, so the window never shifts by a negative amount.
        let padded = u64::from(self.other_held) << 16;
        let window = (padded >> (i as u32 + 16 - far)) & ((1 << (far - near + 1)) - 1);
        window.count_ones() as u8
    }

    /// Whether the side has a checker on one of its points `1..=last`
    /// (the board half of `plakoto_rules::fevga::is_released`).
    #[inline]
    pub fn holds_up_to(&self, last: u32) -> bool {
        self.held & ((1 << last) - 1) != 0
    }

    /// The length of the longest run of consecutive points the side holds
    /// in front of the other side's farthest-back checker, along the other
    /// side's path: `shape::prime_in_front(side, other).length`.
    #[inline]
    pub fn prime_length(&self) -> u8 {
        if self.other_own == 0 {
            return 0;
        }
        // Index of the farthest-back checker: only the points below it.
        let back = 31 - self.other_own.leading_zeros();
        let mut run = self.held_for_other & ((1 << back) - 1);
        // Each round keeps the bits that start a run one longer.
        let mut length = 0;
        while run != 0 {
            run &= run >> 1;
            length += 1;
        }
        length
    }

    /// Whether the side must open a wall at the start of its turn (F9
    /// `unblock`): every checker of the other side on one point `s ≥ 7`
    /// (its numbering) and the side holding its points `s − 6 … s − 1`,
    /// as `plakoto_rules::fevga::wall_to_open(..).is_some()`.
    #[inline]
    pub fn wall_to_open(&self) -> bool {
        if self.other_own.count_ones() != 1 {
            return false;
        }
        let s = self.other_own.trailing_zeros() + 1;
        s >= 7 && (self.held_for_other >> (s - 7)) & 0x3f == 0x3f
    }
}

/// Whether the two sides, holding `own` and `opp` (each in its own
/// numbering), can never meet again: `fevga_no_contact`.
#[inline]
pub(super) fn no_contact(own: u32, opp: u32) -> bool {
    own != 0 && opp != 0 && (own | opp) & UPPER_HALF == 0
}
