//! Rollouts over the game layer: positions, or the candidate plays of a
//! ranking, played out many times by a chosen player (an evaluator at 0
//! plies, or a [`GameSearch`] of some plies), for any [`TavliGame`]. The
//! Plakoto search has its own ([`crate::search::rollout`], with Express's
//! numbers passed on); both share the dice, the threads and the sums
//! (`search/trials.rs`), so they answer with the same types
//! ([`PairedRollout`], [`RolloutResult`](crate::search::RolloutResult),
//! [`RolloutProgress`]) under the
//! same [`RolloutSettings`](crate::search::RolloutSettings).
//!
//! Variance reduction, as the Plakoto rollout does it:
//! - duplicate dice (common random numbers): trial `t` plays every
//!   candidate on the same dice stream, so the dice's luck largely cancels
//!   in the differences between candidates, which is what a ranking needs
//!   ([`PairedRollout::difference_se`] measures it);
//! - stratified first roll: the first roll of trial `t` is the ordered roll
//!   `t mod 36`, so each block of 36 trials sees every first roll once;
//! - luck adjustment (optional, `rollout.luck_adjust`): each roll's luck,
//!   the 0-ply value of the best play for the roll drawn less the average
//!   over the 21 rolls, is subtracted from the game's equity (unbiased).
//!
//! A game stops early at a position an exact database of the evaluator
//! covers when `rollout.race_exact` is set (named for Plakoto's race
//! database; here any [`GameEvaluator::exact_value`]), and is cut after
//! `rollout.max_turns` turns, scored by the evaluator.

use plakoto_rules::{Dice, TavliGame};

use super::tree::{Cx, Tree};
use super::{GameEvaluator, GameRankedPlay, GameSearch, GreedyChooser, game_equity};
use crate::eval::{Probabilities, terminal_probabilities};
use crate::search::settings::budget_bytes;
use crate::search::trials::{TrialOutcome, TrialPlan, run_trials, trial_rng, trial_roll};
use crate::search::{
    Evaluation, PairedRollout, RolloutError, RolloutProgress, SearchLimits, SearchSettings, Stop,
};

/// Where a rolled-out game starts, and whose result it reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RolloutStart<P> {
    /// A position with its side on roll, before it rolls; the result is
    /// for that side.
    OnRoll(P),
    /// The position a play reached, seen by the side that played it, the
    /// opponent to roll next; the result is for the side that played (a
    /// candidate play of a ranking).
    AfterPlay(P),
}

/// The player of the played-out games, one per thread: its buffers, and a
/// searcher when it plays at more than 0 plies.
struct Player<G: TavliGame> {
    generator: G::Generator,
    list: G::PlayList,
    greedy: GreedyChooser<G>,
    search: GameSearch<G>,
    /// For the luck adjustment: the 0-ply best play of each roll.
    tree: Tree<G>,
    /// The caller's settings on one thread: the rollout's threads run
    /// whole games, so a game's own searches stay on the thread.
    settings: SearchSettings,
}

impl<G: TavliGame> Player<G> {
    /// A player whose searches `stop` cuts short (the game is then
    /// dropped: see [`play_out`]). The rollout's players (one a thread)
    /// share the cache budget: each has a thread's share, half for its
    /// search and half for the luck adjustment's values.
    fn new(game: &G, settings: &SearchSettings, stop: &Stop) -> Player<G> {
        let shares = 2 * settings.threads.max(1);
        let mut search = GameSearch::new();
        search.set_stop(stop.clone());
        search.share_cache(shares);
        let mut tree = Tree::default();
        tree.begin(
            None,
            &Stop::never(),
            budget_bytes(settings.cache_mb) / shares,
        );
        Player {
            generator: game.generator(),
            list: G::PlayList::default(),
            greedy: GreedyChooser::new(),
            search,
            tree,
            settings: SearchSettings {
                threads: 1,
                ..*settings
            },
        }
    }

    /// The position the player's play of `dice` in `position` reaches,
    /// seen by the side that played: the best at `rollout.plies` plies
    /// (0: the evaluator's greedy choice, the first of equals).
    fn play(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        dice: Dice,
    ) -> G::Position {
        let plies = self.settings.rollout.plies;
        if plies > 0 {
            // No time budget: a rollout's games are played the same
            // whatever the clock.
            let limits = SearchLimits::plies(plies);
            let chosen =
                self.search
                    .choose(game, evaluator, position, dice, &self.settings, limits);
            if let Some(play) = chosen {
                return game.after(&play);
            }
        }
        game.generate(&mut self.generator, position, dice, &mut self.list);
        let plays = game.plays(&self.list);
        match self.greedy.choose(game, evaluator, plays) {
            Some((i, _)) => game.after(&plays[i]),
            // The generator lists at least the empty play; were it not
            // to, the position stands.
            None => *position,
        }
    }

    /// The luck of rolling `dice` at `position` (side on roll, before the
    /// roll), in equity for that side: the 0-ply best play's value for
    /// `dice` less its average over the 21 rolls.
    fn luck(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        dice: Dice,
    ) -> f32 {
        let cx = Cx {
            game,
            evaluator,
            settings: &self.settings,
        };
        let drawn = dice.sorted();
        let (mut expected, mut actual) = (0.0, 0.0);
        for (d, weight) in Dice::all_rolls() {
            let v = game_equity(game, &self.tree.best_play_value(cx, position, d, 0, 0));
            expected += v * f32::from(weight) / 36.0;
            if d == drawn {
                actual = v;
            }
        }
        actual - expected
    }
}

