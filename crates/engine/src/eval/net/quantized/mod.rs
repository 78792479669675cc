//! The integer copy of a [`Network`] that the evaluator infers with, as
//! chess engines' NNUE nets do: first-layer weights and hidden sums in
//! `i16`, the ReLU in `i16`, the output layer as `i16 × i16 → i32` dot
//! products, then `f32` logits and the same masked softmax. Training and
//! self-play keep the `f32` network; this copy is made from it.
//!
//! **Scales.** A first-layer weight `w` becomes `round(w · s1)`; `s1` is
//! 512 (each weight to within 1/1024) unless the bound below does not
//! fit; then the largest multiple of 32 at which it does (the shipped
//! nets: 448). Quantising, bound included, takes about 8 ms. Input values are
//! kept to 1/32768 (`inputs`). Output weights become `round(w · s2)`,
//! `s2` as large as `i16` weights and `i32` sums allow (about 1,500 for the
//! shipped nets), and a logit is `dot / (s1 · s2) + b2`.
//!
//! **No overflow, proved.** `bounds` computes the range of each hidden
//! unit's integer sum over every legal position. A scale is used only if
//! every range that reaches above 0 is at most 65,535 wide and tops out
//! below 32,768; a unit whose range reaches below −32,768 keeps its sum
//! shifted up by a per-unit offset, and its ReLU compares with the shifted
//! zero instead of 0. Units that can never be positive are dropped (their
//! activation is always 0). Additions wrap, so a sum that passes outside
//! `i16` on the way comes back exactly; only final sums need to fit, and
//! they do. The output layer's `i32` sums are bounded the same way, by the
//! largest activations. The shipped nets' bound is about −95 to +59 (in
//! units of the `f32` sums, widest unit 139 wide against a window of 146
//! at 448); the sums of random games' positions stay between about −38
//! and +10 (the test `shipped_nets_sums_stay_far_from_the_i16_limits`
//! prints them).
//!
//! **Exact updates.** An input's term depends on its index and value
//! alone and integer addition is exact, so a batch position's sums updated
//! from the previous position's equal the full sum to the bit, however
//! long the batch: no periodic recomputation, unlike the `f32` path.
//! Results are also the same bits whichever vector instruction set runs
//! ([`kernels`]).
//!
//! **What changed.** The encoder gives each point's content as a code and
//! each global as a count ([`features::encode_parts`]); the terms that
//! change from the previous position are found by comparing those
//! (`position_inputs`), with no sparse list of inputs built or merged.
//!
//! **Output layer.** Most activations are 0 (93% over random games'
//! positions), so the outcome sums are taken over the non-zero pairs of
//! units only ([`output`]).
//!
//! **Softmax.** The outputs go through the same masked softmax as the
//! `f32` net's, with a vectorised `exp` (`softmax`) that agrees with the
//! library's to a few parts in 10⁷.
//!
//! **Other games.** The quantisation of the layers ([`IntLayers`]), the
//! bound's knapsack over the points (`bounds`), the lists of changed terms,
//! the working memory ([`IntScratch`]), the loops and the softmax are not
//! Plakoto's own: the Fevga net's integer copy
//! ([`crate::eval::fevga::net::quantized`]) runs on them with its own
//! inputs and bound.

pub(crate) mod bounds;
pub(crate) mod inputs;
pub mod kernels;
mod layers;
pub mod output;
mod position_inputs;
mod scratch;
pub(crate) mod softmax;
#[cfg(target_arch = "x86_64")]
mod x86;
#[cfg(target_arch = "x86_64")]
mod x86_output;

pub(crate) use self::inputs::Changes;
use self::kernels::IntKernels;
pub use self::layers::{Headroom, IntLayers, QuantizeError};
use self::output::{OutputScratch, PairColumn};
pub use self::scratch::IntScratch;
use super::{Network, Scratch};
use crate::eval::features::{self, INPUTS, InputParts, OUTCOMES};
use plakoto_rules::Position;

/// Hidden layer sizes are multiples of this: the smallest block of the
/// portable loops ([`kernels`]) and of the AVX2 ones (`x86`), which share it.
pub const LANES: usize = 16;

