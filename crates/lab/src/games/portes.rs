//! Portes in the lab: trained and refined by the game-layer trainer
//! ([`crate::train::table`]) through its net
//! ([`plakoto_engine::game::portes::net`]), trained for the standard
//! scoring (Greek Portes, P11) with its values read under the `triple`
//! scoring, so the net learns triples apart from doubles, and measured
//! against the Portes heuristic. A fresh run starts from a seeded random
//! net that it does not keep. No benchmark yet, so `benchmark build` and
//! `bench strength` refuse.

use crate::LabGame;
use crate::benchmark::data::TurnRecord;
use crate::train::table::game::Streams;
use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::game::portes::net::inputs::{PortesInputs, encode};
use plakoto_engine::game::portes::net::outcomes::{
    OUTCOMES, flip, from_probabilities, to_probabilities,
};
use plakoto_engine::game::portes::net::{PortesNet, PortesNetwork};
use plakoto_engine::game::{PortesHeuristicEvaluator, PortesNetEvaluator, game_equity};
use plakoto_rules::Portes;
use plakoto_rules::portes::{PortesPosition, PortesScoring};
use plakoto_rules::tavli::ToPlay;
use std::convert::Infallible;
use std::path::Path;
use std::sync::Arc;

impl LabGame for Portes {
    const MOVEMENT_RULES: bool = false;

    fn turn_record(&self, to_play: &ToPlay<Infallible>) -> TurnRecord {
        TurnRecord::of_roll(to_play)
    }

    // Training.
    const NAME: &'static str = "Portes";
    const CHECKPOINT_MAGIC: &'static [u8; 8] = b"PLKPCKPT";
    const STREAMS: Streams = Streams {
        game: 0x9047_5E1F,
        shuffle: 0x9047_5AFF,
        init: 0x9047_1417,
        arena: 0x9047_A4E7,
    };
    const TURN_CAP: usize = 1_000;

    type NetGame = PortesNet;
    type Inputs = PortesInputs;
    type Outcomes = [f32; OUTCOMES];
    type NetEvaluator = PortesNetEvaluator;
    type Heuristic = PortesHeuristicEvaluator;

    fn trained() -> Portes {
        Portes::new(PortesScoring::Standard)
    }

    fn rated(&self) -> Portes {
        Portes::new(PortesScoring::Triple)
    }

    fn initial_net(_dir: &Path, hidden: usize, seed: u64) -> Result<PortesNetwork, WeightsError> {
        Ok(PortesNetwork::random(hidden, seed))
    }

    fn forward(
        &self,
        net: &PortesNetwork,
        position: &PortesPosition,
        inputs: &mut PortesInputs,
        hidden: &mut Vec<f32>,
    ) -> [f32; OUTCOMES] {
        let mut p = [0.0; OUTCOMES];
        let mask = encode(position, inputs);
        net.forward(inputs, mask, hidden, &mut p);
        p
    }

    fn outcomes(p: &Probabilities) -> [f32; OUTCOMES] {
        from_probabilities(p)
    }

    fn flip_outcomes(d: &[f32; OUTCOMES]) -> [f32; OUTCOMES] {
        flip(d)
    }

    fn evaluator_of(net: Arc<PortesNetwork>) -> PortesNetEvaluator {
        PortesNetEvaluator::new(net)
    }

    fn outcome_equity(&self, d: &[f32; OUTCOMES]) -> f32 {
        game_equity(self, &to_probabilities(d, self.scoring))
    }
}