/// Plays trial `trial` of the game from `start` to its end (or to an exact
/// value, or `max_turns`); the outcome for the side `start` reports, and
/// the luck it had; `None` when `stop` was set during the game (a search
/// it cut short may have chosen another play than the player's, so the
/// game is not the trial's and is dropped).
fn play_out<G: TavliGame>(
    player: &mut Player<G>,
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    start: &RolloutStart<G::Position>,
    trial: u32,
    stop: &Stop,
) -> Option<TrialOutcome> {
    let rollout = player.settings.rollout;
    // `position` is seen by the side to act; `mover` whether that side is
    // the one the result is for.
    let (mut position, mut mover) = match start {
        RolloutStart::OnRoll(p) => (*p, true),
        RolloutStart::AfterPlay(p) => match game.result(p) {
            Some(r) => return Some((terminal_probabilities(&r), 0.0)),
            None => (game.flip(p), false),
        },
    };
    if let Some(r) = game.result(&position) {
        return Some((terminal_probabilities(&r), 0.0));
    }
    let for_mover = |p: Probabilities, mover: bool| if mover { p } else { p.flipped() };
    let mut rng = trial_rng(rollout.seed, trial);
    let mut luck = 0.0;
    for turn in 0..rollout.max_turns {
        if stop.is_set() {
            return None;
        }
        if rollout.race_exact
            && let Some((p, _)) = evaluator.exact_value(game, &position)
        {
            return Some((for_mover(p, mover), luck));
        }
        let dice = trial_roll(&mut rng, trial, turn);
        if rollout.luck_adjust {
            let l = player.luck(game, evaluator, &position, dice);
            luck += if mover { l } else { -l };
        }
        let after = player.play(game, evaluator, &position, dice);
        if stop.is_set() {
            return None;
        }
        if let Some(r) = game.result(&after) {
            return Some((for_mover(terminal_probabilities(&r), mover), luck));
        }
        position = game.flip(&after);
        mover = !mover;
    }
    // Still going: the evaluator's value for the side to act.
    let p = evaluator
        .exact_value(game, &position)
        .map_or_else(|| evaluator.evaluate(game, &position), |(p, _)| p);
    Some((for_mover(p, mover), luck))
}

/// Rolls each of `starts` out `settings.rollout.trials` times on
/// `settings.threads` threads with the rollout options of `settings`,
/// the player rating positions with `evaluator` (and searching with
/// `settings`' filters when `rollout.plies > 0`); `progress` is told as
/// trials finish, and `stop` ends the rollout early (within a few
/// milliseconds: the player's games and searches check it, and the trial
/// it cuts short is dropped) with the trials finished ([`crate::search::RolloutResult::trials`] says how many).
/// Each start's figures are for the side it names ([`RolloutStart`]),
/// equities under `game`'s scoring, with the paired errors of the
/// differences.
pub fn rollout<G: TavliGame>(
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    starts: &[RolloutStart<G::Position>],
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<PairedRollout, RolloutError> {
    settings.validate()?;
    let equity = |p: &Probabilities| game_equity(game, p);
    let plan = TrialPlan {
        candidates: starts.len(),
        trials: settings.rollout.trials,
        threads: settings.threads,
        equity: &equity,
        progress,
        stop,
    };
    run_trials(
        &plan,
        || Player::new(game, settings, stop),
        |player, trial, c| play_out(player, game, evaluator, &starts[c], trial, stop),
    )
}

/// Rolls out `plays` (e.g. the best few of a ranking) as candidates of one
/// decision, on the same dice, and returns them re-ranked by their rollout
/// means, best first, each marked [`Evaluation::Rollout`] with its
/// probabilities and equity replaced by the rollout's. With no trial
/// finished (stopped at once) the plays come back as they were.
pub fn rollout_plays<G: TavliGame>(
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    plays: &[GameRankedPlay<G>],
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<Vec<GameRankedPlay<G>>, RolloutError> {
    let starts: Vec<RolloutStart<G::Position>> = plays
        .iter()
        .map(|r| RolloutStart::AfterPlay(game.after(&r.play)))
        .collect();
    let results = rollout(game, evaluator, &starts, settings, progress, stop)?.results;
    if results.first().is_some_and(|r| r.trials == 0) {
        return Ok(plays.to_vec());
    }
    let mut out: Vec<GameRankedPlay<G>> = plays
        .iter()
        .zip(results)
        .map(|(r, res)| GameRankedPlay {
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

impl<G: TavliGame> GameSearch<G> {
    /// [`rollout`] of `starts`, ended early by this searcher's stop
    /// ([`GameSearch::set_stop`]).
    pub fn rollout(
        &self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        starts: &[RolloutStart<G::Position>],
        settings: &SearchSettings,
        progress: &(dyn Fn(RolloutProgress) + Sync),
    ) -> Result<PairedRollout, RolloutError> {
        rollout(game, evaluator, starts, settings, progress, self.stop())
    }

    /// [`rollout_plays`] of `plays`, ended early by this searcher's stop.
    pub fn rollout_plays(
        &self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        plays: &[GameRankedPlay<G>],
        settings: &SearchSettings,
        progress: &(dyn Fn(RolloutProgress) + Sync),
    ) -> Result<Vec<GameRankedPlay<G>>, RolloutError> {
        rollout_plays(game, evaluator, plays, settings, progress, self.stop())
    }
}
