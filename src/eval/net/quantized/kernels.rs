//! The integer net's vector loops, written so the compiler vectorises them
//! (fixed-size blocks, separate accumulators), compiled for the baseline
//! CPU, AVX2, AVX-512 (with its 16-bit instructions, AVX-512BW) and
//! AVX-512 with VNNI, and chosen at run time, as the `f32` loops are
//! ([`crate::eval::net::kernels`]).
//!
//! The baseline variant is these portable loops; the AVX2 and AVX-512
//! ones are written with intrinsics (`x86`) and must give the
//! same bits (a test compares them).
//!
//! - [`IntKernels::accumulate`] adds and subtracts first-layer rows (`i16`)
//!   to the hidden sums (`i16`), one block of hidden units at a time so the
//!   block stays in registers while every row is added.
//! - [`IntKernels::activate`] is the ReLU of those sums.
//! - [`IntKernels::dots`] computes the output layer's `i16 × i16 → i32`
//!   dot products, three rows at once; pairs of products are added before
//!   they are accumulated, the shape of the `pmaddwd` instruction.
//! - [`IntKernels::output`] is the two together; the VNNI variant fuses
//!   them (the activations never leave the registers) and accumulates
//!   with `vpdpwssd`.
//! - [`IntKernels::evaluate`] is the whole evaluation of a position
//!   (`QuantizedNetwork::evaluate_with`) compiled for the
//!   instruction set, the input encoder included (with the bit-counting
//!   instructions every AVX2 processor has), so the loops inline into it.
//!
//! All arithmetic is integer and wraps (the sums of [`super`] are bounded
//! so that no final value leaves `i16`, see its comment): integer addition
//! is exact and associative, so every variant and every order of the rows
//! gives the same bits, and updating a sum equals recomputing it.

use super::inputs::{Change, Changes, FRAC_ONE, Scaled};
#[cfg(target_arch = "x86_64")]
use super::x86;
use super::{IntScratch, QuantizedNetwork};
use crate::eval::features::{self, OUTCOMES};
use crate::eval::net::kernels::{Rows, row_groups};
use crate::game::Position;

/// Hidden layer sizes are multiples of this.
pub const LANES: usize = 16;

/// Hidden units whose sums a block of [`IntKernels::accumulate`] keeps in
/// registers while it adds every row.
const BLOCK: usize = 128;

/// The first-layer term of weight `w` for an input of value
/// `whole + frac / FRAC_ONE`: `w * whole + round(w * frac / FRAC_ONE)`
/// (halves rounded up, the rounding of `pmulhrsw`), wrapping.
#[inline(always)]
pub fn term(w: i16, whole: i16, frac: i16) -> i16 {
    let scaled = (i32::from(w) * i32::from(frac) + FRAC_ONE / 2) >> 15;
    w.wrapping_mul(whole).wrapping_add(scaled as i16)
}

/// [`IntKernels::output`]: sums, zero points, output weights, mask,
/// activations, dot products.
pub type OutputFn = fn(&[i16], &[i16], &[i16], u32, &mut [i16], &mut [i32]);

/// [`IntKernels::evaluate`]: the network, the position, working memory,
/// whether the position follows the batch's previous one.
pub type EvaluateFn = fn(&QuantizedNetwork, &Position, &mut IntScratch, bool) -> [f32; OUTCOMES];

/// The loops for one instruction set.
#[derive(Clone, Copy)]
pub struct IntKernels {
    /// Applies `changes` to the sums `acc`: `w` has rows of `acc.len()`
    /// weights, one per input.
    pub accumulate: fn(&mut [i16], &[i16], &Changes),
    /// `out[j] = max(acc[j], zero[j]) - zero[j]`: the ReLU of sums kept
    /// relative to a per-unit zero point (`acc`, `zero`, `out`).
    pub activate: fn(&[i16], &[i16], &mut [i16]),
    /// `out[r] = Σ_j x[j] · w[r * x.len() + j]` in `i32` for every row `r`
    /// whose bit is set in the mask (other rows of `out` are left alone).
    pub dots: fn(&[i16], &[i16], u32, &mut [i32]),
    /// [`Self::activate`] then [`Self::dots`] of the activations
    /// (`acc`, `zero`, `w`, `mask`, the activations, `out`); a variant
    /// may fuse the two and leave the activations unwritten.
    pub output: OutputFn,
    /// The whole evaluation, `QuantizedNetwork::evaluate_with` with
    /// these loops, compiled for this instruction set.
    pub evaluate: EvaluateFn,
    /// Name of the instruction set, for benchmarks.
    pub name: &'static str,
}

