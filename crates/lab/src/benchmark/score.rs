//! `plakoto bench strength`: a player's choices on every decision of a
//! benchmark of any game, judged by the rolled-out candidates: the mean
//! equity lost per decision, the share of blunders, both by phase, and how
//! precisely the benchmark knows them. The player is an evaluator at 0 ply
//! or a [`GameSearch`] of some plies, or a random legal play. A turn is
//! listed at most [`CHOICE_LIMIT`] plays long (Plakoto Express's low
//! doubles, R20), as the engine lists it for its own choice, and a
//! search's play is one the game surely accepts (R10).

use std::fmt;
use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use super::choices::{Agreement, Choice};
use super::data::{Benchmark, Decision};
use super::phase::GamePhase;
use super::unlisted::UnlistedRollouts;
use super::{BLUNDER, BenchmarkError};
use crate::{LabGame, movement_rules};
use plakoto_engine::game::EngineGame;
use plakoto_engine::game::express::CHOICE_LIMIT;
use plakoto_engine::game::{GameEvaluator, GameSearch, Root};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_rules::tavli::ToPlay;

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

/// Who chooses the plays being judged.
pub enum Chooser<'a, G: EngineGame> {
    /// The best play of a search with `evaluator` to `plies` (0: the
    /// evaluator's own choice) under `settings`' filters.
    Search {
        /// The evaluator at the leaves.
        evaluator: &'a dyn GameEvaluator<G>,
        /// Search depth.
        plies: u8,
        /// Search settings (filters); searched on one thread, the
        /// decisions being judged in parallel.
        settings: &'a SearchSettings,
    },
    /// A uniformly random legal play (seeded by the decision id).
    Random,
}

/// Judges `chooser` (named `player` in the report) on every decision of
/// `benchmark`, a benchmark of `game`, on `threads` threads; a choice that
/// is no candidate is rolled out by `unlisted` when given, else charged
/// the worst candidate's loss.
pub fn score<G: LabGame>(
    benchmark: &Benchmark,
    game: &G,
    chooser: &Chooser<'_, G>,
    player: &str,
    threads: usize,
    unlisted: Option<&UnlistedRollouts<'_, G>>,
) -> Result<StrengthReport, BenchmarkError> {
    let started = Instant::now();
    if benchmark.header.game != G::KIND {
        return Err(BenchmarkError::Options(format!(
            "a {} benchmark, not a {} one",
            benchmark.header.game,
            G::KIND
        )));
    }
    if let Chooser::Search { settings, .. } = chooser {
        settings
            .validate()
            .map_err(|e| BenchmarkError::Options(e.to_string()))?;
    }
    let judge = || Judge {
        game,
        search: GameSearch::new(),
        generator: game.generator_listing_at_most(CHOICE_LIMIT),
        list: G::PlayList::default(),
    };
    let losses = judge_all(benchmark, threads, judge, |judge, d| {
        judge.loss(d, chooser, unlisted)
    })?;
    Ok(report(
        benchmark,
        player,
        &losses,
        started,
        unlisted.is_some(),
    ))
}

/// One thread's searcher and buffers (its generator lists at most
/// [`CHOICE_LIMIT`] plays a turn).
struct Judge<'a, G: EngineGame> {
    game: &'a G,
    search: GameSearch<G>,
    generator: G::Generator,
    list: G::PlayList,
}

impl<G: LabGame> Judge<'_, G> {
    /// The chooser's play at `decision` and what it loses.
    fn loss(
        &mut self,
        decision: &Decision,
        chooser: &Chooser<'_, G>,
        unlisted: Option<&UnlistedRollouts<'_, G>>,
    ) -> Result<Loss, BenchmarkError> {
        let game = self.game;
        let bad =
            |what: String| BenchmarkError::Format(format!("decision {}: {what}", decision.id));
        let position = game
            .parse_position_id(&decision.position)
            .map_err(|e| bad(e.to_string()))?;
        let to_play = game.to_play(&decision.turn)?;
        let play = match chooser {
            Chooser::Search {
                evaluator,
                plies,
                settings,
            } => {
                let settings = SearchSettings {
                    threads: 1,
                    ..**settings
                };
                let limits = SearchLimits::plies(*plies);
                let root = Root::new(game, *evaluator, &position, &to_play);
                self.search
                    .choose_legal(root, &mut self.generator, &settings, limits, None)
            }
            Chooser::Random => {
                match &to_play {
                    ToPlay::Dice(dice) => {
                        game.generate(&mut self.generator, &position, *dice, &mut self.list)
                    }
                    ToPlay::Carried(carried) => game.generate_carried(
                        &mut self.generator,
                        &position,
                        carried,
                        &mut self.list,
                    ),
                }
                let mut rng = ChaCha8Rng::seed_from_u64(decision.id as u64);
                game.plays(&self.list).choose(&mut rng).copied()
            }
        }
        .ok_or_else(|| bad("no legal play".to_string()))?;
        let after = game.after(&play);
        let after_id = game.position_id(&after);
        let (mut loss, mut std_error, listed) = decision.loss_of_id(&after_id);
        if !listed
            && let Some(rollouts) = unlisted
            && let Some(rolled) = rollouts.loss(
                decision,
                &position,
                &to_play,
                &play,
                &mut self.search,
                &mut self.generator,
            )?
        {
            (loss, std_error) = (rolled.loss, rolled.std_error);
        }
        // What an Express low double grew is not kept for the next one.
        self.search.trim();
        Ok(Loss {
            id: decision.id,
            after: after_id,
            phase: decision.phase,
            loss,
            std_error,
            listed,
        })
    }
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
