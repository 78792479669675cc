//! What the engine knows of Fevga ([`EngineGame`]): its evaluators (the
//! heuristic with the bear-off race, the pip count, the net's integer
//! copy), its measured outcomes in a Tavli match, and its plays' spread in
//! equity (close: no hits).

use plakoto_rules::fevga::FevgaPosition;
use plakoto_rules::tavli::Fevga;

use super::engine_game::{EVALUATOR_NAMES, EngineGame, evaluator_named};
use super::pip_race::pip_race_probabilities;
use super::{FevgaNetEvaluator, GameEvaluator};
use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::fevga::{evaluate_fevga_race, fevga_heuristic};
use crate::eval::net::weights::WeightsError;
use crate::match_equity::tavli::StarterRates;
use crate::match_equity::tavli::rates::FEVGA_RATES;

/// The hand-written Fevga heuristic ([`fevga_heuristic`]), with the exact
/// bear-off race ([`evaluate_fevga_race`]) as its exact values, so a
/// search marks race positions exact and stops there.
#[derive(Clone, Copy, Debug, Default)]
pub struct FevgaHeuristicEvaluator;

impl GameEvaluator<Fevga> for FevgaHeuristicEvaluator {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn evaluate(&self, game: &Fevga, position: &FevgaPosition) -> Probabilities {
        fevga_heuristic(position, &game.rules)
    }

    fn exact_value(
        &self,
        _game: &Fevga,
        position: &FevgaPosition,
    ) -> Option<(Probabilities, ExactDatabase)> {
        evaluate_fevga_race(position).map(|p| (p, ExactDatabase::Race))
    }
}

/// A weak, fast Fevga baseline: the pip counts alone plus the turn on
/// roll (4 pips, as the heuristic counts it). No exact values.
#[derive(Clone, Copy, Debug, Default)]
pub struct FevgaPipCountEvaluator;

impl GameEvaluator<Fevga> for FevgaPipCountEvaluator {
    fn name(&self) -> &str {
        "pipcount"
    }

    fn evaluate(&self, _game: &Fevga, position: &FevgaPosition) -> Probabilities {
        pip_race_probabilities(position.own_pips(), position.opp_pips(), 4.0)
    }
}

impl EngineGame for Fevga {
    /// No hits: the median 0-ply gap between the best two plays is 0.040,
    /// against Plakoto's 0.075 (see `MoveFilter::in_game`).
    const CLOSE_PLAYS: bool = true;

    fn heuristic_evaluator() -> Box<dyn GameEvaluator<Fevga>> {
        Box::new(FevgaHeuristicEvaluator)
    }

    fn pip_count_evaluator() -> Box<dyn GameEvaluator<Fevga>> {
        Box::new(FevgaPipCountEvaluator)
    }

    /// The net's integer copy ([`FevgaNetEvaluator::with_default_network`]).
    fn net_evaluator() -> Result<Box<dyn GameEvaluator<Fevga>>, WeightsError> {
        Ok(Box::new(FevgaNetEvaluator::with_default_network()?))
    }

    fn starter_rates(&self) -> StarterRates {
        FEVGA_RATES
    }
}

/// The names [`fevga_evaluator`] knows, in the order a help text lists
/// them.
pub const FEVGA_EVALUATORS: [&str; 3] = EVALUATOR_NAMES;

/// The Fevga evaluator named `kind` (one of [`FEVGA_EVALUATORS`]; `net`
/// is the net's integer copy); `None` for any other name, and for `net`
/// when no Fevga weights load (a file named by
/// [`crate::eval::fevga::net::FEVGA_WEIGHTS_ENV`] that does not read;
/// logged).
pub fn fevga_evaluator(kind: &str) -> Option<Box<dyn GameEvaluator<Fevga>>> {
    evaluator_named(kind)
}
