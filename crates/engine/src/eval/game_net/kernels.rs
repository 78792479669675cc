//! The two vector loops of inference, written so the compiler vectorises
//! them (fixed-size blocks, separate accumulators), compiled once for the
//! baseline CPU and once each for AVX2 and AVX-512, chosen at run time.
//!
//! - [`Kernels::accumulate`] adds the weight rows of the sparse inputs to
//!   the hidden pre-activations, one block of hidden units at a time so the
//!   block's running sums stay in registers while every row is added
//!   (instead of loading and storing the whole hidden vector once a row).
//! - [`Kernels::dots`] computes the output layer's dot products, three
//!   rows at once, so independent sums overlap instead of each waiting on
//!   its own previous addition.
//!
//! Every variant runs the same arithmetic in the same order (Rust never
//! fuses a multiply and an add on its own), so results are bit-identical
//! whichever is chosen: weights evaluate the same on every machine. The
//! order per hidden unit is also the plain one (bias, then each input's
//! term in input order), so blocking changes no result.

/// Lanes of one chunk. Hidden layer sizes are multiples of this.
pub const LANES: usize = 16;

/// Hidden units whose sums a block of [`Kernels::accumulate`] keeps in
/// registers while it adds every input row.
const BLOCK: usize = 64;

/// `acc[j] += value[k] * w[index[k] * acc.len() + j]` for every `k` in
/// order (`acc`, `w`, `index`, `value`).
pub type AccumulateFn = fn(&mut [f32], &[f32], &[u16], &[f32]);

/// The loops for one instruction set.
#[derive(Clone, Copy)]
pub struct Kernels {
    /// `acc[j] += value[k] * w[index[k] * acc.len() + j]` for every `k` in
    /// order: the first layer's rows of sparse inputs (`w` has rows of
    /// `acc.len()` weights).
    pub accumulate: AccumulateFn,
    /// `out[r] = Σ_j x[j] · w[r * x.len() + j]` for every row `r` whose bit
    /// is set in the mask (other rows of `out` are left alone).
    pub dots: fn(&[f32], &[f32], u32, &mut [f32]),
    /// Name of the instruction set, for benchmarks.
    pub name: &'static str,
}

#[inline(always)]
fn accumulate_block<const N: usize>(
    acc: &mut [f32],
    start: usize,
    w: &[f32],
    index: &[u16],
    value: &[f32],
) {
    let h = acc.len();
    let mut a = [0.0f32; N];
    a.copy_from_slice(&acc[start..start + N]);
    for (&i, &v) in index.iter().zip(value) {
        let row = &w[usize::from(i) * h + start..][..N];
        for j in 0..N {
            a[j] += v * row[j];
        }
    }
    acc[start..start + N].copy_from_slice(&a);
}

#[inline(always)]
fn accumulate_generic(acc: &mut [f32], w: &[f32], index: &[u16], value: &[f32]) {
    let h = acc.len();
    let mut start = 0;
    while start + BLOCK <= h {
        accumulate_block::<BLOCK>(acc, start, w, index, value);
        start += BLOCK;
    }
    while start + LANES <= h {
        accumulate_block::<LANES>(acc, start, w, index, value);
        start += LANES;
    }
}

/// Reduces 16 lane sums in a fixed pairwise order, the same everywhere.
#[inline(always)]
fn reduce(mut acc: [f32; LANES]) -> f32 {
    let mut width = LANES / 2;
    while width > 0 {
        for j in 0..width {
            acc[j] += acc[j + width];
        }
        width /= 2;
    }
    acc[0]
}

/// Dot products of `x` with the rows `rows` of `w`, into `out`.
#[inline(always)]
fn dot_rows<const R: usize>(x: &[f32], w: &[f32], rows: [usize; R], out: &mut [f32]) {
    let h = x.len();
    let mut acc = [[0.0f32; LANES]; R];
    for (c, xs) in x.chunks_exact(LANES).enumerate() {
        for r in 0..R {
            let ws = &w[rows[r] * h + c * LANES..][..LANES];
            for j in 0..LANES {
                acc[r][j] += xs[j] * ws[j];
            }
        }
    }
    for (a, r) in acc.into_iter().zip(rows) {
        out[r] = reduce(a);
    }
}

/// Index of the lowest set bit of `rows` (non-zero), which it clears.
#[inline(always)]
fn take_lowest(rows: &mut u32) -> usize {
    let r = rows.trailing_zeros() as usize;
    *rows &= *rows - 1;
    r
}

/// The rows whose bit is set in `mask` (among the first `out.len()`),
/// lowest first: three at a time, then one at a time.
///
/// A plain loop, not a closure handed to a helper: a closure is compiled
/// once, without the instruction set of the `#[target_feature]` function
/// that calls it, so the AVX-512 variant ran this loop in SSE.
#[inline(always)]
fn dots_generic(x: &[f32], w: &[f32], mask: u32, out: &mut [f32]) {
    let mut left = mask & ((1u32 << out.len()) - 1);
    while left.count_ones() >= 3 {
        let l = &mut left;
        let group = [take_lowest(l), take_lowest(l), take_lowest(l)];
        dot_rows(x, w, group, out);
    }
    while left != 0 {
        dot_rows(x, w, [take_lowest(&mut left)], out);
    }
}

fn accumulate_base(acc: &mut [f32], w: &[f32], index: &[u16], value: &[f32]) {
    accumulate_generic(acc, w, index, value)
}

