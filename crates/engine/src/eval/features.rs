//! The neural evaluator's inputs: a fixed, sparse description of a Plakoto
//! position from the side on roll, and the outcome mask (which of the nine
//! outcomes are still possible).
//!
//! Both sides are described the same way, each in its own numbering (R2):
//! first the side on roll, then the opponent. Per side:
//!
//! - **per point** (24 × 5): free checkers on top with thresholds
//!   (≥1, ≥2, ≥3, and (n−3)/4 beyond three) and whether a checker of this
//!   side is pinned there (R4, R7);
//! - **globals** ([`GLOBALS`]): borne off, pip count, checkers outside
//!   home, the right to bear off (R12), checkers on the starting point and
//!   whether the mother stands alone there (R15), the opponent's rolls
//!   that pin that mother, pins suffered and held, exposed blots and the
//!   opponent's rolls that pin one of them, the longest prime, points made
//!   in the home board, and whether the game is a pure race; then the rolls
//!   that carry the rearmost checker past the opponent's points ahead of it
//!   (escapes), the checkers still in contact, the pins held by a lone
//!   pinner (moving it frees the pinned checker), and the checkers stuck
//!   behind an opposing prime of four or more points.
//!
//! Most inputs are zero, so they are produced as a sparse list and the
//! first layer adds one weight row per non-zero input.
//!
//! Changing anything here changes [`FEATURE_SET`], which weight files
//! record: old weights are then refused instead of silently misread.

use plakoto_rules::Position;

/// Inputs per point of one side.
pub const PER_POINT: usize = 5;
/// Global inputs of one side.
pub const GLOBALS: usize = 18;
/// Inputs describing one side.
pub const PER_SIDE: usize = 24 * PER_POINT + GLOBALS;
/// All inputs.
pub const INPUTS: usize = 2 * PER_SIDE;
/// Number of outcomes the net predicts (the fields of
/// [`super::Probabilities`], in declaration order).
pub const OUTCOMES: usize = 9;

/// The largest count each global input of a side can have in any legal
/// position (all counts are at least 0). The integer first layer bounds
/// its sums with these ([`GLOBAL_MAX`], [`crate::eval::net::quantized`])
/// and tables its inputs by them, so an encoder change that raises a
/// maximum must raise it here; a test checks them on random games. Counts
/// of checkers, pins, blots, held points and lone pinners are bounded by a
/// side's 15 checkers, the pip count by 15 × 24, rolls by 36, points in
/// the home board by 6.
pub const GLOBAL_MAX_COUNT: [u16; GLOBALS] = [
    15, 360, 15, 1, 15, 1, 36, 15, 15, 15, 15, 6, 1, 36, 36, 15, 15, 15,
];

/// The largest value each global input of a side can take:
/// [`GLOBAL_MAX_COUNT`] over [`GLOBAL_DIVISOR`].
pub const GLOBAL_MAX: [f32; GLOBALS] = {
    let mut max = [0.0; GLOBALS];
    let mut k = 0;
    while k < GLOBALS {
        max[k] = global_value(k, GLOBAL_MAX_COUNT[k]);
        k += 1;
    }
    max
};

/// What each global input's count is divided by (1 for the flags): the
/// value of global `k` is its count over `GLOBAL_DIVISOR[k]` (borne off
/// and other checker counts over 15, the pip count over 160, rolls over
/// 36, pins over 4, points and blots over 6).
pub const GLOBAL_DIVISOR: [f32; GLOBALS] = [
    15.0, 160.0, 15.0, 1.0, 15.0, 1.0, 36.0, 4.0, 4.0, 6.0, 6.0, 6.0, 1.0, 36.0, 36.0, 15.0, 4.0,
    15.0,
];

/// The value of global input `k` of count `count` ([`GLOBAL_DIVISOR`]).
#[inline]
pub const fn global_value(k: usize, count: u16) -> f32 {
    count as f32 / GLOBAL_DIVISOR[k]
}

/// Whether input `index` is a flag: 1 whenever it is not 0 (the ≥1, ≥2,
/// ≥3 and pin inputs of a point; bearing off allowed, lone mother, race).
/// The others take fractions. A test checks it on random games.
pub const fn is_flag(index: usize) -> bool {
    let local = index % PER_SIDE;
    if local < 24 * PER_POINT {
        local % PER_POINT != 3
    } else {
        matches!(local - 24 * PER_POINT, 3 | 5 | 12)
    }
}

/// The [`PER_POINT`] inputs of one point of a side with `free` of its
/// checkers on top there and, if `pinned`, one of its checkers pinned
/// there: the thresholds ≥1, ≥2, ≥3, the excess (n−3)/4, and the pin.
/// [`encode`] writes these values ([`point_inputs_of`]); this form is for
/// bounding the first layer over every point content.
pub const fn point_inputs(free: u8, pinned: bool) -> [f32; PER_POINT] {
    [
        (free >= 1) as u8 as f32,
        (free >= 2) as u8 as f32,
        (free >= 3) as u8 as f32,
        free.saturating_sub(3) as f32 / 4.0,
        pinned as u8 as f32,
    ]
}

/// Identity of this feature layout, stored in weight files. Bump the text
/// whenever the meaning of any input changes.
pub const FEATURE_SET: &str = "plakoto-features-v3: 24x(1,2,3,(n-3)/4,pinned) + 18 globals (shots as rolls/36; escapes, contact, lone pinners, trapped), own then opponent";

/// Outcome indices, the order of [`super::Probabilities`]' fields.
pub mod outcome {
    /// Win single.
    pub const WIN_SINGLE: usize = 0;
    /// Win double.
    pub const WIN_DOUBLE: usize = 1;
    /// Win triple (Tzannes).
    pub const WIN_TRIPLE: usize = 2;
    /// Win by mother.
    pub const WIN_MOTHER: usize = 3;
    /// Lose single.
    pub const LOSE_SINGLE: usize = 4;
    /// Lose double.
    pub const LOSE_DOUBLE: usize = 5;
    /// Lose triple (Tzannes).
    pub const LOSE_TRIPLE: usize = 6;
    /// Lose by mother.
    pub const LOSE_MOTHER: usize = 7;
    /// Draw.
    pub const DRAW: usize = 8;
}

