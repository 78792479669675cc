//! `plakoto bench …`: fixed, seeded suites timed on one thread, printed as
//! text or one JSON object, whose output a person can compare from run to
//! run (speed lives here, never in tests).

pub mod bench_game;
pub mod eval;
pub mod fixed_suite;
pub mod hint;
pub mod movegen;
pub mod pindb;
pub mod portes_movegen;
pub mod table_suite;

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::Plakoto;

use bench_game::BenchGame;
use eval::{EvalBenchOptions, EvalTiming};
use hint::{HintBenchOptions, HintBenchReport};

/// Which code `bench eval` and `bench hint` measure a game with: every
/// game with a [`BenchGame`] the game layer's evaluators and search,
/// Plakoto its own (written before the game layer). So the benches pick
/// the game once (`with_game!`) and never match on it. (Here, above both
/// benches, as each bench's file calls it and it calls into both.)
pub trait BenchedGame: TavliGame {
    /// `bench eval`'s timed rounds of the evaluator `options` names.
    fn eval_timing(options: &EvalBenchOptions) -> Result<EvalTiming, BenchError>;

    /// `bench hint`'s timings of the suite `options` asks for (its
    /// positions checked).
    fn hint_report(options: &HintBenchOptions) -> Result<HintBenchReport, BenchError>;

    /// The rules `bench hint`'s text report says were searched: the
    /// game's name, as its default switches are.
    fn rules_shown(_report: &HintBenchReport) -> String {
        Self::KIND.to_string()
    }
}

impl<G: BenchGame> BenchedGame for G {
    fn eval_timing(options: &EvalBenchOptions) -> Result<EvalTiming, BenchError> {
        eval::measure_table::<G>(options)
    }

    fn hint_report(options: &HintBenchOptions) -> Result<HintBenchReport, BenchError> {
        hint::measure_table::<G>(options)
    }
}

impl BenchedGame for Plakoto {
    fn eval_timing(options: &EvalBenchOptions) -> Result<EvalTiming, BenchError> {
        eval::measure_plakoto(options)
    }

    fn hint_report(options: &HintBenchOptions) -> Result<HintBenchReport, BenchError> {
        hint::measure_plakoto(options)
    }

    /// Plakoto's movement rules (`--rules`), which it is searched under.
    fn rules_shown(report: &HintBenchReport) -> String {
        format!("{} rules", report.variant)
    }
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
