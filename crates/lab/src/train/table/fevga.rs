//! Fevga for the table trainer (`plakoto train --game fevga`): the Fevga
//! net ([`plakoto_engine::eval::fevga::net`]), trained and measured
//! against the Fevga heuristic under Fevga's default switches
//! (docs/rules.md, Fevga), which its inputs are encoded under too. A fresh
//! run keeps the seeded random net it starts from as `initial.net`
//! ([`FevgaNetwork::save_initial`]), the baseline of the run.

use std::path::Path;
use std::sync::Arc;

use super::game::{Streams, TrainedGame};
use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::fevga::net::inputs::{FevgaInputs, encode};
use plakoto_engine::eval::fevga::net::outcomes::{
    OUTCOMES, flip, from_probabilities, outcome_mask, to_probabilities,
};
use plakoto_engine::eval::fevga::net::{FevgaNet, FevgaNetwork};
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::game::{FevgaHeuristicEvaluator, FevgaNetEvaluator, game_equity};
use plakoto_rules::fevga::{
    FevgaPosition, FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release,
};
use plakoto_rules::tavli::Fevga;

/// The game the net is trained for: Fevga under its default switches.
const GAME: Fevga = Fevga {
    rules: FevgaRules {
        release: Release::PastStart,
        quarter_rule: QuarterRule::Own,
        quarter_check: QuarterCheck::EveryStep,
        prime_rule: PrimeRule::Unblock,
    },
};

impl TrainedGame for Fevga {
    const NAME: &'static str = "Fevga";
    const CHECKPOINT_MAGIC: &'static [u8; 8] = b"PLKFCKPT";
    const STREAMS: Streams = Streams {
        game: 0xFE76_5E1F,
        shuffle: 0xFE76_5AFF,
        init: 0xFE76_1417,
        arena: 0xFE76_A4E7,
    };
    /// Fevga games run about a hundred turns.
    const TURN_CAP: usize = 2_000;

    type NetGame = FevgaNet;
    type Inputs = FevgaInputs;
    type Outcomes = [f32; OUTCOMES];
    type NetEvaluator = FevgaNetEvaluator;
    type Heuristic = FevgaHeuristicEvaluator;

    fn trained() -> Fevga {
        GAME
    }

    fn rated(&self) -> Fevga {
        *self
    }

    fn initial_net(dir: &Path, hidden: usize, seed: u64) -> Result<FevgaNetwork, WeightsError> {
        FevgaNetwork::save_initial(&dir.join("initial.net"), hidden, seed)
    }

    fn forward(
        &self,
        net: &FevgaNetwork,
        position: &FevgaPosition,
        inputs: &mut FevgaInputs,
        hidden: &mut Vec<f32>,
    ) -> [f32; OUTCOMES] {
        let mut p = [0.0; OUTCOMES];
        encode(position, &self.rules, inputs);
        net.forward(inputs, outcome_mask(position), hidden, &mut p);
        p
    }

    fn outcomes(p: &Probabilities) -> [f32; OUTCOMES] {
        from_probabilities(p)
    }

    fn flip_outcomes(d: &[f32; OUTCOMES]) -> [f32; OUTCOMES] {
        flip(d)
    }

    fn net_evaluator(net: Arc<FevgaNetwork>) -> FevgaNetEvaluator {
        FevgaNetEvaluator::new(net)
    }

    fn outcome_equity(&self, d: &[f32; OUTCOMES]) -> f32 {
        game_equity(self, &to_probabilities(d))
    }
}
