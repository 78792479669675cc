//! The integer kernels for AVX2 and AVX-512BW, with `std::arch`
//! intrinsics: the compiler does not turn the portable loops of
//! [`super::kernels`] into `pmulhrsw` (the scaled first-layer terms) and
//! `pmaddwd` (pairs of `i16 × i16` products added into `i32`) on its own.
//! They compute exactly what the portable loops compute (integer
//! arithmetic, wrapping), so every variant gives the same bits; a test in
//! `kernels` compares them. Selected only after run-time detection.

use std::arch::x86_64::*;

use super::inputs::{Change, Changes, Scaled};
use super::kernels::LANES;
use super::{IntScratch, QuantizedNetwork};
use crate::eval::features::{self, OUTCOMES};
use crate::eval::net::kernels::{Rows, row_groups};
use crate::game::Position;

/// Defines `$name::<R>(acc, start, w, c)`: applies the changes `c` to
/// `R` vectors of `$width` sums at `start`, kept in registers: flags added
/// or subtracted whole, the others as `row * whole + mulhrs(row, frac)`,
/// the term of [`super::kernels::term`]. The rest names the instruction
/// set's vector type and intrinsics.
macro_rules! block {
    ($name:ident, $features:literal, $vector:ty, $width:expr, $zero:ident, $load:ident,
     $store:ident, $add:ident, $sub:ident, $mullo:ident, $mulhrs:ident, $set1:ident) => {
        #[target_feature(enable = $features)]
        unsafe fn $name<const R: usize>(acc: &mut [i16], start: usize, w: &[i16], c: &Changes) {
            const W: usize = $width;
            let h = acc.len();
            let row = |i: u16| w[usize::from(i) * h + start..][..R * W].as_ptr();
            let dst = acc[start..start + R * W].as_mut_ptr();
            // SAFETY (all loads and stores): each pointer starts a slice
            // of `R * W` i16s checked above; unaligned loads and stores.
            unsafe {
                let mut a: [$vector; R] = [$zero(); R];
                for (k, v) in a.iter_mut().enumerate() {
                    *v = $load(dst.add(k * W).cast());
                }
                let load = |p: *const i16, k: usize| $load(p.add(k * W).cast());
                let term = |p: *const i16, k: usize, whole: $vector, frac: $vector| {
                    let r = load(p, k);
                    $add($mullo(r, whole), $mulhrs(r, frac))
                };
                for &i in &c.add {
                    let p = row(i);
                    for (k, v) in a.iter_mut().enumerate() {
                        *v = $add(*v, load(p, k));
                    }
                }
                for &i in &c.sub {
                    let p = row(i);
                    for (k, v) in a.iter_mut().enumerate() {
                        *v = $sub(*v, load(p, k));
                    }
                }
                // Most scaled values are below 1: their term is the
                // `mulhrs` alone (`row * 0` adds nothing).
                let scaled = |p: *const i16, k: usize, s: &Scaled, whole, frac| {
                    if s.whole == 0 {
                        $mulhrs(load(p, k), frac)
                    } else {
                        term(p, k, whole, frac)
                    }
                };
                for s in &c.add_scaled {
                    let (p, whole, frac) = (row(s.index), $set1(s.whole), $set1(s.frac));
                    for (k, v) in a.iter_mut().enumerate() {
                        *v = $add(*v, scaled(p, k, s, whole, frac));
                    }
                }
                for s in &c.sub_scaled {
                    let (p, whole, frac) = (row(s.index), $set1(s.whole), $set1(s.frac));
                    for (k, v) in a.iter_mut().enumerate() {
                        *v = $sub(*v, scaled(p, k, s, whole, frac));
                    }
                }
                // A changed value that keeps its whole part keeps that
                // part's term, which cancels exactly (wrapping): the two
                // `mulhrs` are enough.
                for Change { old, new } in &c.changed {
                    let p = row(new.index);
                    let (old_whole, old_frac) = ($set1(old.whole), $set1(old.frac));
                    let (new_whole, new_frac) = ($set1(new.whole), $set1(new.frac));
                    if old.whole == new.whole {
                        for (k, v) in a.iter_mut().enumerate() {
                            let r = load(p, k);
                            let t = $sub($mulhrs(r, new_frac), $mulhrs(r, old_frac));
                            *v = $add(*v, t);
                        }
                    } else {
                        for (k, v) in a.iter_mut().enumerate() {
                            let t = $sub(
                                term(p, k, new_whole, new_frac),
                                term(p, k, old_whole, old_frac),
                            );
                            *v = $add(*v, t);
                        }
                    }
                }
                for (k, v) in a.iter().enumerate() {
                    $store(dst.add(k * W).cast(), *v);
                }
            }
        }
    };
}

