//! The evaluators `plakoto analyse` rates a game's plays with, by name:
//! why a name gives none ([`EvaluatorRefused`]), and the lookup the games
//! of the table share ([`table_evaluator`]). Each game answers through
//! [`GameOnRecord::analysis_evaluator`](super::GameOnRecord::analysis_evaluator).

use plakoto_engine::eval::{CreateError, UnknownEvaluator};
use plakoto_engine::game::{EVALUATOR_NAMES, EngineGame, GameEvaluator, evaluator_named};

/// Why a game has no evaluator of the name asked for.
#[derive(Debug, thiserror::Error)]
pub enum EvaluatorRefused {
    /// The evaluator could not be created (Plakoto's net weights).
    #[error(transparent)]
    Create(#[from] CreateError),
    /// No Plakoto evaluator of that name.
    #[error(transparent)]
    Unknown(#[from] UnknownEvaluator),
    /// A game of the table has no evaluator of that name (or its weights
    /// do not load).
    #[error(
        "{game} has no evaluator '{name}' (or its weights do not load): --evaluator takes {known}"
    )]
    NoEvaluator {
        /// The record's game.
        game: String,
        /// The name asked for.
        name: String,
        /// The names the game knows, comma-separated.
        known: String,
    },
}

/// A game of the table's evaluator named `name` (one of the engine's
/// [`EVALUATOR_NAMES`]); without a name its net, or where the net does
/// not load its heuristic. `title` names the game in the refusal.
pub(super) fn table_evaluator<G: EngineGame>(
    name: Option<&str>,
    title: &str,
) -> Result<Box<dyn GameEvaluator<G>>, EvaluatorRefused> {
    let found = match name {
        Some(name) => evaluator_named::<G>(name),
        None => evaluator_named::<G>("net").or_else(|| evaluator_named::<G>("heuristic")),
    };
    found.ok_or_else(|| EvaluatorRefused::NoEvaluator {
        game: title.to_string(),
        name: name.unwrap_or("net").to_string(),
        known: EVALUATOR_NAMES.join(", "),
    })
}
