//! The range of every hidden unit's integer sum over all legal positions,
//! so the integer first layer can be proved never to leave `i16`.
//!
//! A unit's sum is its bias plus the terms of its non-zero inputs. The
//! bound takes each side on its own: its 24 points hold at most 15 of its
//! checkers, free on top or pinned, and each point's inputs follow from
//! that content ([`features::point_inputs`]), so the extreme point sums
//! are a knapsack over the points (a table by checkers used). Each global
//! input lies between 0 and [`features::GLOBAL_MAX`], and a term grows
//! monotonically with the value, so its extremes are its terms at 0 and at
//! the maximum. Ignoring what ties the two sides and the globals together
//! only widens the range: it is sound, not tight (the shipped nets' true
//! sums stay well inside it).

use super::inputs::quantize_value;
use super::inputs::term;
use crate::eval::features::{self, PER_POINT, PER_SIDE};
use crate::eval::game_net::inputs::count_inputs;

/// Checkers of one side (Plakoto's and Fevga's alike).
const CHECKERS: usize = 15;

/// The smallest and largest value of one unit's integer sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Smallest sum.
    pub lo: i64,
    /// Largest sum.
    pub hi: i64,
}

impl Range {
    /// The range of a sum that is `value` and nothing else (a unit's bias
    /// before any input is added).
    pub fn exactly(value: i32) -> Range {
        Range {
            lo: i64::from(value),
            hi: i64::from(value),
        }
    }
}

/// Far below any reachable sum (and above it, negated), yet far from
/// overflowing when a point's sum is added: a state not reached yet.
const UNREACHED: i32 = i32::MIN / 4;

/// The range of each unit's sum `bias[j] + Σ term(w[i * h + j], value_i)`
/// over every legal position (`w`: input rows of `bias.len()` weights).
/// The tables run over all units at once (the inner loops are over units,
/// so they vectorise): quantising a net takes milliseconds, not tens.
pub fn ranges(w: &[i16], bias: &[i32]) -> Vec<Range> {
    let h = bias.len();
    // Every content of a point: the checkers it takes and its input
    // values in integers.
    let contents: Vec<(usize, [(i16, i16); PER_POINT])> = (0..=CHECKERS as u8)
        .flat_map(|n| [(n, false), (n, true)])
        .filter(|&(n, pinned)| usize::from(n) + usize::from(pinned) <= CHECKERS)
        .map(|(n, pinned)| {
            let used = usize::from(n) + usize::from(pinned);
            (used, features::point_inputs(n, pinned).map(quantize_value))
        })
        .collect();
    let row = |i: usize| &w[i * h..(i + 1) * h];
    let mut out: Vec<Range> = bias.iter().map(|&b| Range::exactly(b)).collect();
    let used: Vec<usize> = contents.iter().map(|&(used, _)| used).collect();
    for base in [0, PER_SIDE] {
        // Each content's sum for every unit (the same for both extremes).
        let content_sums = |p: usize, lo: &mut [i32], hi: &mut [i32]| {
            for (sum, (_, values)) in lo.chunks_exact_mut(h).zip(&contents) {
                sum.fill(0);
                for (k, &(whole, frac)) in values.iter().enumerate() {
                    add_terms(sum, row(base + p * PER_POINT + k), whole, frac);
                }
            }
            hi.copy_from_slice(lo);
        };
        let (lo, hi) = point_extremes(h, &used, content_sums);
        widen(&mut out, &lo, &hi);
        for (k, &max) in features::GLOBAL_MAX.iter().enumerate() {
            let (whole, frac) = quantize_value(max);
            for (r, &wj) in out.iter_mut().zip(row(base + 24 * PER_POINT + k)) {
                let top = i64::from(term(wj, whole, frac));
                r.lo += top.min(0);
                r.hi += top.max(0);
            }
        }
    }
    out
}

/// Adds to `sum` the terms of an input of value `whole + frac / FRAC_ONE`
/// whose weights for the units are `row` (nothing for value 0).
#[inline]
pub(crate) fn add_terms(sum: &mut [i32], row: &[i16], whole: i16, frac: i16) {
    if (whole, frac) != (0, 0) {
        for (s, &wj) in sum.iter_mut().zip(row) {
            *s += i32::from(term(wj, whole, frac));
        }
    }
}

