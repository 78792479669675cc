//! `plakoto bench hint`: milliseconds per `hint` (ranking every play of a
//! roll) at 0, 1, 2 and 3 plies with the default move filters, one thread,
//! over a fixed suite of mid-game positions × all 21 rolls; plus rollout
//! games per second.
//!
//! Every game is timed the same way: the generic search
//! (`plakoto_engine::game::GameSearch`) with the game's evaluator (by
//! name; by default its net when the weights load, else its heuristic),
//! over the game's seeded suite ([`ToolsGame::suite_from`]), rollouts
//! included (the game layer's rollout, `plakoto_engine::game::rollout`).
//! Plakoto is searched under the movement rules asked for (`--rules`).

use std::time::Instant;

use serde::Serialize;

use super::table_suite::read_positions;
use super::{BenchError, bench_evaluator, median};
use crate::{ToolsGame, ToolsGameFns};
use plakoto_engine::game::{GameEvaluator, GameSearch, SearchLimits, SearchSettings};
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::TavliGames;
use plakoto_rules::{Dice, GameKind, Rules, Variant};

/// Timed rounds of [`HintBenchReport::evaluator_ns`], whose median is
/// reported.
const EVALUATOR_ROUNDS: usize = 9;

/// Static evaluations a round of them times, about.
const EVALUATIONS_A_ROUND: usize = 20_000;

/// What to measure.
#[derive(Clone, Debug)]
pub struct HintBenchOptions {
    /// The game searched.
    pub game: GameKind,
    /// Positions in the suite (each with all 21 rolls).
    pub positions: usize,
    /// Seed of the suite.
    pub seed: u64,
    /// Turns skipped at the start of each seeded game.
    pub skip: usize,
    /// Ply depths to time.
    pub plies: Vec<u8>,
    /// Rollout trials per candidate for the games-per-second figure (0:
    /// skip it).
    pub rollout_trials: u32,
    /// Print one JSON object instead of text.
    pub json: bool,
    /// Rules the hints are searched under (the suite is the same).
    pub variant: Variant,
    /// The evaluator at the leaves, by the game's name for it (as
    /// [`super::eval::EvalBenchOptions::evaluator`]); `None`: the net, or
    /// in a game whose net does not load, its heuristic.
    pub evaluator: Option<String>,
    /// The positions of this file of the game's Position
    /// IDs (its first `positions`) instead of the seeded suite.
    pub positions_file: Option<std::path::PathBuf>,
    /// Only these rolls, each once, instead of all 21 (to
    /// time what a GNU Backgammon bench times: `scripts/speed_sitting.py`).
    pub rolls: Option<Vec<Dice>>,
}

impl Default for HintBenchOptions {
    fn default() -> Self {
        HintBenchOptions {
            game: GameKind::default(),
            positions: 50,
            seed: 2026,
            skip: 12,
            plies: vec![0, 1, 2, 3],
            rollout_trials: 144,
            json: false,
            variant: Variant::Standard,
            evaluator: None,
            positions_file: None,
            rolls: None,
        }
    }
}

impl HintBenchOptions {
    /// Every game as the bench searches it: Plakoto under the movement
    /// rules asked for, the others under their default switches.
    pub fn games(&self) -> TavliGames {
        TavliGames::default().with(Plakoto::new(Rules {
            variant: self.variant,
            ..Rules::default()
        }))
    }
}

/// Timing of one depth.
#[derive(Clone, Debug, Serialize)]
pub struct PlyTiming {
    /// The depth.
    pub plies: u8,
    /// Hints timed.
    pub hints: usize,
    /// Median milliseconds per hint.
    pub median_ms: f64,
    /// 90th percentile milliseconds per hint.
    pub p90_ms: f64,
    /// Mean milliseconds per hint.
    pub mean_ms: f64,
    /// Slowest hint.
    pub max_ms: f64,
    /// Mean positions given to the evaluator per hint (to estimate the
    /// time with a costlier evaluator: add this × the extra ns each).
    pub mean_evaluations: f64,
    /// Mean chance nodes expanded per hint.
    pub mean_chance_nodes: f64,
}

