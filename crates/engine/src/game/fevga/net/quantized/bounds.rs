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

use crate::eval::net::quantized::bounds::{Range, add_extremes, count_game_ranges};
use crate::game::fevga::net::inputs::{AHEAD_6, AHEAD_12, POINTS, SIDE_INPUTS, global_input};
use crate::game::fevga::net::parts::{GLOBALS, SIDE_GLOBALS, SIDE_MAX_COUNT, global_value};

/// The range of each unit's sum `bias[j] + Σ term(w[i * h + j], value_i)`
/// over every legal Fevga position (`w`: input rows of `bias.len()`
/// weights).
pub fn ranges(w: &[i16], bias: &[i32]) -> Vec<Range> {
    let h = bias.len();
    let row = |i: usize| &w[i * h..(i + 1) * h];
    // A held point's closed points ahead may be any of 0 to 6.
    let ahead = |s: usize, p: usize, lo: &mut [i32], hi: &mut [i32]| {
        for ahead in [AHEAD_6, AHEAD_12] {
            let values = (0..=6u8).map(|a| f32::from(a) / 6.0);
            add_extremes(lo, hi, row(s * SIDE_INPUTS + ahead + p), values);
        }
    };
    let globals = (0..GLOBALS).map(|k| {
        let largest = if k < 2 * SIDE_GLOBALS {
            SIDE_MAX_COUNT[k % SIDE_GLOBALS]
        } else {
            1
        };
        let values = (0..=largest).map(|c| global_value(k, c));
        (global_input(k), values.collect())
    });
    count_game_ranges(w, bias, [POINTS, SIDE_INPUTS + POINTS], ahead, globals)
}
