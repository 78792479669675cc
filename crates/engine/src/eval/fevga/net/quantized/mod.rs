//! The integer copy of a [`FevgaNetwork`] that the Fevga evaluator infers
//! with: Plakoto's integer net ([`crate::eval::net::quantized`]) on the
//! Fevga inputs, sharing its quantisation ([`IntLayers`]), its vector
//! loops ([`IntKernels`]), its sparse output layer and its softmax.
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
mod dispatch;
mod terms;

use plakoto_rules::fevga::{FevgaPosition, FevgaRules};

use super::FevgaNetwork;
use super::outcomes::{OUTCOMES, outcome_mask};
use super::parts::{FevgaParts, encode_parts};
use crate::eval::features;
use crate::eval::net::quantized::kernels::IntKernels;
use crate::eval::net::quantized::softmax::masked_softmax;
use crate::eval::net::quantized::{Headroom, IntLayers, IntScratch, QuantizeError};

/// Per-thread working memory of the integer Fevga forward pass.
pub type FevgaIntScratch = IntScratch<FevgaParts>;

/// A [`FevgaNetwork`] in integers, for inference. Cheap to share.
#[derive(Clone)]
pub struct QuantizedFevgaNetwork {
    /// The weights and biases in integers but the output biases.
    layers: IntLayers,
    b2: [f32; OUTCOMES],
    kernels: IntKernels,
    /// The whole evaluation compiled for the kernels' instruction set.
    evaluate: dispatch::EvaluateFn,
}

impl std::fmt::Debug for QuantizedFevgaNetwork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "QuantizedFevgaNetwork({}-{OUTCOMES}, {:?})",
            self.layers.hidden, self.layers.headroom
        )
    }
}

impl QuantizedFevgaNetwork {
    /// The integer copy of `net`, at the largest scale whose sums are
    /// proved to fit.
    pub fn new(net: &FevgaNetwork) -> Result<QuantizedFevgaNetwork, QuantizeError> {
        let layers = IntLayers::new(&net.w1, &net.b1, &net.w2, &bounds::ranges)?;
        let mut b2 = [0.0; OUTCOMES];
        b2.copy_from_slice(&net.b2);
        let kernels = IntKernels::detect();
        Ok(QuantizedFevgaNetwork {
            layers,
            b2,
            evaluate: dispatch::evaluate_for(&kernels),
            kernels,
        })
    }

    /// The same network running `kernels` (tests compare instruction sets).
    pub fn with_kernels(self, kernels: IntKernels) -> QuantizedFevgaNetwork {
        QuantizedFevgaNetwork {
            evaluate: dispatch::evaluate_for(&kernels),
            kernels,
            ..self
        }
    }

    /// The scales and the room the first layer's sums have.
    pub fn headroom(&self) -> Headroom {
        self.layers.headroom
    }

    /// The instruction set inference uses.
    pub fn kernel_name(&self) -> &'static str {
        self.kernels.name
    }

    /// The outcome distribution of `position` (side on roll, game not
    /// over) under `rules`, as [`FevgaNetwork::forward`] gives it but in
    /// integers. `in_batch`: `position` follows the batch's previous
    /// position (since the scratch last forgot it), whose sums are updated,
    /// exactly, by the terms of the inputs that changed.
    #[inline]
    pub fn distribution_with(
        &self,
        position: &FevgaPosition,
        rules: &FevgaRules,
        s: &mut FevgaIntScratch,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        (self.evaluate)(self, position, rules, s, in_batch)
    }

    /// [`Self::distribution_with`], inlined into each instruction set's
    /// copy (`dispatch`).
    #[inline(always)]
    fn evaluate_inline(
        &self,
        position: &FevgaPosition,
        rules: &FevgaRules,
        s: &mut FevgaIntScratch,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        let owner = self as *const QuantizedFevgaNetwork as usize;
        let (previous, current, changes) = s.begin(&self.layers, owner, in_batch);
        encode_parts(position, rules, current);
        match previous {
            Some(previous) => terms::terms_between(previous, current, changes),
            None => terms::all_terms(current, changes),
        }
        s.apply(&self.layers, owner, self.kernels.accumulate);
        let dots = s.output_sums(&self.layers, self.kernels.output);
        let logits: [f32; OUTCOMES] = self.layers.logits(&dots, &self.b2);
        // The integer softmax works on Plakoto's nine outcome lanes: the
        // four here first, the others masked out (exactly 0).
        let mut padded = [0.0f32; features::OUTCOMES];
        padded[..OUTCOMES].copy_from_slice(&logits);
        let mut out = [0.0f32; features::OUTCOMES];
        masked_softmax(&padded, outcome_mask(position) as u16, &mut out);
        std::array::from_fn(|k| out[k])
    }

    /// Each hidden unit's sum for `position` computed afresh, in units of
    /// the `f32` sums (tests: the headroom actually used).
    #[cfg(test)]
    fn sums_of(&self, position: &FevgaPosition, rules: &FevgaRules) -> Vec<f32> {
        let mut s = FevgaIntScratch::default();
        self.distribution_with(position, rules, &mut s, false);
        s.sums
            .iter()
            .zip(&self.layers.zero)
            .map(|(&x, &z)| (i32::from(x) - i32::from(z)) as f32 / self.layers.headroom.scale)
            .collect()
    }
}

#[cfg(test)]
mod tests;
