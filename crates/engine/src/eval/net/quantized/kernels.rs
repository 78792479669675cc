//! The integer net's vector loops, written so the compiler vectorises them
//! (fixed-size blocks, separate accumulators), compiled for the baseline
//! CPU, AVX2, AVX-512 (with its 16-bit instructions, AVX-512BW) and
//! AVX-512 with VNNI, and chosen at run time, as the `f32` loops are
//! ([`crate::eval::game_net::kernels`]).
//!
//! The baseline variant is these portable loops; the AVX2 and AVX-512
//! ones are written with intrinsics (`x86`) and must give the
//! same bits (a test compares them).
//!
//! - [`IntKernels::accumulate`] adds and subtracts first-layer rows (`i16`)
//!   to the hidden sums (`i16`), one block of hidden units at a time so the
//!   block stays in registers while every row is added.
//! - [`IntKernels::output`] is the ReLU of those sums and the output
//!   layer's `i16 × i16 → i32` dot products over the non-zero activations
//!   only ([`super::output`]); the VNNI variant accumulates with
//!   `vpdpwssd`.
//! - [`evaluate_for`] gives the whole evaluation of a position of any
//!   game (`QuantizedGameNetwork::evaluate_with`) compiled for the
//!   instruction set, the game's input encoder included (with the
//!   bit-counting instructions every AVX2 processor has), so the loops
//!   inline into it.
//!
//! All arithmetic is integer and wraps (the sums of [`super`] are bounded
//! so that no final value leaves `i16`, see its comment): integer addition
//! is exact and associative, so every variant and every order of the rows
//! gives the same bits, and updating a sum equals recomputing it.

use super::inputs::term;
use super::inputs::{Change, Changes, Scaled};
use super::output::{OutputFn, output_generic};
#[cfg(target_arch = "x86_64")]
use super::x86;
use super::{IntInputs, IntScratch, LANES, QuantizedGameNetwork};
use crate::eval::features::{self, OUTCOMES};

/// Hidden units whose sums a block of [`IntKernels::accumulate`] keeps in
/// registers while it adds every row.
const BLOCK: usize = 128;

/// The evaluation of a position of the game of `I` ([`evaluate_for`]):
/// the network, the position, what its encoding depends on, working
/// memory, whether the position follows the batch's previous one.
pub type EvaluateFn<I> = fn(
    &QuantizedGameNetwork<I>,
    &<I as IntInputs>::Position,
    &<I as IntInputs>::Context,
    &mut IntScratch<<I as IntInputs>::Parts>,
    bool,
) -> [f32; OUTCOMES];

/// The loops for one instruction set.
#[derive(Clone, Copy)]
pub struct IntKernels {
    /// Applies `changes` to the sums `acc`: `w` has rows of `acc.len()`
    /// weights, one per input.
    pub accumulate: fn(&mut [i16], &[i16], &Changes),
    /// The ReLU of the sums and the outcome sums `Σ_j x[j] · w(r, j)`
    /// in `i32` for every outcome `r` ([`super::output`]).
    pub output: OutputFn,
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

fn accumulate_base(acc: &mut [i16], w: &[i16], c: &Changes) {
    accumulate_generic(acc, w, c)
}

fn evaluate_base<I: IntInputs>(
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
        accumulate_base,
        output_generic,
    )
}

/// The whole evaluation of a position of the game of `I` with the loops
/// of `kernels`, compiled for their instruction set (the game's encoder
/// and terms included).
pub fn evaluate_for<I: IntInputs>(kernels: &IntKernels) -> EvaluateFn<I> {
    #[cfg(target_arch = "x86_64")]
    {
        // `IntKernels::available` lists a set only once it is detected.
        match kernels.name {
            "avx2" => return x86::avx2::evaluate::<I>,
            "avx512" => return x86::avx512::evaluate::<I>,
            "avx512-vnni" => return x86::avx512vnni::evaluate::<I>,
            _ => {}
        }
    }
    let _ = kernels;
    evaluate_base::<I>
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
            output: output_generic,
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
                    output: x86::avx2::output,
                    name: "avx2",
                });
            }
            if bits
                && std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
            {
                all.push(IntKernels {
                    accumulate: x86::avx512::accumulate,
                    output: x86::avx512::output,
                    name: "avx512",
                });
                if std::arch::is_x86_feature_detected!("avx512vnni") {
                    all.push(IntKernels {
                        accumulate: x86::avx512vnni::accumulate,
                        output: x86::avx512vnni::output,
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
    fn every_variant_accumulates_as_the_plain_loops_do() {
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
            for k in &variants {
                let mut acc = start.clone();
                (k.accumulate)(&mut acc, &w, &c);
                let acc64: Vec<i64> = acc.iter().map(|&x| i64::from(x)).collect();
                assert_eq!(acc64, plain, "{} h={h}", k.name);
            }
        }
    }
}
