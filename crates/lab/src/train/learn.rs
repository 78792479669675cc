//! One learning step of the net: back-propagation of the cross-entropy
//! between the net's outcome distribution and a target distribution, and
//! the Adam optimiser whose state is saved with checkpoints.

use plakoto_engine::eval::features::{self, OUTCOMES, SparseInputs};
use plakoto_engine::eval::net::Network;
use plakoto_rules::Position;

/// A training example: a position (side on roll, before rolling) and the
/// outcome distribution it should predict.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// The target distribution (sums to 1, zero where the mask is off).
    pub target: [f32; OUTCOMES],
}

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
    /// A fresh optimiser for `net`.
    pub fn new(net: &Network, lr: f32) -> Adam {
        Adam::with_lengths([net.w1.len(), net.b1.len(), net.w2.len(), net.b2.len()], lr)
    }

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

    /// Applies the mean gradient `grad` (already divided by the batch size).
    pub fn step(&mut self, net: &mut Network, grad: &ParamVecs) {
        self.step_parts([&mut net.w1, &mut net.b1, &mut net.w2, &mut net.b2], grad);
    }

    /// [`Self::step`] on parameters given as `w1`, `b1`, `w2`, `b2`.
    pub fn step_parts(&mut self, params: [&mut Vec<f32>; 4], grad: &ParamVecs) {
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

/// Standard equity of each outcome (triples count as doubles, R17): the
/// coefficients of [`standard_equity`], for its gradient and for tilting
/// a distribution to an equity (`train::rollout_targets`).
pub(crate) const OUTCOME_EQUITY: [f32; OUTCOMES] =
    [1.0, 2.0, 2.0, 2.0, -1.0, -2.0, -2.0, -2.0, 0.0];

/// Standard equity (R17) of a distribution whose triples count as doubles.
#[inline]
pub fn standard_equity(d: &[f32; OUTCOMES]) -> f32 {
    (d[0] - d[4]) + 2.0 * (d[1] + d[2] - d[5] - d[6]) + 2.0 * (d[3] - d[7])
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

/// Reusable buffers of the learner.
pub struct Learner {
    /// Weight of the squared standard-equity error added to the
    /// cross-entropy (0: cross-entropy alone, as self-play trains). The
    /// cross-entropy of soft targets weighs every outcome's share; the
    /// equity term weighs the one combination a play's choice rests on.
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
    grad: ParamVecs,
    inputs: SparseInputs,
    hidden: Vec<f32>,
    /// The batch's hidden activations, a row a sample.
    hidden_rows: Vec<f32>,
    /// The batch's output distributions.
    outputs: Vec<[f32; OUTCOMES]>,
    dh: Vec<f32>,
}

impl Learner {
    /// Buffers for `net`.
    pub fn new(net: &Network) -> Learner {
        Learner {
            equity_weight: 0.0,
            decision_weight: 0.0,
            choice_weight: 0.0,
            choice_temperature: 0.02,
            grad: net.zero_layers(),
            inputs: SparseInputs::default(),
            hidden: Vec::new(),
            hidden_rows: Vec::new(),
            outputs: Vec::new(),
            dh: vec![0.0; net.hidden()],
        }
    }

    /// Cross-entropy of `net` on `batch` (plus [`Self::equity_weight`]
    /// times half the squared equity error) and its mean gradient, left
    /// in the learner. Every sample is its own decision.
    pub fn gradient(&mut self, net: &Network, batch: &[Sample]) -> f32 {
        self.gradient_by_decision(net, batch, &vec![1; batch.len()])
    }

    /// [`Self::gradient`] for a batch cut into decisions: `sizes` are the
    /// lengths of the consecutive runs of samples that are the candidates
    /// of one decision (they sum to the batch's length). The decision term
    /// ([`Self::decision_weight`]) adds, for each decision, half the sum
    /// over its candidates of (eᵢ − tᵢ − r̄)², where eᵢ and tᵢ are the
    /// net's and the target's equities and r̄ the decision's mean of
    /// eᵢ − tᵢ. Its gradient by eᵢ is eᵢ − tᵢ − r̄ (the deviations sum to
    /// zero), so the distributions are computed first and the gradient
    /// taken in a second pass.
    ///
    /// The choice term ([`Self::choice_weight`] `w`, temperature `τ`)
    /// adds, for each decision, `w·τ` times the Kullback–Leibler
    /// divergence KL(q‖p) of the softmax choices q = softmax(−tᵢ/τ) and
    /// p = softmax(−eᵢ/τ) (the candidates are valued with the opponent on
    /// roll, so the mover prefers the least). Its gradient by eᵢ is
    /// w·(qᵢ − pᵢ).
    pub fn gradient_by_decision(
        &mut self,
        net: &Network,
        batch: &[Sample],
        sizes: &[usize],
    ) -> f32 {
        debug_assert_eq!(sizes.iter().sum::<usize>(), batch.len());
        self.grad.clear();
        let h = net.hidden();
        self.hidden_rows.resize(batch.len() * h, 0.0);
        self.outputs.resize(batch.len(), [0.0; OUTCOMES]);
        for (n, s) in batch.iter().enumerate() {
            features::encode(&s.position, &mut self.inputs);
            let mask = u32::from(features::outcome_mask(&s.position));
            net.forward(&self.inputs, mask, &mut self.hidden, &mut self.outputs[n]);
            self.hidden_rows[n * h..(n + 1) * h].copy_from_slice(&self.hidden);
        }
        // Each sample's equity by the net and by its target.
        let net_equity: Vec<f32> = self.outputs.iter().map(standard_equity).collect();
        let target_equity: Vec<f32> = batch.iter().map(|s| standard_equity(&s.target)).collect();
        // Each sample's share of its decision's mean equity error, and its
        // d(choice term)/d(equity).
        let mut decision_error = vec![0.0f32; batch.len()];
        let mut choice_gradient = vec![0.0f32; batch.len()];
        let mut loss = 0.0;
        let mut start = 0;
        for &size in sizes {
            let run = start..start + size;
            start += size;
            let mean = run
                .clone()
                .map(|n| net_equity[n] - target_equity[n])
                .sum::<f32>()
                / size.max(1) as f32;
            decision_error[run.clone()].fill(mean);
            if self.choice_weight > 0.0 {
                let p = softmax_choice(&net_equity[run.clone()], self.choice_temperature);
                let q = softmax_choice(&target_equity[run.clone()], self.choice_temperature);
                for (i, n) in run.enumerate() {
                    if q[i] > 0.0 {
                        loss += self.choice_weight
                            * self.choice_temperature
                            * q[i]
                            * (q[i].ln() - p[i].max(1e-30).ln());
                    }
                    choice_gradient[n] = self.choice_weight * (q[i] - p[i]);
                }
            }
        }
        for (n, s) in batch.iter().enumerate() {
            let p = self.outputs[n];
            let mut dlogit = [0.0f32; OUTCOMES];
            for k in 0..OUTCOMES {
                if s.target[k] > 0.0 {
                    loss -= s.target[k] * p[k].max(1e-12).ln();
                }
                dlogit[k] = p[k] - s.target[k];
            }
            let (e, target) = (net_equity[n], target_equity[n]);
            let error = e - target;
            let deviation = error - decision_error[n];
            // d(loss)/d(equity); d(equity)/d(logit k) = p_k (v_k - equity).
            let dequity =
                self.equity_weight * error + self.decision_weight * deviation + choice_gradient[n];
            loss += 0.5 * self.equity_weight * error * error;
            loss += 0.5 * self.decision_weight * deviation * deviation;
            if dequity != 0.0 {
                for k in 0..OUTCOMES {
                    dlogit[k] += dequity * p[k] * (OUTCOME_EQUITY[k] - e);
                }
            }
            let hidden = &self.hidden_rows[n * h..(n + 1) * h];
            features::encode(&s.position, &mut self.inputs);
            add_sample_gradient(
                &mut self.grad,
                &mut self.dh,
                &net.w2,
                hidden,
                &dlogit,
                self.inputs.iter(),
            );
        }
        let scale = 1.0 / batch.len().max(1) as f32;
        for part in self.grad.parts_mut() {
            part.iter_mut().for_each(|x| *x *= scale);
        }
        loss * scale
    }

    /// One optimiser step on `batch`; returns the loss before the step.
    pub fn train_batch(&mut self, net: &mut Network, adam: &mut Adam, batch: &[Sample]) -> f32 {
        let loss = self.gradient(net, batch);
        adam.step(net, &self.grad);
        loss
    }

    /// One optimiser step on a batch cut into decisions (see
    /// [`Self::gradient_by_decision`]); returns the loss before the step.
    pub fn train_batch_by_decision(
        &mut self,
        net: &mut Network,
        adam: &mut Adam,
        batch: &[Sample],
        sizes: &[usize],
    ) -> f32 {
        let loss = self.gradient_by_decision(net, batch, sizes);
        adam.step(net, &self.grad);
        loss
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

#[cfg(test)]
mod tests {
    use super::*;

    fn toy_batch() -> Vec<Sample> {
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
                let mask = features::outcome_mask(&position);
                let mut target = [0.0f32; OUTCOMES];
                // A fixed, mask-respecting target: weight on the first
                // allowed outcome after an offset.
                let allowed: Vec<usize> = (0..OUTCOMES).filter(|k| mask >> k & 1 == 1).collect();
                target[allowed[i % allowed.len()]] = 0.8;
                target[allowed[(i + 1) % allowed.len()]] += 0.2;
                Sample { position, target }
            })
            .collect()
    }

    #[test]
    fn a_training_step_reduces_the_loss_on_a_toy_batch() {
        let mut net = Network::random(32, 7);
        let mut adam = Adam::new(&net, 1e-2);
        let mut learner = Learner::new(&net);
        let batch = toy_batch();
        let before = learner.gradient(&net, &batch);
        for _ in 0..20 {
            learner.train_batch(&mut net, &mut adam, &batch);
        }
        let after = learner.gradient(&net, &batch);
        assert!(after < before * 0.8, "loss {before} -> {after}");
    }

    fn param_mut(n: &mut Network, layer: usize, j: usize) -> &mut f32 {
        match layer {
            0 => &mut n.w1[j],
            1 => &mut n.b1[j],
            2 => &mut n.w2[j],
            _ => &mut n.b2[j],
        }
    }

    #[test]
    fn gradient_matches_finite_differences() {
        gradient_matches_finite_differences_with(0.0, 0.0, 0.0, &[1, 1, 1, 1]);
    }

    #[test]
    fn gradient_with_the_equity_term_matches_finite_differences() {
        gradient_matches_finite_differences_with(5.0, 0.0, 0.0, &[1, 1, 1, 1]);
    }

    #[test]
    fn gradient_with_the_decision_term_matches_finite_differences() {
        gradient_matches_finite_differences_with(0.0, 20.0, 0.0, &[3, 1]);
        gradient_matches_finite_differences_with(2.0, 20.0, 0.0, &[2, 2]);
    }

    #[test]
    fn gradient_with_the_choice_term_matches_finite_differences() {
        gradient_matches_finite_differences_with(0.0, 0.0, 20.0, &[3, 1]);
        gradient_matches_finite_differences_with(2.0, 20.0, 20.0, &[2, 2]);
    }

    /// Checks that a term set by `configure` adds nothing when every
    /// decision has one candidate, and that grouped into one decision the
    /// toy batch's loss grows with it.
    fn term_counts_only_within_decisions(configure: fn(&mut Learner)) {
        let net = Network::random(16, 3);
        let batch = toy_batch();
        let mut plain = Learner::new(&net);
        let mut with_term = Learner::new(&net);
        configure(&mut with_term);
        assert_eq!(
            plain.gradient(&net, &batch),
            with_term.gradient(&net, &batch)
        );
        assert_eq!(plain.grad, with_term.grad);
        let grouped = with_term.gradient_by_decision(&net, &batch, &[4]);
        assert!(grouped > plain.gradient(&net, &batch));
    }

    #[test]
    fn the_choice_term_is_zero_for_single_candidates_and_favours_the_least_equity() {
        term_counts_only_within_decisions(|l| {
            l.choice_weight = 50.0;
            l.choice_temperature = 0.5;
        });
        let p = softmax_choice(&[0.1, -0.2, 0.3], 0.1);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(p[1] > p[0] && p[0] > p[2], "{p:?}");
    }

    #[test]
    fn the_decision_term_ignores_an_error_common_to_a_decisions_candidates() {
        // One candidate per decision: every deviation from the decision's
        // mean error is zero, so the term adds nothing; grouped, it does.
        term_counts_only_within_decisions(|l| l.decision_weight = 50.0);
    }

    fn gradient_matches_finite_differences_with(
        equity_weight: f32,
        decision_weight: f32,
        choice_weight: f32,
        sizes: &[usize],
    ) {
        let net = Network::random(16, 3);
        let batch = toy_batch();
        let mut learner = Learner::new(&net);
        learner.equity_weight = equity_weight;
        learner.decision_weight = decision_weight;
        learner.choice_weight = choice_weight;
        // Wide enough that the toy nets' candidates share the choice.
        learner.choice_temperature = 0.5;
        learner.gradient_by_decision(&net, &batch, sizes);
        let analytic = learner.grad.clone();
        let eps = 1e-3;
        // A handful of first- and second-layer weights.
        for &(layer, j) in &[
            (0usize, 5usize),
            (0, 16 * 23 + 3),
            (2, 7),
            (2, 40),
            (1, 2),
            (3, 4),
        ] {
            let mut plus = net.clone();
            let mut minus = net.clone();
            *param_mut(&mut plus, layer, j) += eps;
            *param_mut(&mut minus, layer, j) -= eps;
            let mut l = Learner::new(&net);
            l.equity_weight = equity_weight;
            l.decision_weight = decision_weight;
            l.choice_weight = choice_weight;
            l.choice_temperature = 0.5;
            let numeric = (l.gradient_by_decision(&plus, &batch, sizes)
                - l.gradient_by_decision(&minus, &batch, sizes))
                / (2.0 * eps);
            let a = match layer {
                0 => analytic.w1[j],
                1 => analytic.b1[j],
                2 => analytic.w2[j],
                _ => analytic.b2[j],
            };
            assert!(
                (numeric - a).abs() < 2e-2 * (1.0 + a.abs()),
                "layer {layer} [{j}]: numeric {numeric} analytic {a}"
            );
        }
    }
}
