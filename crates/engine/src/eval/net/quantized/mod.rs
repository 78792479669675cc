//! The integer copy of a game's net that its evaluator infers with (here
//! Plakoto's [`Network`]), as
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
//! each global as a count ([`crate::eval::features::encode_parts`]); the terms that
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
//! **Every game.** The integer net is written once,
//! [`QuantizedGameNetwork`], over what a game's inputs are
//! ([`IntInputs`]: how a position is encoded into parts, the terms those
//! give, the outcomes still possible, the bound). Plakoto's are
//! `position_inputs` and `bounds` here; Fevga's are
//! [`crate::game::fevga::net::quantized`]. The quantisation of the layers
//! ([`IntLayers`]), the bound's knapsack over the points, the lists of
//! changed terms, the working memory ([`IntScratch`]), the loops, their
//! dispatch by instruction set ([`kernels::evaluate_for`]) and the softmax
//! serve both.

pub(crate) mod bounds;
#[cfg(test)]
pub(crate) mod checks;
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
use self::kernels::{EvaluateFn, IntKernels};
pub use self::layers::{Headroom, IntLayers, QuantizeError};
use self::output::{OutputScratch, PairColumn};
pub use self::scratch::IntScratch;
#[cfg(doc)]
use super::Network;
use super::{PlakotoNet, Scratch};
pub use crate::eval::aligned::AlignedI16;
use crate::eval::features::OUTCOMES;
use crate::eval::game_net::{GameNetwork, NetInputs};
use bounds::Range;
use plakoto_rules::Position;

/// Hidden layer sizes are multiples of this: the smallest block of the
/// portable loops ([`kernels`]) and of the AVX2 ones (`x86`), which share it.
pub const LANES: usize = 16;

/// What a game's integer net reads of its positions: how a position is
/// encoded into parts, which first-layer terms the parts give (all of
/// them, or those that changed from the previous position's parts), the
/// outcomes still possible, and the proved range of each hidden unit's
/// sum. A game's net marker implements it beside its inputs; everything
/// else of the integer net ([`QuantizedGameNetwork`]) is written once.
pub trait IntInputs: NetInputs {
    /// A position of the game.
    type Position;
    /// What the encoding depends on beside the position (Fevga's
    /// switches; nothing for Plakoto).
    type Context;
    /// A position's inputs, as the encoder gives them.
    type Parts: Default + Send;

    /// Encodes `position` into `parts` and returns the outcomes still
    /// possible at it, a bit each (read from what the encoding has
    /// unpacked, where that saves reading the position again).
    /// Implementations are `#[inline(always)]`, so that the encoder is
    /// compiled for the instruction set of each evaluation
    /// ([`IntKernels`]).
    fn encode_parts(
        position: &Self::Position,
        context: &Self::Context,
        parts: &mut Self::Parts,
    ) -> u16;

    /// Lists every term of `parts` into `changes`.
    fn all_terms(parts: &Self::Parts, changes: &mut Changes);

    /// Lists the terms that change from `old` to `new` into `changes`.
    fn terms_between(old: &Self::Parts, new: &Self::Parts, changes: &mut Changes);

    /// The range of each hidden unit's integer sum over every legal
    /// position, for first-layer weights `w` and biases `bias`.
    fn ranges(w: &[i16], bias: &[i32]) -> Vec<Range>;
}

/// A game's net in integers, for inference. Cheap to share.
pub struct QuantizedGameNetwork<I: IntInputs> {
    /// The weights and biases in integers but the output biases.
    layers: IntLayers,
    /// The output biases, padded with zeros to the softmax's lanes.
    b2: [f32; OUTCOMES],
    kernels: IntKernels,
    /// The whole evaluation compiled for the kernels' instruction set.
    evaluate: EvaluateFn<I>,
}

/// A [`Network`] in integers: Plakoto's.
pub type QuantizedNetwork = QuantizedGameNetwork<PlakotoNet>;

