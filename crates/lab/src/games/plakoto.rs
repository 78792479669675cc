//! Plakoto in the lab: trained by the game-layer trainer
//! ([`crate::train::table`]) under its movement rules (`--rules standard`
//! or `express`), its values read under Tzannes scoring so that the net
//! learns triples apart from doubles, its choices made by the standard
//! scoring; refined with its own sampled mixes and loss terms
//! ([`crate::train::refine`]), and benchmarked by its own builder and
//! scorer.

use std::path::Path;
use std::sync::Arc;

use plakoto_engine::eval::HeuristicEvaluator;
use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::features::{self, OUTCOMES, SparseInputs};
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::eval::net::{
    NetEvaluator, Network, PlakotoNet, standard_equity, to_probabilities,
};
use plakoto_engine::game::{game_equity, plakoto_turn};
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{Numbers, Position, Rules, Scoring, TurnNumbers, Variant};

use crate::LabGame;
use crate::benchmark::BenchmarkError;
use crate::benchmark::cli::{BuildArgs, StrengthArgs, build_plakoto, run_plakoto_strength};
use crate::benchmark::data::TurnRecord;
use crate::benchmark::phase::GamePhase;
use crate::train::label_args::LabelArgs;
use crate::train::refine::{self, RefineError, TargetArgs};
use crate::train::table::game::Streams;

impl LabGame for Plakoto {
    const MOVEMENT_RULES: bool = true;

    /// Numbers passed on (R21) as well as dice, under the game's variant.
    fn to_play(&self, turn: &TurnRecord) -> Result<ToPlay<Numbers>, BenchmarkError> {
        turn.turn(self.rules.variant)
            .map(|turn| plakoto_turn::to_play(&turn))
    }

    fn turn_record(&self, to_play: &ToPlay<Numbers>) -> TurnRecord {
        TurnRecord::of(&match *to_play {
            ToPlay::Dice(dice) => TurnNumbers::Rolled(dice, dice.numbers(self.rules.variant)),
            ToPlay::Carried(numbers) => TurnNumbers::Passed(numbers),
        })
    }

    /// Plakoto's own targets: its sampled mixes of players and phases.
    fn refine_targets(a: &TargetArgs) -> Result<(), RefineError> {
        if a.epsilon != 0.0 {
            return Err(RefineError::Options(
                "--epsilon is for --game portes and --game fevga (Plakoto's mix is --players)"
                    .into(),
            ));
        }
        refine::build_targets(a)
    }

    /// Plakoto's refinement is [`Self::refine_targets`] and `refine fit`:
    /// its labels are not made yet.
    fn refine_labels(_a: &LabelArgs) -> Result<(), RefineError> {
        Err(RefineError::Options(
            "refine labels takes --game portes or --game fevga: Plakoto's refinement is \
             refine targets and refine fit"
                .into(),
        ))
    }

    fn phase_of(&self, position: &Position) -> Option<GamePhase> {
        Some(GamePhase::of(position))
    }

    fn build_benchmark(a: &BuildArgs) -> Result<(), BenchmarkError> {
        build_plakoto(a)
    }

    fn score_benchmark(a: &StrengthArgs) -> Result<(), BenchmarkError> {
        run_plakoto_strength(a)
    }

    // Training.
    const NAME: &'static str = "Plakoto";
    const CHECKPOINT_MAGIC: &'static [u8; 8] = b"PLKCKPT\0";
    const STREAMS: Streams = Streams {
        game: 0x5E1F,
        shuffle: 0x5AFF,
        init: 0x1417,
        arena: 0xA4E7A,
    };
    const TURN_CAP: usize = 1_000;

    type NetGame = PlakotoNet;
    type Inputs = SparseInputs;
    type Outcomes = [f32; OUTCOMES];
    type NetEvaluator = NetEvaluator;
    type Heuristic = HeuristicEvaluator;

    fn trained() -> Plakoto {
        Plakoto::trained_under(Variant::Standard)
    }

    fn trained_under(variant: Variant) -> Plakoto {
        Plakoto::new(Rules {
            variant,
            scoring: Scoring::Standard,
        })
    }

    fn rated(&self) -> Plakoto {
        Plakoto::new(Rules {
            scoring: Scoring::Tzannes,
            ..self.rules
        })
    }

    fn initial_net(_dir: &Path, hidden: usize, seed: u64) -> Result<Network, WeightsError> {
        Ok(Network::random(hidden, seed))
    }

    fn forward(
        &self,
        net: &Network,
        position: &Position,
        inputs: &mut SparseInputs,
        hidden: &mut Vec<f32>,
    ) -> [f32; OUTCOMES] {
        let mut p = [0.0; OUTCOMES];
        features::encode(position, inputs);
        let mask = u32::from(features::outcome_mask(position));
        net.forward(inputs, mask, hidden, &mut p);
        p
    }

    fn outcomes(p: &Probabilities) -> [f32; OUTCOMES] {
        p.as_array()
    }

    /// Wins and losses swap; a draw stays.
    fn flip_outcomes(d: &[f32; OUTCOMES]) -> [f32; OUTCOMES] {
        [d[4], d[5], d[6], d[7], d[0], d[1], d[2], d[3], d[8]]
    }

    fn evaluator_of(net: Arc<Network>) -> NetEvaluator {
        NetEvaluator::in_training(net)
    }

    /// Under the standard scoring, [`standard_equity`] itself: the fit's
    /// equity terms have always weighed it, to the bit.
    fn outcome_equity(&self, d: &[f32; OUTCOMES]) -> f32 {
        match self.rules.scoring {
            Scoring::Standard => standard_equity(d),
            scoring => game_equity(self, &to_probabilities(d, scoring)),
        }
    }
}
