//! One learning step of a game's net ([`NetOf`]): back-propagation of
//! the cross-entropy between its masked softmax and a target
//! distribution, with optional terms on the equity the net gives a
//! decision's candidates (`plakoto refine fit`), applied by Adam
//! ([`Adam::step_parts`]).

use super::game::NetOf;
use super::game::{ActiveInputs, lengths};
use super::selfplay::TableSample;
use crate::LabGame;
use crate::train::learn::{Adam, ParamVecs, add_sample_gradient};

/// Reusable buffers of the learner, the game whose positions it encodes
/// (Fevga's inputs depend on its switches) and whose equity its terms
/// weigh, and the weights of those terms.
pub struct TableLearner<G: LabGame> {
    /// Weight of the squared equity error added to the cross-entropy
    /// (0: cross-entropy alone, as self-play trains). The cross-entropy of
    /// soft targets weighs every outcome's share; the equity term weighs
    /// the one combination a play's choice rests on.
    pub equity_weight: f32,
    /// Weight of the decision term (see [`Self::gradient_by_decision`]):
    /// half the squared equity error of each candidate less the mean
    /// error of its decision's candidates. A play's choice rests on the
    /// differences between its candidates, not on their common level,
    /// and about half of the net's equity error is that common level.
    pub decision_weight: f32,
    /// Weight of the choice term (see [`Self::gradient_by_decision`]): the
    /// divergence of the net's softmax choice among a decision's
    /// candidates from the target's, at [`Self::choice_temperature`]. It
    /// weighs the candidates by how likely each is to be chosen, where the
    /// decision term weighs them all alike.
    pub choice_weight: f32,
    /// Temperature of the choice term's softmax, in equity: candidates
    /// this much worse than the best are e times less likely.
    pub choice_temperature: f32,
    /// The last batch's mean gradient.
    pub grad: ParamVecs,
    game: G,
    /// Each outcome's equity for the game trained for: the gradient of
    /// the equity by the outcomes' shares.
    outcome_values: G::Outcomes,
    inputs: G::Inputs,
    hidden: Vec<f32>,
    /// The batch's hidden activations, a row a sample.
    hidden_rows: Vec<f32>,
    /// The batch's output distributions.
    outputs: Vec<G::Outcomes>,
    /// The batch's active inputs, one run a sample, each run ending where
    /// `active_ends` says.
    active: Vec<(usize, f32)>,
    active_ends: Vec<usize>,
    dh: Vec<f32>,
}

