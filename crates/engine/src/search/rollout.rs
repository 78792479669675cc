//! Rollouts of Plakoto candidates: each candidate play is played out to
//! the end many times by a chosen player (plies, evaluator), in parallel,
//! reporting the mean equity and its standard error, by the game layer's
//! rollout ([`crate::game::rollout()`]) with the evaluator seen through
//! [`PlakotoGameEvaluator`]: the dice, the variance reduction (duplicate
//! dice, stratified first roll, luck adjustment), the numbers carried on
//! in Express (R21) and the race table's early stop are that module's.
//! This one speaks the Plakoto search's types ([`After`], [`RankedPlay`]).

use super::{After, RankedPlay};
use crate::eval::Evaluator;
use crate::game::{GameAfter, GameRankedPlay, PlakotoGameEvaluator, rollout_after_plays};
use crate::game::{PairedRollout, RolloutError, RolloutProgress, SearchSettings, Stop};
use plakoto_rules::tavli::Plakoto;
use plakoto_rules::{Position, Rules};

/// Rolls out each `(position after the play, what follows)` candidate
/// `settings.rollout.trials` times on `settings.threads` threads, calling
/// `progress` as trials finish: each candidate's figures, and the paired
/// standard errors of their differences.
pub fn rollout_paired(
    candidates: &[(Position, After)],
    rules: Rules,
    evaluator: &dyn Evaluator,
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
) -> Result<PairedRollout, RolloutError> {
    rollout_paired_until(
        candidates,
        rules,
        evaluator,
        settings,
        progress,
        &Stop::never(),
    )
}

