//! The four layers of a one-hidden-layer net, as every game's
//! [`super::GameNetwork`] keeps them: their seeded initialisation, and the
//! masked softmax of the nets' outcomes.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::kernels;

/// The weights and biases of a net with `inputs`, `hidden` and `outputs`
/// units, row-major as the forward passes read them; or any values
/// shaped like them (a trainer's gradients and Adam moments).
#[derive(Clone, Debug, PartialEq)]
pub struct Layers {
    /// `inputs` rows of `hidden` weights.
    pub w1: Vec<f32>,
    /// `hidden` biases.
    pub b1: Vec<f32>,
    /// `outputs` rows of `hidden` weights.
    pub w2: Vec<f32>,
    /// `outputs` biases.
    pub b2: Vec<f32>,
}

impl Layers {
    /// Freshly initialised layers, seeded: the start of training.
    /// `hidden` must be a multiple of 16.
    pub fn random(inputs: usize, hidden: usize, outputs: usize, seed: u64) -> Layers {
        assert!(
            hidden > 0 && hidden.is_multiple_of(kernels::LANES),
            "hidden must be a multiple of 16"
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // About 40 inputs are non-zero: keep hidden pre-activations O(1).
        let a1 = (3.0f32 / 40.0).sqrt();
        let a2 = (3.0f32 / hidden as f32).sqrt();
        let w1 = (0..inputs * hidden)
            .map(|_| rng.gen_range(-a1..a1))
            .collect();
        let b1 = (0..hidden).map(|_| rng.gen_range(0.0..0.1)).collect();
        let w2 = (0..outputs * hidden)
            .map(|_| rng.gen_range(-a2..a2))
            .collect();
        Layers {
            w1,
            b1,
            w2,
            b2: vec![0.0; outputs],
        }
    }

    /// Zeros of the lengths of `w1`, `b1`, `w2`, `b2`.
    pub fn zeros(lengths: [usize; 4]) -> Layers {
        let [w1, b1, w2, b2] = lengths.map(|n| vec![0.0; n]);
        Layers { w1, b1, w2, b2 }
    }

    /// `w1`, `b1`, `w2`, `b2`.
    pub fn parts(&self) -> [&Vec<f32>; 4] {
        [&self.w1, &self.b1, &self.w2, &self.b2]
    }

    /// `w1`, `b1`, `w2`, `b2`, to write in place.
    pub fn parts_mut(&mut self) -> [&mut Vec<f32>; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }

    /// Sets every value to zero.
    pub fn clear(&mut self) {
        for p in self.parts_mut() {
            p.iter_mut().for_each(|x| *x = 0.0);
        }
    }

    /// All values in one vector, `w1` first (for saving).
    pub fn flatten(&self) -> Vec<f32> {
        self.parts()
            .iter()
            .flat_map(|v| v.iter().copied())
            .collect()
    }

    /// Refills from [`Self::flatten`]'s output; false if the size differs.
    pub fn unflatten(&mut self, flat: &[f32]) -> bool {
        let total: usize = self.parts().iter().map(|v| v.len()).sum();
        if flat.len() != total {
            return false;
        }
        let mut rest = flat;
        for p in self.parts_mut() {
            let (head, tail) = rest.split_at(p.len());
            p.copy_from_slice(head);
            rest = tail;
        }
        true
    }
}

/// Softmax over the outcomes whose bit is set in `mask`; the others get
/// exactly 0: the `f32` nets' output (the integer nets have a vectorised
/// twin, `crate::eval::net::quantized::softmax`).
#[inline]
pub fn masked_softmax<const N: usize>(logits: &[f32; N], mask: u32, out: &mut [f32; N]) {
    let on = |k: usize| mask >> k & 1 == 1;
    let max = (0..N)
        .filter(|&k| on(k))
        .map(|k| logits[k])
        .fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for (k, o) in out.iter_mut().enumerate() {
        *o = if on(k) { (logits[k] - max).exp() } else { 0.0 };
        sum += *o;
    }
    for o in out.iter_mut() {
        *o /= sum;
    }
}
