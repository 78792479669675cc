//! The range of every hidden unit's integer sum over all legal Fevga
//! positions, so the integer first layer can be proved never to leave
//! `i16` (the scheme of Plakoto's bound,
//! [`crate::eval::net::quantized::bounds`], whose knapsack over the points
//! it runs).
//!
//! Each side is taken on its own: its 24 points hold at most 15 of its
//! checkers, and a point's four units follow from its count. The closed
//! points ahead of a held point (1–6 and 7–12 pips) depend on the other
//! side; they are let take any of their seven values, each unit's
//! smallest and largest term counted. Each global count is let take any
//! value from 0 to its largest ([`SIDE_MAX_COUNT`]), every value's term
//! counted. Ignoring what ties the sides and the globals together only
//! widens the range: it is sound, not tight.

use crate::eval::net::quantized::bounds::{Range, add_terms, point_extremes};
use crate::eval::net::quantized::inputs::{quantize_value, term};
use crate::game::fevga::net::inputs::{
    AHEAD_6, AHEAD_12, POINTS, SIDE_INPUTS, count_inputs, global_input,
};
use crate::game::fevga::net::parts::{GLOBALS, SIDE_GLOBALS, SIDE_MAX_COUNT, global_value};

/// Checkers of one side.
const CHECKERS: u8 = 15;

/// The range of each unit's sum `bias[j] + Σ term(w[i * h + j], value_i)`
/// over every legal Fevga position (`w`: input rows of `bias.len()`
/// weights).
pub fn ranges(w: &[i16], bias: &[i32]) -> Vec<Range> {
    let h = bias.len();
    let row = |i: usize| &w[i * h..(i + 1) * h];
    let mut out: Vec<Range> = bias.iter().map(|&b| Range::exactly(b)).collect();
    // A point's content is its count of checkers.
    let used: Vec<usize> = (0..=usize::from(CHECKERS)).collect();
    for base in [0, SIDE_INPUTS] {
        let content_sums = |p: usize, lo: &mut [i32], hi: &mut [i32]| {
            let contents = lo.chunks_exact_mut(h).zip(hi.chunks_exact_mut(h));
            for (n, (lo, hi)) in (0..=CHECKERS).zip(contents) {
                lo.fill(0);
                for (k, &v) in count_inputs(n).iter().enumerate() {
                    let (whole, frac) = quantize_value(v);
                    add_terms(lo, row(base + POINTS + 4 * p + k), whole, frac);
                }
                hi.copy_from_slice(lo);
                if n > 0 {
                    for ahead in [AHEAD_6, AHEAD_12] {
                        let values = (0..=6u8).map(|a| f32::from(a) / 6.0);
                        add_extremes(lo, hi, row(base + ahead + p), values);
                    }
                }
            }
        };
        let (lo, hi) = point_extremes(h, &used, content_sums);
        for (r, (&lo, &hi)) in out.iter_mut().zip(lo.iter().zip(&hi)) {
            r.lo += i64::from(lo);
            r.hi += i64::from(hi);
        }
    }
    let (mut lo, mut hi) = (vec![0i32; h], vec![0i32; h]);
    for k in 0..GLOBALS {
        let largest = if k < 2 * SIDE_GLOBALS {
            SIDE_MAX_COUNT[k % SIDE_GLOBALS]
        } else {
            1
        };
        let values = (0..=largest).map(|c| global_value(k, c));
        add_extremes(&mut lo, &mut hi, row(global_input(k)), values);
    }
    for (r, (&lo, &hi)) in out.iter_mut().zip(lo.iter().zip(&hi)) {
        r.lo += i64::from(lo);
        r.hi += i64::from(hi);
    }
    out
}

/// Adds to `lo` and `hi` each unit's smallest and largest term of an
/// input that may take any of `values`, whose weights are `row`.
fn add_extremes(lo: &mut [i32], hi: &mut [i32], row: &[i16], values: impl Iterator<Item = f32>) {
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