/// Plakoto's sparse input vector: the non-zero inputs, in increasing
/// index order.
pub type SparseInputs = crate::eval::game_net::SparseInputs<INPUTS>;

/// One side's checkers in its own numbering, as counts and bit masks
/// (index and bit `p-1` for point `p`): the features are mostly masks
/// operations, which is what makes encoding cheap.
struct SideView {
    /// Free (top) checkers of this side.
    free: [u8; 24],
    /// At least one free checker of this side here.
    one: u32,
    /// At least two free checkers of this side here.
    two: u32,
    /// A checker of this side is pinned here.
    pinned: u32,
    /// This side holds one of the other's checkers pinned here.
    holds: u32,
    off: u8,
}

impl SideView {
    #[inline(always)]
    fn from_free(free: [u8; 24], pinned: u32, holds: u32, off: u8) -> SideView {
        let (one, two) = at_least_one_and_two(&free);
        SideView {
            free,
            one,
            two,
            pinned,
            holds,
            off,
        }
    }

    #[inline(always)]
    fn own(p: &Position) -> SideView {
        let b = p.raw_board();
        let mut free = [0u8; 24];
        for (f, &v) in free.iter_mut().zip(b) {
            *f = v.max(0) as u8;
        }
        SideView::from_free(free, p.own_pinned_mask(), p.opp_pinned_mask(), p.own_off())
    }

    #[inline(always)]
    fn opponent(p: &Position) -> SideView {
        let b = p.raw_board();
        let mut unturned = [0u8; 24];
        for (f, &v) in unturned.iter_mut().zip(b) {
            *f = v.min(0).unsigned_abs();
        }
        // In the opponent's numbering: the 24 bytes reversed, as three
        // byte-swapped words in reverse order.
        let word = |w: usize| u64::from_le_bytes(unturned[w * 8..][..8].try_into().expect("8"));
        let mut free = [0u8; 24];
        for (w, chunk) in free.chunks_exact_mut(8).enumerate() {
            chunk.copy_from_slice(&word(2 - w).swap_bytes().to_le_bytes());
        }
        SideView::from_free(
            free,
            reverse24(p.opp_pinned_mask()),
            reverse24(p.own_pinned_mask()),
            p.opp_off(),
        )
    }

    /// Pip count: free checkers plus pinned ones.
    #[inline(always)]
    fn pips(&self) -> u32 {
        let free: u32 = (0..24)
            .map(|i| u32::from(self.free[i]) * (i as u32 + 1))
            .sum();
        let mut pinned = 0;
        let mut m = self.pinned;
        while m != 0 {
            pinned += m.trailing_zeros() + 1;
            m &= m - 1;
        }
        free + pinned
    }

    /// Points this side holds: two or more on top, or one on top of a
    /// pinned opposing checker (the opponent cannot land there, R5).
    #[inline(always)]
    fn held_points(&self) -> u32 {
        self.two | (self.one & self.holds)
    }

    /// Single free checkers not sitting on a pinned opposing checker.
    #[inline(always)]
    fn blots(&self) -> u32 {
        self.one & !self.two & !self.holds
    }
}

/// Bit `i`: `free[i] >= 1`, and bit `i`: `free[i] >= 2`, with SSE2's byte
/// compares and `pmovmskb` (part of every x86-64 processor) instead of 48
/// compare-and-shift steps.
#[inline(always)]
fn at_least_one_and_two(free: &[u8; 24]) -> (u32, u32) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        let mut padded = [0u8; 32];
        padded[..24].copy_from_slice(free);
        // SAFETY: SSE2 is part of every x86-64 processor, and `padded`
        // holds 32 bytes: two unaligned 16-byte loads.
        unsafe {
            let low = _mm_loadu_si128(padded.as_ptr().cast());
            let high = _mm_loadu_si128(padded.as_ptr().add(16).cast());
            let mask = |v: __m128i| _mm_movemask_epi8(v) as u32 & 0xffff;
            let zero = _mm_setzero_si128();
            let zeros = mask(_mm_cmpeq_epi8(low, zero)) | mask(_mm_cmpeq_epi8(high, zero)) << 16;
            // Saturating `n - 1` is 0 for 0 and 1.
            let one = _mm_set1_epi8(1);
            let below_two = mask(_mm_cmpeq_epi8(_mm_subs_epu8(low, one), zero))
                | mask(_mm_cmpeq_epi8(_mm_subs_epu8(high, one), zero)) << 16;
            (!zeros & 0xff_ffff, !below_two & 0xff_ffff)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (mut one, mut two) = (0u32, 0u32);
        for (i, &n) in free.iter().enumerate() {
            one |= u32::from(n >= 1) << i;
            two |= u32::from(n >= 2) << i;
        }
        (one, two)
    }
}

#[inline(always)]
fn reverse24(mask: u32) -> u32 {
    mask.reverse_bits() >> 8
}

/// Mask of points 7–24 (indices 6–23): outside the home board.
const OUTSIDE_HOME: u32 = 0xff_ffc0;

/// Whether no checker of either side can ever reach the other again: every
/// own checker is below every opposing checker (own numbering) and nothing
/// is pinned.
pub fn is_race(p: &Position) -> bool {
    if p.own_pinned_mask() != 0 || p.opp_pinned_mask() != 0 {
        return false;
    }
    let (mut own, mut opp) = (0u32, 0u32);
    for (i, &v) in p.raw_board().iter().enumerate() {
        own |= u32::from(v > 0) << i;
        opp |= u32::from(v < 0) << i;
    }
    own == 0 || opp == 0 || 31 - own.leading_zeros() < opp.trailing_zeros()
}

