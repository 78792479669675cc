//! The generic search's root: ranks the plays of a roll with GNU
//! Backgammon's scheme, for every game.
//!
//! Every candidate is rated at 0 plies in one batch; then, for a search of
//! `n` plies, at each level `i < n` whose filter is not `skip`, the
//! survivors are evaluated at `i` plies and the filter keeps the best ones;
//! the last survivors are evaluated at `n` plies. With a time budget every
//! level up to `n` is searched in turn, and a level cut short by the clock
//! or a [`Stop`] is discarded: the answer is the deepest complete level.
//!
//! A turn is a roll or, in a game that carries numbers (Plakoto Express,
//! R21), the numbers carried to the side on roll ([`ToPlay`]); a root play
//! that hands numbers on is valued, even at 0 plies, with the opponent's
//! best play of them, as the tree does.

use std::time::Instant;

use plakoto_rules::Dice;
use plakoto_rules::tavli::ToPlay;

use super::settings::budget_bytes;
use super::tree::{Cx, NextRoll, RateScratch, Tree, rate_plays};
use super::{
    EngineGame, Evaluation, GameAfter, GameEvaluator, GameRankedPlay, GameRanking, GreedyChooser,
    MAX_PLIES, SearchLimits, SearchSettings, SearchStats, Stop, Valuation,
};
use crate::eval::{Probabilities, terminal_probabilities};

/// A reusable searcher for the game `G`: buffers, a per-search cache and a
/// thread pool, no settings (each search is given its own). One per
/// thread: it is `Send`, not shared.
///
/// Plakoto Express is searched as the rules say (numbers carried from
/// turn to turn, R21), with the game's bounds on a turn's plays inside
/// the tree ([`EngineGame::bounded_plays`]).
pub struct GameSearch<G: EngineGame> {
    tree: Tree<G>,
    /// The root's generator, made from the first game searched.
    root_generator: Option<G::Generator>,
    root_list: G::PlayList,
    root_rate: RateScratch<G>,
    /// Threads for searching root candidates in parallel, kept between
    /// searches.
    pool: Option<(usize, rayon::ThreadPool)>,
    stop: Stop,
    /// Searchers sharing the cache budget with this one, itself included
    /// ([`GameSearch::share_cache`]).
    cache_sharers: usize,
}

impl<G: EngineGame> Default for GameSearch<G> {
    fn default() -> Self {
        GameSearch {
            tree: Tree::default(),
            root_generator: None,
            root_list: G::PlayList::default(),
            root_rate: RateScratch::default(),
            pool: None,
            stop: Stop::never(),
            cache_sharers: 1,
        }
    }
}

impl<G: EngineGame> GameSearch<G> {
    /// A searcher with empty buffers.
    pub fn new() -> GameSearch<G> {
        GameSearch::default()
    }

    /// Makes this searcher one of `sharers` running at once (a rollout's
    /// players, one a thread), each given that share of the settings'
    /// cache budget: the budget is the session's, not each thread's.
    pub fn share_cache(&mut self, sharers: usize) {
        self.cache_sharers = sharers.max(1);
    }

    /// This searcher's cache budget under `settings`, in bytes.
    fn cache_bytes(&self, settings: &SearchSettings) -> usize {
        budget_bytes(settings.cache_mb) / self.cache_sharers.max(1)
    }