/// [`rollout_paired`] that ends early once `stop` is set: each thread
/// drops the trial it plays (its player's searches and games check the
/// stop every few milliseconds) and starts no other, and the figures are
/// those of the trials finished ([`RolloutResult::trials`](crate::game::RolloutResult::trials) says how many;
/// with none finished, every mean is 0 with no error).
pub fn rollout_paired_until(
    candidates: &[(Position, After)],
    rules: Rules,
    evaluator: &dyn Evaluator,
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<PairedRollout, RolloutError> {
    let starts: Vec<(Position, GameAfter<_>)> = candidates
        .iter()
        .map(|&(position, after)| (position, after.into()))
        .collect();
    let game = Plakoto::new(rules);
    let evaluator = PlakotoGameEvaluator(evaluator);
    rollout_after_plays(&game, &evaluator, &starts, settings, progress, stop)
}

/// Rolls out `plays` (e.g. the best few of a [`super::Search::rank`]) with
/// the rollout options of `settings` (`rollout N` gives its own trials in
/// them) and returns them re-ranked by their rollout means, each marked as
/// evaluated by rollout.
pub fn rollout_plays(
    plays: &[RankedPlay],
    rules: Rules,
    evaluator: &dyn Evaluator,
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
) -> Result<Vec<RankedPlay>, RolloutError> {
    rollout_plays_until(plays, rules, evaluator, settings, progress, &Stop::never())
}

/// [`rollout_plays`] that ends early once `stop` is set (see
/// [`rollout_paired_until`]); with no trial finished, the plays keep the
/// values and order they came with.
pub fn rollout_plays_until(
    plays: &[RankedPlay],
    rules: Rules,
    evaluator: &dyn Evaluator,
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<Vec<RankedPlay>, RolloutError> {
    let plays: Vec<GameRankedPlay<Plakoto>> = plays.iter().copied().map(Into::into).collect();
    let game = Plakoto::new(rules);
    let evaluator = PlakotoGameEvaluator(evaluator);
    let ranked = crate::game::rollout_plays(&game, &evaluator, &plays, settings, progress, stop)?;
    Ok(ranked.into_iter().map(RankedPlay::from).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{HeuristicEvaluator, Probabilities};
    use crate::game::RolloutResult;
    use plakoto_rules::parse_board_text;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// The heuristic, counting its evaluations, and raising `counter` (a
    /// `stop` read) at its `stop_at`-th: a stop that lands wherever the
    /// rollout is then, inside a game's search as likely as not.
    struct StoppingEvaluator {
        calls: AtomicU64,
        stop_at: u64,
        counter: Arc<AtomicU64>,
    }

    impl Evaluator for StoppingEvaluator {
        fn name(&self) -> &str {
            "stopping heuristic"
        }

        fn evaluate(&self, position: &Position, rules: Rules) -> Probabilities {
            if self.calls.fetch_add(1, Ordering::Relaxed) + 1 == self.stop_at {
                self.counter.store(u64::MAX, Ordering::Relaxed);
            }
            HeuristicEvaluator.evaluate(position, rules)
        }
    }

    /// The evaluations a 1-ply rollout of `trials` trials makes, its
    /// figures, and those of the same rollout stopped at evaluation
    /// `stop_at` (with the evaluations it made).
    fn stopped_at(trials: u32, stop_at: u64) -> (u64, RolloutResult, u64, RolloutResult) {
        let mut s = settings(false);
        s.rollout.plies = 1;
        s.rollout.trials = trials;
        let candidates = [(
            Position::initial().flip(),
            After::Opponent { pending: None },
        )];
        let run = |stop_at: u64| {
            let counter = Arc::new(AtomicU64::new(0));
            let evaluator = StoppingEvaluator {
                calls: AtomicU64::new(0),
                stop_at,
                counter: counter.clone(),
            };
            let stop = Stop::after_line(counter, 1);
            let r = rollout_paired_until(
                &candidates,
                Rules::default(),
                &evaluator,
                &s,
                &|_| {},
                &stop,
            )
            .unwrap()
            .results[0];
            (evaluator.calls.load(Ordering::Relaxed), r)
        };
        let (all, whole) = run(u64::MAX);
        let (made, stopped) = run(stop_at);
        (all, whole, made, stopped)
    }

    #[test]
    fn a_stop_inside_a_trial_drops_that_trial_and_keeps_those_before() {
        // Trial 1 alone, then trials 1 and 2: the evaluations of each.
        let (first, one_trial, _, _) = stopped_at(1, u64::MAX);
        let (both, _, made, stopped) = stopped_at(2, u64::MAX);
        assert!(both > first + 100, "{first} {both}");
        // Stopped halfway through the second trial's games.
        let (_, _, made_stopped, stopped_halfway) = stopped_at(2, first + (both - first) / 2);
        assert_eq!((made, stopped.trials), (both, 2));
        assert_eq!(stopped_halfway.trials, 1, "{stopped_halfway:?}");
        // The figures are the first trial's, as a rollout of one trial.
        assert_eq!(stopped_halfway, one_trial);
        // The second trial's game went no further: the stop reached inside
        // its searches, not at its end.
        assert!(made_stopped < both, "{made_stopped} of {both}");
    }

    fn settings(race_exact: bool) -> SearchSettings {
        let mut s = SearchSettings::default();
        s.rollout.trials = 72;
        s.rollout.race_exact = race_exact;
        s
    }

    #[test]
    fn the_same_candidate_twice_differs_by_exactly_nothing() {
        let p = Position::initial().flip();
        let candidates = [
            (p, After::Opponent { pending: None }),
            (p, After::Opponent { pending: None }),
        ];
        let r = rollout_paired(
            &candidates,
            Rules::default(),
            &HeuristicEvaluator,
            &settings(false),
            &|_| {},
        )
        .unwrap();
        assert_eq!(r.results[0], r.results[1]);
        assert!(r.results[0].std_error > 0.0);
        assert_eq!(r.difference_se[0][1], 0.0);
        assert_eq!(r.difference_se[1][0], 0.0);
    }

    #[test]
    fn race_exact_scores_a_covered_race_by_the_database() {
        // After the mover's play: both sides home, nothing pinned; the
        // opponent is on roll.
        let after = parse_board_text("6:3 5:3 / 6:2 1:2").unwrap();
        let candidates = [(after, After::Opponent { pending: None })];
        let rules = Rules::default();
        let exact = rollout_paired(
            &candidates,
            rules,
            &HeuristicEvaluator,
            &settings(true),
            &|_| {},
        )
        .unwrap()
        .results[0];
        assert_eq!(exact.std_error, 0.0);
        let database = crate::eval::race::evaluate(&after.flip(), rules).unwrap();
        assert!((exact.mean + database.equity(rules.scoring)).abs() < 1e-6);
        let played = rollout_paired(
            &candidates,
            rules,
            &HeuristicEvaluator,
            &settings(false),
            &|_| {},
        )
        .unwrap()
        .results[0];
        assert!(played.std_error > 0.0);
    }
}