/// The smallest and largest sum of one side's point inputs, for each of
/// the `h` units, over every way of placing at most [`CHECKERS`] checkers
/// on its 24 points, where a point's content `c` takes `used[c]`
/// checkers. `content_sums(point, lo, hi)` writes, for every content `c`
/// and unit `j`, the smallest and largest sum of that point's inputs
/// holding it at `lo[c * h + j]` and `hi[c * h + j]` (equal where the
/// content fixes the inputs; apart where it leaves some free, as Fevga's
/// closed points ahead of a checker): a knapsack over the points, a table
/// by checkers used. Plakoto's bound and Fevga's both run it.
pub(crate) fn point_extremes(
    h: usize,
    used: &[usize],
    mut content_sums: impl FnMut(usize, &mut [i32], &mut [i32]),
) -> (Vec<i32>, Vec<i32>) {
    // lo[c * h + j], hi[c * h + j]: unit j's extreme sums of the points so
    // far using c checkers.
    let states = CHECKERS + 1;
    let (mut lo, mut hi) = (vec![-UNREACHED; states * h], vec![UNREACHED; states * h]);
    lo[..h].fill(0);
    hi[..h].fill(0);
    let (mut sums_lo, mut sums_hi) = (vec![0i32; used.len() * h], vec![0i32; used.len() * h]);
    for p in 0..24 {
        content_sums(p, &mut sums_lo, &mut sums_hi);
        let (mut next_lo, mut next_hi) =
            (vec![-UNREACHED; states * h], vec![UNREACHED; states * h]);
        for c in 0..states {
            let contents = sums_lo.chunks_exact(h).zip(sums_hi.chunks_exact(h));
            for ((sum_lo, sum_hi), &used) in contents.zip(used) {
                if c + used >= states {
                    continue;
                }
                let to = (c + used) * h;
                let from = lo[c * h..][..h].iter().zip(&hi[c * h..][..h]);
                let to = next_lo[to..][..h].iter_mut().zip(&mut next_hi[to..][..h]);
                let sums = sum_lo.iter().zip(sum_hi);
                for ((to_lo, to_hi), ((&from_lo, &from_hi), (&s_lo, &s_hi))) in
                    to.zip(from.zip(sums))
                {
                    *to_lo = (*to_lo).min(from_lo + s_lo);
                    *to_hi = (*to_hi).max(from_hi + s_hi);
                }
            }
        }
        (lo, hi) = (next_lo, next_hi);
    }
    let fold = |table: &[i32], pick: fn(i32, i32) -> i32| -> Vec<i32> {
        (0..h)
            .map(|j| {
                (0..states)
                    .map(|c| table[c * h + j])
                    .reduce(pick)
                    .unwrap_or(0)
            })
            .collect()
    };
    (fold(&lo, i32::min), fold(&hi, i32::max))
}

/// Adds to `lo` and `hi` each unit's smallest and largest term of an
/// input that may take any of `values`, whose weights are `row`.
pub(crate) fn add_extremes(
    lo: &mut [i32],
    hi: &mut [i32],
    row: &[i16],
    values: impl Iterator<Item = f32>,
) {
    let values: Vec<(i16, i16)> = values.map(quantize_value).collect();
    for ((lo, hi), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(row) {
        let terms = values
            .iter()
            .map(|&(whole, frac)| i32::from(term(w, whole, frac)));
        let (min, max) = terms.fold((i32::MAX, i32::MIN), |(a, b), t| (a.min(t), b.max(t)));
        *lo += min;
        *hi += max;
    }
}

/// Adds to `sum` the terms of the four units ([`count_inputs`]) of a point
/// holding `n` checkers, unit `k`'s weights being `row(k)` (the Portes and
/// Fevga points).
fn add_count_terms<'w>(sum: &mut [i32], n: u8, row: impl Fn(usize) -> &'w [i16]) {
    for (k, &v) in count_inputs(n).iter().enumerate() {
        let (whole, frac) = quantize_value(v);
        add_terms(sum, row(k), whole, frac);
    }
}