/// A point's content as one small code: its free checkers of one side
/// (0–15) plus [`PINNED_CODE`] when a checker of that side is pinned there.
/// Its [`PER_POINT`] inputs follow from it alone ([`point_inputs_of`]).
pub type PointCode = u8;

/// Added to a [`PointCode`] when the side has a checker pinned there.
pub const PINNED_CODE: PointCode = 16;

/// Number of distinct [`PointCode`]s.
pub const POINT_CODES: usize = 32;

/// The inputs of a position in two parts: what is on each point, and the
/// globals. [`encode`] writes them as the net's sparse input list; the
/// integer net reads them directly, to find what changed between two
/// positions point by point instead of input by input.
#[derive(Clone, Debug, Default)]
pub struct InputParts {
    /// Per side (the side on roll first), per point index in that side's
    /// numbering: the point's [`PointCode`].
    pub points: [[PointCode; 24]; 2],
    /// Per side, the counts of the [`GLOBALS`] global inputs: input `k`
    /// is `globals[side][k] / GLOBAL_DIVISOR[k]`.
    pub globals: [[u16; GLOBALS]; 2],
}

/// The [`PER_POINT`] inputs of a point of content `code`
/// ([`point_inputs`] of its free checkers and pin).
#[inline]
pub fn point_inputs_of(code: PointCode) -> [f32; PER_POINT] {
    POINT_INPUTS[usize::from(code)]
}

/// [`point_inputs`] of every [`PointCode`].
static POINT_INPUTS: [[f32; PER_POINT]; POINT_CODES] = {
    let mut table = [[0.0; PER_POINT]; POINT_CODES];
    let mut code = 0;
    while code < POINT_CODES {
        let free = (code % PINNED_CODE as usize) as u8;
        table[code] = point_inputs(free, code >= PINNED_CODE as usize);
        code += 1;
    }
    table
};

/// Writes the inputs of `p` (side on roll first) into `out`.
pub fn encode(p: &Position, out: &mut SparseInputs) {
    let mut parts = InputParts::default();
    encode_parts(p, &mut parts);
    out.clear();
    for (side, (points, globals)) in parts.points.iter().zip(&parts.globals).enumerate() {
        let base = side * PER_SIDE;
        for (i, &code) in points.iter().enumerate() {
            if code != 0 {
                for (k, v) in point_inputs_of(code).into_iter().enumerate() {
                    out.push(base + i * PER_POINT + k, v);
                }
            }
        }
        for (k, &count) in globals.iter().enumerate() {
            out.push(base + 24 * PER_POINT + k, global_value(k, count));
        }
    }
}

/// Writes the inputs of `p` (side on roll first) into `out`, as point
/// contents and globals.
pub fn encode_parts(p: &Position, out: &mut InputParts) {
    encode_parts_inline(p, out)
}

/// [`encode_parts`], always inlined, with everything it calls: so that
/// the integer net's evaluation compiled for an instruction set (with the
/// bit instructions POPCNT, LZCNT, BMI1 and BMI2 that every processor with
/// AVX2 has) compiles all of it with them; the encoder counts and
/// reverses bit masks throughout, which the baseline x86-64 processor
/// emulates in a dozen instructions each.
#[inline(always)]
pub(crate) fn encode_parts_inline(p: &Position, out: &mut InputParts) {
    let own = SideView::own(p);
    let opp = SideView::opponent(p);
    // Both sides' free checkers in the own numbering: the race test of
    // [`is_race`] from the masks already built.
    let race = own.pinned == 0
        && opp.pinned == 0
        && (own.one == 0 || opp.one == 0 || 31 - own.one.leading_zeros() < 23 - highest(opp.one));
    let [own_points, opp_points] = &mut out.points;
    own.point_codes(own_points);
    opp.point_codes(opp_points);
    let [own_globals, opp_globals] = &mut out.globals;
    global_counts(&own, &opp, race, own_globals);
    global_counts(&opp, &own, race, opp_globals);
}

/// Whether this processor has the bit instructions the integer net's
/// evaluations for AVX2 and AVX-512 are compiled with (POPCNT, LZCNT,
/// BMI1, BMI2).
#[cfg(target_arch = "x86_64")]
pub fn has_bit_instructions() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
}

/// Index of the highest set bit of a non-zero mask.
#[inline(always)]
fn highest(mask: u32) -> u32 {
    31 - mask.leading_zeros()
}

impl SideView {
    /// Each point's [`PointCode`].
    #[inline(always)]
    fn point_codes(&self, out: &mut [PointCode; 24]) {
        for (i, (code, &free)) in out.iter_mut().zip(&self.free).enumerate() {
            *code = free | (((self.pinned >> i) as u8 & 1) * PINNED_CODE);
        }
    }
}

/// The [`GLOBALS`] counts of side `s` (its opponent: `other`): global
/// input `k` is `out[k] / GLOBAL_DIVISOR[k]`.
#[inline(always)]
fn global_counts(s: &SideView, other: &SideView, race: bool, out: &mut [u16; GLOBALS]) {
    let total_outside: u32 = s.free[6..].iter().map(|&n| u32::from(n)).sum::<u32>()
        + (s.pinned & OUTSIDE_HOME).count_ones();
    let mother_alone = s.free[23] == 1 && s.holds >> 23 & 1 == 0;
    let mother_shots = if mother_alone {
        hitting_rolls(other_reach(other, 23))
    } else {
        0
    };
    let blots = s.blots();
    let held = s.held_points();
    // Distances from the other side's free checkers to this side's blots
    // below its 24-point (the mother is input 6).
    let mut reach = 0u32;
    let mut below_mother = blots & !(1 << 23);
    while below_mother != 0 {
        let i = below_mother.trailing_zeros() as usize;
        below_mother &= below_mother - 1;
        reach |= other_reach(other, i);
    }
    // Points `other` holds, in this side's numbering.
    let blocks = reverse24(other.held_points());
    let others = reverse24(other.one | other.pinned);
    let contact = if others == 0 {
        0
    } else {
        checkers_above(s, others.trailing_zeros())
    };
    let trapped = lowest_prime_top(blocks).map_or(0, |top| checkers_above(s, top));
    let counts: [u32; GLOBALS] = [
        u32::from(s.off),
        s.pips(),
        total_outside,
        u32::from(total_outside == 0 && s.pinned == 0),
        u32::from(s.free[23]),
        u32::from(mother_alone),
        mother_shots,
        s.pinned.count_ones(),
        s.holds.count_ones(),
        (blots & OUTSIDE_HOME).count_ones(),
        longest_run(held),
        (held & 0x3f).count_ones(),
        u32::from(race),
        hitting_rolls(reach),
        escape_rolls(s, blocks),
        contact,
        (s.holds & s.one & !s.two).count_ones(),
        trapped,
    ];
    for (o, c) in out.iter_mut().zip(counts) {
        *o = c as u16;
    }
}