#[inline(always)]
fn accumulate_block<const N: usize>(acc: &mut [i16], start: usize, w: &[i16], c: &Changes) {
    let h = acc.len();
    let row = |i: u16| -> &[i16; N] {
        w[usize::from(i) * h + start..][..N]
            .try_into()
            .expect("N weights")
    };
    let mut a = [0i16; N];
    a.copy_from_slice(&acc[start..start + N]);
    for &i in &c.add {
        let r = row(i);
        for j in 0..N {
            a[j] = a[j].wrapping_add(r[j]);
        }
    }
    for &i in &c.sub {
        let r = row(i);
        for j in 0..N {
            a[j] = a[j].wrapping_sub(r[j]);
        }
    }
    for &Scaled { index, whole, frac } in &c.add_scaled {
        let r = row(index);
        for j in 0..N {
            a[j] = a[j].wrapping_add(term(r[j], whole, frac));
        }
    }
    for &Scaled { index, whole, frac } in &c.sub_scaled {
        let r = row(index);
        for j in 0..N {
            a[j] = a[j].wrapping_sub(term(r[j], whole, frac));
        }
    }
    for &Change { old, new } in &c.changed {
        let r = row(new.index);
        for j in 0..N {
            let t = term(r[j], new.whole, new.frac).wrapping_sub(term(r[j], old.whole, old.frac));
            a[j] = a[j].wrapping_add(t);
        }
    }
    acc[start..start + N].copy_from_slice(&a);
}

#[inline(always)]
fn accumulate_generic(acc: &mut [i16], w: &[i16], c: &Changes) {
    let h = acc.len();
    let mut start = 0;
    while start + BLOCK <= h {
        accumulate_block::<BLOCK>(acc, start, w, c);
        start += BLOCK;
    }
    while start + LANES <= h {
        accumulate_block::<LANES>(acc, start, w, c);
        start += LANES;
    }
}

#[inline(always)]
pub(super) fn activate_generic(acc: &[i16], zero: &[i16], out: &mut [i16]) {
    for ((o, &a), &z) in out.iter_mut().zip(acc).zip(zero) {
        *o = a.max(z).wrapping_sub(z);
    }
}

/// Dot products of `x` with the rows `rows` of `w`, into `out`.
#[inline(always)]
fn dot_rows<const R: usize>(x: &[i16], w: &[i16], rows: [usize; R], out: &mut [i32]) {
    let h = x.len();
    let mut acc = [[0i32; LANES / 2]; R];
    for (c, xs) in x.chunks_exact(LANES).enumerate() {
        for r in 0..R {
            let ws = &w[rows[r] * h + c * LANES..][..LANES];
            for k in 0..LANES / 2 {
                let even = i32::from(xs[2 * k]) * i32::from(ws[2 * k]);
                let odd = i32::from(xs[2 * k + 1]) * i32::from(ws[2 * k + 1]);
                acc[r][k] = acc[r][k].wrapping_add(even.wrapping_add(odd));
            }
        }
    }
    for (a, r) in acc.into_iter().zip(rows) {
        out[r] = a.into_iter().fold(0, i32::wrapping_add);
    }
}

#[inline(always)]
fn dots_generic(x: &[i16], w: &[i16], mask: u32, out: &mut [i32]) {
    row_groups(mask, out.len(), |rows| match rows {
        Rows::Three(group) => dot_rows(x, w, group, out),
        Rows::One(r) => dot_rows(x, w, [r], out),
    });
}

