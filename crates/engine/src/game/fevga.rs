//! The Fevga evaluators of the game layer, and their selection by name
//! (`heuristic`, `pipcount`, `net`) for the protocol and the tools.

use plakoto_rules::fevga::FevgaPosition;
use plakoto_rules::tavli::Fevga;

use super::{FevgaNetEvaluator, GameEvaluator};
use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::fevga::{evaluate_fevga_race, fevga_heuristic};

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

/// Pips a turn on roll is worth in a race (as the heuristic counts it).
const ON_ROLL_PIPS: f32 = 4.0;
/// Pips that move the winning chance by one logistic unit.
const PIPS_SCALE: f32 = 25.0;

/// A weak, fast Fevga baseline: the pip counts alone plus the turn on
/// roll, squashed into a chance of a single win. No exact values: it is
/// meant as an opponent and a speed floor, not as a player.
#[derive(Clone, Copy, Debug, Default)]
pub struct FevgaPipCountEvaluator;

impl GameEvaluator<Fevga> for FevgaPipCountEvaluator {
    fn name(&self) -> &str {
        "pipcount"
    }

    fn evaluate(&self, _game: &Fevga, position: &FevgaPosition) -> Probabilities {
        let (own, opp) = (position.own_pips(), position.opp_pips());
        let score = (opp as f32 - own as f32 + ON_ROLL_PIPS) / PIPS_SCALE;
        let win = 1.0 / (1.0 + (-score).exp());
        Probabilities {
            win_single: win,
            lose_single: 1.0 - win,
            ..Probabilities::default()
        }
    }
}

/// The names [`fevga_evaluator`] knows, in the order a help text lists
/// them.
pub const FEVGA_EVALUATORS: [&str; 3] = ["heuristic", "pipcount", "net"];

/// The Fevga evaluator named `kind` (one of [`FEVGA_EVALUATORS`]; `net`
/// is the net's integer copy, [`FevgaNetEvaluator::with_default_network`]); `None`
/// for any other name, and for `net` when no Fevga weights load (a file
/// named by [`crate::eval::fevga::net::FEVGA_WEIGHTS_ENV`] that does not
/// read; logged).
pub fn fevga_evaluator(kind: &str) -> Option<Box<dyn GameEvaluator<Fevga>>> {
    match kind {
        "heuristic" => Some(Box::new(FevgaHeuristicEvaluator)),
        "pipcount" => Some(Box::new(FevgaPipCountEvaluator)),
        "net" => match FevgaNetEvaluator::with_default_network() {
            Ok(net) => Some(Box::new(net)),
            Err(e) => {
                // The name is known, but there is no net to give.
                log::warn!("no Fevga net: {e}");
                None
            }
        },
        _ => None,
    }
}