/// This side's checkers (free and pinned) above its point index `i`.
#[inline(always)]
fn checkers_above(s: &SideView, i: u32) -> u32 {
    let i = i as usize;
    let free: u32 = s.free[i + 1..].iter().map(|&n| u32::from(n)).sum();
    free + (s.pinned >> (i + 1)).count_ones()
}

/// The index of the fourth point of the lowest run of four or more
/// consecutive set bits of `blocks`.
#[inline(always)]
fn lowest_prime_top(blocks: u32) -> Option<u32> {
    let fours = blocks & blocks >> 1 & blocks >> 2 & blocks >> 3;
    (fours != 0).then(|| fours.trailing_zeros() + 3)
}

/// Rolls out of 36 that carry this side's rearmost free checker below
/// every point in `blocks` (held by the other side, this side's numbering)
/// within 12 pips ahead of it, landing only on open points; 36 when no
/// such point is in its way, 0 when the side has no free checker.
#[inline(always)]
fn escape_rolls(s: &SideView, blocks: u32) -> u32 {
    if s.one == 0 {
        return 0;
    }
    escape_count(highest(s.one), blocks)
}

/// [`escape_rolls`] of a rearmost free checker at point index `r`, as bit
/// masks over the distances `k` (1–24 pips) ahead of it: it is computed
/// for both sides of every evaluated position, so the 15 non-double rolls
/// are looked up in a table ([`NON_DOUBLE_ESCAPES`]) and the six doubles
/// computed without branches.
///
/// The dice are played one after another: a step stops the checker when
/// it lands on a point in `blocks`, and escapes it when it lands below the
/// lowest point of `blocks` within 12 pips ahead (or past the board); a
/// roll escapes when one order of its dice does (four steps for a double).
#[inline(always)]
fn escape_count(r: u32, blocks: u32) -> u32 {
    let below = blocks & ((1u32 << r) - 1);
    let ahead = below & !((1u32 << r.saturating_sub(12)) - 1);
    if ahead == 0 {
        return 36;
    }
    // Pips from the checker to the farthest block within 12 (1–12).
    let reach = r - ahead.trailing_zeros();
    // Bit k: the point k pips ahead is held (never past the board: `below`
    // has no bit at or above r, so nothing lands beyond bit r).
    let held = below.reverse_bits() >> (31 - r);
    let open = !held;
    let non_doubles = match NON_DOUBLE_ESCAPES.get(reach as usize - 1) {
        Some(table) => u32::from(table[(open >> 1 & 0x7ff) as usize]),
        None => 0,
    };
    non_doubles + double_escapes(open, reach)
}

/// Pips the farthest block can be from the checker and still be passed by
/// a non-double (6 + 5).
const NON_DOUBLE_REACH: usize = 11 - 1;

/// For the farthest block `reach` pips ahead (index `reach - 1`, up to
/// [`NON_DOUBLE_REACH`]) and the open points 1–11 pips ahead (bit `k - 1`):
/// the non-double rolls out of 36 that escape ([`non_double_escapes`]).
// Built by the compiler: 20,480 entries take it a few seconds.
#[allow(long_running_const_eval)]
static NON_DOUBLE_ESCAPES: [[u8; 1 << 11]; NON_DOUBLE_REACH] = {
    let mut table = [[0; 1 << 11]; NON_DOUBLE_REACH];
    let mut reach = 1;
    while reach <= NON_DOUBLE_REACH {
        let mut bits = 0;
        while bits < 1 << 11 {
            table[reach - 1][bits] = non_double_escapes((bits as u32) << 1, reach as u32) as u8;
            bits += 1;
        }
        reach += 1;
    }
    table
};

/// The non-double rolls out of 36 that carry the checker past the
/// farthest block, `reach` pips ahead, landing only on points open in
/// `open` (bit k: k pips ahead).
const fn non_double_escapes(open: u32, reach: u32) -> u32 {
    // Bit k: k pips ahead is past the farthest block.
    let past = !((2u32 << reach) - 1);
    let stops_there = open & past;
    let mut n = 0;
    let mut a = 2;
    while a <= 6 {
        let mut b = 1;
        while b < a {
            let first_a = at(open, a) & (at(past, a) | at(stops_there, a + b));
            let first_b = at(open, b) & (at(past, b) | at(stops_there, a + b));
            n += 2 * (first_a | first_b);
            b += 1;
        }
        a += 1;
    }
    n
}

/// The doubles out of 36 that carry the checker past the farthest block,
/// `reach` pips ahead, landing only on open points (up to four steps).
#[inline(always)]
fn double_escapes(open: u32, reach: u32) -> u32 {
    let past = !((2u32 << reach) - 1);
    let stops_there = open & past;
    let mut n = 0;
    for a in 1..=6u32 {
        n += at(open, a)
            & (at(past, a)
                | at(open, 2 * a)
                    & (at(past, 2 * a)
                        | at(open, 3 * a) & (at(past, 3 * a) | at(stops_there, 4 * a))));
    }
    n
}

