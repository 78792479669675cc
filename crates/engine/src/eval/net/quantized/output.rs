//! The integer net's output layer, computed sparsely: the ReLU of the
//! hidden sums, then the outcome logits' dot products taken over the
//! non-zero activations only.
//!
//! **Why sparse.** Over the positions of random games, 93% of the shipped
//! net's 512 activations are 0, and 87% of the pairs of neighbouring units
//! are both 0 (about 34 pairs of 256 are not; measured over 150 games'
//! positions). The dense layer multiplied all 512 activations into every
//! outcome row (up to 9 × 512 multiply-adds); this one multiplies each
//! non-zero *pair* into all the outcomes at once, one `pmaddwd` (or VNNI
//! `vpdpwssd`) of a broadcast pair by the pair's 16-lane column of weights.
//!
//! **Layout.** [`PairColumn`] `p` holds, for outcome lane `r` (0..16; the
//! lanes from [`OUTCOMES`] on are zero), the weights of units `2p` and
//! `2p + 1`, side by side: exactly the operand `pmaddwd` multiplies a
//! broadcast `(x[2p], x[2p + 1])` by. A column is 64 bytes, aligned.
//!
//! **Same bits.** Products and their sums are integers and wrap, so adding
//! a row's products in another order, or leaving out the zero ones, gives
//! the dense layer's sums to the bit. Outcomes a position cannot have are
//! computed too; the masked softmax ignores them.

use crate::eval::aligned::AlignedI16;
use crate::eval::features::OUTCOMES;

/// Outcome lanes of a column: [`OUTCOMES`] padded to one AVX-512 vector
/// of `i32` sums.
pub const OUT_LANES: usize = 16;

/// The output weights of hidden units `2p` and `2p + 1` for every outcome
/// lane: `[w(0, 2p), w(0, 2p + 1), w(1, 2p), w(1, 2p + 1), …]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct PairColumn(pub [i16; 2 * OUT_LANES]);

/// Row-major output weights (rows of `hidden`, at most [`OUTCOMES`]: the
/// Plakoto net's nine, the Fevga net's four) as pair columns; the lanes
/// of missing rows are zero.
pub fn pair_major(rows: &[i16], hidden: usize) -> Vec<PairColumn> {
    let outcomes = rows.len() / hidden.max(1);
    assert!(
        outcomes <= OUTCOMES && rows.len() == outcomes * hidden,
        "output weights"
    );
    assert!(hidden.is_multiple_of(2), "hidden units come in pairs");
    (0..hidden / 2)
        .map(|p| {
            let mut column = [0i16; 2 * OUT_LANES];
            for r in 0..outcomes {
                column[2 * r] = rows[r * hidden + 2 * p];
                column[2 * r + 1] = rows[r * hidden + 2 * p + 1];
            }
            PairColumn(column)
        })
        .collect()
}

/// Room the list of non-zero pairs needs for `hidden` units: one entry a
/// pair, plus one vector's worth, since the vector kernels store whole
/// vectors of indices and advance by the count.
pub fn pair_list_len(hidden: usize) -> usize {
    hidden / 2 + OUT_LANES
}

/// The output layer's working memory.
#[derive(Clone, Debug, Default)]
pub struct OutputScratch {
    /// The ReLU activations, one a hidden unit (line-aligned).
    pub activations: AlignedI16,
    /// The indices of the pairs of units not both 0, in order; room for
    /// [`pair_list_len`].
    pub pairs: Vec<u32>,
}

impl OutputScratch {
    /// Sized for `hidden` units (no allocation once it is).
    #[inline]
    pub fn fit(&mut self, hidden: usize) {
        self.activations.resize(hidden);
        self.pairs.resize(pair_list_len(hidden), 0);
    }
}

/// [`super::kernels::IntKernels::output`]: the outcome sums from the
/// hidden sums, each unit's zero point and the pair columns, with the
/// activations left in the scratch (fitted to the sums).
pub type OutputFn = fn(&[i16], &[i16], &[PairColumn], &mut OutputScratch) -> [i32; OUTCOMES];

/// `out[j] = max(sums[j], zero[j]) - zero[j]`: the ReLU of sums kept
/// relative to a per-unit zero point.
#[inline(always)]
fn activate(sums: &[i16], zero: &[i16], out: &mut [i16]) {
    for ((o, &a), &z) in out.iter_mut().zip(sums).zip(zero) {
        *o = a.max(z).wrapping_sub(z);
    }
}

