//! What the engine knows of Portes ([`EngineGame`]): its evaluators (the
//! heuristic with the bear-off race database, the pip count, the net), its
//! measured outcomes in a Tavli match, and its plays' spread in equity.

use plakoto_rules::portes::PortesPosition;
use plakoto_rules::tavli::Portes;

use super::engine_game::{EVALUATOR_NAMES, EngineGame, evaluator_named};
use super::pip_race::pip_race_probabilities;
use super::{GameEvaluator, PortesNetEvaluator};
use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::net::weights::WeightsError;
use crate::eval::portes::{evaluate_portes_race, portes_heuristic};
use crate::match_equity::tavli::StarterRates;
use crate::match_equity::tavli::rates::PORTES_RATES;

/// The hand-written Portes heuristic ([`portes_heuristic`]), with the exact
/// bear-off race database ([`evaluate_portes_race`]) as its exact values,
/// so a search marks race positions exact and stops there.
#[derive(Clone, Copy, Debug, Default)]
pub struct PortesHeuristicEvaluator;

impl GameEvaluator<Portes> for PortesHeuristicEvaluator {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn evaluate(&self, _game: &Portes, position: &PortesPosition) -> Probabilities {
        portes_heuristic(position)
    }

    fn exact_value(
        &self,
        _game: &Portes,
        position: &PortesPosition,
    ) -> Option<(Probabilities, ExactDatabase)> {
        evaluate_portes_race(position).map(|p| (p, ExactDatabase::Race))
    }
}

/// A weak, fast Portes baseline: the pip counts alone (a checker on the
/// bar counts 25) plus the turn on roll (8 pips, as the heuristic counts
/// it). No exact values.
#[derive(Clone, Copy, Debug, Default)]
pub struct PortesPipCountEvaluator;

impl GameEvaluator<Portes> for PortesPipCountEvaluator {
    fn name(&self) -> &str {
        "pipcount"
    }

    fn evaluate(&self, _game: &Portes, position: &PortesPosition) -> Probabilities {
        let (own, opp) = position.pip_counts();
        pip_race_probabilities(own, opp, 8.0)
    }
}

impl EngineGame for Portes {
    fn heuristic_evaluator() -> Box<dyn GameEvaluator<Portes>> {
        Box::new(PortesHeuristicEvaluator)
    }

    fn pip_count_evaluator() -> Box<dyn GameEvaluator<Portes>> {
        Box::new(PortesPipCountEvaluator)
    }

    fn net_evaluator() -> Result<Box<dyn GameEvaluator<Portes>>, WeightsError> {
        Ok(Box::new(PortesNetEvaluator::with_default_network()?))
    }

    fn starter_rates(&self) -> StarterRates {
        PORTES_RATES
    }
}

/// The names [`portes_evaluator`] knows, in the order a help text lists
/// them.
pub const PORTES_EVALUATORS: [&str; 3] = EVALUATOR_NAMES;

/// The Portes evaluator named `kind` (one of [`PORTES_EVALUATORS`]);
/// `None` for any other name, and for `net` when the weights named by
/// [`crate::eval::portes::net::PORTES_WEIGHTS_ENV`] do not load (logged).
pub fn portes_evaluator(kind: &str) -> Option<Box<dyn GameEvaluator<Portes>>> {
    evaluator_named(kind)
}
