//! `plakoto bench strength`: a player's choices on every benchmark
//! decision, judged by the rolled-out candidates: the mean equity lost per
//! decision, the share of blunders, both by phase, and how precisely the
//! benchmark knows them.

use std::fmt;
use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use super::build::decision_game;
use super::choices::{Agreement, Choice};
use super::data::{Benchmark, Decision};
use super::phase::GamePhase;
use super::unlisted::UnlistedRollouts;
use super::{BLUNDER, BenchmarkError};
use crate::movement_rules;
use plakoto_engine::eval::Evaluator;
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_engine::search::{PlayLists, SearchHandle};
use plakoto_rules::{Play, Rules};

/// Who chooses the plays being judged.
pub enum Chooser<'a> {
    /// The best play of a search with `evaluator` to `plies`.
    Search {
        /// The evaluator at the leaves.
        evaluator: &'a dyn Evaluator,
        /// Search depth.
        plies: u8,
        /// Search settings (filters).
        settings: &'a SearchSettings,
    },
    /// A uniformly random legal play (seeded by the decision id): the
    /// known-bad player.
    Random,
}

/// Figures for a set of decisions.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LossFigures {
    /// Decisions judged.
    pub decisions: usize,
    /// Mean equity lost per decision, in thousandths of a point.
    pub mean_loss_milli: f64,
    /// Share of decisions losing more than [`BLUNDER`].
    pub blunder_rate: f64,
    /// Standard error of `mean_loss_milli` from the rollouts' noise (the
    /// paired errors of the losses): how precisely the benchmark knows it.
    pub standard_error_milli: f64,
    /// Standard error of `mean_loss_milli` as a sample of decisions (the
    /// spread of the losses over the decisions).
    pub sampling_error_milli: f64,
    /// Share of decisions whose chosen play is not a rolled-out candidate
    /// (charged the worst candidate's loss, or rolled out on demand).
    pub unlisted_rate: f64,
}

impl LossFigures {
    fn of(losses: &[Loss]) -> LossFigures {
        let n = losses.len();
        if n == 0 {
            return LossFigures::default();
        }
        let nf = n as f64;
        let mean = losses.iter().map(|l| f64::from(l.loss)).sum::<f64>() / nf;
        let variance = if n > 1 {
            losses
                .iter()
                .map(|l| (f64::from(l.loss) - mean).powi(2))
                .sum::<f64>()
                / (nf - 1.0)
        } else {
            0.0
        };
        let noise = losses
            .iter()
            .map(|l| f64::from(l.std_error).powi(2))
            .sum::<f64>()
            .sqrt()
            / nf;
        LossFigures {
            decisions: n,
            mean_loss_milli: mean * 1000.0,
            blunder_rate: losses.iter().filter(|l| l.loss > BLUNDER).count() as f64 / nf,
            standard_error_milli: noise * 1000.0,
            sampling_error_milli: (variance / nf).sqrt() * 1000.0,
            unlisted_rate: losses.iter().filter(|l| !l.listed).count() as f64 / nf,
        }
    }
}

/// A strength report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrengthReport {
    /// The player judged (`net 82fe2015 2-ply`, `random`).
    pub player: String,
    /// Rules of the benchmark.
    pub rules: String,
    /// What the benchmark's rollouts were (player, trials).
    pub benchmark: String,
    /// Decisions judged.
    pub decisions: usize,
    /// Mean equity lost per decision, ×1000.
    pub mean_loss_milli: f64,
    /// Share of decisions losing more than 0.08.
    pub blunder_rate: f64,
    /// Standard error of the mean loss from the rollouts' noise, ×1000.
    pub standard_error_milli: f64,
    /// Standard error of the mean loss over decisions, ×1000.
    pub sampling_error_milli: f64,
    /// Share of choices outside the rolled-out candidates.
    pub unlisted_rate: f64,
    /// Whether those choices were rolled out beside the best candidate
    /// (`--roll-unlisted`) rather than charged the worst candidate's loss.
    pub unlisted_rolled_out: bool,
    /// The same figures for each phase, in [`GamePhase::ALL`]'s order.
    pub by_phase: std::collections::BTreeMap<String, LossFigures>,
    /// Seconds taken.
    pub seconds: f64,
    /// The chosen play at each decision, in the benchmark's order (for
    /// `--choices`).
    #[serde(skip)]
    pub choices: Vec<Choice>,
    /// How the choices compare with another file's (`--compare-choices`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agreement: Option<Agreement>,
}

