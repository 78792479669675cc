//! [`GameBenchmark`]: what ties the generic benchmark builder and scorer
//! of the game layer to a game, so that `plakoto benchmark build` and
//! `plakoto bench strength` are written once for every such game. Fevga's
//! are in [`super::fevga`]; a game with no benchmark yet (Portes) keeps
//! the defaults, which refuse.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::{Fevga, Portes};

use super::BenchmarkError;
use super::build::BuildOptions;
use super::data::Benchmark;
use super::fevga;
use super::score::StrengthReport;

/// A game of the game layer that benchmarks may be built and scored for.
pub trait GameBenchmark: TavliGame {
    /// Builds (or resumes) one shard of the game's benchmark under its
    /// default switches, rolled out by the evaluator named `evaluator`
    /// against the weak player `weak`: the decisions rolled out now.
    /// Refused in a game whose benchmark cannot be built yet.
    fn build_shard(
        _options: &BuildOptions,
        _evaluator: &str,
        _weak: &str,
    ) -> Result<usize, BenchmarkError> {
        Err(BenchmarkError::Options(format!(
            "no {} benchmark can be built yet",
            Self::KIND
        )))
    }

    /// Judges the player `player` (an evaluator's name, or `random`) at
    /// `plies` on `benchmark`, on `threads` threads (`roll_unlisted`: a
    /// choice that is no candidate is rolled out). Refused in a game
    /// whose benchmark cannot be scored yet.
    fn score_player(
        _benchmark: &Benchmark,
        _player: &str,
        _plies: u8,
        _threads: usize,
        _roll_unlisted: bool,
    ) -> Result<StrengthReport, BenchmarkError> {
        Err(BenchmarkError::Options(format!(
            "no {} benchmark can be scored yet",
            Self::KIND
        )))
    }
}

/// No Portes benchmark yet.
impl GameBenchmark for Portes {}

impl GameBenchmark for Fevga {
    fn build_shard(
        options: &BuildOptions,
        evaluator: &str,
        weak: &str,
    ) -> Result<usize, BenchmarkError> {
        fevga::build_shard(options, evaluator, weak)
    }

    fn score_player(
        benchmark: &Benchmark,
        player: &str,
        plies: u8,
        threads: usize,
        roll_unlisted: bool,
    ) -> Result<StrengthReport, BenchmarkError> {
        fevga::strength(benchmark, player, plies, threads, roll_unlisted)
    }
}
