//! The integer net's softmax: the same masked softmax as the `f32` net's
//! ([`crate::eval::game_net::layers::masked_softmax`]), with `exp` computed by a short
//! polynomial on all outcomes at once instead of nine calls to the
//! library's `expf`, and one reciprocal instead of nine divisions. The
//! results agree with the library's to a few parts in 10⁷, far below
//! what the integer first layer already rounds (a test checks the bound).

use crate::eval::features::OUTCOMES;

/// Lanes the outcomes are padded to, so the loops run on whole vectors
/// (one of AVX-512, two of AVX2) and reduce in halves.
const LANES: usize = 16;

/// `e^x` for `x ≤ 0` (1 above), to about 2 parts in 10⁷ (and `e^−87` below −87, where
/// `f32` nearly underflows anyway): `x = n ln 2 + r` with `|r| ≤ ln 2 / 2`,
/// `e^r` by its Taylor series to the 7th power (error at most
/// `(ln 2 / 2)^8 / 8!`), and `2^n` written into the exponent bits. No
/// branches and no float-to-int conversion: it vectorises.
#[inline(always)]
fn exp_nonpositive(x: f32) -> f32 {
    /// Adding 1.5 · 2²³ rounds to the nearest integer, which the low bits
    /// of the sum then hold.
    const ROUND: f32 = 12_582_912.0;
    /// ln 2 in two parts, the first with few enough bits that `n` times it
    /// is exact (Cody and Waite's reduction).
    const LN_2_HIGH: f32 = 0.693_145_75;
    const LN_2_LOW: f32 = 1.428_606_8e-6;
    // Also at most 0: a masked-out logit above the maximum must not
    // overflow (its `e` is multiplied by 0, and ∞ · 0 is NaN).
    let x = x.clamp(-87.0, 0.0);
    let t = x * std::f32::consts::LOG2_E + ROUND;
    let n = t - ROUND;
    let r = (x - n * LN_2_HIGH) - n * LN_2_LOW;
    let p = 1.0
        + r * (1.0
            + r * (0.5
                + r * (1.0 / 6.0
                    + r * (1.0 / 24.0
                        + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r * (1.0 / 5040.0)))))));
    // The low bits of `t` are `n` (−126 ≤ n ≤ 0), as two's complement.
    let exponent = (t.to_bits().wrapping_sub(ROUND.to_bits())).wrapping_add(127) << 23;
    p * f32::from_bits(exponent)
}

/// Softmax over the outcomes whose bit is set in `mask`; the others get 0.
#[inline(always)]
pub fn masked_softmax(logits: &[f32; OUTCOMES], mask: u16, out: &mut [f32; OUTCOMES]) {
    // Masked-out and padding lanes take the lowest value, so they never
    // win the maximum; their `e` is then multiplied by 0.
    let on: [f32; LANES] = std::array::from_fn(|k| (u32::from(mask) >> k & 1) as f32);
    let mut padded = [f32::MIN; LANES];
    for (k, (p, &l)) in padded.iter_mut().zip(logits).enumerate() {
        *p = if on[k] == 1.0 { l } else { f32::MIN };
    }
    let max = tree(padded, |a, b| if a > b { a } else { b });
    let mut e = [0.0f32; LANES];
    for ((v, &l), &on) in e.iter_mut().zip(&padded).zip(&on) {
        *v = exp_nonpositive(l - max) * on;
    }
    let inverse = 1.0 / tree(e, |a, b| a + b);
    for (o, &v) in out.iter_mut().zip(&e) {
        *o = v * inverse;
    }
}

/// `op` folded over the lanes as a tree of halves: vector operations, no
/// chain of scalar ones (and the same order, so the same bits, however
/// the compiler vectorises it).
#[inline(always)]
fn tree(mut v: [f32; LANES], op: impl Fn(f32, f32) -> f32) -> f32 {
    let mut width = LANES / 2;
    while width > 0 {
        for i in 0..width {
            v[i] = op(v[i], v[i + width]);
        }
        width /= 2;
    }
    v[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_agrees_with_the_library_to_a_few_parts_in_ten_million() {
        let mut x = 0.0f32;
        while x > -87.0 {
            let (got, want) = (exp_nonpositive(x), x.exp());
            assert!(
                (got - want).abs() <= 3e-7 * want,
                "exp({x}) = {got}, library {want}"
            );
            x -= 0.001_37;
        }
        assert_eq!(exp_nonpositive(0.0), 1.0);
        assert_eq!(exp_nonpositive(-1000.0), exp_nonpositive(-87.0));
        assert_eq!(exp_nonpositive(500.0), 1.0);
        assert!(exp_nonpositive(-87.0) > 0.0 && exp_nonpositive(-87.0) < 2e-38);
    }

    #[test]
    fn softmax_agrees_with_the_f32_nets() {
        let mut seed = 12345u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1 << 24) as f32
        };
        for _ in 0..10_000 {
            let logits: [f32; OUTCOMES] = std::array::from_fn(|_| next() * 30.0 - 15.0);
            let mask = (next() * 512.0) as u16 | 1;
            // Masked-out logits far above the others change nothing.
            let mut logits = logits;
            for (k, l) in logits.iter_mut().enumerate() {
                if mask >> k & 1 == 0 && next() < 0.3 {
                    *l = 1e30;
                }
            }
            let (mut got, mut want) = ([0.0; OUTCOMES], [0.0; OUTCOMES]);
            masked_softmax(&logits, mask, &mut got);
            crate::eval::game_net::layers::masked_softmax(&logits, u32::from(mask), &mut want);
            for k in 0..OUTCOMES {
                assert!(
                    (got[k] - want[k]).abs() <= 1e-6,
                    "{logits:?} {mask:b}: {got:?} against {want:?}"
                );
                assert_eq!(mask >> k & 1 == 0, got[k] == 0.0);
            }
        }
    }
}