impl fmt::Display for StrengthReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "strength of {} on {} {} decisions ({}):",
            self.player, self.decisions, self.rules, self.benchmark
        )?;
        writeln!(
            f,
            "  mean loss {:.1} milli-points a decision (± {:.1} benchmark noise, ± {:.1} over decisions), blunders (> {BLUNDER}) {:.1}%, unlisted choices {:.1}% ({})",
            self.mean_loss_milli,
            self.standard_error_milli,
            self.sampling_error_milli,
            self.blunder_rate * 100.0,
            self.unlisted_rate * 100.0,
            if self.unlisted_rolled_out {
                "rolled out beside the best"
            } else {
                "charged the worst candidate's loss"
            }
        )?;
        writeln!(
            f,
            "  {:<12} {:>9} {:>10} {:>8} {:>9}",
            "phase", "decisions", "mean loss", "± noise", "blunders"
        )?;
        for phase in GamePhase::ALL {
            if let Some(p) = self.by_phase.get(phase.name()) {
                writeln!(
                    f,
                    "  {:<12} {:>9} {:>10.1} {:>8.1} {:>8.1}%",
                    phase.name(),
                    p.decisions,
                    p.mean_loss_milli,
                    p.standard_error_milli,
                    p.blunder_rate * 100.0
                )?;
            }
        }
        if let Some(a) = &self.agreement {
            writeln!(f, "{a}")?;
        }
        write!(f, "  ({:.1} s)", self.seconds)
    }
}

/// One decision's judged choice.
#[derive(Clone, Debug)]
pub(crate) struct Loss {
    /// The decision.
    pub id: usize,
    /// Position ID after the chosen play.
    pub after: String,
    /// The decision's phase.
    pub phase: GamePhase,
    /// Equity lost against the best candidate.
    pub loss: f32,
    /// Standard error of `loss`.
    pub std_error: f32,
    /// Whether the play was a rolled-out candidate.
    pub listed: bool,
}

/// Judges `chooser` (named `player` in the report) on every decision of
/// `benchmark`, on `threads` threads; a choice that is no candidate is
/// charged the worst candidate's loss.
pub fn score(
    benchmark: &Benchmark,
    chooser: &Chooser<'_>,
    player: &str,
    threads: usize,
) -> Result<StrengthReport, BenchmarkError> {
    score_with(benchmark, chooser, player, threads, None)
}

/// [`score`], with the choices that are no candidate rolled out beside
/// the best candidate by `unlisted` when given.
pub fn score_with(
    benchmark: &Benchmark,
    chooser: &Chooser<'_>,
    player: &str,
    threads: usize,
    unlisted: Option<&UnlistedRollouts<'_>>,
) -> Result<StrengthReport, BenchmarkError> {
    let started = Instant::now();
    let rules = Rules {
        variant: benchmark.header.variant()?,
        ..Rules::default()
    };
    // The chooser's search, its settings checked once; each worker forks
    // it. None: the random chooser.
    let chooser_search = match chooser {
        Chooser::Search {
            evaluator,
            plies,
            settings,
        } => Some((
            SearchHandle::borrowing(*evaluator)
                .with_settings(**settings)
                .map_err(|e| BenchmarkError::Options(e.to_string()))?,
            *plies,
        )),
        Chooser::Random => None,
    };
    let worker = || Worker {
        chooser: chooser_search.as_ref().map(|(s, plies)| (s.fork(), *plies)),
        lists: PlayLists::bounded(),
        unlisted: unlisted.map(|u| (u, u.searcher())),
    };
    let losses = judge_all(benchmark, threads, worker, |worker, d| {
        judge(d, rules, worker)
    })?;
    Ok(report(
        benchmark,
        player,
        &losses,
        started,
        unlisted.is_some(),
    ))
}

