//! One learning step of the Fevga net: back-propagation of the
//! cross-entropy between its masked softmax and a target distribution,
//! applied by the Plakoto trainer's Adam ([`Adam::step_parts`]), as the
//! Portes learner does.

use plakoto_engine::eval::fevga::net::FevgaNetwork;
use plakoto_engine::eval::fevga::net::inputs::{FevgaInputs, encode};
use plakoto_engine::eval::fevga::net::outcomes::{OUTCOMES, outcome_mask};
use plakoto_rules::fevga::FevgaRules;

use super::selfplay::FevgaSample;
use crate::train::learn::{Adam, ParamVecs};

/// The lengths of `net`'s parameters (`w1`, `b1`, `w2`, `b2`), for
/// [`Adam::with_lengths`] and [`ParamVecs::zeros`].
pub fn lengths(net: &FevgaNetwork) -> [usize; 4] {
    [net.w1.len(), net.b1.len(), net.w2.len(), net.b2.len()]
}

/// Reusable buffers of the learner, and the switches its inputs are
/// encoded under.
pub struct FevgaLearner {
    /// The last batch's mean gradient.
    pub grad: ParamVecs,
    rules: FevgaRules,
    inputs: FevgaInputs,
    hidden: Vec<f32>,
    dh: Vec<f32>,
}

impl FevgaLearner {
    /// Buffers for `net`, encoding positions under `rules`.
    pub fn new(net: &FevgaNetwork, rules: FevgaRules) -> FevgaLearner {
        FevgaLearner {
            grad: ParamVecs::zeros(lengths(net)),
            rules,
            inputs: FevgaInputs::default(),
            hidden: Vec::new(),
            dh: vec![0.0; net.hidden],
        }
    }

    /// Mean cross-entropy of `net` on `batch`; its mean gradient is left
    /// in [`Self::grad`]. The softmax's gradient by its logits is
    /// `p − target` (masked outcomes have both 0).
    pub fn gradient(&mut self, net: &FevgaNetwork, batch: &[FevgaSample]) -> f32 {
        self.grad.clear();
        let h = net.hidden;
        let mut loss = 0.0;
        for s in batch {
            encode(&s.position, &self.rules, &mut self.inputs);
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
        net: &mut FevgaNetwork,
        adam: &mut Adam,
        batch: &[FevgaSample],
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
    use plakoto_rules::fevga::FevgaPosition;

    #[test]
    fn gradient_matches_finite_differences() {
        let net = FevgaNetwork::random(16, 3);
        let start = FevgaPosition::start();
        let mut moved = [0u8; 24];
        moved[23] = 14;
        moved[8] = 1;
        let mut opp = [0u8; 24];
        opp[23] = 15;
        let released = FevgaPosition::from_sides(moved, opp).expect("valid");
        let batch = [
            FevgaSample {
                position: start,
                target: [0.4, 0.1, 0.3, 0.2],
            },
            FevgaSample {
                position: released.flipped(),
                target: [0.2, 0.2, 0.5, 0.1],
            },
        ];
        let rules = FevgaRules::default();
        let mut learner = FevgaLearner::new(&net, rules);
        learner.gradient(&net, &batch);
        let analytic = learner.grad.clone();
        let eps = 1e-3;
        // A first-layer weight of an input the start sets (the side on
        // roll's 24-point, n >= 1), others of every layer.
        for (layer, j) in [(0usize, 16 * 92 + 3), (1, 5), (2, 7), (3, 1)] {
            let bump = |delta: f32| {
                let mut n = net.clone();
                let [w1, b1, w2, b2] = [&mut n.w1, &mut n.b1, &mut n.w2, &mut n.b2];
                let target = match layer {
                    0 => w1,
                    1 => b1,
                    2 => w2,
                    _ => b2,
                };
                target[j] += delta;
                FevgaLearner::new(&n, rules).gradient(&n, &batch)
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