/// Bit `k` of `mask`.
#[inline(always)]
const fn at(mask: u32, k: u32) -> u32 {
    mask >> k & 1
}

/// Length of the longest run of consecutive set bits.
#[inline(always)]
fn longest_run(mut mask: u32) -> u32 {
    let mut n = 0;
    while mask != 0 {
        mask &= mask << 1;
        n += 1;
    }
    n
}

/// Bit `d`: a free checker of `other` stands `d` pips (1–24) before this
/// side's point index `i`, in its direction of travel. `other`'s point
/// index `j` is this side's index `23 - j`, and it moves towards higher
/// indices of this side, so it is `d = i - (23 - j)` pips away: bit `d` of
/// the result is bit `d + 23 - i` of `other`'s occupied points.
#[inline(always)]
fn other_reach(other: &SideView, i: usize) -> u32 {
    (other.one >> (23 - i)) & !1
}

/// For each of the 21 rolls: the distances it covers with one die, both
/// dice, or up to four of a double (bit `d`), and how many of the 36 rolls
/// it stands for.
const ROLL_REACH: [(u32, u8); 21] = roll_reach();

const fn roll_reach() -> [(u32, u8); 21] {
    let mut table = [(0u32, 0u8); 21];
    let mut k = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = 1;
        while b <= a {
            table[k] = if a == b {
                let mut m = 0u32;
                let mut n = 1;
                while n <= 4 && a * n <= 24 {
                    m |= 1 << (a * n);
                    n += 1;
                }
                (m, 1)
            } else {
                (1 << a | 1 << b | 1 << (a + b), 2)
            };
            k += 1;
            b += 1;
        }
        a += 1;
    }
    table
}

/// Rolls out of 36 that can cover some distance in `reach` (bit `d`) with
/// one die, both dice, or up to four of a double; intermediate points are
/// not checked.
#[inline(always)]
fn hitting_rolls(reach: u32) -> u32 {
    if reach == 0 {
        return 0;
    }
    ROLL_REACH
        .iter()
        .map(|&(m, w)| if reach & m != 0 { u32::from(w) } else { 0 })
        .sum()
}

/// Bit `k` set: outcome `k` (see [`outcome`]) can still happen from `p`,
/// the side on roll's view. Outcomes that can no longer happen are masked
/// out of the net's distribution, exactly:
///
/// - a double needs the loser to have borne off nothing (R17);
/// - a triple needs that and a loser's checker still in its starting
///   quadrant (R18; checkers never move back into it);
/// - a mother win needs the loser's mother still on its starting point
///   (checkers never return there), a draw needs both (R16).
pub fn outcome_mask(p: &Position) -> u16 {
    use outcome::*;
    let b = p.raw_board();
    let own_start = b[23] > 0 || p.own_pinned_mask() >> 23 & 1 == 1;
    let opp_start = b[0] < 0 || p.opp_pinned_mask() & 1 == 1;
    // Own starting quadrant: own points 19..=24 (index 18..24); the
    // opponent's: own points 1..=6.
    let own_in_start_quadrant = b[18..].iter().any(|&v| v > 0) || p.own_pinned_mask() >> 18 != 0;
    let opp_in_start_quadrant = b[..6].iter().any(|&v| v < 0) || p.opp_pinned_mask() & 0x3f != 0;
    let mut m: u16 = 1 << WIN_SINGLE | 1 << LOSE_SINGLE;
    if p.opp_off() == 0 {
        m |= 1 << WIN_DOUBLE;
        if opp_in_start_quadrant {
            m |= 1 << WIN_TRIPLE;
        }
    }
    if p.own_off() == 0 {
        m |= 1 << LOSE_DOUBLE;
        if own_in_start_quadrant {
            m |= 1 << LOSE_TRIPLE;
        }
    }
    if opp_start {
        m |= 1 << WIN_MOTHER;
    }
    if own_start {
        m |= 1 << LOSE_MOTHER;
    }
    if own_start && opp_start {
        m |= 1 << DRAW;
    }
    m
}

/// The first, straightforward encoder (a loop per point and per blot),
/// kept as the specification the mask-based [`encode`] must match exactly.
#[cfg(test)]
mod reference {
    use super::{PER_POINT, PER_SIDE, SparseInputs, reverse24};
    use plakoto_rules::Position;

    /// One side's checkers in its own numbering: index `p-1` for point `p`.
    struct SideView {
        /// Free (top) checkers of this side.
        free: [u8; 24],
        /// A checker of this side is pinned here.
        pinned: u32,
        /// This side holds one of the other's checkers pinned here.
        holds: u32,
        off: u8,
    }

    impl SideView {
        #[inline(always)]
        fn own(p: &Position) -> SideView {
            let b = p.raw_board();
            let mut free = [0u8; 24];
            for (f, &v) in free.iter_mut().zip(b) {
                *f = v.max(0) as u8;
            }
            SideView {
                free,
                pinned: p.own_pinned_mask(),
                holds: p.opp_pinned_mask(),
                off: p.own_off(),
            }
        }

        #[inline(always)]
        fn opponent(p: &Position) -> SideView {
            let b = p.raw_board();
            let mut free = [0u8; 24];
            for (i, f) in free.iter_mut().enumerate() {
                *f = (-b[23 - i]).max(0) as u8;
            }
            SideView {
                free,
                pinned: reverse24(p.opp_pinned_mask()),
                holds: reverse24(p.own_pinned_mask()),
                off: p.opp_off(),
            }
        }

        #[inline]
        fn count(&self, i: usize) -> u32 {
            u32::from(self.free[i]) + (self.pinned >> i & 1)
        }

        #[inline(always)]
        fn pips(&self) -> u32 {
            (0..24).map(|i| self.count(i) * (i as u32 + 1)).sum()
        }

        /// A point this side holds: two or more on top, or one on top of a
        /// pinned opposing checker (the opponent cannot land there, R5).
        #[inline]
        fn holds_point(&self, i: usize) -> bool {
            self.free[i] >= 2 || (self.free[i] == 1 && self.holds >> i & 1 == 1)
        }
    }

