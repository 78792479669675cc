//! The evaluator `plakoto analyse` rates a game's plays with, by name
//! ([`analysis_evaluator`]), and why a name gives none
//! ([`EvaluatorRefused`]). Written once: each game's names are the
//! engine's ([`EngineGame::EVALUATOR_NAMES`]).

use plakoto_engine::game::{EngineGame, GameEvaluator};

use super::GameOnRecord;

/// Why a game has no evaluator of the name asked for.
#[derive(Debug, thiserror::Error)]
#[error("{game} has no evaluator '{name}' (or its weights do not load): --evaluator takes {known}")]
pub struct EvaluatorRefused {
    /// The record's game.
    pub game: String,
    /// The name asked for.
    pub name: String,
    /// The names the game knows, comma-separated.
    pub known: String,
}

/// The evaluator of `G` named `name` (one of the game's
/// [`EngineGame::EVALUATOR_NAMES`]); without a name its net, or where
/// the net does not load its heuristic.
pub(crate) fn analysis_evaluator<G: GameOnRecord + EngineGame>(
    name: Option<&str>,
) -> Result<Box<dyn GameEvaluator<G>>, EvaluatorRefused> {
    let found = match name {
        Some(name) => G::evaluator_named(name),
        None => G::evaluator_named("net").or_else(|| G::evaluator_named("heuristic")),
    };
    found.ok_or_else(|| EvaluatorRefused {
        game: G::TITLE.to_string(),
        name: name.unwrap_or("net").to_string(),
        known: G::EVALUATOR_NAMES.join(", "),
    })
}
