//! One learning step of a game's net ([`NetOf`]):
//! back-propagation of the cross-entropy between its masked softmax and a
//! target distribution, applied by the Plakoto trainer's Adam
//! ([`Adam::step_parts`]).

use super::game::NetOf;
use super::game::{ActiveInputs, lengths};
use super::selfplay::TableSample;
use crate::LabGame;
use crate::train::learn::{Adam, ParamVecs, add_sample_gradient};

/// Reusable buffers of the learner, and the game whose positions it
/// encodes (Fevga's inputs depend on its switches).
pub struct TableLearner<G: LabGame> {
    /// The last batch's mean gradient.
    pub grad: ParamVecs,
    game: G,
    inputs: G::Inputs,
    hidden: Vec<f32>,
    dh: Vec<f32>,
}

impl<G: LabGame> TableLearner<G> {
    /// Buffers for `net`, encoding positions under `game`.
    pub fn new(net: &NetOf<G>, game: G) -> TableLearner<G> {
        TableLearner {
            grad: ParamVecs::zeros(lengths::<G>(net)),
            game,
            inputs: G::Inputs::default(),
            hidden: Vec::new(),
            dh: vec![0.0; G::hidden(net)],
        }
    }

    /// Mean cross-entropy of `net` on `batch`; its mean gradient is left
    /// in [`Self::grad`]. The softmax's gradient by its logits is
    /// `p − target` (masked outcomes have both 0).
    pub fn gradient(&mut self, net: &NetOf<G>, batch: &[TableSample<G>]) -> f32 {
        self.grad.clear();
        let [_, _, w2, _] = G::parameters(net);
        let mut loss = 0.0;
        for s in batch {
            let p = self
                .game
                .forward(net, &s.position, &mut self.inputs, &mut self.hidden);
            let mut dlogit = G::Outcomes::default();
            for ((d, &pk), &tk) in dlogit
                .as_mut()
                .iter_mut()
                .zip(p.as_ref())
                .zip(s.target.as_ref())
            {
                if tk > 0.0 {
                    loss -= tk * pk.max(1e-12).ln();
                }
                *d = pk - tk;
            }
            add_sample_gradient(
                &mut self.grad,
                &mut self.dh,
                w2,
                &self.hidden,
                dlogit.as_ref(),
                self.inputs.active(),
            );
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
        net: &mut NetOf<G>,
        adam: &mut Adam,
        batch: &[TableSample<G>],
    ) -> f32 {
        let loss = self.gradient(net, batch);
        adam.step_parts(G::parameters_mut(net), &self.grad);
        loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::eval::fevga::net::FevgaNetwork;
    use plakoto_engine::eval::portes::net::PortesNetwork;
    use plakoto_rules::fevga::FevgaPosition;
    use plakoto_rules::portes::PortesPosition;
    use plakoto_rules::tavli::{Fevga, Portes};

    /// The analytic gradient of `net` on `batch` against central
    /// differences, at `first_layer` (a first-layer weight of an input
    /// the batch sets) and one parameter of each other layer.
    fn gradient_matches_finite_differences<G: LabGame>(
        net: &NetOf<G>,
        batch: &[TableSample<G>],
        first_layer: usize,
    ) {
        let game = G::trained();
        let mut learner = TableLearner::new(net, game);
        learner.gradient(net, batch);
        let analytic = learner.grad.clone();
        let eps = 1e-3;
        for (layer, j) in [(0usize, first_layer), (1, 5), (2, 7), (3, 1)] {
            let bump = |delta: f32| {
                let mut n = net.clone();
                G::parameters_mut(&mut n)[layer][j] += delta;
                TableLearner::new(&n, game).gradient(&n, batch)
            };
            let numeric = (bump(eps) - bump(-eps)) / (2.0 * eps);
            let a = [&analytic.w1, &analytic.b1, &analytic.w2, &analytic.b2][layer][j];
            assert!(
                (numeric - a).abs() < 2e-2 * (1.0 + a.abs()),
                "{} layer {layer} [{j}]: numeric {numeric} analytic {a}",
                G::NAME
            );
        }
    }

    #[test]
    fn portes_gradient_matches_finite_differences() {
        let start = PortesPosition::start();
        let batch = [
            TableSample::<Portes> {
                position: start,
                target: [0.4, 0.1, 0.05, 0.3, 0.1, 0.05],
            },
            TableSample {
                position: start.flipped(),
                target: [0.2, 0.2, 0.0, 0.5, 0.1, 0.0],
            },
        ];
        // Point 24 of the side on roll: 2 checkers.
        gradient_matches_finite_differences(&PortesNetwork::random(16, 3), &batch, 16 * 92 + 3);
    }

    #[test]
    fn fevga_gradient_matches_finite_differences() {
        let mut moved = [0u8; 24];
        moved[23] = 14;
        moved[8] = 1;
        let mut opp = [0u8; 24];
        opp[23] = 15;
        let released = FevgaPosition::from_sides(moved, opp).expect("valid");
        let batch = [
            TableSample::<Fevga> {
                position: FevgaPosition::start(),
                target: [0.4, 0.1, 0.3, 0.2],
            },
            TableSample {
                position: released.flipped(),
                target: [0.2, 0.2, 0.5, 0.1],
            },
        ];
        // The side on roll's 24-point, n >= 1.
        gradient_matches_finite_differences(&FevgaNetwork::random(16, 3), &batch, 16 * 92 + 3);
    }
}
