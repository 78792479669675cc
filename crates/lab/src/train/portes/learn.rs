//! One learning step of the Portes net: back-propagation of the
//! cross-entropy between its masked softmax and a target distribution,
//! applied by the Plakoto trainer's Adam ([`Adam::step_parts`]).

use plakoto_engine::eval::portes::net::PortesNetwork;
use plakoto_engine::eval::portes::net::inputs::{PortesInputs, encode};
use plakoto_engine::eval::portes::net::outcomes::{OUTCOMES, outcome_mask};

use super::selfplay::PortesSample;
use crate::train::learn::{Adam, ParamVecs};

/// The lengths of `net`'s parameters (`w1`, `b1`, `w2`, `b2`), for
/// [`Adam::with_lengths`] and [`ParamVecs::zeros`].
pub fn lengths(net: &PortesNetwork) -> [usize; 4] {
    [net.w1.len(), net.b1.len(), net.w2.len(), net.b2.len()]
}

/// Reusable buffers of the learner.
pub struct PortesLearner {
    /// The last batch's mean gradient.
    pub grad: ParamVecs,
    inputs: PortesInputs,
    hidden: Vec<f32>,
    dh: Vec<f32>,
}

impl PortesLearner {
    /// Buffers for `net`.
    pub fn new(net: &PortesNetwork) -> PortesLearner {
        PortesLearner {
            grad: ParamVecs::zeros(lengths(net)),
            inputs: PortesInputs::default(),
            hidden: Vec::new(),
            dh: vec![0.0; net.hidden],
        }
    }

    /// Mean cross-entropy of `net` on `batch`; its mean gradient is left
    /// in [`Self::grad`]. The softmax's gradient by its logits is
    /// `p − target` (masked outcomes have both 0).
    pub fn gradient(&mut self, net: &PortesNetwork, batch: &[PortesSample]) -> f32 {
        self.grad.clear();
        let h = net.hidden;
        let mut loss = 0.0;
        for s in batch {
            encode(&s.position, &mut self.inputs);
            let mut p = [0.0f32; OUTCOMES];
            net.forward(
                &self.inputs,
                outcome_mask(&s.position),
                &mut self.hidden,
                &mut p,
            );
            self.dh.iter_mut().for_each(|x| *x = 0.0);
            for (k, (&pk, &tk)) in p.iter().zip(&s.target).enumerate() {
                if tk > 0.0 {
                    loss -= tk * pk.max(1e-12).ln();
                }
                let d = pk - tk;
                if d == 0.0 {
                    continue;
                }
                self.grad.b2[k] += d;
                let row = &net.w2[k * h..(k + 1) * h];
                let grow = &mut self.grad.w2[k * h..(k + 1) * h];
                for j in 0..h {
                    grow[j] += d * self.hidden[j];
                    self.dh[j] += d * row[j];
                }
            }
            for ((d, &a), b) in self.dh.iter_mut().zip(&self.hidden).zip(&mut self.grad.b1) {
                if a <= 0.0 {
                    *d = 0.0;
                }
                *b += *d;
            }
            for (i, v) in self.inputs.iter() {
                let grow = &mut self.grad.w1[i * h..(i + 1) * h];
                for (g, d) in grow.iter_mut().zip(&self.dh) {
                    *g += v * d;
                }
            }
        }
        let scale = 1.0 / batch.len().max(1) as f32;
        for part in self.grad.parts_mut() {
            part.iter_mut().for_each(|x| *x *= scale);
        }
        loss * scale
    }

    /// One optimiser step on `batch`; returns the loss before the step.
    pub fn train_batch(
        &mut self,
        net: &mut PortesNetwork,
        adam: &mut Adam,
        batch: &[PortesSample],
    ) -> f32 {
        let loss = self.gradient(net, batch);
        adam.step_parts(
            [&mut net.w1, &mut net.b1, &mut net.w2, &mut net.b2],
            &self.grad,
        );
        loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::portes::PortesPosition;

    #[test]
    fn gradient_matches_finite_differences() {
        let net = PortesNetwork::random(16, 3);
        let start = PortesPosition::start();
        let batch = [
            PortesSample {
                position: start,
                target: [0.4, 0.1, 0.05, 0.3, 0.1, 0.05],
            },
            PortesSample {
                position: start.flipped(),
                target: [0.2, 0.2, 0.0, 0.5, 0.1, 0.0],
            },
        ];
        let mut learner = PortesLearner::new(&net);
        learner.gradient(&net, &batch);
        let analytic = learner.grad.clone();
        let eps = 1e-3;
        // A first-layer weight of an input the start sets (point 24 of
        // the side on roll: 2 checkers), others of every layer.
        for (layer, j) in [(0usize, 16 * 92 + 3), (1, 5), (2, 7), (3, 1)] {
            let bump = |delta: f32| {
                let mut n = net.clone();
                let part = [&mut n.w1, &mut n.b1, &mut n.w2, &mut n.b2];
                let [w1, b1, w2, b2] = part;
                let target = match layer {
                    0 => w1,
                    1 => b1,
                    2 => w2,
                    _ => b2,
                };
                target[j] += delta;
                PortesLearner::new(&n).gradient(&n, &batch)
            };
            let numeric = (bump(eps) - bump(-eps)) / (2.0 * eps);
            let a = [&analytic.w1, &analytic.b1, &analytic.w2, &analytic.b2][layer][j];
            assert!(
                (numeric - a).abs() < 2e-2 * (1.0 + a.abs()),
                "layer {layer} [{j}]: numeric {numeric} analytic {a}"
            );
        }
    }
}
