//! The sparse output layer ([`super::output`]) for AVX2 and AVX-512, with
//! `std::arch` intrinsics. Two passes:
//!
//! 1. **ReLU and the list of non-zero pairs.** Each vector of sums becomes
//!    activations (stored), and the indices of its non-zero pairs of units
//!    are appended to a list without a branch: AVX-512 compresses a vector
//!    of indices under the non-zero mask; AVX2 looks the indices of its
//!    8-bit mask up in a table. A whole vector of indices is stored and
//!    the count advanced by the number that are real.
//! 2. **The listed pairs' columns.** A pair's two activations, broadcast
//!    as one `i32`, multiply its [`PairColumn`] with `pmaddwd` (VNNI:
//!    `vpdpwssd`), into all 16 outcome lanes at once; four accumulators
//!    (two with AVX2) keep the additions' latency off the critical path.
//!
//! Integer and wrapping, so the sums are the portable layer's to the bit
//! (a test in `output` compares every variant).

use std::arch::x86_64::*;

use super::output::{OUT_LANES, OutputScratch, PairColumn, first_outcomes, pair_list_len};
use crate::eval::features::OUTCOMES;

/// For each 8-bit mask, the positions of its set bits in increasing order
/// (then zeros): the indices of the live pairs among eight.
static SET_BITS: [[u8; 8]; 256] = set_bits_table();