    /// Whether no checker of either side can ever reach the other again: every
    /// own checker is below every opposing checker (own numbering) and nothing
    /// is pinned.
    pub(super) fn is_race(p: &Position) -> bool {
        if p.own_pinned_mask() != 0 || p.opp_pinned_mask() != 0 {
            return false;
        }
        let b = p.raw_board();
        let highest_own = (0..24).rev().find(|&i| b[i] > 0);
        let lowest_opp = (0..24).find(|&i| b[i] < 0);
        match (highest_own, lowest_opp) {
            (Some(h), Some(l)) => h < l,
            _ => true,
        }
    }

    /// Writes the inputs of `p` (side on roll first) into `out`.
    pub(super) fn encode(p: &Position, out: &mut SparseInputs) {
        out.clear();
        let race = is_race(p);
        let own = SideView::own(p);
        let opp = SideView::opponent(p);
        encode_side(&own, &opp, race, 0, out);
        encode_side(&opp, &own, race, PER_SIDE, out);
    }

    fn encode_side(
        s: &SideView,
        other: &SideView,
        race: bool,
        base: usize,
        out: &mut SparseInputs,
    ) {
        for i in 0..24 {
            let n = s.free[i];
            let at = base + i * PER_POINT;
            if n >= 1 {
                out.push(at, 1.0);
            }
            if n >= 2 {
                out.push(at + 1, 1.0);
            }
            if n >= 3 {
                out.push(at + 2, 1.0);
            }
            if n > 3 {
                out.push(at + 3, f32::from(n - 3) / 4.0);
            }
            if s.pinned >> i & 1 == 1 {
                out.push(at + 4, 1.0);
            }
        }
        let g = base + 24 * PER_POINT;
        let total_outside: u32 = (6..24).map(|i| s.count(i)).sum();
        out.push(g, f32::from(s.off) / 15.0);
        out.push(g + 1, s.pips() as f32 / 160.0);
        out.push(g + 2, total_outside as f32 / 15.0);
        out.push(g + 3, f32::from(total_outside == 0 && s.pinned == 0));
        out.push(g + 4, f32::from(s.free[23]) / 15.0);
        let mother_alone = s.free[23] == 1 && s.holds >> 23 & 1 == 0;
        out.push(g + 5, f32::from(mother_alone));
        if mother_alone {
            out.push(g + 6, hitting_rolls(other_reach(other, 23)) / 36.0);
        }
        out.push(g + 7, s.pinned.count_ones() as f32 / 4.0);
        out.push(g + 8, s.holds.count_ones() as f32 / 4.0);
        let blots = (6..24)
            .filter(|&i| s.free[i] == 1 && s.holds >> i & 1 == 0)
            .count();
        out.push(g + 9, blots as f32 / 6.0);
        let (mut run, mut best) = (0, 0);
        for i in 0..24 {
            if s.holds_point(i) {
                run += 1;
                best = best.max(run);
            } else {
                run = 0;
            }
        }
        out.push(g + 10, best as f32 / 6.0);
        let home_points = (0..6).filter(|&i| s.holds_point(i)).count();
        out.push(g + 11, home_points as f32 / 6.0);
        out.push(g + 12, f32::from(race));
        // Distances from the other side's free checkers to this side's blots
        // below its 24-point (the mother is input g+6).
        let mut reach = 0u32;
        for i in 0..23 {
            if s.free[i] == 1 && s.holds >> i & 1 == 0 {
                reach |= other_reach(other, i);
            }
        }
        out.push(g + 13, hitting_rolls(reach) / 36.0);
        out.push(g + 14, escape_rolls(s, other) / 36.0);
        out.push(g + 15, contact_checkers(s, other) as f32 / 15.0);
        let lone_pinners = (0..24)
            .filter(|&i| s.holds >> i & 1 == 1 && s.free[i] == 1)
            .count();
        out.push(g + 16, lone_pinners as f32 / 4.0);
        out.push(g + 17, trapped_checkers(s, other) as f32 / 15.0);
    }

    fn blocked_for(other: &SideView, i: usize) -> bool {
        other.holds_point(23 - i)
    }

    #[inline(always)]
    fn escape_rolls(s: &SideView, other: &SideView) -> f32 {
        let Some(r) = (0..24).rev().find(|&i| s.free[i] > 0) else {
            return 0.0;
        };
        let Some(block) = (r.saturating_sub(12)..r)
            .filter(|&i| blocked_for(other, i))
            .min()
        else {
            return 36.0;
        };
        let escapes_with = |dice: &[usize]| -> bool {
            let mut at = r as isize;
            for &d in dice {
                at -= d as isize;
                if at < 0 {
                    return true;
                }
                if blocked_for(other, at as usize) {
                    return false;
                }
                if (at as usize) < block {
                    return true;
                }
            }
            false
        };
        let mut n = 0;
        for a in 1..=6usize {
            for b in 1..=a {
                let ok = if a == b {
                    escapes_with(&[a, a, a, a])
                } else {
                    escapes_with(&[a, b]) || escapes_with(&[b, a])
                };
                if ok {
                    n += if a == b { 1 } else { 2 };
                }
            }
        }
        n as f32
    }

    fn contact_checkers(s: &SideView, other: &SideView) -> u32 {
        let Some(lowest_other) = (0..24).find(|&i| other.count(23 - i) > 0) else {
            return 0;
        };
        ((lowest_other + 1)..24).map(|i| s.count(i)).sum()
    }

    fn trapped_checkers(s: &SideView, other: &SideView) -> u32 {
        let mut run = 0;
        for i in 0..24 {
            if blocked_for(other, i) {
                run += 1;
                if run >= 4 {
                    return ((i + 1)..24).map(|j| s.count(j)).sum();
                }
            } else {
                run = 0;
            }
        }
        0
    }