    /// Lets `stop` end the following searches early: each then answers
    /// with its deepest complete level, as when time runs out.
    pub fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }

    /// What may stop the searches ([`Self::set_stop`]).
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// Frees the buffers the last searches grew past `KEEP_PLAYS` plays
    /// (an Express low double's lists), keeping the engine's memory between
    /// commands that of ordinary rolls; the next search allocates them
    /// again. The caches are kept (their size is the budget's): see
    /// [`Self::release_caches`].
    pub fn trim(&mut self) {
        if self.root_rate.capacity() > KEEP_PLAYS {
            self.root_list = G::PlayList::default();
            self.root_rate = RateScratch::default();
            self.root_generator = None;
        }
        self.tree.trim(KEEP_PLAYS);
    }

    /// Frees the caches; the next search allocates them again. Each
    /// search empties them anyway, so this changes no answer: it is for
    /// an engine that waits, whose memory should not hold them. An engine
    /// answering commands back to back keeps them instead, because a
    /// table allocated afresh is mapped afresh, a page fault per page the
    /// search touches.
    pub fn release_caches(&mut self) {
        self.tree.release_caches();
    }

    /// Bytes this searcher's caches hold now.
    pub fn cache_bytes_held(&self) -> usize {
        self.tree.cache_bytes_held()
    }

    /// The most plays a buffer of this searcher has room for now, at the
    /// root or inside the tree (what [`Self::trim`] bounds).
    pub fn widest_buffer(&self) -> usize {
        self.root_rate.capacity().max(self.tree.widest_level())
    }

    /// Ranks every legal play of `dice` in `position` (side to play on
    /// roll), best first, searched with `settings` (its `filter`,
    /// `reply_filter` and `threads`; its `plies` and `time_ms` are not
    /// read) to `limits.plies` within `limits.time_ms`, rated by
    /// `evaluator`. The game must not be over in `position`.
    pub fn rank(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        dice: Dice,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> GameRanking<G> {
        let turn = ToPlay::Dice(dice);
        self.rank_turn(game, evaluator, position, &turn, settings, limits)
    }

    /// [`Self::rank`] of a turn's plays: a roll's, or those of the
    /// numbers carried to the side on roll (R21).
    pub fn rank_turn(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        turn: &ToPlay<G::Carried>,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> GameRanking<G> {
        let root = Root::new(game, evaluator, position, turn);
        self.rank_root_turn(root, None, settings, limits)
    }

    /// [`Self::rank_turn`] with the root's plays listed by the caller's
    /// `generator` (its bound on plays decides how far a turn with too
    /// many plays is cut, and the ranking says so in `truncated`), but
    /// for a turn the game lists through its beam
    /// ([`EngineGame::root_plays`]).
    pub fn rank_turn_generated(
        &mut self,
        root: Root<'_, G>,
        generator: &mut G::Generator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> GameRanking<G> {
        self.rank_root_turn(root, Some(generator), settings, limits)
    }

    /// [`Self::rank_turn`] with the root listed by `generator`, if given.
    fn rank_root_turn(
        &mut self,
        root: Root<'_, G>,
        generator: Option<&mut G::Generator>,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> GameRanking<G> {
        let Root {
            game,
            evaluator,
            turn,
            ..
        } = root;
        // Deadline first: the budget counts root generation.
        let deadline = limits.deadline();
        let cut = self.generate_root(root, generator, settings);
        let plays = std::mem::take(&mut self.root_list);
        let cx = Cx {
            game,
            evaluator,
            settings,
        };
        let mut ranking = self.rank_root(cx, turn, game.plays(&plays), limits, deadline);
        ranking.truncated = cut;
        self.root_list = plays;
        ranking
    }

    /// [`Self::rank_turn`] of `plays`, the turn's plays as the caller's
    /// generator listed them (for a caller that already holds the list).
    pub fn rank_plays(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        turn: &ToPlay<G::Carried>,
        plays: &[G::Play],
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> GameRanking<G> {
        let deadline = limits.deadline();
        let cx = Cx {
            game,
            evaluator,
            settings,
        };
        self.rank_root(cx, turn, plays, limits, deadline)
    }

    /// The play to make for `dice` in `position`: the best of
    /// [`Self::rank`], but a single legal play (a forced one, or the empty
    /// play of a roll that cannot be played) is returned at once without
    /// searching. `None` only if the generator lists no play at all.
    pub fn choose(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        dice: Dice,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Option<G::Play> {
        let turn = ToPlay::Dice(dice);
        self.choose_turn(game, evaluator, position, &turn, settings, limits)
    }

    /// [`Self::choose`] for a turn: a roll, or the numbers carried to the
    /// side on roll (R21).
    pub fn choose_turn(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        turn: &ToPlay<G::Carried>,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Option<G::Play> {
        let root = Root::new(game, evaluator, position, turn);
        self.choose_root_turn(root, None, settings, limits, None, false)
    }

    /// [`Self::choose_turn`] with the root's plays listed by the caller's
    /// `generator`, as [`Self::rank_turn_generated`] lists them.
    pub fn choose_turn_generated(
        &mut self,
        root: Root<'_, G>,
        generator: &mut G::Generator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Option<G::Play> {
        self.choose_root_turn(root, Some(generator), settings, limits, None, false)
    }

    /// [`Self::choose_turn`] with the root listed by `generator`, if
    /// given, ranked by `valuation` when given; `legal_only`: where the
    /// list is not every legal play, only a surely legal play is chosen,
    /// as [`Self::choose_legal`] says.
    fn choose_root_turn(
        &mut self,
        root: Root<'_, G>,
        mut generator: Option<&mut G::Generator>,
        settings: &SearchSettings,
        limits: SearchLimits,
        valuation: Option<&Valuation<'_>>,
        legal_only: bool,
    ) -> Option<G::Play> {
        let Root {
            game,
            evaluator,
            position,
            turn,
        } = root;
        let deadline = limits.deadline();
        let cut = self.generate_root(root, generator.as_deref_mut(), settings);
        let plays = std::mem::take(&mut self.root_list);
        let chosen = match game.plays(&plays) {
            [] => return None,
            // A single play (a beam's single line uses every number, so
            // it is legal too, and a list cut short holds more than one),
            // as the Plakoto search makes it.
            [only] => Some(*only),
            listed => {
                let cx = Cx {
                    game,
                    evaluator,
                    settings,
                };
                let mut ranking = self.rank_root(cx, turn, listed, limits, deadline);
                if let Some(value) = valuation {
                    ranking.order_deepest_by(value);
                }
                let mut ranked = ranking.plays.iter();
                if legal_only && cut {
                    ranked.find(|r| game.surely_legal(turn, &r.play))
                } else {
                    ranked.next()
                }
                .map(|r| r.play)
            }
        };
        self.root_list = plays;
        if chosen.is_some() || !(legal_only && cut) {
            return chosen;
        }
        // No candidate of a list cut short is surely legal (not seen in
        // practice: a beam lists only lines that use every number): the
        // play of the whole list whose position is valued best at 0 plies.
        let generator = match generator {
            Some(generator) => generator,
            None => self.root_generator.get_or_insert_with(|| game.generator()),
        };
        let mut greedy = GreedyChooser::new();
        let plays = &mut self.root_list;
        let best = match turn {
            ToPlay::Dice(dice) => {
                game.generate(generator, position, *dice, plays);
                greedy.choose(game, evaluator, game.plays(plays))
            }
            ToPlay::Carried(carried) => {
                game.generate_carried(generator, position, carried, plays);
                greedy.choose_carried(game, evaluator, game.plays(plays))
            }
        };
        best.map(|(index, _)| game.plays(plays)[index])
    }

    /// The play to make for `root`'s turn where it must be legal without
    /// the complete list of plays (a referee or a game checks it): the
    /// best of [`Self::rank_turn_generated`] (by `valuation` when given,
    /// among the candidates searched deepest), but when the candidates are
    /// not every legal play (a list cut by `generator`'s bound, or an
    /// Express beam's lines, R20) the best one that is surely legal
    /// ([`TavliGame::surely_legal`](plakoto_rules::TavliGame::surely_legal),
    /// R10), and should none be, the play of
    /// `generator`'s list whose position is valued best at 0 plies
    /// ([`GreedyChooser`], by money equity). A forced play is made without
    /// searching. `None` only if no play is listed.
    pub fn choose_legal(
        &mut self,
        root: Root<'_, G>,
        generator: &mut G::Generator,
        settings: &SearchSettings,
        limits: SearchLimits,
        valuation: Option<&Valuation<'_>>,
    ) -> Option<G::Play> {
        self.choose_root_turn(root, Some(generator), settings, limits, valuation, true)
    }

    /// Value of `position` before its side rolls, for that side, searched
    /// to `limits.plies` (for `eval`), and how it was obtained: `Exact`
    /// when the game is over (`database: None`) or an exact database of
    /// the evaluator covers it, else `Plies` of the deepest complete depth
    /// (a time budget or a stop may end it shallower).
    pub fn evaluate_position(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> (Probabilities, Evaluation) {
        self.evaluate_carried(game, evaluator, position, None, settings, limits)
    }

    /// [`Self::evaluate_position`] of a position whose side on roll was
    /// carried numbers (R21): it plays them first (its best play), then
    /// rolls. With `carried` `None`, the same as
    /// [`Self::evaluate_position`]. A position with carried numbers is
    /// never answered from an exact database: the databases know no
    /// carried numbers.
    pub fn evaluate_carried(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        carried: Option<G::Carried>,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> (Probabilities, Evaluation) {
        if let Some(result) = game.result(position) {
            return (
                terminal_probabilities(&result),
                Evaluation::Exact { database: None },
            );
        }
        if carried.is_none()
            && let Some((p, database)) = evaluator.exact_value(game, position)
        {
            let database = Some(database);
            return (p, Evaluation::Exact { database });
        }
        let (p, plies) = self.search_value(game, evaluator, position, carried, settings, limits);
        (p, Evaluation::Plies { plies })
    }

    /// The value of [`Self::evaluate_carried`] searched whatever the exact
    /// databases cover at the root (they still score the tree's nodes),
    /// and the depth reached: the 0-ply value of a position is then the
    /// evaluator's, as a caller that values many positions alike (an
    /// analysis of a game, the Plakoto `eval`) wants it. The game must
    /// not be over in `position`.
    pub fn search_value(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        position: &G::Position,
        carried: Option<G::Carried>,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> (Probabilities, u8) {
        let deadline = limits.deadline();
        let cx = Cx {
            game,
            evaluator,
            settings,
        };
        self.tree
            .begin(deadline, &self.stop, self.cache_bytes(cx.settings));
        // The carried numbers' best play, then the roll: no ply is spent
        // on the play (a decision, not a chance event).
        let value_at = |tree: &mut Tree<G>, depth: u8| match carried {
            None if depth == 0 => evaluator.evaluate(game, position),
            None => tree.on_roll_value(cx, position, depth, 0),
            Some(c) => tree.best_play_value(cx, position, ToPlay::Carried(c), depth, 0),
        };
        let mut best = (value_at(&mut self.tree, 0), 0);
        // With no clock the deepest level is all that is asked; with one,
        // each level in turn so that a complete one is at hand.
        let plies = limits.plies.min(MAX_PLIES);
        let first = if deadline.is_some() { 1 } else { plies.max(1) };
        for depth in first..=plies {
            let v = value_at(&mut self.tree, depth);
            if self.tree.aborted() {
                break;
            }
            best = (v, depth);
        }
        best
    }

    /// The root plays of `turn` in `position` into `self.root_list`: the
    /// evaluator's cut of a turn too large to list
    /// ([`EngineGame::root_plays`], then `true`), else the legal plays
    /// as `generator` (or, with none, the game's own) lists them, `true`
    /// when its bound cut them short.
    fn generate_root(
        &mut self,
        root: Root<'_, G>,
        generator: Option<&mut G::Generator>,
        settings: &SearchSettings,
    ) -> bool {
        let Root {
            game,
            evaluator,
            position,
            turn,
        } = root;
        let own = self.root_generator.get_or_insert_with(|| game.generator());
        let beam = settings.express_root_beam;
        if game.root_plays(evaluator, own, position, turn, beam, &mut self.root_list) {
            return true;
        }
        let generator = generator.unwrap_or(own);
        match turn {
            ToPlay::Dice(dice) => game.generate(generator, position, *dice, &mut self.root_list),
            ToPlay::Carried(carried) => {
                game.generate_carried(generator, position, carried, &mut self.root_list)
            }
        }
        game.truncated(&self.root_list)
    }

    /// Ranks `plays` level by level, as the module says.
    fn rank_root(
        &mut self,
        cx: Cx<'_, G>,
        turn: &ToPlay<G::Carried>,
        plays: &[G::Play],
        limits: SearchLimits,
        deadline: Option<Instant>,
    ) -> GameRanking<G> {
        self.tree
            .begin(deadline, &self.stop, self.cache_bytes(cx.settings));
        let mut ranked = self.rank_static(cx, turn, plays);
        let target = limits.plies.min(MAX_PLIES);
        // The game's own table for a named preset (Fevga's 1-ply level).
        let filter = cx.settings.filter.in_game(G::KIND);
        let row = filter.row(target.max(1));
        // `live` = how many of the best candidates are still searched.
        let mut live = ranked.len();
        let mut done = 0u8;
        let mut timed_out = false;
        for ply in 1..=target {
            // The filter applied after evaluating at `ply - 1`.
            let filter = row[usize::from(ply - 1)];
            if !filter.is_skip() {
                live = filter.survivors_of(live, |k| ranked[k].equity);
            }
            let next_filter_skips = ply < target && row[usize::from(ply)].is_skip();
            if next_filter_skips && deadline.is_none() {
                // Nothing would be filtered after this level: go deeper
                // directly, as GNU Backgammon does.
                continue;
            }
            match self.evaluate_level(cx, &ranked[..live], ply) {
                Some(values) => {
                    ranked[..live].copy_from_slice(&values);
                    sort_best_first(&mut ranked[..live]);
                    done = ply;
                }
                None => {
                    timed_out = true;
                    break;
                }
            }
        }
        GameRanking {
            plays: ranked,
            limits,
            plies: done,
            timed_out,
            truncated: false,
            stats: self.tree.stats,
        }
    }

    /// Every root play rated at 0 plies, sorted best first. A play that
    /// hands numbers on (R21) is valued with the opponent's best play of
    /// them, as the tree does.
    fn rank_static(
        &mut self,
        cx: Cx<'_, G>,
        turn: &ToPlay<G::Carried>,
        plays: &[G::Play],
    ) -> Vec<GameRankedPlay<G>> {
        let next = NextRoll::after(matches!(turn, ToPlay::Carried(_)));
        self.tree.stats.evaluations +=
            rate_plays(cx, plays, next, &mut self.root_rate, None) as u64;
        let mut ranked = Vec::with_capacity(plays.len());
        for (play, rating) in plays.iter().zip(&self.root_rate.ratings) {
            let after = GameAfter::of(cx.game, turn, play);
            let probabilities = if after.passes_on() && !rating.exact {
                self.tree.after_value(cx, &cx.game.after(play), after, 0, 0)
            } else {
                rating.probabilities
            };
            ranked.push(GameRankedPlay {
                play: *play,
                after,
                probabilities,
                equity: cx.equity(&probabilities),
                evaluated_at: if rating.exact {
                    Evaluation::Exact {
                        database: rating.database,
                    }
                } else {
                    Evaluation::Plies { plies: 0 }
                },
            });
        }
        sort_best_first(&mut ranked);
        ranked
    }

    /// `candidates` evaluated at `plies`; `None` when the clock or a stop
    /// cut the level short.
    fn evaluate_level(
        &mut self,
        cx: Cx<'_, G>,
        candidates: &[GameRankedPlay<G>],
        plies: u8,
    ) -> Option<Vec<GameRankedPlay<G>>> {
        if cx.settings.threads > 1 && candidates.len() > 1 {
            return self.evaluate_level_parallel(cx, candidates, plies);
        }
        let mut out = Vec::with_capacity(candidates.len());
        for c in candidates {
            let value = deepen(&mut self.tree, cx, c, plies);
            if self.tree.aborted() {
                self.tree.clear_abort();
                return None;
            }
            out.push(value);
        }
        Some(out)
    }

    /// [`Self::evaluate_level`] on `settings.threads` threads, one tree
    /// a thread, each with that share of the cache budget.
    fn evaluate_level_parallel(
        &mut self,
        cx: Cx<'_, G>,
        candidates: &[GameRankedPlay<G>],
        plies: u8,
    ) -> Option<Vec<GameRankedPlay<G>>> {
        use rayon::prelude::*;
        let threads = cx.settings.threads;
        if self.pool.as_ref().is_none_or(|(n, _)| *n != threads) {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()?;
            self.pool = Some((threads, pool));
        }
        let (_, pool) = self.pool.as_ref()?;
        let deadline = self.tree.deadline();
        let stop = &self.stop;
        // The threads share this searcher's budget (its own tree keeps
        // what the shallower levels filled besides).
        let cache_bytes = self.cache_bytes(cx.settings) / threads;
        let results: Vec<(Option<GameRankedPlay<G>>, SearchStats)> = pool.install(|| {
            candidates
                .par_iter()
                .with_max_len(1)
                .map_init(Tree::<G>::default, |tree, c| {
                    tree.begin(deadline, stop, cache_bytes);
                    let value = deepen(tree, cx, c, plies);
                    ((!tree.aborted()).then_some(value), tree.stats)
                })
                .collect()
        });
        let mut out = Vec::with_capacity(results.len());
        for (value, stats) in results {
            self.tree.stats.add(&stats);
            out.push(value?);
        }
        Some(out)
    }
}

/// Plays kept room for between searches ([`GameSearch::trim`]): more
/// than any roll but an Express low double has.
const KEEP_PLAYS: usize = 4_096;

/// The turn a search's root ranks: the game, what rates its positions,
/// the position (side to play on roll) and its turn (a roll, or numbers
/// carried to that side).
#[derive(Clone, Copy)]
pub struct Root<'a, G: EngineGame> {
    /// The game with its switches.
    pub game: &'a G,
    /// What rates the positions at the leaves.
    pub evaluator: &'a dyn GameEvaluator<G>,
    /// The position, seen by the side to play.
    pub position: &'a G::Position,
    /// The roll, or the numbers carried to the side to play (R21).
    pub turn: &'a ToPlay<G::Carried>,
}

impl<'a, G: EngineGame> Root<'a, G> {
    /// The turn `turn` from `position` in `game`, rated by `evaluator`.
    pub fn new(
        game: &'a G,
        evaluator: &'a dyn GameEvaluator<G>,
        position: &'a G::Position,
        turn: &'a ToPlay<G::Carried>,
    ) -> Root<'a, G> {
        Root {
            game,
            evaluator,
            position,
            turn,
        }
    }
}

/// Candidate `c` valued at `plies` by `tree`; an exact one as it is.
fn deepen<G: EngineGame>(
    tree: &mut Tree<G>,
    cx: Cx<'_, G>,
    c: &GameRankedPlay<G>,
    plies: u8,
) -> GameRankedPlay<G> {
    if c.evaluated_at.is_exact() {
        return *c;
    }
    let v = tree.after_value(cx, &cx.game.after(&c.play), c.after, plies, 0);
    GameRankedPlay {
        probabilities: v,
        equity: cx.equity(&v),
        evaluated_at: Evaluation::Plies { plies },
        ..*c
    }
}

/// Sorts by equity, best first; ties keep generation order (stable).
fn sort_best_first<G: EngineGame>(plays: &mut [GameRankedPlay<G>]) {
    plays.sort_by(|a, b| b.equity.total_cmp(&a.equity));
}