/// The range of each unit's sum over every legal position of a game whose
/// points are their counts of checkers, each read as the four units of
/// [`count_inputs`] (Portes, Fevga): a side's points are a knapsack of at
/// most [`CHECKERS`] checkers. `first_units[s]` is the input of side `s`'s
/// point 1's first unit (point `p`'s follow 4 × `p` later);
/// `also(s, p, lo, hi)` widens the sums of side `s`'s point `p` holding
/// checkers by inputs that depend on the other side too (Fevga's closed
/// points ahead); each of `globals`, `(input, values)`, may take any of
/// its values. Ignoring what ties the sides and the globals together
/// only widens the range: it is sound, not tight.
pub(crate) fn count_game_ranges(
    w: &[i16],
    bias: &[i32],
    first_units: [usize; 2],
    also: impl Fn(usize, usize, &mut [i32], &mut [i32]),
    globals: impl Iterator<Item = (usize, Vec<f32>)>,
) -> Vec<Range> {
    let h = bias.len();
    let row = |i: usize| &w[i * h..(i + 1) * h];
    let mut out: Vec<Range> = bias.iter().map(|&b| Range::exactly(b)).collect();
    // A point's content is its count of checkers.
    let used: Vec<usize> = (0..=CHECKERS).collect();
    for (s, first) in first_units.into_iter().enumerate() {
        let content_sums = |p: usize, lo: &mut [i32], hi: &mut [i32]| {
            let contents = lo.chunks_exact_mut(h).zip(hi.chunks_exact_mut(h));
            for (n, (lo, hi)) in (0..=CHECKERS as u8).zip(contents) {
                lo.fill(0);
                add_count_terms(lo, n, |k| row(first + 4 * p + k));
                hi.copy_from_slice(lo);
                if n > 0 {
                    also(s, p, lo, hi);
                }
            }
        };
        let (lo, hi) = point_extremes(h, &used, content_sums);
        widen(&mut out, &lo, &hi);
    }
    let (mut lo, mut hi) = (vec![0i32; h], vec![0i32; h]);
    for (input, values) in globals {
        add_extremes(&mut lo, &mut hi, row(input), values.into_iter());
    }
    widen(&mut out, &lo, &hi);
    out
}

/// Adds each unit's smallest and largest sum of some inputs (`lo`, `hi`)
/// to its range.
fn widen(out: &mut [Range], lo: &[i32], hi: &[i32]) {
    for (r, (&lo, &hi)) in out.iter_mut().zip(lo.iter().zip(hi)) {
        r.lo += i64::from(lo);
        r.hi += i64::from(hi);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::features::INPUTS;

    #[test]
    fn a_lone_positive_point_weight_counts_at_most_fifteen_checkers_once() {
        // One unit; only the excess input (n-3)/4 of own point 1 weighs 400.
        let mut w = vec![0i16; INPUTS];
        w[3] = 400;
        let r = ranges(&w, &[10]);
        // 15 checkers there: 12/4 = 3 times the weight.
        assert_eq!(
            r,
            vec![Range {
                lo: 10,
                hi: 10 + 1200
            }]
        );
        // The same weight on every point cannot be used more than 12 times
        // over in total: 15 checkers at most per side.
        for p in 0..24 {
            w[p * PER_POINT + 3] = 400;
        }
        assert_eq!(ranges(&w, &[0])[0].hi, 1200);
        // Flags of one point: one checker gives ≥1 only.
        let mut w = vec![0i16; INPUTS];
        for p in 0..24 {
            w[p * PER_POINT] = -5;
        }
        assert_eq!(ranges(&w, &[0])[0].lo, -75);
    }

    #[test]
    fn every_unit_gets_the_range_of_its_own_column() {
        let h = 16;
        let w: Vec<i16> = (0..INPUTS * h)
            .map(|i| ((i as f32 * 0.731).sin() * 900.0) as i16)
            .collect();
        let bias: Vec<i32> = (0..h as i32).map(|j| j * 37 - 200).collect();
        let all = ranges(&w, &bias);
        for j in 0..h {
            let column: Vec<i16> = (0..INPUTS).map(|i| w[i * h + j]).collect();
            assert_eq!(all[j], ranges(&column, &bias[j..j + 1])[0], "unit {j}");
            assert!(all[j].lo < all[j].hi);
        }
    }
}