// By hand: a derive would ask the marker `I` to be `Clone` too.
impl<I: IntInputs> Clone for QuantizedGameNetwork<I> {
    fn clone(&self) -> Self {
        QuantizedGameNetwork {
            layers: self.layers.clone(),
            b2: self.b2,
            kernels: self.kernels,
            evaluate: self.evaluate,
        }
    }
}

impl<I: IntInputs> std::fmt::Debug for QuantizedGameNetwork<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Quantized{}Network({}-{}-{}, {:?})",
            I::GAME,
            I::INPUTS,
            self.layers.hidden,
            I::OUTCOMES,
            self.layers.headroom
        )
    }
}

impl<I: IntInputs> QuantizedGameNetwork<I> {
    /// The integer copy of `net`, at the largest scale whose sums are
    /// proved to fit (see the module comment).
    pub fn new(net: &GameNetwork<I>) -> Result<QuantizedGameNetwork<I>, QuantizeError> {
        let layers = IntLayers::new(&net.w1, &net.b1, &net.w2, &I::ranges)?;
        let mut b2 = [0.0; OUTCOMES];
        b2[..net.b2.len()].copy_from_slice(&net.b2);
        let kernels = IntKernels::detect();
        Ok(QuantizedGameNetwork {
            layers,
            b2,
            evaluate: kernels::evaluate_for(&kernels),
            kernels,
        })
    }

    /// The same network running `kernels` (tests compare instruction sets).
    pub fn with_kernels(self, kernels: IntKernels) -> QuantizedGameNetwork<I> {
        QuantizedGameNetwork {
            evaluate: kernels::evaluate_for(&kernels),
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
    /// over) under `context`, in the softmax's lanes (the game's outcomes
    /// first, the others exactly 0), as the `f32` net gives it but in
    /// integers. `in_batch`: `position` follows the batch's previous
    /// position (since the scratch last forgot it), whose sums are
    /// updated, exactly, by the terms of the inputs that changed instead
    /// of summed afresh.
    #[inline]
    pub fn evaluate(
        &self,
        position: &I::Position,
        context: &I::Context,
        s: &mut IntScratch<I::Parts>,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        (self.evaluate)(self, position, context, s, in_batch)
    }

    /// [`Self::evaluate`] with the loops given: each instruction set's
    /// evaluation ([`kernels::evaluate_for`]) instantiates it within one
    /// function compiled for that set, so everything (encoding,
    /// differences, softmax) is compiled for it and the loops inline.
    #[inline(always)]
    pub(super) fn evaluate_with(
        &self,
        position: &I::Position,
        context: &I::Context,
        q: &mut IntScratch<I::Parts>,
        in_batch: bool,
        accumulate: impl Fn(&mut [i16], &[i16], &Changes),
        output: impl Fn(&[i16], &[i16], &[PairColumn], &mut OutputScratch) -> [i32; OUTCOMES],
    ) -> [f32; OUTCOMES] {
        let owner = self as *const QuantizedGameNetwork<I> as usize;
        let (previous, current, changes) = q.begin(&self.layers, owner, in_batch);
        let mask = I::encode_parts(position, context, current);
        match previous {
            Some(previous) => I::terms_between(previous, current, changes),
            None => I::all_terms(current, changes),
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
    pub(crate) fn sums_of(&self, position: &I::Position, context: &I::Context) -> Vec<f32> {
        let mut s = IntScratch::<I::Parts>::default();
        self.evaluate(position, context, &mut s, false);
        s.sums
            .iter()
            .zip(self.layers.zero.iter())
            .map(|(&x, &z)| (i32::from(x) - i32::from(z)) as f32 / self.layers.headroom.scale)
            .collect()
    }
}

impl QuantizedNetwork {
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
        self.evaluate(position, &(), &mut s.integer, in_batch)
    }
}

#[cfg(test)]
mod tests;
