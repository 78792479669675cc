//! The machinery every rollout shares, whatever the game: the dice of
//! trial `t`, the trials run in parallel in chunks, the running leader a
//! progress report names, and the figures summed in trial order (means,
//! standard errors, and the paired errors of the differences that the
//! duplicate dice buy). The rollout ([`super::rollout()`]) hands how one
//! game is played out to [`run_trials`] as a closure.
//!
//! Reproducible: trial `t` draws its dice from a ChaCha8 stream seeded by
//! `(seed, t)` alone ([`trial_rng`]), whichever thread runs it, and the
//! results are summed in trial order, so the same seed gives the same
//! figures on any number of threads.

use std::sync::atomic::{AtomicU32, Ordering};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::{PairedRollout, RolloutError, RolloutProgress, RolloutResult, Stop};
use crate::eval::Probabilities;
use plakoto_rules::Dice;

/// Trials run together by one task: a whole stratum of first rolls.
pub(crate) const CHUNK: u32 = 36;

/// One played-out game of one candidate: its outcome for the candidate's
/// mover, and the luck (in equity, for that side) to subtract from it.
pub(crate) type TrialOutcome = (Probabilities, f32);

/// The dice stream of trial `trial`: the same for every candidate (the
/// duplicate dice), whichever thread plays it.
pub(crate) fn trial_rng(seed: u64, trial: u32) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ u64::from(trial).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The dice of trial `trial`'s `turn`-th roll: the first is stratified
/// (the ordered roll `trial mod 36`, so each block of 36 trials sees every
/// first roll once); a random roll is drawn for it all the same, so the
/// later rolls do not depend on the stratification.
pub(crate) fn trial_roll(rng: &mut ChaCha8Rng, trial: u32, turn: u32) -> Dice {
    let random = Dice::roll(rng);
    if turn == 0 {
        let k = (trial % 36) as u8;
        Dice::new(k % 6 + 1, k / 6 + 1).expect("in range")
    } else {
        random
    }
}

/// Standard error of the mean of `n` values from their sum and sum of
/// squares (0 for fewer than two values): one formula for the running
/// leader and the final figures.
fn mean_std_error(n: u32, sum: f64, sum_squares: f64) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let n = f64::from(n);
    (((sum_squares - sum * sum / n) / (n - 1.0)).max(0.0) / n).sqrt()
}

/// Each candidate's running count, sum and sum of squares of equities,
/// for the leader a progress report names.
#[derive(Default)]
struct RunningSums(Vec<(u32, f64, f64)>);

impl RunningSums {
    fn add(&mut self, equities: impl Iterator<Item = f64>) {
        for (i, e) in equities.enumerate() {
            if self.0.len() <= i {
                self.0.resize(i + 1, (0, 0.0, 0.0));
            }
            let (n, s, s2) = &mut self.0[i];
            *n += 1;
            *s += e;
            *s2 += e * e;
        }
    }