fn accumulate_base(acc: &mut [i16], w: &[i16], c: &Changes) {
    accumulate_generic(acc, w, c)
}

fn activate_base(acc: &[i16], zero: &[i16], out: &mut [i16]) {
    activate_generic(acc, zero, out)
}

fn dots_base(x: &[i16], w: &[i16], mask: u32, out: &mut [i32]) {
    dots_generic(x, w, mask, out)
}

fn evaluate_base(
    net: &QuantizedNetwork,
    position: &Position,
    q: &mut IntScratch,
    in_batch: bool,
) -> [f32; OUTCOMES] {
    net.evaluate_with(
        position,
        q,
        in_batch,
        features::encode_parts,
        accumulate_base,
        output_base,
    )
}

fn output_base(acc: &[i16], zero: &[i16], w: &[i16], mask: u32, x: &mut [i16], out: &mut [i32]) {
    activate_base(acc, zero, x);
    dots_base(x, w, mask, out)
}

impl IntKernels {
    /// The fastest variant this CPU supports.
    pub fn detect() -> IntKernels {
        IntKernels::available()
            .pop()
            .unwrap_or_else(IntKernels::baseline)
    }

    /// The variant for the baseline CPU of the build.
    pub fn baseline() -> IntKernels {
        IntKernels {
            accumulate: accumulate_base,
            activate: activate_base,
            dots: dots_base,
            output: output_base,
            evaluate: evaluate_base,
            name: "baseline",
        }
    }