    /// Bit `d`: a free checker of `other` stands `d` pips (1–24) before this
    /// side's point index `i`, in its direction of travel. `other`'s point
    /// index `j` is this side's index `23 - j`, and it moves towards higher
    /// indices of this side, so it is `i - (23 - j)` pips away.
    #[inline(always)]
    fn other_reach(other: &SideView, i: usize) -> u32 {
        let mut mask = 0;
        for j in (23 - i + 1)..24 {
            if other.free[j] > 0 {
                mask |= 1 << (i + j - 23);
            }
        }
        mask
    }

    /// Rolls out of 36 that can cover some distance in `reach` (bit `d`) with
    /// one die, both dice, or up to four of a double; intermediate points are
    /// not checked.
    #[inline(always)]
    fn hitting_rolls(reach: u32) -> f32 {
        if reach == 0 {
            return 0.0;
        }
        let has = |d: usize| d <= 24 && reach >> d & 1 == 1;
        let mut n = 0;
        for a in 1..=6 {
            for b in 1..=a {
                let hit = if a == b {
                    (1..=4).any(|k| has(a * k))
                } else {
                    has(a) || has(b) || has(a + b)
                };
                if hit {
                    n += if a == b { 1 } else { 2 };
                }
            }
        }
        n as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`escape_count`] as first written: the dice stepped one after
    /// another.
    fn escape_count_by_steps(r: u32, blocks: u32) -> u32 {
        let r = r as i32;
        let ahead = blocks & ((1u32 << r) - 1) & !((1u32 << (r - 12).max(0)) - 1);
        if ahead == 0 {
            return 36;
        }
        let block = ahead.trailing_zeros() as i32;
        let escapes_with = |dice: &[i32]| -> bool {
            let mut at = r;
            for &d in dice {
                at -= d;
                if at < 0 {
                    return true;
                }
                if blocks >> at & 1 == 1 {
                    return false;
                }
                if at < block {
                    return true;
                }
            }
            false
        };
        let mut n = 0;
        for a in 1..=6 {
            for b in 1..=a {
                if a == b {
                    n += u32::from(escapes_with(&[a, a, a, a]));
                } else if escapes_with(&[a, b]) || escapes_with(&[b, a]) {
                    n += 2;
                }
            }
        }
        n
    }

    #[test]
    fn escape_counts_agree_with_stepping_the_dice_for_every_layout() {
        // Only the points below the checker matter: every pattern of them,
        // for every point the checker can stand on (2^24 cases in all).
        for r in 0..24u32 {
            for below in 0..(1u32 << r) {
                // Points at and above the checker must not matter.
                let blocks =
                    below | (0xff_ffff << r & 0xff_ffff & (below.wrapping_mul(0x9e37_79b9)));
                assert_eq!(
                    escape_count(r, blocks),
                    escape_count_by_steps(r, blocks),
                    "checker at index {r}, blocks {blocks:024b}"
                );
            }
        }
    }

    #[test]
    fn initial_position_is_symmetric() {
        let mut s = SparseInputs::default();
        encode(&Position::initial(), &mut s);
        let d = s.dense();
        assert_eq!(d[..PER_SIDE], d[PER_SIDE..]);
        assert_eq!(outcome_mask(&Position::initial()), 0x1ff);
    }

    #[test]
    fn shots_count_rolls_that_reach_a_blot() {
        // X's blot on its 13. O moves up X's numbering: O's checker on
        // O's 17 (X's 8) is 5 pips short of it (11 direct rolls, 4-1 and
        // 3-2: 15) and O's stack on O's 24 (X's 1) 12 pips (6-6, 4-4,
        // 3-3: 3 more).
        let p = plakoto_rules::parse_board_text("24:14 13:1 / 24:14 17:1").expect("valid board");
        let mut s = SparseInputs::default();
        encode(&p, &mut s);
        let d = s.dense();
        let blot_shots = d[24 * PER_POINT + 13];
        assert_eq!(blot_shots, 18.0 / 36.0);
    }

    #[test]
    fn flipping_swaps_the_two_halves() {
        let p = plakoto_rules::parse_board_text("24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2")
            .expect("valid board");
        let (mut a, mut b) = (SparseInputs::default(), SparseInputs::default());
        encode(&p, &mut a);
        encode(&p.flip(), &mut b);
        let (a, b) = (a.dense(), b.dense());
        assert_eq!(a[..PER_SIDE], b[PER_SIDE..]);
        assert_eq!(a[PER_SIDE..], b[..PER_SIDE]);
    }

