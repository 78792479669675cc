//! The integer copy of a [`PortesNetwork`](super::PortesNetwork) that the
//! Portes evaluator infers with: the integer net of every game
//! ([`QuantizedGameNetwork`], with its quantisation, vector loops, sparse
//! output layer and softmax) on the Portes inputs, which are all this
//! module supplies ([`IntInputs`]: their parts, their terms and their
//! bound).
//!
//! **Why.** A 2-ply hint evaluates tens of thousands of positions, one
//! batch (the plays of one roll) at a time. The `f32` net finds what
//! changed between two positions by merging their sparse input lists and
//! updates its first layer in `f32`; here the parts ([`PortesParts`]) are
//! compared eight bytes at a time and the sums, in `i16`, are updated
//! exactly: an updated sum equals the full one to the bit.
//!
//! **Terms.** A point's four units change together with its count
//! (`Changes::push_point`); each global changes its one input.
//!
//! **No overflow, proved**, as for Plakoto and Fevga, by this game's
//! bound (`count_game_ranges`): each side's points are a knapsack of at
//! most 15 checkers, and each global may take any count up to its largest
//! ([`global_max`]). The shipped net's scale and headroom are printed by
//! the test `shipped_net_sums_stay_inside_the_proved_bound`.
//!
//! **Accuracy.** The equities differ from the `f32` net's by the
//! rounding of the weights (to 1/(2·scale)) and of the input values (to
//! 1/65536); the tests bound the difference, and the `f32` net is still
//! what training and self-play evaluate with
//! ([`crate::game::PortesNetEvaluator::new`]).

use plakoto_rules::portes::PortesPosition;

use super::PortesNet;
use super::inputs::SIDE_INPUTS;
use super::outcomes::OUTCOMES;
use super::parts::{GLOBALS, PortesParts, encode_parts, global_input, global_max, global_value};
use crate::eval::net::quantized::bounds::{Range, count_game_ranges};
use crate::eval::net::quantized::inputs::{
    Fixed, fixed_table, for_each_changed_byte, for_each_changed_global, tabled_fixed,
};
use crate::eval::net::quantized::{Changes, IntInputs, IntScratch, QuantizedGameNetwork};

/// Per-thread working memory of the integer Portes forward pass.
pub type PortesIntScratch = IntScratch<PortesParts>;

/// A [`PortesNetwork`](super::PortesNetwork) in integers. Cheap to share.
pub type QuantizedPortesNetwork = QuantizedGameNetwork<PortesNet>;

/// Counts tabled for every global (larger ones, the pips and the pip
/// loss, are computed when met).
const COUNTS: usize = 37;

/// [`Fixed`] values of every global by count below [`COUNTS`].
static GLOBAL_FIXED: [[Fixed; COUNTS]; GLOBALS] = fixed_table!(global_value, GLOBALS, COUNTS);

/// The [`Fixed`] value of global `k` of count `count`.
#[inline(always)]
fn global_fixed(k: usize, count: u16) -> Fixed {
    tabled_fixed(&GLOBAL_FIXED[k], count, || global_value(k, count))
}

/// The input of side `side`'s point `point`'s first unit.
#[inline(always)]
fn point_input(side: usize, point: usize) -> u16 {
    (side * SIDE_INPUTS + 4 * point) as u16
}

/// Portes' inputs to the integer net: [`PortesParts`], their terms and
/// their bound.
impl IntInputs for PortesNet {
    type Position = PortesPosition;
    type Context = ();
    type Parts = PortesParts;

    #[inline(always)]
    fn encode_parts(position: &PortesPosition, _: &(), parts: &mut PortesParts) -> u16 {
        encode_parts(position, parts) as u16
    }

    #[inline(always)]
    fn all_terms(parts: &PortesParts, changes: &mut Changes) {
        changes.clear();
        for (side, points) in parts.points.iter().enumerate() {
            for (point, &n) in points.iter().enumerate() {
                if n != 0 {
                    changes.push_point(point_input(side, point), 0, n);
                }
            }
        }
        for (k, &count) in parts.globals.iter().enumerate() {
            if count != 0 {
                changes.push_add(global_input(k) as u16, global_fixed(k, count));
            }
        }
    }

    #[inline(always)]
    fn terms_between(old: &PortesParts, new: &PortesParts, changes: &mut Changes) {
        changes.clear();
        for (side, (was, now)) in old.points.iter().zip(&new.points).enumerate() {
            for_each_changed_byte(was, now, |point| {
                changes.push_point(point_input(side, point), was[point], now[point]);
            });
        }
        for_each_changed_global(&old.globals, &new.globals, |k| {
            changes.push_transition(
                global_input(k) as u16,
                global_fixed(k, old.globals[k]),
                global_fixed(k, new.globals[k]),
            );
        });
    }

    /// Each side's points hold at most 15 checkers, a point's units
    /// following from its count; each global may take any count up to its
    /// largest.
    fn ranges(w: &[i16], bias: &[i32]) -> Vec<Range> {
        let globals = (0..GLOBALS).map(|k| {
            let values = (0..=global_max(k)).map(|c| global_value(k, c));
            (global_input(k), values.collect())
        });
        count_game_ranges(w, bias, [0, SIDE_INPUTS], |_, _, _, _| {}, globals)
    }
}

impl QuantizedPortesNetwork {
    /// The outcome distribution of `position` (side on roll, game not
    /// over), as [`PortesNetwork::forward`](super::PortesNetwork) gives it
    /// but in integers. `in_batch`: `position` follows the batch's
    /// previous position (since the scratch last forgot it), whose sums
    /// are updated, exactly, by the terms of the inputs that changed.
    #[inline]
    pub fn distribution_with(
        &self,
        position: &PortesPosition,
        s: &mut PortesIntScratch,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        // The softmax's lanes: Portes' six outcomes first, the others 0.
        let lanes = self.evaluate(position, &(), s, in_batch);
        std::array::from_fn(|k| lanes[k])
    }
}

#[cfg(test)]
mod tests;
