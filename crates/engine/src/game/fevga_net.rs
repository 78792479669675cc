//! [`FevgaNetEvaluator`]: the Fevga net as a game-layer evaluator, with the
//! exact bear-off race first, as the heuristic has it.

use std::cell::RefCell;
use std::sync::Arc;

use plakoto_rules::fevga::FevgaPosition;
use plakoto_rules::tavli::Fevga;

use super::GameEvaluator;
use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::fevga::evaluate_fevga_race;
use crate::eval::fevga::net::FevgaNetwork;
use crate::eval::fevga::net::inputs::{FevgaInputs, encode};
use crate::eval::fevga::net::outcomes::{OUTCOMES, outcome_mask, to_probabilities};
use crate::eval::net::weights::WeightsError;

/// Per-thread working memory of a forward pass, so an evaluation
/// allocates nothing once it has grown.
#[derive(Default)]
struct Scratch {
    inputs: FevgaInputs,
    hidden: Vec<f32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The Fevga net's evaluator: exact in a home-board bear-off race
/// ([`evaluate_fevga_race`]), the net everywhere else.
#[derive(Clone, Debug)]
pub struct FevgaNetEvaluator {
    net: Arc<FevgaNetwork>,
}

impl FevgaNetEvaluator {
    /// An evaluator using `net`.
    pub fn new(net: Arc<FevgaNetwork>) -> FevgaNetEvaluator {
        FevgaNetEvaluator { net }
    }

    /// An evaluator with the process's Fevga net
    /// ([`crate::eval::fevga::net::fevga_network`]); an error while no
    /// trained weights are embedded and none are named.
    pub fn with_default_network() -> Result<FevgaNetEvaluator, WeightsError> {
        Ok(FevgaNetEvaluator::new(
            crate::eval::fevga::net::fevga_network()?,
        ))
    }

    /// The network.
    pub fn network(&self) -> &Arc<FevgaNetwork> {
        &self.net
    }

    /// The net's four outcome chances for `position` under `game`'s
    /// switches (side on roll, game not over), never the race tables'.
    pub fn distribution(&self, game: &Fevga, position: &FevgaPosition) -> [f32; OUTCOMES] {
        SCRATCH.with(|s| Self::forward(&self.net, game, position, &mut s.borrow_mut()))
    }

    #[inline]
    fn forward(
        net: &FevgaNetwork,
        game: &Fevga,
        position: &FevgaPosition,
        s: &mut Scratch,
    ) -> [f32; OUTCOMES] {
        let mut out = [0.0; OUTCOMES];
        encode(position, &game.rules, &mut s.inputs);
        net.forward(&s.inputs, outcome_mask(position), &mut s.hidden, &mut out);
        out
    }

    #[inline]
    fn evaluate_with(
        &self,
        game: &Fevga,
        position: &FevgaPosition,
        s: &mut Scratch,
    ) -> Probabilities {
        if let Some(exact) = evaluate_fevga_race(position) {
            return exact;
        }
        to_probabilities(&Self::forward(&self.net, game, position, s))
    }
}

impl GameEvaluator<Fevga> for FevgaNetEvaluator {
    fn name(&self) -> &str {
        "net"
    }

    fn evaluate(&self, game: &Fevga, position: &FevgaPosition) -> Probabilities {
        SCRATCH.with(|s| self.evaluate_with(game, position, &mut s.borrow_mut()))
    }

    fn exact_value(
        &self,
        _game: &Fevga,
        position: &FevgaPosition,
    ) -> Option<(Probabilities, ExactDatabase)> {
        evaluate_fevga_race(position).map(|p| (p, ExactDatabase::Race))
    }

    fn evaluate_batch(
        &self,
        game: &Fevga,
        positions: &[FevgaPosition],
        out: &mut Vec<Probabilities>,
    ) {
        // One borrow of the scratch for the whole batch.
        out.clear();
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            out.extend(positions.iter().map(|p| self.evaluate_with(game, p, s)));
        });
    }
}
