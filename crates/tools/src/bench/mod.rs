//! `plakoto bench …`: fixed, seeded suites timed on one thread, printed as
//! text or one JSON object, whose output a person can compare from run to
//! run (speed lives here, never in tests).

mod bench_game;
pub mod eval;
pub mod hint;
pub mod movegen;
pub mod pindb;
pub mod portes_movegen;
pub mod table_suite;

use plakoto_engine::game::GameEvaluator;
use plakoto_rules::TavliGame;

pub use bench_game::SUITE_SEED;
use eval::{EvalBenchOptions, EvalTiming};
use hint::{HintBenchOptions, HintBenchReport};

/// A game the benches measure: its fixed, seeded suite (`bench movegen`
/// and `bench eval`), its seeded `bench hint` suite, its evaluators by
/// name, and which code measures it: every game the game layer's
/// evaluators and search, Plakoto its own (written before the game
/// layer). So the benches pick the game once (`with_game!`) and never
/// match on it. One impl a game, in `bench_game.rs`. (Here, above the
/// benches, as each bench's file calls it and it calls into them.)
pub trait BenchGame: TavliGame + Default {
    /// `positions` positions from turn 6 on of seeded games, of the
    /// game's own seed, so a game's figures stay comparable with its
    /// earlier runs.
    fn fixed_suite(positions: usize) -> Vec<Self::Position>;

    /// The suite of `bench hint`: `positions` positions of seeded games,
    /// each taken at a random turn from `skip` on.
    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position>;

    /// The names `--evaluator` takes in this game through the game
    /// layer; none for a game whose benches measure its own evaluators.
    const EVALUATORS: &'static [&'static str] = &[];

    /// The evaluator of that name (`None`: no such evaluator, or its
    /// weights do not load).
    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Self>>> {
        let _ = name;
        None
    }

    /// `bench eval`'s timed rounds of the evaluator `options` names.
    fn eval_timing(options: &EvalBenchOptions) -> Result<EvalTiming, BenchError> {
        eval::measure_table::<Self>(options)
    }

    /// `bench hint`'s timings of the suite `options` asks for (its
    /// positions checked).
    fn hint_report(options: &HintBenchOptions) -> Result<HintBenchReport, BenchError> {
        hint::measure_table::<Self>(options)
    }

    /// The rules `bench hint`'s text report says were searched: the
    /// game's name, as its default switches are.
    fn rules_shown(_report: &HintBenchReport) -> String {
        Self::KIND.to_string()
    }
}

/// The evaluator of `G` a bench measures: the one named, else the net
/// when its weights load, else the heuristic (so a game whose net is not
/// trained yet is still measured, and the report names the evaluator it
/// used).
pub fn bench_evaluator<G: BenchGame>(
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
        known: G::EVALUATORS.join(", "),
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
    Settings(#[from] plakoto_engine::search::SettingsError),
    /// The rollout could not run.
    #[error(transparent)]
    Rollout(#[from] plakoto_engine::search::RolloutError),
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
