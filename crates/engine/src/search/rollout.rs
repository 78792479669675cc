//! Rollouts: each candidate play is played out to the end many times by a
//! chosen player (plies, evaluator), in parallel with rayon, reporting the
//! mean equity and its standard error.
//!
//! Reproducible: trial `t` draws its dice from a ChaCha8 stream seeded by
//! `(seed, t)` alone, whichever thread runs it, and results are summed in
//! trial order, so the same seed gives the same figures on any number of
//! threads. That machinery (dice, threads, sums) is shared with the game
//! layer's rollout ([`crate::game::rollout()`]) in `trials.rs`; this module
//! holds how a Plakoto game is played out (Express numbers passed on, the
//! race database).
//!
//! Variance reduction:
//! - duplicate dice: trial `t` uses the same dice stream for every
//!   candidate, so the luck of the dice largely cancels in the
//!   differences between candidates (what decides the ranking);
//! - stratified first roll: the first roll of trial `t` is the ordered
//!   roll `t mod 36`, so every block of 36 trials sees each first roll
//!   exactly once.
//!
//! - luck adjustment (optional, [`RolloutSettings::luck_adjust`]): each
//!   roll's luck, the 0-ply value of the best play for the roll drawn
//!   minus the average over the 21 rolls, is subtracted from the game's
//!   equity. Its expectation is zero whatever the players do, so the mean
//!   stays unbiased while most of the dice's noise goes. The reported
//!   probabilities are the raw outcome frequencies.
//!
//! The standard error reported is the plain sample one (conservative with
//! stratification).
//!
//! [`RolloutSettings::luck_adjust`]: super::RolloutSettings::luck_adjust

use super::express::{BeamScratch, inner_plays};
use super::ply::{After, Ctx, Tree, pending_after};
pub use super::rollout_figures::{PairedRollout, RolloutError, RolloutProgress, RolloutResult};
use super::settings::budget_bytes;
use super::trials::{TrialPlan, run_trials, trial_rng, trial_roll};
use super::{Evaluation, RankedPlay, Root, Search, SearchLimits, SearchSettings, Stop};
use crate::eval::{
    Evaluator, NextRoll, Probabilities, RateBuffers, rate_plays, terminal_probabilities,
};
use plakoto_rules::{
    Dice, GenLimits, MoveGenerator, Numbers, Play, PlayList, Position, Rules, TurnNumbers, Variant,
    game_result,
};

/// The player of the played-out games: its per-thread buffers and
/// searcher, and how it chooses a play.
struct RolloutPlayer {
    generator: MoveGenerator,
    plays: PlayList,
    beam: BeamScratch,
    rate: RateBuffers,
    search: Search,
    /// For luck adjustment: 0-ply values of each roll.
    tree: Tree,
    /// The caller's settings on one thread: the rollout's threads run
    /// whole games, so a game's own searches stay on the thread.
    settings: SearchSettings,
}

impl RolloutPlayer {
    /// A player whose searches `stop` cuts short (the game is then
    /// dropped: see [`play_out`]). The rollout's players (one a thread)
    /// share the cache budget: each has a thread's share, half for its
    /// search and half for the luck adjustment's values.
    fn new(settings: &SearchSettings, stop: &Stop) -> RolloutPlayer {
        let shares = 2 * settings.threads.max(1);
        let mut search = Search::new();
        search.set_stop(stop.clone());
        search.share_cache(shares);
        let mut tree = Tree::default();
        tree.begin(
            None,
            &Stop::never(),
            budget_bytes(settings.cache_mb) / shares,
        );
        RolloutPlayer {
            generator: MoveGenerator::new(GenLimits {
                max_positions: settings.inner_max_plays.max(1),
            }),
            plays: PlayList::default(),
            beam: BeamScratch::default(),
            rate: RateBuffers::default(),
            search,
            tree,
            settings: SearchSettings {
                threads: 1,
                ..*settings
            },
        }
    }

