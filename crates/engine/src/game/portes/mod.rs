//! What the engine knows of Portes: the exact bear-off race database
//! ([`race`]), a hand-written heuristic ([`heuristic`]) and a neural net
//! ([`net`]), with the equity of Portes scoring (P11).
//!
//! These answer a [`PortesPosition`](plakoto_rules::portes::PortesPosition)
//! directly; the game's evaluators (`evaluators.rs`) put them behind
//! [`GameEvaluator<Portes>`](super::GameEvaluator), with the game's
//! [`EngineGame`](super::EngineGame) impl.

mod evaluators;
pub mod heuristic;
pub mod net;
pub mod race;

use plakoto_rules::ResultKind;
use plakoto_rules::portes::PortesScoring;

use crate::eval::Probabilities;

pub use evaluators::{
    PORTES_EVALUATORS, PortesHeuristicEvaluator, PortesNetEvaluator, PortesPipCountEvaluator,
    portes_evaluator,
};
pub use heuristic::portes_heuristic;
pub use race::evaluate_portes_race;

/// Expected points for the side on roll under Portes scoring (P11): a
/// double counts 2, a Western backgammon 3 under `triple` (2 otherwise).
pub fn portes_equity(chances: &Probabilities, scoring: PortesScoring) -> f32 {
    let points = |kind| f32::from(scoring.points(kind));
    points(ResultKind::Single) * (chances.win_single - chances.lose_single)
        + points(ResultKind::Double) * (chances.win_double - chances.lose_double)
        + points(ResultKind::Triple) * (chances.win_triple - chances.lose_triple)
}
