//! The integer copy of a [`FevgaNetwork`](super::FevgaNetwork) that the
//! Fevga evaluator infers with: the integer net of every game
//! ([`QuantizedGameNetwork`], with its quantisation, vector loops, sparse
//! output layer and softmax) on the Fevga inputs, which are all this
//! module supplies ([`IntInputs`]: their parts, terms and bound).
//!
//! **Why.** A 2-ply hint evaluates tens of thousands of positions, one
//! batch (the plays of one roll) at a time. The `f32` first layer added
//! every non-zero input's row afresh, about 90 rows of `f32`: most of an
//! evaluation. Here the plays of a batch differ in a few checkers, so the
//! sums are updated by the few terms that changed (`terms`, read from
//! the [`FevgaParts`]), exactly: integer addition does not round, so an
//! updated sum equals the full one to the bit, however long the batch.
//!
//! **No overflow, proved**, as for Plakoto, by this game's bound
//! (`bounds`); the shipped net's scale and headroom are printed by the
//! test `shipped_net_sums_stay_inside_the_proved_bound`.
//!
//! **Accuracy.** The equities differ from the `f32` net's by the
//! rounding of the weights (to 1/(2·scale)) and of the input values (to
//! 1/65536); the tests bound the difference, and the evaluator `net` can
//! still be run in `f32` ([`crate::game::FevgaNetEvaluator::new`]).

mod bounds;
mod terms;

use plakoto_rules::fevga::{FevgaPosition, FevgaRules};

use super::FevgaNet;
use super::outcomes::{OUTCOMES, outcome_mask};
use super::parts::{FevgaParts, encode_parts};
use crate::eval::net::quantized::bounds::Range;
use crate::eval::net::quantized::{Changes, IntInputs, IntScratch, QuantizedGameNetwork};

/// Per-thread working memory of the integer Fevga forward pass.
pub type FevgaIntScratch = IntScratch<FevgaParts>;

/// A [`FevgaNetwork`](super::FevgaNetwork) in integers, for inference.
/// Cheap to share.
pub type QuantizedFevgaNetwork = QuantizedGameNetwork<FevgaNet>;

/// Fevga's inputs to the integer net: [`FevgaParts`] under the game's
/// switches, their terms (`terms`) and their bound (`bounds`).
impl IntInputs for FevgaNet {
    type Position = FevgaPosition;
    type Context = FevgaRules;
    type Parts = FevgaParts;

    #[inline(always)]
    fn encode_parts(position: &FevgaPosition, rules: &FevgaRules, parts: &mut FevgaParts) -> u16 {
        encode_parts(position, rules, parts);
        outcome_mask(position) as u16
    }

    #[inline(always)]
    fn all_terms(parts: &FevgaParts, changes: &mut Changes) {
        terms::all_terms(parts, changes);
    }

    #[inline(always)]
    fn terms_between(old: &FevgaParts, new: &FevgaParts, changes: &mut Changes) {
        terms::terms_between(old, new, changes);
    }

    fn ranges(w: &[i16], bias: &[i32]) -> Vec<Range> {
        bounds::ranges(w, bias)
    }
}

impl QuantizedFevgaNetwork {
    /// The outcome distribution of `position` (side on roll, game not
    /// over) under `rules`, as [`FevgaNetwork::forward`](super::FevgaNetwork)
    /// gives it but in integers. `in_batch`: `position` follows the
    /// batch's previous position (since the scratch last forgot it), whose
    /// sums are updated, exactly, by the terms of the inputs that changed.
    #[inline]
    pub fn distribution_with(
        &self,
        position: &FevgaPosition,
        rules: &FevgaRules,
        s: &mut FevgaIntScratch,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        // The softmax's lanes: Fevga's four outcomes first, the others 0.
        let lanes = self.evaluate(position, rules, s, in_batch);
        std::array::from_fn(|k| lanes[k])
    }
}

#[cfg(test)]
mod tests;