block!(
    block_avx2,
    "avx2",
    __m256i,
    LANES,
    _mm256_setzero_si256,
    _mm256_loadu_si256,
    _mm256_storeu_si256,
    _mm256_add_epi16,
    _mm256_sub_epi16,
    _mm256_mullo_epi16,
    _mm256_mulhrs_epi16,
    _mm256_set1_epi16
);
block!(
    block_avx512,
    "avx512f,avx512bw",
    __m512i,
    2 * LANES,
    _mm512_setzero_si512,
    _mm512_loadu_si512,
    _mm512_storeu_si512,
    _mm512_add_epi16,
    _mm512_sub_epi16,
    _mm512_mullo_epi16,
    _mm512_mulhrs_epi16,
    _mm512_set1_epi16
);

/// Sum of the eight `i32` lanes of `v`, wrapping.
#[target_feature(enable = "avx2")]
fn sum_avx2(v: __m256i) -> i32 {
    let four = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    let two = _mm_add_epi32(four, _mm_shuffle_epi32::<0b01_00_11_10>(four));
    let one = _mm_add_epi32(two, _mm_shuffle_epi32::<0b10_11_00_01>(two));
    _mm_cvtsi128_si32(one)
}

/// Dot products of `x` with rows `rows` of `w` (AVX2, `pmaddwd`).
#[target_feature(enable = "avx2")]
fn dot_rows_avx2<const R: usize>(x: &[i16], w: &[i16], rows: [usize; R], out: &mut [i32]) {
    let h = x.len();
    let ws = rows.map(|r| w[r * h..][..h].as_ptr());
    let mut acc = [_mm256_setzero_si256(); R];
    // SAFETY: `x` and each row hold `h` i16s, a multiple of LANES.
    unsafe {
        for c in (0..h).step_by(LANES) {
            let xv = _mm256_loadu_si256(x.as_ptr().add(c).cast());
            for (a, p) in acc.iter_mut().zip(ws) {
                let wv = _mm256_loadu_si256(p.add(c).cast());
                *a = _mm256_add_epi32(*a, _mm256_madd_epi16(xv, wv));
            }
        }
    }
    for (a, r) in acc.into_iter().zip(rows) {
        out[r] = sum_avx2(a);
    }
}

/// [`dot_rows_avx2`] with vectors of 32 lanes (a last 16 with AVX2).
#[target_feature(enable = "avx512f,avx512bw")]
fn dot_rows_avx512<const R: usize>(x: &[i16], w: &[i16], rows: [usize; R], out: &mut [i32]) {
    let h = x.len();
    let ws = rows.map(|r| w[r * h..][..h].as_ptr());
    let mut acc = [_mm512_setzero_si512(); R];
    let whole = h - h % (2 * LANES);
    let mut tail = [_mm256_setzero_si256(); R];
    // SAFETY: `x` and each row hold `h` i16s, a multiple of LANES.
    unsafe {
        for c in (0..whole).step_by(2 * LANES) {
            let xv = _mm512_loadu_si512(x.as_ptr().add(c).cast());
            for (a, p) in acc.iter_mut().zip(ws) {
                let wv = _mm512_loadu_si512(p.add(c).cast());
                *a = _mm512_add_epi32(*a, _mm512_madd_epi16(xv, wv));
            }
        }
        if whole < h {
            let xv = _mm256_loadu_si256(x.as_ptr().add(whole).cast());
            for (t, p) in tail.iter_mut().zip(ws) {
                *t = _mm256_madd_epi16(xv, _mm256_loadu_si256(p.add(whole).cast()));
            }
        }
    }
    for ((a, t), r) in acc.into_iter().zip(tail).zip(rows) {
        let halves = _mm256_add_epi32(_mm512_castsi512_si256(a), _mm512_extracti64x4_epi64::<1>(a));
        out[r] = sum_avx2(_mm256_add_epi32(halves, t));
    }
}

