//! The Portes evaluators of the game layer, and their selection by name
//! (`heuristic`, `pipcount`, `net`) for the protocol and the tools.

use plakoto_rules::portes::PortesPosition;
use plakoto_rules::tavli::Portes;

use super::GameEvaluator;
use super::PortesNetEvaluator;
use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::portes::{evaluate_portes_race, portes_heuristic};

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

/// Pips a turn on roll is worth in a race (as the heuristic counts it).
const ON_ROLL_PIPS: f32 = 8.0;
/// Pips that move the winning chance by one logistic unit.
const PIPS_SCALE: f32 = 25.0;

/// A weak, fast Portes baseline: the pip counts alone (a checker on the
/// bar counts 25) plus the turn on roll, squashed into a chance of a single
/// win. No exact values: it is meant as an opponent and a speed floor, not
/// as a player.
#[derive(Clone, Copy, Debug, Default)]
pub struct PortesPipCountEvaluator;

impl GameEvaluator<Portes> for PortesPipCountEvaluator {
    fn name(&self) -> &str {
        "pipcount"
    }

    fn evaluate(&self, _game: &Portes, position: &PortesPosition) -> Probabilities {
        let (own, opp) = position.pip_counts();
        let score = (opp as f32 - own as f32 + ON_ROLL_PIPS) / PIPS_SCALE;
        let win = 1.0 / (1.0 + (-score).exp());
        Probabilities {
            win_single: win,
            lose_single: 1.0 - win,
            ..Probabilities::default()
        }
    }
}

/// The names [`portes_evaluator`] knows, in the order a help text lists
/// them.
pub const PORTES_EVALUATORS: [&str; 3] = ["heuristic", "pipcount", "net"];

/// The Portes evaluator named `kind` (one of [`PORTES_EVALUATORS`]);
/// `None` for any other name, and for `net` when the weights named by
/// [`crate::eval::portes::net::PORTES_WEIGHTS_ENV`] do not load (logged).
pub fn portes_evaluator(kind: &str) -> Option<Box<dyn GameEvaluator<Portes>>> {
    match kind {
        "heuristic" => Some(Box::new(PortesHeuristicEvaluator)),
        "pipcount" => Some(Box::new(PortesPipCountEvaluator)),
        "net" => match PortesNetEvaluator::with_default_network() {
            Ok(net) => Some(Box::new(net)),
            Err(e) => {
                // The weights named by the environment do not load: the
                // name is known, but there is no net to give.
                log::error!("cannot load the Portes net's weights: {e}");
                None
            }
        },
        _ => None,
    }
}