/// Adds pair `p`'s products into the outcome lanes.
#[inline(always)]
fn add_pair(acc: &mut [i32; OUT_LANES], x: &[i16], column: &PairColumn, p: usize) {
    let (even, odd) = (i32::from(x[2 * p]), i32::from(x[2 * p + 1]));
    for (r, a) in acc.iter_mut().enumerate() {
        let products =
            (even * i32::from(column.0[2 * r])).wrapping_add(odd * i32::from(column.0[2 * r + 1]));
        *a = a.wrapping_add(products);
    }
}

/// The first [`OUTCOMES`] of a column's lanes: the outcome sums.
#[inline(always)]
pub(super) fn first_outcomes(lanes: [i32; OUT_LANES]) -> [i32; OUTCOMES] {
    std::array::from_fn(|r| lanes[r])
}

/// The portable output layer (the baseline CPU's [`OutputFn`]): ReLU, the
/// list of non-zero pairs, then each listed pair's column added in.
#[inline]
pub(super) fn output_generic(
    sums: &[i16],
    zero: &[i16],
    columns: &[PairColumn],
    scratch: &mut OutputScratch,
) -> [i32; OUTCOMES] {
    let OutputScratch {
        activations: x,
        pairs,
    } = scratch;
    activate(sums, zero, x);
    let mut n = 0;
    for p in 0..x.len() / 2 {
        // Written always, kept when non-zero: no branch to mispredict.
        pairs[n] = p as u32;
        n += usize::from(x[2 * p] | x[2 * p + 1] != 0);
    }
    let mut acc = [0i32; OUT_LANES];
    for &p in &pairs[..n] {
        let p = p as usize;
        add_pair(&mut acc, x, &columns[p], p);
    }
    first_outcomes(acc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::net::quantized::kernels::IntKernels;

    /// The dense layer in `i64`: nothing wraps, nothing is skipped.
    fn plain(x: &[i16], rows: &[i16]) -> [i32; OUTCOMES] {
        let h = x.len();
        std::array::from_fn(|r| {
            x.iter()
                .zip(&rows[r * h..(r + 1) * h])
                .map(|(&a, &b)| i64::from(a) * i64::from(b))
                .sum::<i64>() as i32
        })
    }

    #[test]
    fn pair_columns_hold_each_pairs_weights_lane_by_lane() {
        let h = 4;
        let rows: Vec<i16> = (0..(OUTCOMES * h) as i16).collect();
        let columns = pair_major(&rows, h);
        assert_eq!(columns.len(), 2);
        // Column 1 = units 2 and 3: row r's weights r*4+2 and r*4+3.
        for r in 0..OUTCOMES {
            assert_eq!(columns[1].0[2 * r], (r * h + 2) as i16);
            assert_eq!(columns[1].0[2 * r + 1], (r * h + 3) as i16);
        }
        assert!(columns[1].0[2 * OUTCOMES..].iter().all(|&w| w == 0));
        assert_eq!(std::mem::align_of::<PairColumn>(), 64);
    }

    /// Every instruction set's output layer gives the dense layer's sums,
    /// for activations from all zero to all non-zero, with lone non-zero
    /// units on either side of a pair, and hidden sizes with and without
    /// a half vector left over.
    #[test]
    fn every_variant_gives_the_dense_layers_sums() {
        let variants = IntKernels::available();
        println!(
            "integer kernels: {:?}",
            variants.iter().map(|k| k.name).collect::<Vec<_>>()
        );
        for h in [16, 48, 144, 512] {
            let rows: Vec<i16> = (0..OUTCOMES * h)
                .map(|i| ((i as f32 * 0.37).sin() * 3000.0) as i16)
                .collect();
            let columns = pair_major(&rows, h);
            let zero: Vec<i16> = (0..h).map(|j| (j as i16 % 5) * 300 - 600).collect();
            // Share of units left positive: none, few (single units), half, all.
            for keep in [0usize, 1, 7, 50, 100] {
                let sums: Vec<i16> = (0..h)
                    .map(|j| {
                        let on = (j * 7919 + keep * 31) % 100 < keep;
                        let magnitude = (j * 4099 % 9000) as i16 + 1;
                        if on {
                            zero[j] + magnitude
                        } else {
                            zero[j] - magnitude
                        }
                    })
                    .collect();
                let mut x = vec![0; h];
                activate(&sums, &zero, &mut x);
                let want = plain(&x, &rows);
                for k in &variants {
                    let mut scratch = OutputScratch::default();
                    scratch.fit(h);
                    scratch.activations.fill(-1);
                    let got = (k.output)(&sums, &zero, &columns, &mut scratch);
                    assert_eq!(got, want, "{} h={h} keep={keep}%", k.name);
                    assert_eq!(
                        &scratch.activations[..],
                        &x[..],
                        "{} h={h} keep={keep}%",
                        k.name
                    );
                }
            }
        }
    }
}