fn dots_base(x: &[f32], w: &[f32], mask: u32, out: &mut [f32]) {
    dots_generic(x, w, mask, out)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{accumulate_generic, dots_generic};

    #[target_feature(enable = "avx2")]
    unsafe fn accumulate_avx2_inner(acc: &mut [f32], w: &[f32], index: &[u16], value: &[f32]) {
        accumulate_generic(acc, w, index, value)
    }

    #[target_feature(enable = "avx2")]
    unsafe fn dots_avx2_inner(x: &[f32], w: &[f32], mask: u32, out: &mut [f32]) {
        dots_generic(x, w, mask, out)
    }

    #[target_feature(enable = "avx512f")]
    unsafe fn accumulate_avx512_inner(acc: &mut [f32], w: &[f32], index: &[u16], value: &[f32]) {
        accumulate_generic(acc, w, index, value)
    }

    #[target_feature(enable = "avx512f")]
    unsafe fn dots_avx512_inner(x: &[f32], w: &[f32], mask: u32, out: &mut [f32]) {
        dots_generic(x, w, mask, out)
    }

    pub fn accumulate_avx2(acc: &mut [f32], w: &[f32], index: &[u16], value: &[f32]) {
        // SAFETY: only selected after `is_x86_feature_detected!("avx2")`.
        unsafe { accumulate_avx2_inner(acc, w, index, value) }
    }

    pub fn dots_avx2(x: &[f32], w: &[f32], mask: u32, out: &mut [f32]) {
        // SAFETY: only selected after `is_x86_feature_detected!("avx2")`.
        unsafe { dots_avx2_inner(x, w, mask, out) }
    }

    pub fn accumulate_avx512(acc: &mut [f32], w: &[f32], index: &[u16], value: &[f32]) {
        // SAFETY: only selected after `is_x86_feature_detected!("avx512f")`.
        unsafe { accumulate_avx512_inner(acc, w, index, value) }
    }

    pub fn dots_avx512(x: &[f32], w: &[f32], mask: u32, out: &mut [f32]) {
        // SAFETY: only selected after `is_x86_feature_detected!("avx512f")`.
        unsafe { dots_avx512_inner(x, w, mask, out) }
    }
}

impl Kernels {
    /// The fastest variant this CPU supports.
    pub fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                return Kernels {
                    accumulate: x86::accumulate_avx512,
                    dots: x86::dots_avx512,
                    name: "avx512",
                };
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return Kernels {
                    accumulate: x86::accumulate_avx2,
                    dots: x86::dots_avx2,
                    name: "avx2",
                };
            }
        }
        Kernels::baseline()
    }

    /// The variant for the baseline CPU of the build.
    pub fn baseline() -> Kernels {
        Kernels {
            accumulate: accumulate_base,
            dots: dots_base,
            name: "baseline",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loops as first written: one row at a time over the whole
    /// hidden vector, one dot product at a time.
    fn plain_accumulate(acc: &mut [f32], w: &[f32], index: &[u16], value: &[f32]) {
        let h = acc.len();
        for (&i, &v) in index.iter().zip(value) {
            let row = &w[usize::from(i) * h..][..h];
            for (a, r) in acc.iter_mut().zip(row) {
                *a += v * r;
            }
        }
    }

    fn plain_dot(a: &[f32], b: &[f32]) -> f32 {
        let mut acc = [0.0f32; LANES];
        for (x, y) in a.chunks_exact(LANES).zip(b.chunks_exact(LANES)) {
            for j in 0..LANES {
                acc[j] += x[j] * y[j];
            }
        }
        reduce(acc)
    }

    #[test]
    fn every_variant_gives_the_plain_loops_results_bit_for_bit() {
        let (base, best) = (Kernels::baseline(), Kernels::detect());
        // 16, 48 and 144 hidden units: remainder blocks, whole blocks and both.
        for h in [16, 48, 144] {
            let rows = 20;
            let w: Vec<f32> = (0..rows * h).map(|i| (i as f32 * 0.37).sin()).collect();
            let start: Vec<f32> = (0..h).map(|i| (i as f32 * 0.11).cos()).collect();
            let index = [3u16, 4, 9, 17, 19];
            let value = [1.0f32, 0.25, -1.0, 0.7, 1.0];
            let mut plain = start.clone();
            plain_accumulate(&mut plain, &w, &index, &value);
            for k in [base, best] {
                let mut acc = start.clone();
                (k.accumulate)(&mut acc, &w, &index, &value);
                assert_eq!(acc, plain, "{} h={h}", k.name);
            }
            let relu = &start;
            let outs = 9;
            let plain: Vec<f32> = (0..outs)
                .map(|r| plain_dot(relu, &w[r * h..(r + 1) * h]))
                .collect();
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            for k in [base, best] {
                for mask in [0x1ff, 0x0b7, 0x011, 0x100] {
                    let mut out = vec![-7.0; outs];
                    (k.dots)(&start, &w, mask, &mut out);
                    let want: Vec<f32> = (0..outs)
                        .map(|r| if mask >> r & 1 == 1 { plain[r] } else { -7.0 })
                        .collect();
                    assert_eq!(bits(&out), bits(&want), "{} h={h} mask={mask:x}", k.name);
                }
            }
            let naive: f32 = relu.iter().zip(&w).map(|(p, q)| p * q).sum();
            assert!((plain[0] - naive).abs() < 1e-3);
        }
    }
}