    #[test]
    fn encode_equals_the_reference_encoder_on_random_games() {
        use plakoto_rules::{MoveGenerator, Rules};
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261122);
        let mut generator = MoveGenerator::default();
        let (mut fast, mut slow) = (SparseInputs::default(), SparseInputs::default());
        let mut checked = 0;
        let mut races = 0;
        for _ in 0..40 {
            plakoto_rules::sampling::random_game(
                &mut rng,
                Rules::default(),
                &mut generator,
                400,
                |p| {
                    for q in [*p, p.flip()] {
                        encode(&q, &mut fast);
                        reference::encode(&q, &mut slow);
                        let bits = |s: &SparseInputs| -> Vec<(usize, u32)> {
                            s.iter().map(|(i, v)| (i, v.to_bits())).collect()
                        };
                        assert_eq!(bits(&fast), bits(&slow), "{q:?}");
                        assert_eq!(is_race(&q), reference::is_race(&q), "{q:?}");
                        races += usize::from(is_race(&q));
                        checked += 1;
                    }
                },
            );
        }
        assert!(checked > 4000, "only {checked} positions");
        assert!(races > 0, "no race among {checked} positions");
    }

    /// What the integer net assumes of the inputs ([`GLOBAL_MAX`],
    /// [`point_inputs`], [`is_flag`]): every point's inputs are those
    /// of some count of free checkers and pin, a side has at most 15
    /// checkers on its points, globals lie in `0..=GLOBAL_MAX`, and flags
    /// are 0 or 1.
    #[test]
    fn inputs_stay_within_the_bounds_the_integer_net_assumes() {
        use plakoto_rules::{MoveGenerator, Rules};
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261123);
        let mut generator = MoveGenerator::default();
        let mut inputs = SparseInputs::default();
        let mut checked = 0;
        for _ in 0..30 {
            plakoto_rules::sampling::random_game(
                &mut rng,
                Rules::default(),
                &mut generator,
                400,
                |p| {
                    encode(p, &mut inputs);
                    let dense = inputs.dense();
                    for side in dense.chunks_exact(PER_SIDE) {
                        let mut checkers = 0;
                        for point in side[..24 * PER_POINT].chunks_exact(PER_POINT) {
                            let content = (0..=15u8)
                                .flat_map(|n| [(n, false), (n, true)])
                                .find(|&(n, pinned)| point_inputs(n, pinned) == point);
                            let (n, pinned) = content.unwrap_or_else(|| panic!("{p:?}: {point:?}"));
                            checkers += u32::from(n) + u32::from(pinned);
                        }
                        assert!(checkers <= 15, "{p:?}");
                        for (k, &v) in side[24 * PER_POINT..].iter().enumerate() {
                            assert!(
                                (0.0..=GLOBAL_MAX[k]).contains(&v),
                                "{p:?}: global {k} = {v}"
                            );
                        }
                    }
                    for (i, v) in inputs.iter() {
                        assert!(!is_flag(i) || v == 1.0, "{p:?}: flag {i} = {v}");
                    }
                    checked += 1;
                },
            );
        }
        assert!(checked > 2000, "only {checked} positions");
    }

    /// The differences of consecutive positions of random games (and of a
    /// position with itself, and with nothing) are those of a plain merge
    /// of the two sorted lists, to the bit.
    #[test]
    fn differences_equal_a_merge_of_the_sorted_lists() {
        use plakoto_rules::{MoveGenerator, Rules};
        use rand::SeedableRng;
        fn merged(old: &SparseInputs, new: &SparseInputs) -> Vec<(usize, u32)> {
            let (mut a, mut b) = (old.iter().peekable(), new.iter().peekable());
            let mut out = Vec::new();
            loop {
                let (i, v) = match (a.peek().copied(), b.peek().copied()) {
                    (Some((i, x)), Some((j, y))) if i == j => {
                        a.next();
                        b.next();
                        (i, y - x)
                    }
                    (Some((i, x)), Some((j, _))) if i < j => {
                        a.next();
                        (i, -x)
                    }
                    (_, Some((j, y))) => {
                        b.next();
                        (j, y)
                    }
                    (Some((i, x)), None) => {
                        a.next();
                        (i, -x)
                    }
                    (None, None) => return out,
                };
                if v != 0.0 {
                    out.push((i, v.to_bits()));
                }
            }
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261123);
        let mut generator = MoveGenerator::default();
        let (mut old, mut new, mut delta) = (
            SparseInputs::default(),
            SparseInputs::default(),
            SparseInputs::default(),
        );
        let mut checked = 0;
        for _ in 0..20 {
            plakoto_rules::sampling::random_game(
                &mut rng,
                Rules::default(),
                &mut generator,
                400,
                |p| {
                    encode(p, &mut new);
                    for other in [&old, &new, &SparseInputs::default()] {
                        delta.set_difference(other, &new);
                        let got: Vec<(usize, u32)> =
                            delta.iter().map(|(i, v)| (i, v.to_bits())).collect();
                        assert_eq!(got, merged(other, &new), "{p:?}");
                    }
                    old.copy_from(&new);
                    checked += 1;
                },
            );
        }
        assert!(checked > 1000, "only {checked} positions");
    }

    /// The own side's v3 global `k` (0-based among the globals).
    fn own_global(board: &str, k: usize) -> f32 {
        let p = plakoto_rules::parse_board_text(board).expect("valid board");
        let mut s = SparseInputs::default();
        encode(&p, &mut s);
        s.dense()[24 * PER_POINT + k]
    }

    #[test]
    fn escapes_count_rolls_that_carry_the_rearmost_checker_past_the_blocks() {
        // O holds X's 17 and 18 (O's 8 and 7). X's checker on its 24
        // passes both with 8 pips or more, landing only on open points:
        // 6-2, 6-3, 6-4, 6-5, 5-3, 5-4 (12 rolls) and 4-4, 5-5; not 6-6
        // (its first step lands on the 18) nor 3-3 (lands on the 17).
        let board = "24:1 6:14 / 7:2 8:2 24:11";
        assert_eq!(own_global(board, 14), 14.0 / 36.0);
        // Nothing blocks: every roll escapes.
        assert_eq!(own_global("24:1 6:14 / 24:15", 14), 1.0);
    }

    #[test]
    fn contact_counts_checkers_an_opposing_checker_can_still_meet() {
        assert_eq!(own_global("24:1 6:14 / 7:2 8:2 24:11", 15), 1.0);
        // Both sides home: no contact.
        assert_eq!(own_global("6:15 / 6:15", 15), 0.0);
    }

    #[test]
    fn r6_a_lone_pinner_is_counted() {
        // X's single checker on its 7 pins O's checker (O's 18).
        assert_eq!(own_global("24:14 7:1 / 18:1* 24:14", 16), 0.25);
        assert_eq!(own_global("24:13 7:2 / 18:1* 24:14", 16), 0.0);
    }

    #[test]
    fn checkers_behind_a_four_point_prime_are_trapped() {
        // O holds X's 13-16 (O's 12-9): X's 24:5 and 20:2 are behind it.
        let board = "24:5 20:2 6:8 / 9:2 10:2 11:2 12:2 24:7";
        assert_eq!(own_global(board, 17), 7.0 / 15.0);
        assert_eq!(own_global("24:5 20:2 6:8 / 9:2 10:2 11:2 24:9", 17), 0.0);
    }
}