/// Judges every decision of `benchmark` on `threads` threads (at least
/// one), each thread with its own worker made by `worker`: the losses, in
/// the benchmark's order. Any game's.
pub(crate) fn judge_all<W>(
    benchmark: &Benchmark,
    threads: usize,
    worker: impl Fn() -> W + Send + Sync,
    judge: impl Fn(&mut W, &Decision) -> Result<Loss, BenchmarkError> + Send + Sync,
) -> Result<Vec<Loss>, BenchmarkError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| BenchmarkError::Engine(format!("cannot start {threads} threads: {e}")))?;
    pool.install(|| {
        benchmark
            .decisions
            .par_iter()
            .map_init(worker, judge)
            .collect()
    })
}

/// The report of `player`'s `losses` on `benchmark` (judged since
/// `started`), by phase; `unlisted_rolled_out` says whether choices that
/// are no candidate were rolled out. Any game's.
pub(crate) fn report(
    benchmark: &Benchmark,
    player: &str,
    losses: &[Loss],
    started: Instant,
    unlisted_rolled_out: bool,
) -> StrengthReport {
    let all = LossFigures::of(losses);
    let by_phase = GamePhase::ALL
        .iter()
        .filter_map(|&phase| {
            let of_phase: Vec<Loss> = losses
                .iter()
                .filter(|l| l.phase == phase)
                .cloned()
                .collect();
            (!of_phase.is_empty()).then(|| (phase.name().to_string(), LossFigures::of(&of_phase)))
        })
        .collect();
    let h = &benchmark.header;
    StrengthReport {
        player: player.to_string(),
        rules: if movement_rules(h.game) {
            h.rules.clone()
        } else {
            h.game.to_string()
        },
        benchmark: format!(
            "rolled out {}-{} games a candidate by {} at {} ply",
            h.trials, h.max_trials, h.evaluator, h.player_plies
        ),
        decisions: all.decisions,
        mean_loss_milli: all.mean_loss_milli,
        blunder_rate: all.blunder_rate,
        standard_error_milli: all.standard_error_milli,
        sampling_error_milli: all.sampling_error_milli,
        unlisted_rate: all.unlisted_rate,
        unlisted_rolled_out,
        by_phase,
        seconds: started.elapsed().as_secs_f64(),
        choices: losses
            .iter()
            .map(|l| Choice {
                id: l.id,
                after: l.after.clone(),
                loss: l.loss,
            })
            .collect(),
        agreement: None,
    }
}

/// One worker's searches, each its own: the chooser's (none for the random
/// chooser, which picks from `lists`) with its depth, and the rollouts of
/// plays that are no candidate, when asked for.
struct Worker<'a> {
    chooser: Option<(SearchHandle<'a>, u8)>,
    lists: PlayLists,
    unlisted: Option<(&'a UnlistedRollouts<'a>, SearchHandle<'a>)>,
}

/// The chooser's play at `decision` and what it loses.
fn judge(decision: &Decision, rules: Rules, worker: &mut Worker) -> Result<Loss, BenchmarkError> {
    let position = decision.position()?;
    let game = decision_game(rules, &position, decision.turn.turn(rules.variant)?)?;
    let engine = |e: plakoto_engine::search::TurnError| BenchmarkError::Engine(e.to_string());
    let play: Play = match &mut worker.chooser {
        Some((search, plies)) => search
            .choose(&game, None, SearchLimits::plies(*plies))
            .map_err(engine)?
            .play(),
        None => {
            let list = worker.lists.choice.legal(&game).map_err(engine)?;
            let mut rng = ChaCha8Rng::seed_from_u64(decision.id as u64);
            *list
                .plays
                .choose(&mut rng)
                .ok_or_else(|| BenchmarkError::Engine("no legal play".to_string()))?
        }
    };
    let (mut loss, mut std_error, listed) = decision.loss_of(&play.position);
    if !listed
        && let Some((rollouts, search)) = &mut worker.unlisted
        && let Some(rolled) = rollouts.loss(decision, &game, &play, search)?
    {
        (loss, std_error) = (rolled.loss, rolled.std_error);
    }
    worker.lists.trim();
    if let Some((search, _)) = &mut worker.chooser {
        search.trim();
    }
    if let Some((_, search)) = &mut worker.unlisted {
        search.trim();
    }
    Ok(Loss {
        id: decision.id,
        after: plakoto_rules::position_id(&play.position),
        phase: decision.phase,
        loss,
        std_error,
        listed,
    })
}