/// The ReLU of the sums `acc` (relative to `zero`) and the dot products
/// of the activations with the rows of `w` set in `mask`, in one pass:
/// each block of 32 activations is made in registers and multiplied into
/// every row's accumulator at once, never stored. `R`: rows in `mask`.
#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
fn relu_dots_rows<const R: usize>(acc: &[i16], zero: &[i16], ws: [*const i16; R]) -> [i32; R] {
    let h = acc.len();
    let mut sums = [_mm512_setzero_si512(); R];
    // SAFETY: `acc`, `zero` and each row hold `h` i16s, a multiple of 32
    // (checked by the caller).
    unsafe {
        for c in (0..h).step_by(2 * LANES) {
            let s = _mm512_loadu_si512(acc.as_ptr().add(c).cast());
            let z = _mm512_loadu_si512(zero.as_ptr().add(c).cast());
            let x = _mm512_sub_epi16(_mm512_max_epi16(s, z), z);
            for (a, p) in sums.iter_mut().zip(ws) {
                *a = _mm512_dpwssd_epi32(*a, x, _mm512_loadu_si512(p.add(c).cast()));
            }
        }
    }
    sums.map(|a| {
        let halves = _mm256_add_epi32(_mm512_castsi512_si256(a), _mm512_extracti64x4_epi64::<1>(a));
        sum_avx2(halves)
    })
}

/// [`super::kernels::IntKernels::output`] for AVX-512 VNNI: the ReLU fused
/// into the dot products ([`relu_dots_rows`]).
pub fn relu_dots_vnni(
    acc: &[i16],
    zero: &[i16],
    w: &[i16],
    mask: u32,
    x: &mut [i16],
    out: &mut [i32],
) {
    let h = acc.len();
    let rows = mask & ((1u32 << out.len()) - 1);
    if !h.is_multiple_of(2 * LANES) || rows.count_ones() > 9 {
        avx512vnni::output(acc, zero, w, mask, x, out);
        return;
    }
    let mut pointers = [w.as_ptr(); 9];
    let (mut left, mut n) = (rows, 0);
    while left != 0 {
        pointers[n] = w[left.trailing_zeros() as usize * h..][..h].as_ptr();
        left &= left - 1;
        n += 1;
    }
    let mut results = [0i32; 9];
    /// Runs [`relu_dots_rows`] on the first `$n` rows.
    macro_rules! rows {
        ($n:literal) => {{
            let ws: [*const i16; $n] = pointers[..$n].try_into().expect("$n rows");
            // SAFETY: selected only after run-time detection of the
            // features; every pointer starts a row of `h` weights.
            let r = unsafe { relu_dots_rows::<$n>(acc, zero, ws) };
            results[..$n].copy_from_slice(&r);
        }};
    }
    match n {
        0 => {}
        1 => rows!(1),
        2 => rows!(2),
        3 => rows!(3),
        4 => rows!(4),
        5 => rows!(5),
        6 => rows!(6),
        7 => rows!(7),
        8 => rows!(8),
        _ => rows!(9),
    }
    let (mut left, mut k) = (rows, 0);
    while left != 0 {
        out[left.trailing_zeros() as usize] = results[k];
        left &= left - 1;
        k += 1;
    }
}

