//! `plakoto bench eval`: evaluations per second of an evaluator on one
//! thread, called as the search calls it — one batch per roll, holding
//! every play of that roll (the positions after each play, opponent on
//! roll) — over a fixed, seeded suite of mid-game positions × all 21
//! rolls. Also the one-off costs: reading the weights and building the
//! race database.
//!
//! The figure to compare is `evals_per_second`, from the thread's CPU
//! time (the machine is shared; wall time is reported beside it).
//!
//! Every game's evaluator is measured the same way (`--game`, by name,
//! through the game layer's `GameEvaluator`; by default its net when the
//! weights load, else its heuristic), over the game's seeded suite (the
//! one `bench movegen` expands), so the games' figures sit side by side in
//! the same report.

use std::time::Instant;

use serde::Serialize;

use super::movegen::thread_cpu_seconds;
use super::table_suite::read_positions;
use super::{BenchError, bench_evaluator, median};
use crate::{ToolsGame, ToolsGameFns};
use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::race::{self, RaceDb};
use plakoto_engine::game::batch_after;
use plakoto_rules::{Dice, GameKind};

/// What to measure.
#[derive(Clone, Debug)]
pub struct EvalBenchOptions {
    /// The game whose evaluator is measured.
    pub game: GameKind,
    /// Positions in the suite (each with all 21 rolls).
    pub positions: usize,
    /// Timed rounds over the suite; the median is reported.
    pub rounds: usize,
    /// The evaluator measured, by the game's name for it (`heuristic`,
    /// `pipcount`, `net`, and Plakoto's `net-f32`); `None`: the net, or in
    /// a game whose net does not load, its heuristic.
    pub evaluator: Option<String>,
    /// The positions of this file of the game's Position IDs (its first
    /// `positions`) instead of the seeded suite.
    pub positions_file: Option<std::path::PathBuf>,
}

