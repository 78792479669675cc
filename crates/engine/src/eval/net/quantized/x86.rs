//! The integer kernels for AVX2 and AVX-512BW, with `std::arch`
//! intrinsics: the compiler does not turn the portable loops of
//! [`super::kernels`] into `pmulhrsw` (the scaled first-layer terms) on
//! its own. They compute exactly what the portable loops compute (integer
//! arithmetic, wrapping), so every variant gives the same bits; a test in
//! `kernels` compares them. The output layer's kernels are in
//! `x86_output`. Each instruction set's whole evaluation is assembled here
//! (`kernels!`). Selected only after run-time detection.

use std::arch::x86_64::*;

use super::inputs::{Change, Changes, Scaled};
use super::output::{OutputScratch, PairColumn};
use super::x86_output;
use super::{IntInputs, IntScratch, LANES, QuantizedGameNetwork};
use crate::eval::features::OUTCOMES;

/// Defines `$name::<R>(acc, start, w, c)`: applies the changes `c` to
/// `R` vectors of `$width` sums at `start`, kept in registers: flags added
/// or subtracted whole, the others as `row * whole + mulhrs(row, frac)`,
/// the term of [`super::inputs::term`]. The rest names the instruction
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

/// The loops of one instruction set from its block function and output
/// layer: blocks of `$span` sums (as many as the registers hold: 8 of
/// AVX2's 16, 16 of AVX-512's 32), then of 128, then of 16.
macro_rules! kernels {
    ($module:ident, $features:literal, $block:ident, $wide:expr, $span:expr,
     $all_features:literal, $output:path) => {
        pub mod $module {
            use super::*;

            /// [`QuantizedGameNetwork::evaluate_with`] compiled for these
            /// features and the bit instructions (the game's encoder,
            /// inlined, included).
            #[target_feature(enable = $all_features)]
            unsafe fn evaluate_inner<I: IntInputs>(
                net: &QuantizedGameNetwork<I>,
                position: &I::Position,
                context: &I::Context,
                q: &mut IntScratch<I::Parts>,
                in_batch: bool,
            ) -> [f32; OUTCOMES] {
                net.evaluate_with(
                    position,
                    context,
                    q,
                    in_batch,
                    // SAFETY (both): same features as this function.
                    |acc, w, c| unsafe { accumulate_inner(acc, w, c) },
                    |sums, zero, columns, scratch| unsafe { $output(sums, zero, columns, scratch) },
                )
            }

            pub fn evaluate<I: IntInputs>(
                net: &QuantizedGameNetwork<I>,
                position: &I::Position,
                context: &I::Context,
                q: &mut IntScratch<I::Parts>,
                in_batch: bool,
            ) -> [f32; OUTCOMES] {
                // SAFETY: selected only after run-time detection of the
                // features and the bit instructions.
                unsafe { evaluate_inner(net, position, context, q, in_batch) }
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

            pub fn accumulate(acc: &mut [i16], w: &[i16], c: &Changes) {
                // SAFETY: selected only after run-time detection of the
                // features ([`super::super::kernels::IntKernels::available`]).
                unsafe { accumulate_inner(acc, w, c) }
            }

            pub fn output(
                sums: &[i16],
                zero: &[i16],
                w: &[PairColumn],
                s: &mut OutputScratch,
            ) -> [i32; OUTCOMES] {
                // SAFETY: as `accumulate`.
                unsafe { $output(sums, zero, w, s) }
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
    "avx2,popcnt,lzcnt,bmi1,bmi2",
    x86_output::output_avx2
);
kernels!(
    avx512,
    "avx512f,avx512bw",
    block_avx512,
    2 * LANES,
    512,
    "avx512f,avx512bw,avx2,popcnt,lzcnt,bmi1,bmi2",
    x86_output::output_avx512
);
kernels!(
    avx512vnni,
    "avx512f,avx512bw,avx512vnni",
    block_avx512,
    2 * LANES,
    512,
    "avx512f,avx512bw,avx512vnni,avx2,popcnt,lzcnt,bmi1,bmi2",
    x86_output::output_avx512_vnni
);
