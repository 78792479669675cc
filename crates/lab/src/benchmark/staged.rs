//! Rolling candidates out in stages with the same dice for every
//! candidate of a stage, and the sums that give each candidate's loss
//! against the best over the games both played. Used by the builder for a
//! decision's candidates, and by `bench strength --roll-unlisted` for a
//! judged play that is no candidate (rolled out beside the best on the
//! very dice the builder gave it).

use super::data::{Candidate, Header};
use super::starts::Start;
use super::{BLUNDER, BenchmarkError};
use plakoto_engine::game::EngineGame;
use plakoto_engine::game::{GameEvaluator, PairedRollout, RolloutSettings, SearchSettings};
use plakoto_engine::game::{Stop, rollout_after_plays};

/// The search settings of the rollouts of `header`'s benchmark, on
/// `threads` threads (the stage seeds are set per stage).
pub(crate) fn rollout_settings(header: &Header, threads: usize) -> SearchSettings {
    SearchSettings {
        threads: threads.max(1),
        rollout: RolloutSettings {
            trials: header.trials,
            seed: header.rollout_seed,
            plies: header.player_plies,
            max_turns: header.max_turns,
            luck_adjust: header.luck_adjust,
            race_exact: header.race_exact,
            ..RolloutSettings::default()
        },
        ..SearchSettings::default()
    }
}

/// [`rollout_settings`], checked: a benchmark's rollouts cannot start
/// under settings out of range (a header's trials, turns or plies).
pub(crate) fn checked_rollout_settings(
    header: &Header,
    threads: usize,
) -> Result<SearchSettings, BenchmarkError> {
    let settings = rollout_settings(header, threads);
    settings
        .validate()
        .map_err(|e| BenchmarkError::Options(e.to_string()))?;
    Ok(settings)
}

/// When the stages of a decision stop (the header's `rollout_seed`,
/// `max_trials`, `target_error`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StagePlan {
    /// Seed of the rollout dice; stage `s` of decision `id` has a seed of
    /// its own derived from it ([`stage_seed`]).
    pub rollout_seed: u64,
    /// Most games per candidate.
    pub max_trials: u32,
    /// Standard error of a loss at which a candidate needs no more stages.
    pub target_error: f32,
}

impl StagePlan {
    /// The stages of `header`'s benchmark on the dice of `rollout_seed`.
    pub(crate) fn for_seed(header: &Header, rollout_seed: u64) -> StagePlan {
        StagePlan {
            rollout_seed,
            max_trials: header.max_trials,
            target_error: header.target_error,
        }
    }
}

/// The dice seed of stage `stage` of decision `id`: every candidate rolled
/// out in that stage, whenever, plays on the same dice.
pub(crate) fn stage_seed(rollout_seed: u64, id: usize, stage: u64) -> u64 {
    rollout_seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((id as u64) << 16 | stage)
}

/// Rolls the candidates of decision `id` of `game`, each from its
/// `starts`, out in stages ([`in_stages`]) by the game layer's rollout
/// with `evaluator`.
pub(crate) fn roll_out_in_stages<G: EngineGame>(
    id: usize,
    starts: &[Start<G>],
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    settings: &SearchSettings,
    plan: &StagePlan,
) -> Result<StagedRollout, BenchmarkError> {
    in_stages(id, starts.len(), settings, plan, |live, settings| {
        let rolled: Vec<Start<G>> = live.iter().map(|&i| starts[i]).collect();
        rollout_after_plays(game, evaluator, &rolled, settings, &|_| {}, &Stop::never())
            .map_err(|e| BenchmarkError::Engine(e.to_string()))
    })
}

/// Rolls `count` candidates out in stages of `settings.rollout.trials`
/// games (each stage on dice of its own, the same for every candidate of
/// the stage) until every candidate still rolled knows its loss to
/// `target_error`, or `max_trials` are played. A candidate that is a clear
/// blunder (its loss above twice the blunder line by three standard
/// errors) is rolled no further: more games would not change what it is.
/// `roll(live, settings)` rolls out the candidates numbered `live` (in
/// that order) with the stage's settings (its dice seed set), whatever the
/// game.
pub(crate) fn in_stages(
    id: usize,
    count: usize,
    settings: &SearchSettings,
    plan: &StagePlan,
    mut roll: impl FnMut(&[usize], &SearchSettings) -> Result<PairedRollout, BenchmarkError>,
) -> Result<StagedRollout, BenchmarkError> {
    let mut staged = StagedRollout::new(count);
    let mut live: Vec<usize> = (0..count).collect();
    let mut stage = 0u64;
    let max_trials = f64::from(plan.max_trials);
    while !live.is_empty() {
        let mut settings = *settings;
        settings.rollout.seed = stage_seed(plan.rollout_seed, id, stage);
        let result = roll(&live, &settings)?;
        staged.add(&live, &result);
        stage += 1;
        if count < 2 {
            break;
        }
        let best = staged.best();
        live.retain(|&i| {
            let (loss, error) = staged.loss(best, i);
            let settled = i != best && error <= f64::from(plan.target_error);
            let clear_blunder = loss - 3.0 * error > 2.0 * f64::from(BLUNDER);
            staged.trials[i] < max_trials && !settled && !clear_blunder
        });
        // The best goes on only while another candidate does.
        if live.len() == 1 && live[0] == best {
            break;
        }
        if !live.is_empty() && !live.contains(&best) {
            live.push(best);
        }
        // A candidate left behind that beat the new best in the games
        // both played goes on, so that every loss is measured against
        // the best on equal terms.
        for i in 0..count {
            let behind = staged.trials[i] < max_trials;
            if !live.is_empty() && !live.contains(&i) && behind && staged.loss(best, i).0 < 0.0 {
                live.push(i);
            }
        }
        live.sort_unstable();
    }
    Ok(staged)
}