    fn leader(&self) -> Option<(usize, f32, f32)> {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, (n, _, _))| *n > 0)
            .map(|(i, &(n, s, s2))| {
                let mean = s / f64::from(n);
                (i, mean as f32, mean_std_error(n, s, s2) as f32)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// How a rollout runs, besides how one game is played.
pub(crate) struct TrialPlan<'a> {
    /// Candidates rolled out in each trial.
    pub candidates: usize,
    /// Trials asked for.
    pub trials: u32,
    /// Worker threads.
    pub threads: usize,
    /// Equity of an outcome under the game's scoring.
    pub equity: &'a (dyn Fn(&Probabilities) -> f32 + Sync),
    /// Told as trials finish.
    pub progress: &'a (dyn Fn(RolloutProgress) + Sync),
    /// Ends the rollout early: a trial under way when it is set is dropped
    /// (its games were cut short, so its figures would be wrong), and no
    /// other starts.
    pub stop: &'a Stop,
}

/// Runs `plan.trials` trials on `plan.threads` threads, each playing every
/// candidate once with `play(player, trial, candidate)` on a per-thread
/// `player` made by `new_player`, and returns the figures of the trials
/// finished (all of them unless stopped; with none, every mean is 0 with
/// no error). `play` answers `None` when the stop cut its game short: the
/// trial is then dropped, so a stop inside a trial (within a few
/// milliseconds, however deep the player searches) never leaves a game
/// played with a shallower search among the figures.
pub(crate) fn run_trials<P>(
    plan: &TrialPlan<'_>,
    new_player: impl Fn() -> P + Sync + Send,
    play: impl Fn(&mut P, u32, usize) -> Option<TrialOutcome> + Sync + Send,
) -> Result<PairedRollout, RolloutError> {
    let running = std::sync::Mutex::new(RunningSums::default());
    let trials = plan.trials;
    let chunks = trials.div_ceil(CHUNK);
    let done = AtomicU32::new(0);
    let luck_adjusted = |(p, luck): &TrialOutcome| f64::from((plan.equity)(p)) - f64::from(*luck);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .map_err(|source| RolloutError::Threads {
            threads: plan.threads,
            source,
        })?;
    let per_chunk: Vec<Vec<Vec<TrialOutcome>>> = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map_init(&new_player, |player, chunk| {
                let first = chunk * CHUNK;
                let last = (first + CHUNK).min(trials);
                (first..last)
                    .map_while(|t| {
                        if plan.stop.is_set() {
                            return None;
                        }
                        let trial: Vec<TrialOutcome> = (0..plan.candidates)
                            .map(|c| play(player, t, c))
                            .collect::<Option<_>>()?;
                        let leader = {
                            let mut sums = running.lock().unwrap_or_else(|e| e.into_inner());
                            sums.add(trial.iter().map(luck_adjusted));
                            sums.leader()
                        };
                        let now = done.fetch_add(1, Ordering::Relaxed) + 1;
                        (plan.progress)(RolloutProgress {
                            done: now,
                            total: trials,
                            leader,
                        });
                        Some(trial)
                    })
                    .collect()
            })
            .collect()
    });
    Ok(figures(plan.candidates, &per_chunk, luck_adjusted))
}

/// The figures of the trials in `per_chunk`, summed in trial order (the
/// same figures on any number of threads).
fn figures(
    count: usize,
    per_chunk: &[Vec<Vec<TrialOutcome>>],
    luck_adjusted: impl Fn(&TrialOutcome) -> f64,
) -> PairedRollout {
    let mut sums = vec![(0f64, 0f64, [0f64; 9]); count];
    // Sums of the squared per-trial differences, for the paired errors.
    let mut difference_squares = vec![vec![0f64; count]; count];
    let mut equities = vec![0f64; count];
    for trial in per_chunk.iter().flatten() {
        for ((sum, outcome), e) in sums.iter_mut().zip(trial).zip(equities.iter_mut()) {
            *e = luck_adjusted(outcome);
            sum.0 += *e;
            sum.1 += *e * *e;
            for (acc, v) in sum.2.iter_mut().zip(outcome.0.as_array()) {
                *acc += f64::from(v);
            }
        }
        for (row, ei) in difference_squares.iter_mut().zip(&equities) {
            for (acc, ej) in row.iter_mut().zip(&equities) {
                *acc += (ei - ej) * (ei - ej);
            }
        }
    }
    // The trials finished: all of them unless stopped.
    let finished = per_chunk.iter().map(Vec::len).sum::<usize>() as u32;
    let n = f64::from(finished.max(1));
    let std_error = |s: f64, s2: f64| mean_std_error(finished, s, s2);
    let difference_se = (0..count)
        .map(|i| {
            (0..count)
                .map(|j| {
                    let s = sums[i].0 - sums[j].0;
                    std_error(s, difference_squares[i][j]) as f32
                })
                .collect()
        })
        .collect();
    let results = sums
        .into_iter()
        .map(|(s, s2, ps)| {
            let mean = s / n;
            let f = |i: usize| (ps[i] / n) as f32;
            RolloutResult {
                mean: mean as f32,
                std_error: std_error(s, s2) as f32,
                trials: finished,
                probabilities: Probabilities {
                    win_single: f(0),
                    win_double: f(1),
                    win_triple: f(2),
                    win_mother: f(3),
                    lose_single: f(4),
                    lose_double: f(5),
                    lose_triple: f(6),
                    lose_mother: f(7),
                    draw: f(8),
                },
            }
        })
        .collect();
    PairedRollout {
        results,
        difference_se,
    }
}
