//! [`GameNetwork`]: the `f32` weights of a game's one-hidden-layer net and
//! its forward pass, on the vector loops of [`Kernels`]: the
//! first layer adds the weight rows of the non-zero inputs to the biases,
//! the hidden layer is a ReLU, the second layer is one dot product per
//! outcome still possible, then a masked softmax.

use std::marker::PhantomData;

use super::NetInputs;
use super::inputs::SparseInputs;
use super::kernels::Kernels;
use super::layers::{Layers, masked_softmax};
use crate::eval::aligned::AlignedF32;

/// A game's network. The parameters are public for the lab's trainer,
/// which reads and writes them in place; the network caches nothing
/// derived from them.
pub struct GameNetwork<G: NetInputs> {
    /// Hidden units (a multiple of 16).
    pub hidden: usize,
    /// `G::INPUTS` rows of `hidden` weights, from a cache line's start
    /// (the accumulate loop loads a row's 16 `f32`s at a time).
    pub w1: AlignedF32,
    /// The hidden layer's `hidden` biases.
    pub b1: Vec<f32>,
    /// `G::OUTCOMES` rows of `hidden` weights.
    pub w2: Vec<f32>,
    /// The output layer's `G::OUTCOMES` biases.
    pub b2: Vec<f32>,
    kernels: Kernels,
    game: PhantomData<G>,
}

// By hand: a derive would ask the marker `G` to be `Clone` too.
impl<G: NetInputs> Clone for GameNetwork<G> {
    fn clone(&self) -> Self {
        GameNetwork {
            hidden: self.hidden,
            w1: self.w1.clone(),
            b1: self.b1.clone(),
            w2: self.w2.clone(),
            b2: self.b2.clone(),
            kernels: self.kernels,
            game: PhantomData,
        }
    }
}

impl<G: NetInputs> std::fmt::Debug for GameNetwork<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}Network({}-{}-{}, {})",
            G::GAME,
            G::INPUTS,
            self.hidden,
            G::OUTCOMES,
            self.short_hash()
        )
    }
}

impl<G: NetInputs> GameNetwork<G> {
    /// A copy of the network's parameters.
    pub fn layers(&self) -> Layers {
        Layers {
            w1: self.w1.to_vec(),
            b1: self.b1.clone(),
            w2: self.w2.clone(),
            b2: self.b2.clone(),
        }
    }

    /// A network of these parameters (shapes as the fields say).
    pub fn from_parts(
        hidden: usize,
        w1: Vec<f32>,
        b1: Vec<f32>,
        w2: Vec<f32>,
        b2: Vec<f32>,
    ) -> Self {
        assert_eq!(w1.len(), G::INPUTS * hidden, "w1 shape");
        assert_eq!(w2.len(), G::OUTCOMES * hidden, "w2 shape");
        assert_eq!((b1.len(), b2.len()), (hidden, G::OUTCOMES), "bias shapes");
        GameNetwork {
            hidden,
            w1: AlignedF32::from_slice(&w1),
            b1,
            w2,
            b2,
            kernels: Kernels::detect(),
            game: PhantomData,
        }
    }

    /// A freshly initialised network with `hidden` units (a multiple of
    /// 16), seeded: the start of training, never a net to play with.
    pub fn random(hidden: usize, seed: u64) -> Self {
        let l = Layers::random(G::INPUTS, hidden, G::OUTCOMES, seed);
        Self::from_parts(hidden, l.w1, l.b1, l.w2, l.b2)
    }

    /// Number of weights and biases.
    pub fn parameter_count(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len()
    }

    /// Forward pass: `hidden` receives the ReLU activations, `out` the
    /// outcome distribution (softmax over the outcomes whose bit is set in
    /// `mask`; the others exactly 0). `N` and `K` are the game's
    /// [`NetInputs::INPUTS`] and [`NetInputs::OUTCOMES`] (stable Rust
    /// cannot size an array by a trait's constant).
    #[inline]
    pub fn forward<const N: usize, const K: usize>(
        &self,
        inputs: &SparseInputs<N>,
        mask: u32,
        hidden: &mut Vec<f32>,
        out: &mut [f32; K],
    ) {
        debug_assert_eq!((N, K), (G::INPUTS, G::OUTCOMES), "another game's shapes");
        hidden.clear();
        hidden.extend_from_slice(&self.b1);
        self.add_inputs(hidden, inputs);
        for x in hidden.iter_mut() {
            *x = x.max(0.0);
        }
        self.output(hidden, mask, out);
    }

    /// Adds the first-layer terms of `inputs` to the pre-activations `pre`.
    #[inline]
    pub(super) fn add_inputs<const N: usize>(&self, pre: &mut [f32], inputs: &SparseInputs<N>) {
        (self.kernels.accumulate)(pre, &self.w1, inputs.indices(), inputs.values());
    }

    /// The second layer and the masked softmax, from the ReLU activations
    /// `hidden`. Masked outcomes' logits are not computed: their chance
    /// is 0.
    #[inline]
    pub(super) fn output<const K: usize>(&self, hidden: &[f32], mask: u32, out: &mut [f32; K]) {
        let mut logits = [0.0f32; K];
        (self.kernels.dots)(hidden, &self.w2, mask, &mut logits);
        for (l, b) in logits.iter_mut().zip(&self.b2) {
            *l += b;
        }
        masked_softmax(&logits, mask, out);
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The instruction set the forward pass runs with.
    pub fn kernel_name(&self) -> &'static str {
        self.kernels.name
    }
}
