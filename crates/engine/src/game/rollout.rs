//! Rollouts over the game layer: positions, or the candidate plays of a
//! ranking, played out many times by a chosen player (an evaluator at 0
//! plies, or a [`GameSearch`] of some plies), for any [`EngineGame`], with
//! the numbers a game carries from turn to turn (Plakoto Express, R21)
//! played before the next roll; the dice, the threads and the sums are in
//! `trials.rs`. It answers with [`PairedRollout`],
//! [`RolloutResult`](super::RolloutResult) and [`RolloutProgress`] under
//! the [`RolloutSettings`](super::RolloutSettings).
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
//! A game stops early at a race the evaluator's exact race table covers
//! when `rollout.race_exact` is set ([`EngineGame::race_value`]: only
//! that table, as the Plakoto rollout stops), and is cut after
//! `rollout.max_turns` turns, scored by the evaluator; numbers carried to
//! the side to act at the cut are played first (its play, as any turn's),
//! so the score is of a position the rules could reach.

use plakoto_rules::Dice;
use plakoto_rules::tavli::ToPlay;

use super::settings::budget_bytes;
use super::tree::{Cx, Tree};
use super::trials::{TrialOutcome, TrialPlan, run_trials, trial_rng, trial_roll};
use super::{
    EngineGame, Evaluation, GameAfter, GameEvaluator, GameRankedPlay, GameSearch, GreedyChooser,
    PairedRollout, PlayBounds, RolloutError, RolloutProgress, SearchLimits, SearchSettings, Stop,
    game_equity,
};
use crate::eval::{Probabilities, terminal_probabilities};

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
struct Player<G: EngineGame> {
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

impl<G: EngineGame> Player<G> {
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

    /// The player's play of `turn` (a roll, or numbers carried to it) in
    /// `position`: the best at `rollout.plies` plies (0: the evaluator's
    /// greedy choice among the plays as a tree bounds them, the first of
    /// equals). `None` only if the generator listed no play.
    fn play(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        turn: &ToPlay<G::Carried>,
    ) -> Option<G::Play> {
        let plies = self.settings.rollout.plies;
        if plies > 0 {
            // No time budget: a rollout's games are played the same
            // whatever the clock.
            let limits = SearchLimits::plies(plies);
            let chosen =
                self.search
                    .choose_turn(game, evaluator, position, turn, &self.settings, limits);
            if chosen.is_some() {
                return chosen;
            }
        }
        let bounds = PlayBounds {
            max_plays: self.settings.inner_max_plays.max(1),
            beam: self.settings.rollout.express_beam,
        };
        game.bounded_plays(
            evaluator,
            &mut self.generator,
            position,
            turn,
            bounds,
            &mut self.list,
        );
        let plays = game.plays(&self.list);
        let chosen = match turn {
            ToPlay::Dice(_) => self.greedy.choose(game, evaluator, plays),
            ToPlay::Carried(_) => self.greedy.choose_carried(game, evaluator, plays),
        };
        chosen.map(|(i, _)| plays[i])
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
            let v = game_equity(
                game,
                &self
                    .tree
                    .best_play_value(cx, position, ToPlay::Dice(d), 0, 0),
            );
            expected += v * f32::from(weight) / 36.0;
            if d == drawn {
                actual = v;
            }
        }
        actual - expected
    }
}

/// Where a played-out game starts: a [`RolloutStart`], or a ranked
/// candidate with what follows its play (numbers it carries on).
#[derive(Clone, Copy)]
struct Begin<G: EngineGame> {
    /// The position, seen by the side the result is for.
    position: G::Position,
    /// What comes next: `None` for a position on roll, else what follows
    /// the play that reached `position`.
    follows: Option<GameAfter<G::Carried>>,
}

impl<G: EngineGame> From<&RolloutStart<G::Position>> for Begin<G> {
    fn from(start: &RolloutStart<G::Position>) -> Begin<G> {
        match *start {
            RolloutStart::OnRoll(position) => Begin {
                position,
                follows: None,
            },
            RolloutStart::AfterPlay(position) => Begin {
                position,
                follows: Some(GameAfter::Opponent { pending: None }),
            },
        }
    }
}