/// A [`Network`] in integers, for inference. Cheap to share.
#[derive(Clone)]
pub struct QuantizedNetwork {
    /// The weights and biases in integers but the output biases.
    layers: IntLayers,
    b2: [f32; OUTCOMES],
    kernels: IntKernels,
}

impl std::fmt::Debug for QuantizedNetwork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "QuantizedNetwork({INPUTS}-{}-{OUTCOMES}, {:?})",
            self.layers.hidden, self.layers.headroom
        )
    }
}

impl QuantizedNetwork {
    /// The integer copy of `net`, at the largest scale whose sums are
    /// proved to fit (see the module comment).
    pub fn new(net: &Network) -> Result<QuantizedNetwork, QuantizeError> {
        let layers = IntLayers::new(&net.w1, &net.b1, &net.w2, &bounds::ranges)?;
        let mut b2 = [0.0; OUTCOMES];
        b2.copy_from_slice(&net.b2);
        Ok(QuantizedNetwork {
            layers,
            b2,
            kernels: IntKernels::detect(),
        })
    }

    /// The same network running `kernels` (tests compare instruction sets).
    pub fn with_kernels(self, kernels: IntKernels) -> QuantizedNetwork {
        QuantizedNetwork { kernels, ..self }
    }

    /// The scales and the room the first layer's sums have.
    pub fn headroom(&self) -> Headroom {
        self.layers.headroom
    }

    /// The instruction set inference uses.
    pub fn kernel_name(&self) -> &'static str {
        self.kernels.name
    }

    /// The outcome distribution of `position` (side on roll), as
    /// [`Network::distribution_with`] gives it but in integers. `in_batch`:
    /// `position` follows the batch's previous position (since
    /// [`Scratch::begin_batch`]), whose sums are updated, exactly, by the
    /// terms of the inputs that changed instead of summed afresh.
    #[inline]
    pub(crate) fn distribution_with(
        &self,
        position: &Position,
        s: &mut Scratch,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        (self.kernels.evaluate)(self, position, &mut s.integer, in_batch)
    }

    /// [`Self::distribution_with`] with the encoder and loops given: each
    /// instruction set's [`IntKernels::evaluate`] instantiates it within
    /// one function compiled for that set, so everything (encoding,
    /// differences, softmax) is compiled for it and the loops inline.
    #[inline(always)]
    pub(super) fn evaluate_with(
        &self,
        position: &Position,
        q: &mut IntScratch,
        in_batch: bool,
        encode: impl Fn(&Position, &mut InputParts),
        accumulate: impl Fn(&mut [i16], &[i16], &Changes),
        output: impl Fn(&[i16], &[i16], &[PairColumn], &mut OutputScratch) -> [i32; OUTCOMES],
    ) -> [f32; OUTCOMES] {
        let mask = features::outcome_mask(position);
        let owner = self as *const QuantizedNetwork as usize;
        let (previous, current, changes) = q.begin(&self.layers, owner, in_batch);
        encode(position, current);
        match previous {
            Some(previous) => position_inputs::terms_between(previous, current, changes),
            None => position_inputs::all_terms(current, changes),
        }
        q.apply(&self.layers, owner, accumulate);
        // The ReLU, the output layer and the masked softmax (outcomes the
        // mask rules out are computed too, and ignored).
        let dots = q.output_sums(&self.layers, output);
        let logits = self.layers.logits(&dots, &self.b2);
        let mut out = [0.0; OUTCOMES];
        softmax::masked_softmax(&logits, mask, &mut out);
        out
    }

    /// Each hidden unit's sum for `position` computed afresh, in units of
    /// the `f32` sums (tests: the headroom actually used).
    #[cfg(test)]
    fn sums_of(&self, position: &Position) -> Vec<f32> {
        let mut s = Scratch::default();
        self.distribution_with(position, &mut s, false);
        s.integer
            .sums
            .iter()
            .zip(&self.layers.zero)
            .map(|(&x, &z)| (i32::from(x) - i32::from(z)) as f32 / self.layers.headroom.scale)
            .collect()
    }
}

#[cfg(test)]
mod tests;