impl Default for EvalBenchOptions {
    fn default() -> Self {
        EvalBenchOptions {
            game: GameKind::default(),
            positions: 1_000,
            rounds: 5,
            evaluator: None,
            positions_file: None,
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug, Serialize)]
pub struct EvalBenchReport {
    /// The game measured.
    pub game: GameKind,
    /// The evaluator and its weights' identity.
    pub evaluator: String,
    /// Instruction set and number type of the net's inner loops
    /// (`avx512 i16`, `avx2 f32`, …; `-` for the heuristic).
    pub kernel: String,
    /// Positions in the suite.
    pub positions: usize,
    /// Batches (position × roll) a round.
    pub batches: usize,
    /// Evaluations a round.
    pub evaluations: usize,
    /// Median evaluations per second of thread CPU time.
    pub evals_per_second: f64,
    /// Median evaluations per second of wall time.
    pub wall_evals_per_second: f64,
    /// Mean evaluations a batch.
    pub mean_batch: f64,
    /// Milliseconds to read the net's weights (the embedded ones included).
    pub weights_load_ms: f64,
    /// Milliseconds to build the race database (once, then cached).
    pub race_db_build_ms: f64,
    /// CPU milliseconds of that build.
    pub race_db_build_cpu_ms: f64,
    /// Milliseconds to read the race database from its disk cache.
    pub race_db_load_ms: Option<f64>,
}

/// Runs the bench.
pub fn run(options: EvalBenchOptions) -> Result<EvalBenchReport, BenchError> {
    if options.positions == 0 || options.rounds == 0 {
        return Err(BenchError::EmptySuite(
            "the suite needs at least one position and one round",
        ));
    }
    let started = Instant::now();
    let net = plakoto_engine::eval::net::Network::embedded()?;
    let weights_load_ms = started.elapsed().as_secs_f64() * 1e3;
    std::hint::black_box(net);
    let (started, cpu) = (Instant::now(), thread_cpu_seconds());
    let built = RaceDb::build();
    let race_db_build_cpu_ms = (thread_cpu_seconds() - cpu) * 1e3;
    let race_db_build_ms = started.elapsed().as_secs_f64() * 1e3;
    // Make sure the cache exists, then time reading it.
    RaceDb::global();
    let race_db_load_ms = race::cache_path().and_then(|path| {
        let started = Instant::now();
        let db = std::fs::read(path)
            .ok()
            .and_then(|b| RaceDb::from_bytes(&b))?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        std::hint::black_box((db, built));
        Some(ms)
    });

    let timed = (ToolsGameFns::of(options.game).eval_timing)(&options)?;
    Ok(EvalBenchReport {
        game: options.game,
        evaluator: timed.evaluator,
        kernel: timed.kernel,
        positions: timed.positions,
        batches: timed.batches,
        evaluations: timed.evaluations,
        evals_per_second: timed.cpu,
        wall_evals_per_second: timed.wall,
        mean_batch: timed.evaluations as f64 / timed.batches.max(1) as f64,
        weights_load_ms,
        race_db_build_ms,
        race_db_build_cpu_ms,
        race_db_load_ms,
    })
}

/// What the rounds of a game's evaluator measured.
pub struct EvalTiming {
    /// The evaluator's name, with its weights' identity where it has one.
    pub evaluator: String,
    /// The evaluator's arithmetic (`-` for a heuristic).
    pub kernel: String,
    /// Positions in the suite.
    pub positions: usize,
    /// Batches handed to the evaluator in one round.
    pub batches: usize,
    /// Positions evaluated in one round.
    pub evaluations: usize,
    /// Median evaluations a second of thread CPU time.
    pub cpu: f64,
    /// Median evaluations a second of wall time.
    pub wall: f64,
}

/// The rounds of game `G`'s evaluator: one batch a roll of the game's
/// suite positions (each play's resulting position, opponent on roll,
/// games not over), as the generic search hands them to the evaluator.
/// The evaluator is the game's of that name ([`bench_evaluator`]).
pub fn measure_game<G: ToolsGame>(options: &EvalBenchOptions) -> Result<EvalTiming, BenchError> {
    let evaluator = bench_evaluator::<G>(options.evaluator.as_deref())?;
    let evaluator = evaluator.as_ref();
    let game = G::default();
    let mut generator = game.generator();
    let mut list = G::PlayList::default();
    let mut batches: Vec<Vec<G::Position>> = Vec::new();
    let suite = match &options.positions_file {
        Some(path) => read_positions(&game, path, options.positions)?,
        None => G::fixed_suite(options.positions),
    };
    let positions = suite.len();
    for position in suite {
        for (dice, _) in Dice::all_rolls() {
            game.generate(&mut generator, &position, dice, &mut list);
            let batch = batch_after(&game, game.plays(&list));
            if !batch.is_empty() {
                batches.push(batch);
            }
        }
    }
    let evaluations: usize = batches.iter().map(Vec::len).sum();
    let mut out: Vec<Probabilities> = Vec::new();
    let (mut cpu, mut wall) = (Vec::new(), Vec::new());
    for _ in 0..options.rounds {
        let (c0, w0) = (thread_cpu_seconds(), Instant::now());
        for batch in &batches {
            evaluator.evaluate_batch(&game, batch, &mut out);
            std::hint::black_box(&out);
        }
        cpu.push(evaluations as f64 / (thread_cpu_seconds() - c0));
        wall.push(evaluations as f64 / w0.elapsed().as_secs_f64());
    }
    Ok(EvalTiming {
        evaluator: evaluator.identity(),
        kernel: evaluator.kernel_name(),
        positions,
        batches: batches.len(),
        evaluations,
        cpu: median(&cpu),
        wall: median(&wall),
    })
}

impl std::fmt::Display for EvalBenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "eval bench: {} {} ({} kernel), {} positions x 21 rolls = {} batches, {:.1} evaluations a batch, 1 thread",
            self.game, self.evaluator, self.kernel, self.positions, self.batches, self.mean_batch
        )?;
        writeln!(
            f,
            "  evaluations per second (median, CPU time): {:.0}",
            self.evals_per_second
        )?;
        writeln!(
            f,
            "  evaluations per second (median, wall time): {:.0}",
            self.wall_evals_per_second
        )?;
        write!(
            f,
            "  one-off: weights read in {:.2} ms; race database built in {:.0} ms ({:.0} ms CPU), read from its cache in {}",
            self.weights_load_ms,
            self.race_db_build_ms,
            self.race_db_build_cpu_ms,
            self.race_db_load_ms.map_or_else(
                || "- (no cache directory)".to_string(),
                |ms| format!("{ms:.1} ms")
            )
        )
    }
}