/// The bench's results.
#[derive(Clone, Debug, Serialize)]
pub struct HintBenchReport {
    /// The game searched.
    pub game: GameKind,
    /// Evaluator used.
    pub evaluator: String,
    /// Positions × 21 rolls.
    pub positions: usize,
    /// Suite seed.
    pub seed: u64,
    /// Always 1.
    pub threads: usize,
    /// Move filter preset.
    pub filter: String,
    /// Rules searched under (Plakoto's; `standard` for Portes and Fevga,
    /// whose default switches are searched).
    pub variant: Variant,
    /// Nanoseconds per static evaluation of the evaluator used (the
    /// median of `EVALUATOR_ROUNDS` rounds).
    pub evaluator_ns: f64,
    /// One entry per depth.
    pub timings: Vec<PlyTiming>,
    /// Games played out per second by a 0-ply rollout, one thread.
    pub rollout_games_per_second: Option<f64>,
}

/// The `p`-th percentile (0–1) of sorted values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs the bench and prints its report (text or JSON) on stdout.
pub fn run(options: &HintBenchOptions) -> Result<HintBenchReport, BenchError> {
    let report = measure(options)?;
    if options.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        let rules = (ToolsGameFns::of(report.game).rules_shown)(&report);
        println!(
            "hint bench: {} positions x {} rolls, {rules}, evaluator {} ({:.0} ns/eval), filter {}, 1 thread",
            report.positions,
            report
                .timings
                .first()
                .map_or(21, |t| t.hints / report.positions.max(1)),
            report.evaluator,
            report.evaluator_ns,
            report.filter
        );
        for t in &report.timings {
            println!(
                "  {}-ply: median {:.3} ms  p90 {:.3} ms  mean {:.3} ms  max {:.1} ms  ({} hints, {:.0} evaluations and {:.0} chance nodes a hint)",
                t.plies,
                t.median_ms,
                t.p90_ms,
                t.mean_ms,
                t.max_ms,
                t.hints,
                t.mean_evaluations,
                t.mean_chance_nodes
            );
        }
        if let Some(g) = report.rollout_games_per_second {
            println!("  rollout (0-ply player): {g:.0} games/s");
        }
    }
    Ok(report)
}

/// Measures without printing.
pub fn measure(options: &HintBenchOptions) -> Result<HintBenchReport, BenchError> {
    if options.positions == 0 {
        return Err(BenchError::EmptySuite(
            "the suite needs at least one position",
        ));
    }
    (ToolsGameFns::of(options.game).hint_report)(options)
}

/// The timings of one depth from its hints' milliseconds (any order) and
/// the counters summed over them.
fn timing(plies: u8, mut ms: Vec<f64>, evaluations: u64, chance_nodes: u64) -> PlyTiming {
    ms.sort_by(f64::total_cmp);
    let hints = ms.len().max(1) as f64;
    PlyTiming {
        plies,
        hints: ms.len(),
        median_ms: percentile(&ms, 0.5),
        p90_ms: percentile(&ms, 0.9),
        mean_ms: ms.iter().sum::<f64>() / hints,
        max_ms: ms.last().copied().unwrap_or(0.0),
        mean_evaluations: evaluations as f64 / hints,
        mean_chance_nodes: chance_nodes as f64 / hints,
    }
}