/// The loops of one instruction set from its block and dot functions:
/// blocks of `$span` sums (as many as the registers hold: 8 of AVX2's 16,
/// 16 of AVX-512's 32), then of 128, then of 16.
macro_rules! kernels {
    ($module:ident, $features:literal, $block:ident, $wide:expr, $span:expr, $dot_rows:ident,
     $all_features:literal, $output:path) => {
        pub mod $module {
            use super::*;

            /// [`QuantizedNetwork::evaluate_with`] compiled for these
            /// features and the bit instructions (encoder included).
            #[target_feature(enable = $all_features)]
            unsafe fn evaluate_inner(
                net: &QuantizedNetwork,
                position: &Position,
                q: &mut IntScratch,
                in_batch: bool,
            ) -> [f32; OUTCOMES] {
                net.evaluate_with(
                    position,
                    q,
                    in_batch,
                    // SAFETY (all three): same features as this function.
                    |p, out| unsafe { features::encode_parts_with_bit_instructions(p, out) },
                    |acc, w, c| unsafe { accumulate_inner(acc, w, c) },
                    $output,
                )
            }

            pub fn evaluate(
                net: &QuantizedNetwork,
                position: &Position,
                q: &mut IntScratch,
                in_batch: bool,
            ) -> [f32; OUTCOMES] {
                // SAFETY: selected only after run-time detection of the
                // features and the bit instructions.
                unsafe { evaluate_inner(net, position, q, in_batch) }
            }

            #[target_feature(enable = $features)]
            unsafe fn accumulate_inner(acc: &mut [i16], w: &[i16], c: &Changes) {
                let h = acc.len();
                let mut start = 0;
                // SAFETY: same features as this function.
                unsafe {
                    while start + $span <= h {
                        $block::<{ $span / $wide }>(acc, start, w, c);
                        start += $span;
                    }
                    while start + 128 <= h {
                        $block::<{ 128 / $wide }>(acc, start, w, c);
                        start += 128;
                    }
                    while start + LANES <= h {
                        block_avx2::<1>(acc, start, w, c);
                        start += LANES;
                    }
                }
            }

            #[target_feature(enable = $features)]
            unsafe fn dots_inner(x: &[i16], w: &[i16], mask: u32, out: &mut [i32]) {
                row_groups(mask, out.len(), |rows| match rows {
                    Rows::Three(group) => $dot_rows(x, w, group, out),
                    Rows::One(r) => $dot_rows(x, w, [r], out),
                });
            }

            #[target_feature(enable = $features)]
            unsafe fn activate_inner(acc: &[i16], zero: &[i16], out: &mut [i16]) {
                super::super::kernels::activate_generic(acc, zero, out)
            }

            pub fn accumulate(acc: &mut [i16], w: &[i16], c: &Changes) {
                // SAFETY: selected only after run-time detection of the
                // features ([`super::super::kernels::IntKernels::available`]).
                unsafe { accumulate_inner(acc, w, c) }
            }

            pub fn activate(acc: &[i16], zero: &[i16], out: &mut [i16]) {
                // SAFETY: as `accumulate`.
                unsafe { activate_inner(acc, zero, out) }
            }

            pub fn dots(x: &[i16], w: &[i16], mask: u32, out: &mut [i32]) {
                // SAFETY: as `accumulate`.
                unsafe { dots_inner(x, w, mask, out) }
            }

            pub fn output(
                acc: &[i16],
                zero: &[i16],
                w: &[i16],
                mask: u32,
                x: &mut [i16],
                out: &mut [i32],
            ) {
                activate(acc, zero, x);
                dots(x, w, mask, out)
            }
        }
    };
}

kernels!(
    avx2,
    "avx2",
    block_avx2,
    LANES,
    128,
    dot_rows_avx2,
    "avx2,popcnt,lzcnt,bmi1,bmi2",
    output
);
kernels!(
    avx512,
    "avx512f,avx512bw",
    block_avx512,
    2 * LANES,
    512,
    dot_rows_avx512,
    "avx512f,avx512bw,popcnt,lzcnt,bmi1,bmi2",
    output
);
kernels!(
    avx512vnni,
    "avx512f,avx512bw,avx512vnni",
    block_avx512,
    2 * LANES,
    512,
    dot_rows_avx512,
    "avx512f,avx512bw,avx512vnni,popcnt,lzcnt,bmi1,bmi2",
    super::relu_dots_vnni
);