    /// Every variant this CPU supports, slowest (baseline) first.
    pub fn available() -> Vec<IntKernels> {
        #[allow(unused_mut)]
        let mut all = vec![IntKernels::baseline()];
        #[cfg(target_arch = "x86_64")]
        {
            // Every variant also compiles the encoder with the bit
            // instructions all AVX2 processors have.
            let bits = features::has_bit_instructions();
            if bits && std::arch::is_x86_feature_detected!("avx2") {
                all.push(IntKernels {
                    accumulate: x86::avx2::accumulate,
                    activate: x86::avx2::activate,
                    dots: x86::avx2::dots,
                    output: x86::avx2::output,
                    evaluate: x86::avx2::evaluate,
                    name: "avx2",
                });
            }
            if bits
                && std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
            {
                all.push(IntKernels {
                    accumulate: x86::avx512::accumulate,
                    activate: x86::avx512::activate,
                    dots: x86::avx512::dots,
                    output: x86::avx512::output,
                    evaluate: x86::avx512::evaluate,
                    name: "avx512",
                });
                if std::arch::is_x86_feature_detected!("avx512vnni") {
                    all.push(IntKernels {
                        accumulate: x86::avx512vnni::accumulate,
                        activate: x86::avx512vnni::activate,
                        dots: x86::avx512vnni::dots,
                        output: x86::relu_dots_vnni,
                        evaluate: x86::avx512vnni::evaluate,
                        name: "avx512-vnni",
                    });
                }
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loops as plain scalar code, in `i64` so that nothing wraps.
    fn plain_accumulate(acc: &mut [i64], w: &[i16], c: &Changes) {
        let h = acc.len();
        let row = |i: u16| &w[usize::from(i) * h..][..h];
        for (j, a) in acc.iter_mut().enumerate() {
            let t = |s: &Scaled| i64::from(term(row(s.index)[j], s.whole, s.frac));
            *a += c.add.iter().map(|&i| i64::from(row(i)[j])).sum::<i64>()
                - c.sub.iter().map(|&i| i64::from(row(i)[j])).sum::<i64>()
                + c.add_scaled.iter().map(t).sum::<i64>()
                - c.sub_scaled.iter().map(t).sum::<i64>()
                + c.changed.iter().map(|c| t(&c.new) - t(&c.old)).sum::<i64>();
        }
    }

    #[test]
    fn terms_round_the_scaled_weight_to_the_nearest() {
        assert_eq!(term(1000, 1, 0), 1000);
        assert_eq!(term(1000, 0, 8192), 250);
        assert_eq!(term(-1000, 2, 8192), -2250);
        assert_eq!(term(3, 0, 16384), 2); // 1.5 rounds up
        assert_eq!(term(-3, 0, 16384), -1); // -1.5 rounds up too
    }

    #[test]
    fn every_variant_gives_the_plain_loops_results() {
        let variants = IntKernels::available();
        println!(
            "integer kernels: {:?}",
            variants.iter().map(|k| k.name).collect::<Vec<_>>()
        );
        // 16, 144 and 512 hidden units: remainder blocks, whole blocks and both.
        for h in [16, 144, 512] {
            let rows = 40;
            let w: Vec<i16> = (0..rows * h)
                .map(|i| ((i as f32 * 0.37).sin() * 3000.0) as i16)
                .collect();
            let start: Vec<i16> = (0..h)
                .map(|i| ((i as f32 * 0.11).cos() * 900.0) as i16)
                .collect();
            let s = |index, whole, frac| Scaled { index, whole, frac };
            let c = Changes {
                add: vec![3, 4, 9, 17],
                sub: vec![19, 2],
                add_scaled: vec![s(5, 0, 12345), s(30, 2, 8192), s(31, 0, 32767)],
                sub_scaled: vec![s(6, 1, 77), s(39, 3, 0)],
                changed: vec![
                    Change {
                        old: s(7, 0, 1000),
                        new: s(7, 1, 30000),
                    },
                    Change {
                        old: s(8, 2, 0),
                        new: s(8, 0, 5),
                    },
                ],
            };
            let mut plain: Vec<i64> = start.iter().map(|&x| i64::from(x)).collect();
            plain_accumulate(&mut plain, &w, &c);
            let zero: Vec<i16> = (0..h).map(|j| (j as i16 % 7) * 50).collect();
            for k in &variants {
                let mut acc = start.clone();
                (k.accumulate)(&mut acc, &w, &c);
                let acc64: Vec<i64> = acc.iter().map(|&x| i64::from(x)).collect();
                assert_eq!(acc64, plain, "{} h={h}", k.name);
                let mut act = vec![0; h];
                (k.activate)(&acc, &zero, &mut act);
                for j in 0..h {
                    assert_eq!(act[j], (acc[j] - zero[j]).max(0), "{} h={h}", k.name);
                }
            }
            let x: Vec<i16> = (0..h).map(|j| (j * 97 % 30000) as i16).collect();
            let outs = 9;
            let plain: Vec<i32> = (0..outs)
                .map(|r| {
                    let row = &w[r * h..(r + 1) * h];
                    let dot: i64 = x
                        .iter()
                        .zip(row)
                        .map(|(&a, &b)| i64::from(a) * i64::from(b))
                        .sum();
                    dot as i32
                })
                .collect();
            for k in &variants {
                for mask in [0x1ff, 0x0b7, 0x011, 0x100] {
                    let mut out = vec![-7; outs];
                    (k.dots)(&x, &w, mask, &mut out);
                    let want: Vec<i32> = (0..outs)
                        .map(|r| if mask >> r & 1 == 1 { plain[r] } else { -7 })
                        .collect();
                    assert_eq!(out, want, "{} h={h} mask={mask:x}", k.name);
                }
            }
            // The ReLU and dots together, from sums either side of zero.
            let sums: Vec<i16> = (0..h).map(|j| (j * 7919 % 20000) as i16 - 9000).collect();
            let zero: Vec<i16> = (0..h).map(|j| (j as i16 % 5) * 300 - 600).collect();
            let mut act = vec![0; h];
            (IntKernels::baseline().activate)(&sums, &zero, &mut act);
            for k in &variants {
                for mask in [0x1ff, 0x0b7, 0x011, 0x100, 0x0fe] {
                    let mut want = vec![-7; outs];
                    (IntKernels::baseline().dots)(&act, &w, mask, &mut want);
                    let (mut out, mut scratch) = (vec![-7; outs], vec![0; h]);
                    (k.output)(&sums, &zero, &w, mask, &mut scratch, &mut out);
                    assert_eq!(out, want, "{} h={h} mask={mask:x}", k.name);
                }
            }
        }
    }
}