const fn set_bits_table() -> [[u8; 8]; 256] {
    let mut table = [[0u8; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut n, mut bit) = (0, 0);
        while bit < 8 {
            if mask >> bit & 1 == 1 {
                table[mask][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
}

/// The lengths the kernels rely on: `h` sums and zero points, a multiple
/// of 16; a column a pair; a scratch fitted to `h`.
#[inline(always)]
fn check_lengths(sums: &[i16], zero: &[i16], columns: &[PairColumn], s: &OutputScratch) {
    let h = sums.len();
    assert!(
        h.is_multiple_of(16)
            && zero.len() == h
            && columns.len() == h / 2
            && s.activations.len() == h
            && s.pairs.len() >= pair_list_len(h),
        "output layer slices"
    );
}

/// The ReLU of the 16 sums at `c` into `x`, and the indices of their
/// non-zero pairs appended to `pairs` at `n` (8 entries written); returns
/// the new count.
///
/// # Safety
/// AVX2; `sums`, `zero` and `x` hold `c + 16` values, `pairs` `n + 8`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn relu_pairs_16(
    sums: *const i16,
    zero: *const i16,
    x: *mut i16,
    c: usize,
    pairs: *mut u32,
    n: usize,
) -> usize {
    // SAFETY: the caller's bounds.
    unsafe {
        let s = _mm256_loadu_si256(sums.add(c).cast());
        let z = _mm256_loadu_si256(zero.add(c).cast());
        let a = _mm256_sub_epi16(_mm256_max_epi16(s, z), z);
        _mm256_storeu_si256(x.add(c).cast(), a);
        let dead = _mm256_cmpeq_epi32(a, _mm256_setzero_si256());
        let live = !_mm256_movemask_ps(_mm256_castsi256_ps(dead)) as usize & 0xff;
        let offsets = _mm256_cvtepu8_epi32(_mm_loadl_epi64(SET_BITS[live].as_ptr().cast()));
        let indices = _mm256_add_epi32(offsets, _mm256_set1_epi32((c / 2) as i32));
        _mm256_storeu_si256(pairs.add(n).cast(), indices);
        n + live.count_ones() as usize
    }
}

/// The ReLU into the scratch's activations and the list of live pairs,
/// 16 units at a time; returns the list's length.
///
/// # Safety
/// AVX2; lengths as [`check_lengths`] checks them.
#[target_feature(enable = "avx2")]
unsafe fn live_pairs_avx2(sums: &[i16], zero: &[i16], s: &mut OutputScratch) -> usize {
    let (x, list) = (s.activations.as_mut_ptr(), s.pairs.as_mut_ptr());
    let mut n = 0;
    for c in (0..sums.len()).step_by(16) {
        // SAFETY: `c + 16 <= h`; `n <= c / 2`, so 8 more fit the list.
        n = unsafe { relu_pairs_16(sums.as_ptr(), zero.as_ptr(), x, c, list, n) };
    }
    n
}

/// [`live_pairs_avx2`] 32 units at a time: the indices of a vector's live
/// pairs compressed under its non-zero mask.
///
/// # Safety
/// AVX-512F and BW; lengths as [`check_lengths`] checks them.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
unsafe fn live_pairs_avx512(sums: &[i16], zero: &[i16], s: &mut OutputScratch) -> usize {
    let h = sums.len();
    let whole = h - h % 32;
    let (sp, zp) = (sums.as_ptr(), zero.as_ptr());
    let (x, list) = (s.activations.as_mut_ptr(), s.pairs.as_mut_ptr());
    let iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    let mut n = 0;
    // SAFETY: `c + 32 <= h`; `n <= c / 2`, so 16 more fit the list.
    unsafe {
        for c in (0..whole).step_by(32) {
            let sv = _mm512_loadu_si512(sp.add(c).cast());
            let zv = _mm512_loadu_si512(zp.add(c).cast());
            let a = _mm512_sub_epi16(_mm512_max_epi16(sv, zv), zv);
            _mm512_storeu_si512(x.add(c).cast(), a);
            let live = _mm512_test_epi32_mask(a, a);
            let indices = _mm512_add_epi32(iota, _mm512_set1_epi32((c / 2) as i32));
            _mm512_storeu_si512(
                list.add(n).cast(),
                _mm512_maskz_compress_epi32(live, indices),
            );
            n += live.count_ones() as usize;
        }
        if whole < h {
            n = relu_pairs_16(sp, zp, x, whole, list, n);
        }
    }
    n
}

/// Calls `add(slot, pair)` for every listed pair, consecutive pairs going
/// to the `K` slots (accumulators) in turn, so that an addition does not
/// wait for the one before it.
#[inline(always)]
fn spread<const K: usize>(pairs: &[u32], mut add: impl FnMut(usize, u32)) {
    let mut chunks = pairs.chunks_exact(K);
    for chunk in &mut chunks {
        for (slot, &p) in chunk.iter().enumerate() {
            add(slot, p);
        }
    }
    for &p in chunks.remainder() {
        add(0, p);
    }
}

/// The output layer with AVX2 (two vectors of 8 lanes a column).
///
/// # Safety
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn output_avx2(
    sums: &[i16],
    zero: &[i16],
    columns: &[PairColumn],
    s: &mut OutputScratch,
) -> [i32; OUTCOMES] {
    check_lengths(sums, zero, columns, s);
    // SAFETY: lengths checked above; each listed pair has a column and
    // two activations.
    unsafe {
        let n = live_pairs_avx2(sums, zero, s);
        let (xs, cols) = (s.activations.as_ptr(), columns.as_ptr());
        let mut low = [_mm256_setzero_si256(); 2];
        let mut high = [_mm256_setzero_si256(); 2];
        let add = |slot: usize, p: u32| {
            let p = p as usize;
            let pair = _mm256_set1_epi32(xs.add(2 * p).cast::<i32>().read_unaligned());
            let column = cols.add(p).cast::<__m256i>();
            let products = _mm256_madd_epi16(pair, _mm256_load_si256(column));
            low[slot] = _mm256_add_epi32(low[slot], products);
            let products = _mm256_madd_epi16(pair, _mm256_load_si256(column.add(1)));
            high[slot] = _mm256_add_epi32(high[slot], products);
        };
        spread::<2>(&s.pairs[..n], add);
        let mut lanes = [0i32; OUT_LANES];
        let lanes_ptr = lanes.as_mut_ptr().cast::<__m256i>();
        _mm256_storeu_si256(lanes_ptr, _mm256_add_epi32(low[0], low[1]));
        _mm256_storeu_si256(lanes_ptr.add(1), _mm256_add_epi32(high[0], high[1]));
        first_outcomes(lanes)
    }
}

/// Defines the AVX-512 output layer `$name` with `$features`, whose
/// multiply-accumulate of a broadcast pair into a column is `$madd`.
macro_rules! output_avx512 {
    ($name:ident, $features:literal, $madd:expr) => {
        /// The output layer with AVX-512 (one vector a column).
        ///
        /// # Safety
        /// The CPU has these features.
        #[target_feature(enable = $features)]
        pub unsafe fn $name(
            sums: &[i16],
            zero: &[i16],
            columns: &[PairColumn],
            s: &mut OutputScratch,
        ) -> [i32; OUTCOMES] {
            check_lengths(sums, zero, columns, s);
            // SAFETY: lengths checked above; each listed pair has a
            // column and two activations.
            unsafe {
                let n = live_pairs_avx512(sums, zero, s);
                let (xs, cols) = (s.activations.as_ptr(), columns.as_ptr());
                let mut acc = [_mm512_setzero_si512(); 4];
                let add = |slot: usize, p: u32| {
                    let p = p as usize;
                    let pair = _mm512_set1_epi32(xs.add(2 * p).cast::<i32>().read_unaligned());
                    let column = _mm512_load_si512(cols.add(p).cast());
                    acc[slot] = $madd(acc[slot], pair, column);
                };
                spread::<4>(&s.pairs[..n], add);
                let total = _mm512_add_epi32(
                    _mm512_add_epi32(acc[0], acc[1]),
                    _mm512_add_epi32(acc[2], acc[3]),
                );
                let mut lanes = [0i32; OUT_LANES];
                _mm512_storeu_si512(lanes.as_mut_ptr().cast(), total);
                first_outcomes(lanes)
            }
        }
    };
}

output_avx512!(
    output_avx512,
    "avx512f,avx512bw,avx2",
    |acc, pair, column| _mm512_add_epi32(acc, _mm512_madd_epi16(pair, column))
);
output_avx512!(
    output_avx512_vnni,
    "avx512f,avx512bw,avx512vnni,avx2",
    |acc, pair, column| _mm512_dpwssd_epi32(acc, pair, column)
);
