//! `plakoto bench …`: fixed, seeded suites timed on one thread, printed as
//! text or one JSON object, whose output a person can compare from run to
//! run (speed lives here, never in tests).

pub mod eval;
pub mod hint;
pub mod movegen;
pub mod pindb;
pub mod portes_movegen;
pub mod table_suite;

use crate::ToolsGame;
use plakoto_engine::game::GameEvaluator;

/// The median of timed rounds (the upper one of an even count): what a
/// bench reports, since one round that the shared machine interrupted
/// moves a mean but not a median.
pub(crate) fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// Seed of Plakoto's fixed suite (each game keeps its own seed; the
/// table games' are in [`table_suite`]).
pub const SUITE_SEED: u64 = 20_261_121;

/// The evaluator of `G` a bench measures: the one named, else the net
/// when its weights load, else the heuristic (so a game whose net is not
/// trained yet is still measured, and the report names the evaluator it
/// used).
pub fn bench_evaluator<G: ToolsGame>(
    name: Option<&str>,
) -> Result<Box<dyn GameEvaluator<G>>, BenchError> {
    let found = match name {
        Some(name) => G::evaluator_named(name),
        None => G::evaluator_named("net").or_else(|| G::evaluator_named("heuristic")),
    };
    let title = |word: &str| word[..1].to_uppercase() + &word[1..];
    found.ok_or_else(|| BenchError::GameEvaluator {
        game: title(G::KIND.as_str()),
        name: name.unwrap_or("net").to_string(),
        known: G::EVALUATOR_NAMES.join(", "),
    })
}

/// Why a bench could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The suite asked for is empty.
    #[error("{0}")]
    EmptySuite(&'static str),
    /// The built-in weights do not read.
    #[error(transparent)]
    Weights(#[from] plakoto_engine::eval::net::weights::WeightsError),
    /// The evaluator could not be created.
    #[error(transparent)]
    Evaluator(#[from] plakoto_engine::eval::CreateError),
    /// The search settings are out of range.
    #[error(transparent)]
    Settings(#[from] plakoto_engine::game::SettingsError),
    /// The rollout could not run.
    #[error(transparent)]
    Rollout(#[from] plakoto_engine::game::RolloutError),
    /// No Plakoto evaluator of that name.
    #[error(transparent)]
    UnknownEvaluator(#[from] plakoto_engine::eval::UnknownEvaluator),
    /// A game of the table has no evaluator of that name (or its weights
    /// do not load).
    #[error(
        "{game} has no evaluator '{name}' (or its weights do not load): --evaluator takes {known}"
    )]
    GameEvaluator {
        /// The game, capitalised.
        game: String,
        /// The name asked for.
        name: String,
        /// The names the game knows, comma-separated.
        known: String,
    },
    /// The report could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A file of Position IDs (`--positions-file`) could not be read: the
    /// file and why.
    #[error("{0}: {1}")]
    PositionsFile(String, String),
}
