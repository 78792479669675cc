//! `plakoto bench movegen`: move-generation speed over a fixed, seeded suite
//! of mid-game positions × all 21 rolls, one thread, for any game of the
//! game layer (`--game portes`: the Portes suite of `portes_movegen`).
//!
//! The suite is regenerated from its seed (`plakoto_rules::sampling`), so any
//! machine measures the same work. Each round expands every position with
//! every roll; the figures reported are the median over the rounds. On a
//! shared, noisy machine wall time also counts the time other processes
//! held the core, so the thread's own CPU time is measured beside it and is
//! the figure to compare (`ns_per_play`).

use std::time::Instant;

use serde::Serialize;

use plakoto_rules::Plakoto;
use plakoto_rules::{Dice, GameKind, Position, TavliGame};

use super::median;
use crate::{ToolsGame, ToolsGameFns};

/// What to measure.
#[derive(Clone, Copy, Debug)]
pub struct MovegenBenchOptions {
    /// The game whose generator is measured.
    pub game: GameKind,
    /// Positions in the suite (each expanded with all 21 rolls).
    pub positions: usize,
    /// Timed rounds over the whole suite; the median is reported.
    pub rounds: usize,
}

impl Default for MovegenBenchOptions {
    fn default() -> Self {
        MovegenBenchOptions {
            game: GameKind::default(),
            positions: 10_000,
            rounds: 7,
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug, Serialize)]
pub struct MovegenBenchReport {
    /// The game measured.
    pub game: GameKind,
    /// Positions in the suite.
    pub positions: usize,
    /// Position × roll expansions a round.
    pub expansions: usize,
    /// Distinct legal plays generated a round.
    pub plays: usize,
    /// Median expansions per second of thread CPU time.
    pub expansions_per_second: f64,
    /// Median nanoseconds of thread CPU time per generated play.
    pub ns_per_play: f64,
    /// Median nanoseconds of wall time per generated play (inflated when
    /// other processes compete for the core).
    pub wall_ns_per_play: f64,
    /// CPU nanoseconds per generated play of every round, in order.
    pub ns_per_play_rounds: Vec<f64>,
}

/// CPU time consumed by the calling thread so far, in seconds.
pub fn thread_cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant
    // every Linux kernel supports.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// The fixed Plakoto suite: mid-game positions (from turn 6 on) of seeded
/// games.
pub fn suite(positions: usize) -> Vec<Position> {
    Plakoto::fixed_suite(positions)
}

/// Runs the benchmark on the game `options` names.
pub fn run(options: MovegenBenchOptions) -> MovegenBenchReport {
    (ToolsGameFns::of(options.game).movegen)(options)
}

/// Every roll's plays for every position once, through the game layer;
/// returns (expansions, plays).
pub fn expand_suite<G: TavliGame>(
    game: G,
    suite: &[G::Position],
    generator: &mut G::Generator,
    out: &mut G::PlayList,
) -> (usize, usize) {
    let rolls: Vec<Dice> = Dice::all_rolls().map(|(dice, _)| dice).collect();
    let mut plays = 0;
    for position in suite {
        for &dice in &rolls {
            game.generate(generator, position, dice, out);
            plays += game.plays(out).len();
        }
    }
    (suite.len() * rolls.len(), plays)
}

/// Times rounds of [`expand_suite`] over `suite`.
pub(crate) fn measure<G: TavliGame>(
    game: G,
    suite: &[G::Position],
    options: MovegenBenchOptions,
) -> MovegenBenchReport {
    let mut generator = game.generator();
    let mut out = G::PlayList::default();
    // One untimed round warms caches and sizes the buffers.
    let (expansions, plays) = expand_suite(game, suite, &mut generator, &mut out);
    let (mut cpu, mut wall) = (Vec::new(), Vec::new());
    for _ in 0..options.rounds.max(1) {
        let (start, start_cpu) = (Instant::now(), thread_cpu_seconds());
        std::hint::black_box(expand_suite(game, suite, &mut generator, &mut out));
        cpu.push(thread_cpu_seconds() - start_cpu);
        wall.push(start.elapsed().as_secs_f64());
    }
    let per_play = |s: f64| s * 1e9 / plays as f64;
    MovegenBenchReport {
        game: G::KIND,
        positions: suite.len(),
        expansions,
        plays,
        expansions_per_second: expansions as f64 / median(&cpu),
        ns_per_play: per_play(median(&cpu)),
        wall_ns_per_play: per_play(median(&wall)),
        ns_per_play_rounds: cpu.iter().map(|&s| per_play(s)).collect(),
    }
}

impl std::fmt::Display for MovegenBenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "movegen ({}): {} positions x 21 rolls = {} expansions, {} plays a round (one thread)",
            self.game, self.positions, self.expansions, self.plays
        )?;
        writeln!(
            f,
            "  expansions per second (median, CPU time): {:.0}",
            self.expansions_per_second
        )?;
        writeln!(
            f,
            "  ns per generated play (median, CPU time): {:.1}",
            self.ns_per_play
        )?;
        writeln!(
            f,
            "  ns per generated play (median, wall time): {:.1}",
            self.wall_ns_per_play
        )?;
        let rounds: Vec<String> = self
            .ns_per_play_rounds
            .iter()
            .map(|r| format!("{r:.1}"))
            .collect();
        write!(f, "  CPU ns per play by round: {}", rounds.join(" "))
    }
}
