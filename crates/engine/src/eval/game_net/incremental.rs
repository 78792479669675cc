//! The first layer of a batch, updated from the previous position instead
//! of summed afresh.
//!
//! A batch holds the positions after every play of one roll from one
//! position, so consecutive positions share most of their non-zero inputs:
//! a play moves a few checkers, which changes a few points and some
//! globals. The pre-activations (before the ReLU) of the previous position
//! are kept; the next position's are those plus `w1_row * (new - old)` for
//! the inputs that changed. When more than half the inputs changed, the
//! full sum is cheaper and is used instead, and so is it after
//! [`MAX_CHAIN`] updates in a row, so rounding cannot build up over long
//! (Express) batches. Results then differ from the full sum by float
//! rounding only.

use super::NetInputs;
use super::inputs::SparseInputs;
use super::network::GameNetwork;

/// Updates in a row before a full sum resets the rounding.
const MAX_CHAIN: usize = 32;

/// The last position of the batch a net evaluated, among `N` inputs.
#[derive(Default)]
pub struct Previous<const N: usize> {
    /// Its inputs.
    inputs: SparseInputs<N>,
    /// Its first-layer pre-activations; empty when there is none.
    pre: Vec<f32>,
    /// The inputs that changed from it to the current position.
    delta: SparseInputs<N>,
    /// Updates since the last full sum.
    chain: usize,
}

impl<const N: usize> Previous<N> {
    /// Starts a new batch: nothing to update from.
    pub fn forget(&mut self) {
        self.pre.clear();
    }
}

impl<G: NetInputs> GameNetwork<G> {
    /// [`GameNetwork::forward`] of `inputs`, the position after
    /// `previous` in a batch, reusing its first layer (see the module
    /// comment); then remembers this one as `previous`.
    pub fn forward_incremental<const N: usize, const K: usize>(
        &self,
        previous: &mut Previous<N>,
        inputs: &SparseInputs<N>,
        mask: u32,
        hidden: &mut Vec<f32>,
        out: &mut [f32; K],
    ) {
        let p = previous;
        let update = p.pre.len() == self.hidden && p.chain < MAX_CHAIN && {
            p.delta.set_difference(&p.inputs, inputs);
            2 * p.delta.len() <= inputs.len()
        };
        if update {
            self.add_inputs(&mut p.pre, &p.delta);
            p.chain += 1;
        } else {
            p.pre.clear();
            p.pre.extend_from_slice(&self.b1);
            self.add_inputs(&mut p.pre, inputs);
            p.chain = 0;
        }
        p.inputs.copy_from(inputs);
        hidden.clear();
        // A comparison rather than `f32::max`, whose NaN rule keeps the
        // loop from becoming a vector max; both give 0 for every x <= 0.
        hidden.extend(p.pre.iter().map(|&x| if x > 0.0 { x } else { 0.0 }));
        self.output(hidden, mask, out);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::eval::features::{self, OUTCOMES};
    use crate::eval::net::Network;
    use crate::eval::{GameEvaluator, NetEvaluator, Probabilities};
    use plakoto_rules::Plakoto;
    use plakoto_rules::{Rules, Scoring};

    fn check(net: Network, scoring: Scoring) {
        // The f32 path: the one whose updates round.
        let e = NetEvaluator::new(Arc::new(net)).with_f32();
        let rules = Rules {
            scoring,
            ..Rules::default()
        };
        let mut got: Vec<Probabilities> = Vec::new();
        let (mut evaluated, mut worst) = (0, 0.0f32);
        for batch in crate::eval::net::test_batches::batches(7, 12) {
            e.evaluate_batch(&Plakoto::new(rules), &batch, &mut got);
            assert_eq!(got.len(), batch.len());
            for (p, b) in batch.iter().zip(&got) {
                let single = e.evaluate(&Plakoto::new(rules), p);
                let mask = features::outcome_mask(p);
                let (b, single) = (b.as_array(), single.as_array());
                let sum: f32 = b.iter().sum();
                assert!((sum - 1.0).abs() < 1e-5, "{p:?}: sums to {sum}");
                for k in 0..OUTCOMES {
                    assert!(b[k] >= 0.0 && b[k].is_finite(), "{p:?}: {b:?}");
                    worst = worst.max((b[k] - single[k]).abs());
                    assert!(
                        (b[k] - single[k]).abs() <= 1e-5,
                        "{p:?}: outcome {k}: batch {} alone {}",
                        b[k],
                        single[k]
                    );
                }
                // The exact databases answer their endgames; masks apply
                // to the net.
                if crate::eval::exact::evaluate(p, rules).is_none() {
                    // Standard scoring folds triples into doubles.
                    let mask = if scoring == Scoring::Standard {
                        mask & !(1 << features::outcome::WIN_TRIPLE
                            | 1 << features::outcome::LOSE_TRIPLE)
                    } else {
                        mask
                    };
                    for (k, &x) in b.iter().enumerate() {
                        if mask >> k & 1 == 0 {
                            assert_eq!(x, 0.0, "{p:?}: outcome {k} is impossible");
                        }
                    }
                }
                evaluated += 1;
            }
        }
        assert!(evaluated > 3000, "only {evaluated} positions");
        // The updates did happen and did round differently somewhere:
        // otherwise this test would not be testing the incremental path.
        assert!(worst > 0.0, "batch and single evaluations never differed");
    }

    #[test]
    fn batches_match_single_evaluations_embedded_net() {
        check(
            Network::embedded().expect("embedded weights"),
            Scoring::Standard,
        );
    }

    #[test]
    fn batches_match_single_evaluations_random_256_net() {
        check(Network::random(256, 11), Scoring::Tzannes);
    }
}