/// The bench of game `G`: every position of the game's seeded suite
/// with every roll ranked by the generic search at each depth,
/// default move filters, one thread, with the game's evaluator of that
/// name ([`bench_evaluator`]).
pub fn measure_game<G: ToolsGame>(
    options: &HintBenchOptions,
) -> Result<HintBenchReport, BenchError> {
    let evaluator = bench_evaluator::<G>(options.evaluator.as_deref())?;
    let evaluator = evaluator.as_ref();
    let game = options.games().get::<G>();
    let suite = match &options.positions_file {
        Some(path) => read_positions(&game, path, options.positions)?,
        None => G::suite_from(options.seed, options.positions, options.skip),
    };
    let rolls: Vec<Dice> = match &options.rolls {
        Some(rolls) => rolls.clone(),
        None => Dice::all_rolls().map(|(dice, _)| dice).collect(),
    };
    let hints = (options.plies.len() * suite.len() * rolls.len()) as u64;
    let bar = crate::progress_bar::bar(hints, "hints", true);
    let mut search = GameSearch::<G>::new();
    let mut timings = Vec::new();
    for &plies in &options.plies {
        let settings = SearchSettings::with_plies(plies);
        settings.validate()?;
        let limits = SearchLimits::plies(plies);
        let mut ms = Vec::with_capacity(suite.len() * rolls.len());
        let (mut evaluations, mut chance_nodes) = (0u64, 0u64);
        bar.set_message(format!("at {plies} plies"));
        for position in &suite {
            for &dice in &rolls {
                let start = Instant::now();
                let ranking = search.rank(&game, evaluator, position, dice, &settings, limits);
                ms.push(start.elapsed().as_secs_f64() * 1e3);
                evaluations += ranking.stats.evaluations;
                chance_nodes += ranking.stats.chance_nodes;
                std::hint::black_box(ranking);
                bar.inc(1);
            }
        }
        timings.push(timing(plies, ms, evaluations, chance_nodes));
    }
    // Nanoseconds an evaluation: the median of rounds of about 20,000
    // evaluations each (some milliseconds), so that an interruption of
    // the shared machine cannot decide the figure, as it did when one
    // round of 1,600 (under a millisecond) was all.
    let passes = (EVALUATIONS_A_ROUND / suite.len()).max(1);
    let rounds: Vec<f64> = (0..EVALUATOR_ROUNDS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..passes {
                for p in &suite {
                    std::hint::black_box(evaluator.evaluate(&game, std::hint::black_box(p)));
                }
            }
            start.elapsed().as_secs_f64() * 1e9 / (passes * suite.len()) as f64
        })
        .collect();
    let evaluator_ns = median(&rounds);
    bar.set_message("rollouts");
    let rollout_games_per_second = if options.rollout_trials > 0 {
        Some(rollout_speed(
            &game,
            evaluator,
            &suite,
            options.rollout_trials,
        )?)
    } else {
        None
    };
    bar.finish_and_clear();
    Ok(HintBenchReport {
        game: options.game,
        evaluator: evaluator.name().to_string(),
        positions: suite.len(),
        seed: options.seed,
        threads: 1,
        filter: SearchSettings::default().filter.preset.to_string(),
        variant: options.variant,
        evaluator_ns,
        timings,
        rollout_games_per_second,
    })
}

/// Games per second of a 0-ply rollout, one thread: the best three plays
/// of 5-2 in the first four suite positions, `trials` games each.
fn rollout_speed<G: ToolsGame>(
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    suite: &[G::Position],
    trials: u32,
) -> Result<f64, BenchError> {
    let mut settings = SearchSettings::with_plies(0);
    settings.threads = 1;
    settings.rollout.trials = trials;
    settings.validate()?;
    let mut search = GameSearch::<G>::new();
    let dice = Dice::new(5, 2).expect("dice");
    let mut games = 0u64;
    let start = Instant::now();
    for position in suite.iter().take(4) {
        let ranking = search.rank(
            game,
            evaluator,
            position,
            dice,
            &settings,
            SearchLimits::plies(0),
        );
        let top = &ranking.plays[..ranking.plays.len().min(3)];
        search.rollout_plays(game, evaluator, top, &settings, &|_| {})?;
        games += u64::from(trials) * top.len() as u64;
    }
    Ok(games as f64 / start.elapsed().as_secs_f64())
}