    /// The luck of rolling `dice` at `position` (before the roll, side on
    /// roll's view), in equity: the best 0-ply play's value for `dice`
    /// minus the average of that over all rolls.
    fn luck(
        &mut self,
        position: &Position,
        dice: Dice,
        rules: Rules,
        evaluator: &dyn Evaluator,
    ) -> f32 {
        let cx = Ctx {
            evaluator,
            rules,
            settings: &self.settings,
        };
        let drawn = dice.sorted();
        let (mut expected, mut actual) = (0.0, 0.0);
        for (d, weight) in Dice::all_rolls() {
            let v = self
                .tree
                .best_play_value(cx, position, &d.numbers(rules.variant), false, 0, 0)
                .equity(rules.scoring);
            expected += v * f32::from(weight) / 36.0;
            if d == drawn {
                actual = v;
            }
        }
        actual - expected
    }

    /// The player's play of `numbers`.
    fn choose(
        &mut self,
        position: &Position,
        numbers: &Numbers,
        passed: bool,
        rules: Rules,
        evaluator: &dyn Evaluator,
    ) -> Play {
        let plies = self.settings.rollout.plies;
        if plies > 0 {
            let turn = match passed {
                true => Some(TurnNumbers::Passed(*numbers)),
                false => rolled_turn(numbers, rules),
            };
            // The player's depth, with no time budget: a rollout's games
            // are played the same whatever the clock.
            let limits = SearchLimits::plies(plies);
            if let Some(p) = turn.and_then(|turn| {
                let root = Root::new(position, &turn, rules, evaluator);
                self.search
                    .best_play(root, &mut self.generator, &self.settings, limits)
            }) {
                return p;
            }
        }
        inner_plays(
            &mut self.generator,
            &mut self.beam,
            position,
            numbers,
            self.settings.rollout.express_beam,
            evaluator,
            rules,
            &mut self.plays,
        );
        // Statically best, the first of equals.
        rate_plays(
            evaluator,
            rules,
            &self.plays.plays,
            NextRoll::after(passed),
            &mut self.rate,
        );
        // A game in progress always has a play (at worst "no move").
        let i = self.rate.best(rules).unwrap_or(0);
        self.plays.plays.get(i).copied().unwrap_or(Play {
            position: *position,
            steps: plakoto_rules::StepList::EMPTY,
        })
    }
}

/// A `TurnNumbers::Rolled` for numbers that came from a roll.
fn rolled_turn(numbers: &Numbers, rules: Rules) -> Option<TurnNumbers> {
    let v = numbers.to_vec();
    let dice = Dice::new(v[0], *v.get(1)?)?;
    (dice.numbers(rules.variant) == *numbers).then_some(TurnNumbers::Rolled(dice, *numbers))
}

/// Plays one game out from a candidate's position; the result for the
/// candidate's mover, or `None` when `stop` was set during the game: a
/// search it cut short may have chosen another play than the player's,
/// so the game is not the trial's and is dropped.
#[allow(clippy::too_many_arguments)]
fn play_out(
    player: &mut RolloutPlayer,
    start: &Position,
    after: After,
    rules: Rules,
    evaluator: &dyn Evaluator,
    seed: u64,
    trial: u32,
    max_turns: u32,
    luck_adjust: bool,
    race_exact: bool,
    stop: &Stop,
) -> Option<(Probabilities, f32)> {
    if let Some(r) = game_result(start, rules.scoring) {
        return Some((terminal_probabilities(&r), 0.0));
    }
    // Sum of the luck, for the candidate's mover.
    let mut luck = 0.0;
    let mut rng = trial_rng(seed, trial);
    // `position` is seen by the side to act; `mover` whether that side is
    // the candidate's mover.
    let (mut position, mut mover, mut pending) = match after {
        After::MoverRolls => (*start, true, None),
        After::Opponent { pending } => (start.flip(), false, pending),
    };
    let mut rolls = 0;
    for _ in 0..max_turns {
        if stop.is_set() {
            return None;
        }
        if race_exact
            && pending.is_none()
            && let Some(p) = crate::eval::race::evaluate(&position, rules)
        {
            return Some((if mover { p } else { p.flipped() }, luck));
        }
        let (numbers, passed) = match pending.take() {
            Some(n) => (n, true),
            None => {
                let dice = trial_roll(&mut rng, trial, rolls);
                rolls += 1;
                if luck_adjust {
                    let l = player.luck(&position, dice, rules, evaluator);
                    luck += if mover { l } else { -l };
                }
                (dice.numbers(rules.variant), false)
            }
        };
        let play = player.choose(&position, &numbers, passed, rules, evaluator);
        if stop.is_set() {
            return None;
        }
        if let Some(r) = game_result(&play.position, rules.scoring) {
            let p = terminal_probabilities(&r);
            return Some((if mover { p } else { p.flipped() }, luck));
        }
        if passed {
            position = play.position;
        } else {
            if rules.variant == Variant::Express {
                pending = pending_after(&numbers, &play);
            }
            position = play.position.flip();
            mover = !mover;
        }
    }
    // Still going: score by the evaluator (the side to act is on roll,
    // numbers passed to it are ignored).
    let p = evaluator.evaluate(&position, rules);
    Some((if mover { p } else { p.flipped() }, luck))
}