/// Plays trial `trial` of the game from `start` to its end (or to an exact
/// value, or `max_turns` plays); the outcome for the side `start` reports,
/// and the luck it had; `None` when `stop` was set during the game (a
/// search it cut short may have chosen another play than the player's,
/// so the game is not the trial's and is dropped). Numbers a play carries
/// on are played by the opponent before it rolls (R21), a play that
/// counts against `max_turns` but draws no dice.
fn play_out<G: EngineGame>(
    player: &mut Player<G>,
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    start: &Begin<G>,
    trial: u32,
    stop: &Stop,
) -> Option<TrialOutcome> {
    let rollout = player.settings.rollout;
    if let Some(r) = game.result(&start.position) {
        return Some((terminal_probabilities(&r), 0.0));
    }
    // `position` is seen by the side to act; `mover` whether that side is
    // the one the result is for; `pending` the numbers carried to it.
    let (mut position, mut mover, mut pending) = match start.follows {
        None | Some(GameAfter::MoverRolls) => (start.position, true, None),
        Some(GameAfter::Opponent { pending }) => (game.flip(&start.position), false, pending),
    };
    let for_mover = |p: Probabilities, mover: bool| if mover { p } else { p.flipped() };
    let mut rng = trial_rng(rollout.seed, trial);
    let mut luck = 0.0;
    // Rolls drawn so far: the dice stream's index (a play of carried
    // numbers draws none).
    let mut rolls = 0;
    for _ in 0..rollout.max_turns {
        if stop.is_set() {
            return None;
        }
        // The databases know no carried numbers.
        if rollout.race_exact
            && pending.is_none()
            && let Some(p) = game.race_value(evaluator, &position)
        {
            return Some((for_mover(p, mover), luck));
        }
        let turn = match pending.take() {
            Some(carried) => ToPlay::Carried(carried),
            None => {
                let dice = trial_roll(&mut rng, trial, rolls);
                rolls += 1;
                if rollout.luck_adjust {
                    let l = player.luck(game, evaluator, &position, dice);
                    luck += if mover { l } else { -l };
                }
                ToPlay::Dice(dice)
            }
        };
        let play = player.play(game, evaluator, &position, &turn);
        if stop.is_set() {
            return None;
        }
        // The generator lists at least the empty play; were it not to,
        // the position stands.
        let after = play.map_or(position, |p| game.after(&p));
        if let Some(r) = game.result(&after) {
            return Some((for_mover(terminal_probabilities(&r), mover), luck));
        }
        match (turn, play) {
            // Carried numbers played: the same side rolls next.
            (ToPlay::Carried(_), _) => position = after,
            (ToPlay::Dice(dice), play) => {
                pending = play.and_then(|p| game.carried_after(dice, &p));
                position = game.flip(&after);
                mover = !mover;
            }
        }
    }
    // Still going: numbers carried to the side to act are its to play
    // (R21) before anything is valued; then the evaluator's value for
    // that side, on roll.
    if let Some(carried) = pending {
        let turn = ToPlay::Carried(carried);
        let play = player.play(game, evaluator, &position, &turn);
        if stop.is_set() {
            return None;
        }
        if let Some(play) = play {
            position = game.after(&play);
        }
        if let Some(r) = game.result(&position) {
            return Some((for_mover(terminal_probabilities(&r), mover), luck));
        }
    }
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
/// it cuts short is dropped) with the trials finished (`RolloutResult::trials` says how many).
/// Each start's figures are for the side it names ([`RolloutStart`]),
/// equities under `game`'s scoring, with the paired errors of the
/// differences.
pub fn rollout<G: EngineGame>(
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    starts: &[RolloutStart<G::Position>],
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<PairedRollout, RolloutError> {
    let begins: Vec<Begin<G>> = starts.iter().map(Begin::from).collect();
    rollout_from(game, evaluator, &begins, settings, progress, stop)
}

/// [`rollout`] of games that begin at `begins`.
fn rollout_from<G: EngineGame>(
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    begins: &[Begin<G>],
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<PairedRollout, RolloutError> {
    settings.validate()?;
    let equity = |p: &Probabilities| game_equity(game, p);
    let plan = TrialPlan {
        candidates: begins.len(),
        trials: settings.rollout.trials,
        threads: settings.threads,
        equity: &equity,
        progress,
        stop,
    };
    run_trials(
        &plan,
        || Player::new(game, settings, stop),
        |player, trial, c| play_out(player, game, evaluator, &begins[c], trial, stop),
    )
}

/// [`rollout`] of positions reached by plays, each with what follows it
/// (the opponent's roll, with any numbers carried to it, or the mover's
/// own roll after a play of carried numbers): the figures are for the
/// side that played.
pub fn rollout_after_plays<G: EngineGame>(
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    starts: &[(G::Position, GameAfter<G::Carried>)],
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<PairedRollout, RolloutError> {
    let begins: Vec<Begin<G>> = starts
        .iter()
        .map(|&(position, follows)| Begin {
            position,
            follows: Some(follows),
        })
        .collect();
    rollout_from(game, evaluator, &begins, settings, progress, stop)
}

/// Rolls out `plays` (e.g. the best few of a ranking) as candidates of one
/// decision, on the same dice, and returns them re-ranked by their rollout
/// means, best first, each marked [`Evaluation::Rollout`] with its
/// probabilities and equity replaced by the rollout's. With no trial
/// finished (stopped at once) the plays come back as they were.
pub fn rollout_plays<G: EngineGame>(
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    plays: &[GameRankedPlay<G>],
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
    stop: &Stop,
) -> Result<Vec<GameRankedPlay<G>>, RolloutError> {
    // Each candidate with what follows it: numbers it carries on are the
    // opponent's to play first.
    let begins: Vec<Begin<G>> = plays
        .iter()
        .map(|r| Begin {
            position: game.after(&r.play),
            follows: Some(r.after),
        })
        .collect();
    let results = rollout_from(game, evaluator, &begins, settings, progress, stop)?.results;
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

impl<G: EngineGame> GameSearch<G> {
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
