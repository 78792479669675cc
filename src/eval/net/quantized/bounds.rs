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
use super::kernels::term;
use crate::eval::features::{self, GLOBALS, PER_POINT, PER_SIDE};

/// Checkers of one side.
const CHECKERS: usize = 15;

/// The smallest and largest value of one unit's integer sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Smallest sum.
    pub lo: i64,
    /// Largest sum.
    pub hi: i64,
}

/// The integer term of input value `v` for weight `w`, as the kernels
/// compute it.
fn term_of(w: i16, v: f32) -> i64 {
    let (whole, frac) = quantize_value(v);
    i64::from(term(w, whole, frac))
}

/// The range of each unit's sum `bias[j] + Σ term(w[i * h + j], value_i)`
/// over every legal position (`w`: input rows of `bias.len()` weights).
pub fn ranges(w: &[i16], bias: &[i32]) -> Vec<Range> {
    let h = bias.len();
    // Every content of a point: (checkers it takes, its input values).
    let contents: Vec<(usize, [f32; PER_POINT])> = (0..=CHECKERS as u8)
        .flat_map(|n| [(n, false), (n, true)])
        .filter(|&(n, pinned)| usize::from(n) + usize::from(pinned) <= CHECKERS)
        .map(|(n, pinned)| {
            let used = usize::from(n) + usize::from(pinned);
            (used, features::point_inputs(n, pinned))
        })
        .collect();
    (0..h)
        .map(|j| {
            let weight = |i: usize| w[i * h + j];
            let mut range = Range {
                lo: i64::from(bias[j]),
                hi: i64::from(bias[j]),
            };
            for base in [0, PER_SIDE] {
                let points = point_extremes(&contents, |p, k| weight(base + p * PER_POINT + k));
                range.lo += points.lo;
                range.hi += points.hi;
                for k in 0..GLOBALS {
                    let top = term_of(weight(base + 24 * PER_POINT + k), features::GLOBAL_MAX[k]);
                    range.lo += top.min(0);
                    range.hi += top.max(0);
                }
            }
            range
        })
        .collect()
}

/// The extreme sums of one side's point inputs over every way of placing
/// at most [`CHECKERS`] checkers (`weight(point, k)`: the weight of input
/// `k` of the point).
fn point_extremes(
    contents: &[(usize, [f32; PER_POINT])],
    weight: impl Fn(usize, usize) -> i16,
) -> Range {
    // lo[c], hi[c]: extreme sums of the points so far using c checkers.
    let mut lo = [i64::MAX; CHECKERS + 1];
    let mut hi = [i64::MIN; CHECKERS + 1];
    (lo[0], hi[0]) = (0, 0);
    for p in 0..24 {
        let sums: Vec<(usize, i64)> = contents
            .iter()
            .map(|&(used, values)| {
                let sum = (0..PER_POINT)
                    .filter(|&k| values[k] != 0.0)
                    .map(|k| term_of(weight(p, k), values[k]))
                    .sum();
                (used, sum)
            })
            .collect();
        let (mut next_lo, mut next_hi) = ([i64::MAX; CHECKERS + 1], [i64::MIN; CHECKERS + 1]);
        for c in 0..=CHECKERS {
            if hi[c] == i64::MIN {
                continue;
            }
            for &(used, sum) in &sums {
                if c + used <= CHECKERS {
                    next_lo[c + used] = next_lo[c + used].min(lo[c] + sum);
                    next_hi[c + used] = next_hi[c + used].max(hi[c] + sum);
                }
            }
        }
        (lo, hi) = (next_lo, next_hi);
    }
    Range {
        lo: lo.into_iter().min().expect("c = 0 is reachable"),
        hi: hi.into_iter().max().expect("c = 0 is reachable"),
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
}