/// Rolls out each `(position after the play, what follows)` candidate
/// `settings.rollout.trials` times on `settings.threads` threads,
/// calling `progress` as trials finish.
pub fn rollout(
    candidates: &[(Position, After)],
    rules: Rules,
    evaluator: &dyn Evaluator,
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
) -> Result<Vec<RolloutResult>, RolloutError> {
    Ok(rollout_paired(candidates, rules, evaluator, settings, progress)?.results)
}

/// [`rollout`], with the paired standard errors of the differences.
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
/// those of the trials finished ([`RolloutResult::trials`] says how many;
/// with none finished, every mean is 0 with no error).
pub fn rollout_paired_until(
    candidates: &[(Position, After)],
    rules: Rules,
    evaluator: &dyn Evaluator,
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<PairedRollout, RolloutError> {
    settings.validate()?;
    let equity = |p: &Probabilities| p.equity(rules.scoring);
    let plan = TrialPlan {
        candidates: candidates.len(),
        trials: settings.rollout.trials,
        threads: settings.threads,
        equity: &equity,
        progress,
        stop,
    };
    run_trials(
        &plan,
        || RolloutPlayer::new(settings, stop),
        |player, trial, c| {
            let (position, after) = &candidates[c];
            play_out(
                player,
                position,
                *after,
                rules,
                evaluator,
                settings.rollout.seed,
                trial,
                settings.rollout.max_turns,
                settings.rollout.luck_adjust,
                settings.rollout.race_exact,
                stop,
            )
        },
    )
}

/// Rolls out `plays` (e.g. the best few of a [`Search::rank`]) with the
/// rollout options of `settings` (`rollout N` gives its own trials in
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
    let candidates: Vec<(Position, After)> =
        plays.iter().map(|r| (r.play.position, r.after)).collect();
    let results =
        rollout_paired_until(&candidates, rules, evaluator, settings, progress, stop)?.results;
    if results.first().is_some_and(|r| r.trials == 0) {
        return Ok(plays.to_vec());
    }
    let mut out: Vec<RankedPlay> = plays
        .iter()
        .zip(results)
        .map(|(r, res)| RankedPlay {
            probabilities: res.probabilities,
            equity: res.mean,
            evaluated_at: Evaluation::Rollout {
                trials: res.trials,
                plies: settings.rollout.plies,
                std_error: res.std_error,
            },
            ..*r
        })
        .collect();
    out.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::HeuristicEvaluator;
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
        let exact = rollout(
            &candidates,
            rules,
            &HeuristicEvaluator,
            &settings(true),
            &|_| {},
        )
        .unwrap()[0];
        assert_eq!(exact.std_error, 0.0);
        let database = crate::eval::race::evaluate(&after.flip(), rules).unwrap();
        assert!((exact.mean + database.equity(rules.scoring)).abs() < 1e-6);
        let played = rollout(
            &candidates,
            rules,
            &HeuristicEvaluator,
            &settings(false),
            &|_| {},
        )
        .unwrap()[0];
        assert!(played.std_error > 0.0);
    }
}