/// The softmax over candidates valued with the opponent on roll: the
/// least equity is the most likely choice.
fn softmax_choice(equities: &[f32], temperature: f32) -> Vec<f32> {
    let least = equities.iter().copied().fold(f32::INFINITY, f32::min);
    let weights: Vec<f32> = equities
        .iter()
        .map(|e| (-(e - least) / temperature).exp())
        .collect();
    let total: f32 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

impl<G: LabGame> TableLearner<G> {
    /// Buffers for `net`, encoding positions under `game`; no term but
    /// the cross-entropy.
    pub fn new(net: &NetOf<G>, game: G) -> TableLearner<G> {
        // The equity is linear in the shares: an outcome's value is the
        // equity of a distribution that is that outcome alone.
        let mut outcome_values = G::Outcomes::default();
        for k in 0..outcome_values.as_ref().len() {
            let mut only = G::Outcomes::default();
            only.as_mut()[k] = 1.0;
            outcome_values.as_mut()[k] = game.outcome_equity(&only);
        }
        TableLearner {
            equity_weight: 0.0,
            decision_weight: 0.0,
            choice_weight: 0.0,
            choice_temperature: 0.02,
            grad: ParamVecs::zeros(lengths::<G>(net)),
            game,
            outcome_values,
            inputs: G::Inputs::default(),
            hidden: Vec::new(),
            hidden_rows: Vec::new(),
            outputs: Vec::new(),
            active: Vec::new(),
            active_ends: Vec::new(),
            dh: vec![0.0; G::hidden(net)],
        }
    }

    /// Whether a term beside the cross-entropy is weighed.
    fn has_terms(&self) -> bool {
        self.equity_weight != 0.0 || self.decision_weight != 0.0 || self.choice_weight != 0.0
    }

    /// Mean loss of `net` on `batch`, every sample its own decision; its
    /// mean gradient is left in [`Self::grad`].
    pub fn gradient(&mut self, net: &NetOf<G>, batch: &[TableSample<G>]) -> f32 {
        self.gradient_by_decision(net, batch, &vec![1; batch.len()])
    }

    /// Mean loss of `net` on `batch`, cut into decisions: `sizes` are the
    /// lengths of the consecutive runs of samples that are the candidates
    /// of one decision (they sum to the batch's length). Its mean gradient
    /// is left in [`Self::grad`].
    ///
    /// The loss is the cross-entropy of the net's softmax to the target
    /// (its gradient by the logits is `p − target`; masked outcomes have
    /// both 0), plus [`Self::equity_weight`] times half the squared equity
    /// error, plus the decision term ([`Self::decision_weight`]): for each
    /// decision, half the sum over its candidates of (eᵢ − tᵢ − r̄)², where
    /// eᵢ and tᵢ are the net's and the target's equities and r̄ the
    /// decision's mean of eᵢ − tᵢ. Its gradient by eᵢ is eᵢ − tᵢ − r̄ (the
    /// deviations sum to zero), so the distributions are computed first
    /// and the gradient taken in a second pass.
    ///
    /// The choice term ([`Self::choice_weight`] `w`, temperature `τ`)
    /// adds, for each decision, `w·τ` times the Kullback–Leibler
    /// divergence KL(q‖p) of the softmax choices q = softmax(−tᵢ/τ) and
    /// p = softmax(−eᵢ/τ) (the candidates are valued with the opponent on
    /// roll, so the mover prefers the least). Its gradient by eᵢ is
    /// w·(qᵢ − pᵢ).
    pub fn gradient_by_decision(
        &mut self,
        net: &NetOf<G>,
        batch: &[TableSample<G>],
        sizes: &[usize],
    ) -> f32 {
        debug_assert_eq!(sizes.iter().sum::<usize>(), batch.len());
        self.grad.clear();
        let h = G::hidden(net);
        self.hidden_rows.resize(batch.len() * h, 0.0);
        self.outputs.resize(batch.len(), G::Outcomes::default());
        self.active.clear();
        self.active_ends.clear();
        for (n, s) in batch.iter().enumerate() {
            self.outputs[n] =
                self.game
                    .forward(net, &s.position, &mut self.inputs, &mut self.hidden);
            self.hidden_rows[n * h..(n + 1) * h].copy_from_slice(&self.hidden);
            self.active.extend(self.inputs.active());
            self.active_ends.push(self.active.len());
        }
        // Each sample's equity by the net and by its target, each
        // sample's share of its decision's mean equity error, and its
        // d(choice term)/d(equity): all zero without terms.
        let n = batch.len();
        let (mut net_equity, mut target_equity) = (vec![0.0f32; n], vec![0.0f32; n]);
        let mut decision_error = vec![0.0f32; n];
        let mut choice_gradient = vec![0.0f32; n];
        let mut loss = 0.0;
        if self.has_terms() {
            for (k, s) in batch.iter().enumerate() {
                net_equity[k] = self.game.outcome_equity(&self.outputs[k]);
                target_equity[k] = self.game.outcome_equity(&s.target);
            }
            let mut start = 0;
            for &size in sizes {
                let run = start..start + size;
                start += size;
                let mean = run
                    .clone()
                    .map(|k| net_equity[k] - target_equity[k])
                    .sum::<f32>()
                    / size.max(1) as f32;
                decision_error[run.clone()].fill(mean);
                if self.choice_weight > 0.0 {
                    let p = softmax_choice(&net_equity[run.clone()], self.choice_temperature);
                    let q = softmax_choice(&target_equity[run.clone()], self.choice_temperature);
                    for (i, k) in run.enumerate() {
                        if q[i] > 0.0 {
                            loss += self.choice_weight
                                * self.choice_temperature
                                * q[i]
                                * (q[i].ln() - p[i].max(1e-30).ln());
                        }
                        choice_gradient[k] = self.choice_weight * (q[i] - p[i]);
                    }
                }
            }
        }
        let [_, _, w2, _] = G::parameters(net);
        let mut from = 0;
        for (k, s) in batch.iter().enumerate() {
            let p = &self.outputs[k];
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
            if self.has_terms() {
                let (e, target) = (net_equity[k], target_equity[k]);
                let error = e - target;
                let deviation = error - decision_error[k];
                // d(loss)/d(equity); d(equity)/d(logit j) = p_j (v_j - equity).
                let dequity = self.equity_weight * error
                    + self.decision_weight * deviation
                    + choice_gradient[k];
                loss += 0.5 * self.equity_weight * error * error;
                loss += 0.5 * self.decision_weight * deviation * deviation;
                if dequity != 0.0 {
                    for ((d, &pj), &vj) in dlogit
                        .as_mut()
                        .iter_mut()
                        .zip(p.as_ref())
                        .zip(self.outcome_values.as_ref())
                    {
                        *d += dequity * pj * (vj - e);
                    }
                }
            }
            let to = self.active_ends[k];
            add_sample_gradient(
                &mut self.grad,
                &mut self.dh,
                w2,
                &self.hidden_rows[k * h..(k + 1) * h],
                dlogit.as_ref(),
                self.active[from..to].iter().copied(),
            );
            from = to;
        }
        let scale = 1.0 / batch.len().max(1) as f32;
        for part in self.grad.parts_mut() {
            part.iter_mut().for_each(|x| *x *= scale);
        }
        loss * scale
    }

    /// One optimiser step on `batch`, every sample its own decision;
    /// returns the loss before the step.
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

    /// One optimiser step on a batch cut into decisions (see
    /// [`Self::gradient_by_decision`]); returns the loss before the step.
    pub fn train_batch_by_decision(
        &mut self,
        net: &mut NetOf<G>,
        adam: &mut Adam,
        batch: &[TableSample<G>],
        sizes: &[usize],
    ) -> f32 {
        let loss = self.gradient_by_decision(net, batch, sizes);
        adam.step_parts(G::parameters_mut(net), &self.grad);
        loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::eval::net::Network as PlakotoNetwork;
    use plakoto_engine::game::fevga::net::FevgaNetwork;
    use plakoto_engine::game::portes::net::PortesNetwork;
    use plakoto_rules::fevga::FevgaPosition;
    use plakoto_rules::portes::PortesPosition;
    use plakoto_rules::{Fevga, Plakoto, Portes};

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

    /// Four Plakoto positions with fixed targets that respect their masks.
    fn plakoto_toy_batch() -> Vec<TableSample<Plakoto>> {
        use plakoto_engine::eval::features::{OUTCOMES, outcome_mask};
        let boards = [
            "24:15 / 24:15",
            "24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2",
            "6:3 5:3 4:3 3:2 2:2 1:2 / 6:5 5:5 4:5",
            "24:13 1:2 / 24:1* 20:4 10:10",
        ];
        boards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let position = plakoto_rules::parse_board_text(b).expect("valid board");
                let mask = outcome_mask(&position);
                let mut target = [0.0f32; OUTCOMES];
                let allowed: Vec<usize> = (0..OUTCOMES).filter(|k| mask >> k & 1 == 1).collect();
                target[allowed[i % allowed.len()]] = 0.8;
                target[allowed[(i + 1) % allowed.len()]] += 0.2;
                TableSample { position, target }
            })
            .collect()
    }

    /// A Plakoto learner with these term weights (a temperature wide
    /// enough that the toy nets' candidates share the choice).
    fn plakoto_learner(net: &PlakotoNetwork, weights: [f32; 3]) -> TableLearner<Plakoto> {
        let mut learner = TableLearner::new(net, Plakoto::trained());
        [
            learner.equity_weight,
            learner.decision_weight,
            learner.choice_weight,
        ] = weights;
        learner.choice_temperature = 0.5;
        learner
    }

    #[test]
    fn a_training_step_reduces_the_loss_on_a_toy_batch() {
        let mut net = PlakotoNetwork::random(32, 7);
        let mut adam = Adam::with_lengths(lengths::<Plakoto>(&net), 1e-2);
        let mut learner = TableLearner::new(&net, Plakoto::trained());
        let batch = plakoto_toy_batch();
        let before = learner.gradient(&net, &batch);
        for _ in 0..20 {
            learner.train_batch(&mut net, &mut adam, &batch);
        }
        let after = learner.gradient(&net, &batch);
        assert!(after < before * 0.8, "loss {before} -> {after}");
    }

    /// The analytic gradient with the terms `weights` against central
    /// differences of the loss, decisions cut by `sizes`.
    fn terms_gradient_matches_finite_differences(weights: [f32; 3], sizes: &[usize]) {
        let net = PlakotoNetwork::random(16, 3);
        let batch = plakoto_toy_batch();
        let mut learner = plakoto_learner(&net, weights);
        learner.gradient_by_decision(&net, &batch, sizes);
        let analytic = learner.grad.clone();
        let eps = 1e-3;
        for (layer, j) in [
            (0usize, 5usize),
            (0, 16 * 23 + 3),
            (2, 7),
            (2, 40),
            (1, 2),
            (3, 4),
        ] {
            let loss_at = |delta: f32| {
                let mut n = net.clone();
                Plakoto::parameters_mut(&mut n)[layer][j] += delta;
                plakoto_learner(&net, weights).gradient_by_decision(&n, &batch, sizes)
            };
            let numeric = (loss_at(eps) - loss_at(-eps)) / (2.0 * eps);
            let a = [&analytic.w1, &analytic.b1, &analytic.w2, &analytic.b2][layer][j];
            assert!(
                (numeric - a).abs() < 2e-2 * (1.0 + a.abs()),
                "{weights:?} layer {layer} [{j}]: numeric {numeric} analytic {a}"
            );
        }
    }

    #[test]
    fn gradients_with_the_equity_decision_and_choice_terms_match_finite_differences() {
        terms_gradient_matches_finite_differences([5.0, 0.0, 0.0], &[1, 1, 1, 1]);
        terms_gradient_matches_finite_differences([0.0, 20.0, 0.0], &[3, 1]);
        terms_gradient_matches_finite_differences([2.0, 20.0, 0.0], &[2, 2]);
        terms_gradient_matches_finite_differences([0.0, 0.0, 20.0], &[3, 1]);
        terms_gradient_matches_finite_differences([2.0, 20.0, 20.0], &[2, 2]);
    }

    #[test]
    fn the_decision_and_choice_terms_count_only_within_decisions() {
        // One candidate per decision: every deviation from the decision's
        // mean error is zero and a choice of one is certain, so the terms
        // add nothing; grouped into one decision, they do.
        let net = PlakotoNetwork::random(16, 3);
        let batch = plakoto_toy_batch();
        for weights in [[0.0, 50.0, 0.0], [0.0, 0.0, 50.0]] {
            let mut plain = plakoto_learner(&net, [0.0; 3]);
            let mut with_term = plakoto_learner(&net, weights);
            assert_eq!(
                plain.gradient(&net, &batch),
                with_term.gradient(&net, &batch)
            );
            assert_eq!(plain.grad, with_term.grad);
            let grouped = with_term.gradient_by_decision(&net, &batch, &[4]);
            assert!(grouped > plain.gradient(&net, &batch), "{weights:?}");
        }
        let p = softmax_choice(&[0.1, -0.2, 0.3], 0.1);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(p[1] > p[0] && p[0] > p[2], "{p:?}");
    }

    #[test]
    fn plakotos_outcome_values_are_the_standard_points() {
        let net = PlakotoNetwork::random(16, 3);
        let learner = TableLearner::new(&net, Plakoto::trained());
        assert_eq!(
            learner.outcome_values,
            [1.0, 2.0, 2.0, 2.0, -1.0, -2.0, -2.0, -2.0, 0.0]
        );
    }
}
