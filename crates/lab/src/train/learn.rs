//! What every game's learner ([`super::table::learn`]) is made of: the
//! Adam optimiser whose state is saved with checkpoints, the parameters'
//! shape, and one sample's back-propagation through a net of one hidden
//! layer.

/// Gradients (or any other values) shaped like a network's parameters:
/// the engine's [`Layers`](plakoto_engine::eval::game_net::layers::Layers),
/// which every game's net keeps its parameters in.
pub use plakoto_engine::eval::game_net::layers::Layers as ParamVecs;

/// The Adam optimiser (Kingma & Ba), with its moment estimates.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// Learning rate.
    pub lr: f32,
    /// First moments.
    pub m: ParamVecs,
    /// Second moments.
    pub v: ParamVecs,
    /// Steps taken.
    pub t: u64,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl Adam {
    /// A fresh optimiser for parameters of these lengths (`w1`, `b1`,
    /// `w2`, `b2`), whatever network holds them.
    pub fn with_lengths(lengths: [usize; 4], lr: f32) -> Adam {
        Adam {
            lr,
            m: ParamVecs::zeros(lengths),
            v: ParamVecs::zeros(lengths),
            t: 0,
        }
    }

    /// Applies the mean gradient `grad` (already divided by the batch
    /// size) to parameters given as `w1`, `b1`, `w2`, `b2`.
    pub fn step_parts(&mut self, params: [&mut [f32]; 4], grad: &ParamVecs) {
        self.t += 1;
        let t = self.t as i32;
        let c1 = 1.0 - BETA1.powi(t);
        let c2 = 1.0 - BETA2.powi(t);
        let rate = self.lr * c2.sqrt() / c1;
        let grads = [&grad.w1, &grad.b1, &grad.w2, &grad.b2];
        let ms = self.m.parts_mut();
        let vs = self.v.parts_mut();
        for (((p, g), m), v) in params.into_iter().zip(grads).zip(ms).zip(vs) {
            for j in 0..p.len() {
                m[j] = BETA1 * m[j] + (1.0 - BETA1) * g[j];
                v[j] = BETA2 * v[j] + (1.0 - BETA2) * g[j] * g[j];
                p[j] -= rate * m[j] / (v[j].sqrt() + EPSILON);
            }
        }
    }
}

/// Adds one sample's gradient to `grad`: back-propagation through a net
/// of one hidden ReLU layer (`hidden`, its activations on the sample;
/// `w2`, its output weights) from `dlogit`, the loss's gradient by the
/// output logits, to the active `inputs`. `dh` is scratch of the hidden
/// size. Every game's learner calls it, so each net learns by the same
/// arithmetic in the same order.
pub(crate) fn add_sample_gradient(
    grad: &mut ParamVecs,
    dh: &mut [f32],
    w2: &[f32],
    hidden: &[f32],
    dlogit: &[f32],
    inputs: impl Iterator<Item = (usize, f32)>,
) {
    let h = dh.len();
    dh.iter_mut().for_each(|x| *x = 0.0);
    for (k, &d) in dlogit.iter().enumerate() {
        if d == 0.0 {
            continue;
        }
        grad.b2[k] += d;
        let row = &w2[k * h..(k + 1) * h];
        let grow = &mut grad.w2[k * h..(k + 1) * h];
        for j in 0..h {
            grow[j] += d * hidden[j];
            dh[j] += d * row[j];
        }
    }
    for ((d, &a), b) in dh.iter_mut().zip(hidden).zip(&mut grad.b1) {
        if a <= 0.0 {
            *d = 0.0;
        }
        *b += *d;
    }
    for (i, v) in inputs {
        let grow = &mut grad.w1[i * h..(i + 1) * h];
        for (g, d) in grow.iter_mut().zip(dh.iter()) {
            *g += v * d;
        }
    }
}
