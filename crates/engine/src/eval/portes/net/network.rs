//! The Portes net itself: `f32` weights of a one-hidden-layer perceptron
//! over the sparse [`super::inputs`], a ReLU hidden layer of a size chosen
//! at training time, and a masked softmax over the six
//! [`super::outcomes`].
//!
//! It runs on the Plakoto net's vector loops ([`Kernels`]): the first
//! layer adds the weight rows of the non-zero inputs to the biases, the
//! second is six dot products of the hidden activations. No integer copy:
//! the net is small and Portes is searched less than Plakoto.

use super::inputs::{INPUTS, PortesInputs};
use super::outcomes::OUTCOMES;
use crate::eval::net::kernels::Kernels;
use crate::eval::net::layers::Layers;

/// A Portes network. The parameters are public for the lab's trainer,
/// which reads and writes them in place; the network caches nothing
/// derived from them.
#[derive(Clone)]
pub struct PortesNetwork {
    /// Hidden units (a multiple of 16).
    pub hidden: usize,
    /// `INPUTS` rows of `hidden` weights.
    pub w1: Vec<f32>,
    /// The hidden layer's `hidden` biases.
    pub b1: Vec<f32>,
    /// `OUTCOMES` rows of `hidden` weights.
    pub w2: Vec<f32>,
    /// The output layer's `OUTCOMES` biases.
    pub b2: Vec<f32>,
    kernels: Kernels,
}

impl std::fmt::Debug for PortesNetwork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PortesNetwork({}-{}-{}, {})",
            INPUTS,
            self.hidden,
            OUTCOMES,
            self.short_hash()
        )
    }
}

impl PortesNetwork {
    /// A network of these parameters (shapes as the fields say).
    pub fn from_parts(
        hidden: usize,
        w1: Vec<f32>,
        b1: Vec<f32>,
        w2: Vec<f32>,
        b2: Vec<f32>,
    ) -> PortesNetwork {
        assert_eq!(w1.len(), INPUTS * hidden, "w1 shape");
        assert_eq!(w2.len(), OUTCOMES * hidden, "w2 shape");
        assert_eq!((b1.len(), b2.len()), (hidden, OUTCOMES), "bias shapes");
        PortesNetwork {
            hidden,
            w1,
            b1,
            w2,
            b2,
            kernels: Kernels::detect(),
        }
    }

    /// A freshly initialised network with `hidden` units (a multiple of
    /// 16), seeded: the start of training.
    pub fn random(hidden: usize, seed: u64) -> PortesNetwork {
        let l = Layers::random(INPUTS, hidden, OUTCOMES, seed);
        PortesNetwork::from_parts(hidden, l.w1, l.b1, l.w2, l.b2)
    }

    /// Number of weights and biases.
    pub fn parameter_count(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len()
    }

    /// Forward pass: `hidden` receives the ReLU activations, `out` the
    /// outcome distribution (softmax over the outcomes whose bit is set in
    /// `mask`; the others exactly 0).
    #[inline]
    pub fn forward(
        &self,
        inputs: &PortesInputs,
        mask: u32,
        hidden: &mut Vec<f32>,
        out: &mut [f32; OUTCOMES],
    ) {
        hidden.clear();
        hidden.extend_from_slice(&self.b1);
        (self.kernels.accumulate)(hidden, &self.w1, inputs.indices(), inputs.values());
        for x in hidden.iter_mut() {
            *x = x.max(0.0);
        }
        let mut logits = [0.0f32; OUTCOMES];
        (self.kernels.dots)(hidden, &self.w2, mask, &mut logits);
        for (l, b) in logits.iter_mut().zip(&self.b2) {
            *l += b;
        }
        masked_softmax(&logits, mask, out);
    }
}

/// Softmax over the outcomes whose bit is set in `mask` (written once for
/// the Portes and Fevga nets).
pub use crate::eval::net::layers::masked_softmax;