/// Sums of a rollout in stages: per candidate, and per pair of candidates
/// over the stages both were rolled in (their paired differences).
pub(crate) struct StagedRollout {
    /// Games each candidate was played out in.
    pub trials: Vec<f64>,
    sum: Vec<f64>,
    squares: Vec<f64>,
    pair_trials: Vec<Vec<f64>>,
    pair_sum: Vec<Vec<f64>>,
    pair_squares: Vec<Vec<f64>>,
}

impl StagedRollout {
    fn new(count: usize) -> StagedRollout {
        let square = vec![vec![0.0; count]; count];
        StagedRollout {
            trials: vec![0.0; count],
            sum: vec![0.0; count],
            squares: vec![0.0; count],
            pair_trials: square.clone(),
            pair_sum: square.clone(),
            pair_squares: square,
        }
    }

    /// Adds a stage that rolled out the candidates `live` (in that order).
    fn add(&mut self, live: &[usize], stage: &PairedRollout) {
        // Sums back from a mean and its standard error over n games.
        let sums = |mean: f64, error: f64, n: f64| {
            let variance = error * error * n;
            (mean * n, variance * (n - 1.0) + mean * mean * n)
        };
        for (a, &i) in live.iter().enumerate() {
            let r = &stage.results[a];
            let n = f64::from(r.trials);
            let (s, q) = sums(f64::from(r.mean), f64::from(r.std_error), n);
            self.trials[i] += n;
            self.sum[i] += s;
            self.squares[i] += q;
            for (b, &j) in live.iter().enumerate() {
                let difference = f64::from(r.mean) - f64::from(stage.results[b].mean);
                let (s, q) = sums(difference, f64::from(stage.difference_se[a][b]), n);
                self.pair_trials[i][j] += n;
                self.pair_sum[i][j] += s;
                self.pair_squares[i][j] += q;
            }
        }
    }

    /// Candidate `i`'s mean equity over all its games.
    pub fn mean(&self, i: usize) -> f64 {
        self.sum[i] / self.trials[i].max(1.0)
    }

    /// Standard error of [`Self::mean`].
    pub fn std_error(&self, i: usize) -> f64 {
        mean_error(self.trials[i], self.sum[i], self.squares[i])
    }

    /// The candidate with the highest mean.
    pub fn best(&self) -> usize {
        (0..self.trials.len())
            .max_by(|&a, &b| self.mean(a).total_cmp(&self.mean(b)))
            .unwrap_or(0)
    }

    /// The rolled-out candidates, best first: `named[i]` (its play, the
    /// position after it and its 2-ply equity) is the candidate rolled out
    /// as number `i`; its rolled-out figures are filled in, its equity
    /// being the best's mean less its loss over the games both played.
    pub fn ordered_candidates(&self, named: &[Candidate]) -> Vec<Candidate> {
        let best = self.best();
        let losses: Vec<(f64, f64)> = (0..named.len()).map(|i| self.loss(best, i)).collect();
        let mut order: Vec<usize> = (0..named.len()).collect();
        order.sort_by(|&a, &b| losses[a].0.total_cmp(&losses[b].0));
        let best_equity = self.mean(best);
        order
            .into_iter()
            .map(|i| Candidate {
                equity: (best_equity - losses[i].0) as f32,
                std_error: self.std_error(i) as f32,
                loss_std_error: losses[i].1 as f32,
                trials: self.trials[i] as u32,
                ..named[i].clone()
            })
            .collect()
    }

    /// Candidate `i`'s loss against `best` over the games both played, and
    /// its standard error.
    pub fn loss(&self, best: usize, i: usize) -> (f64, f64) {
        let n = self.pair_trials[best][i];
        if i == best || n == 0.0 {
            return (0.0, 0.0);
        }
        let s = self.pair_sum[best][i];
        (s / n, mean_error(n, s, self.pair_squares[best][i]))
    }
}

/// Standard error of a mean from its count, sum and sum of squares.
fn mean_error(n: f64, sum: f64, squares: f64) -> f64 {
    if n < 2.0 {
        return 0.0;
    }
    (((squares - sum * sum / n) / (n - 1.0)).max(0.0) / n).sqrt()
}
