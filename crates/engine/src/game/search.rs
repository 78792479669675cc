//! The generic search's root: ranks the plays of a roll with GNU
//! Backgammon's scheme, as the Plakoto search ([`crate::search`]) does.
//!
//! Every candidate is rated at 0 plies in one batch; then, for a search of
//! `n` plies, at each level `i < n` whose filter is not `skip`, the
//! survivors are evaluated at `i` plies and the filter keeps the best ones;
//! the last survivors are evaluated at `n` plies. With a time budget every
//! level up to `n` is searched in turn, and a level cut short by the clock
//! or a [`Stop`] is discarded: the answer is the deepest complete level.

use std::time::Instant;

use plakoto_rules::{Dice, TavliGame};

use super::tree::{Cx, RateScratch, Tree, rate_plays};
use super::{GameEvaluator, GameRankedPlay, GameRanking};
use crate::eval::{Probabilities, terminal_probabilities};
use crate::search::settings::budget_bytes;
use crate::search::{Evaluation, MAX_PLIES, SearchLimits, SearchSettings, SearchStats, Stop};

/// A reusable searcher for the game `G`: buffers, a per-search cache and a
/// thread pool, no settings (each search is given its own, as the Plakoto
/// [`crate::search::Search`] is). One per thread: it is `Send`, not shared.
///
/// For Plakoto only the standard variant is searched correctly (Express
/// plays that pass numbers on are beyond the game layer); the Plakoto
/// search stays the one that plays Plakoto.
pub struct GameSearch<G: TavliGame> {
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

impl<G: TavliGame> Default for GameSearch<G> {
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

impl<G: TavliGame> GameSearch<G> {
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

    /// Frees the caches, keeping the engine's memory between commands
    /// that of its buffers; the next search allocates them again.
    pub fn trim(&mut self) {
        self.tree.trim();
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
        // Deadline first: the budget counts root generation.
        let deadline = limits.deadline();
        self.generate_root(game, position, dice);
        let plays = std::mem::take(&mut self.root_list);
        let cx = Cx {
            game,
            evaluator,
            settings,
        };
        let ranking = self.rank_root(cx, game.plays(&plays), limits, deadline);
        self.root_list = plays;
        ranking
    }

    /// [`Self::rank`] of `plays`, a roll's plays as the caller's generator
    /// listed them (for a caller that already holds the list).
    pub fn rank_plays(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
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
        self.rank_root(cx, plays, limits, deadline)
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
        let deadline = limits.deadline();
        self.generate_root(game, position, dice);
        let plays = std::mem::take(&mut self.root_list);
        let chosen = match game.plays(&plays) {
            [] => None,
            [only] => Some(*only),
            listed => {
                let cx = Cx {
                    game,
                    evaluator,
                    settings,
                };
                let ranking = self.rank_root(cx, listed, limits, deadline);
                ranking.plays.first().map(|r| r.play)
            }
        };
        self.root_list = plays;
        chosen
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
        if let Some(result) = game.result(position) {
            return (
                terminal_probabilities(&result),
                Evaluation::Exact { database: None },
            );
        }
        if let Some((p, database)) = evaluator.exact_value(game, position) {
            let database = Some(database);
            return (p, Evaluation::Exact { database });
        }
        let deadline = limits.deadline();
        let cx = Cx {
            game,
            evaluator,
            settings,
        };
        self.tree
            .begin(deadline, &self.stop, self.cache_bytes(cx.settings));
        let mut best = (evaluator.evaluate(game, position), 0);
        // With no clock the deepest level is all that is asked; with one,
        // each level in turn so that a complete one is at hand.
        let plies = limits.plies.min(MAX_PLIES);
        let first = if deadline.is_some() { 1 } else { plies.max(1) };
        for depth in first..=plies {
            let v = self.tree.on_roll_value(cx, position, depth, 0);
            if self.tree.aborted() {
                break;
            }
            best = (v, depth);
        }
        (best.0, Evaluation::Plies { plies: best.1 })
    }

    /// The root plays of `dice` in `position` into `self.root_list`.
    fn generate_root(&mut self, game: &G, position: &G::Position, dice: Dice) {
        let generator = self.root_generator.get_or_insert_with(|| game.generator());
        game.generate(generator, position, dice, &mut self.root_list);
    }

    /// Ranks `plays` level by level, as the module says.
    fn rank_root(
        &mut self,
        cx: Cx<'_, G>,
        plays: &[G::Play],
        limits: SearchLimits,
        deadline: Option<Instant>,
    ) -> GameRanking<G> {
        self.tree
            .begin(deadline, &self.stop, self.cache_bytes(cx.settings));
        let mut ranked = self.rank_static(cx, plays);
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
            stats: self.tree.stats,
        }
    }

    /// Every root play rated at 0 plies, sorted best first.
    fn rank_static(&mut self, cx: Cx<'_, G>, plays: &[G::Play]) -> Vec<GameRankedPlay<G>> {
        self.tree.stats.evaluations += rate_plays(cx, plays, &mut self.root_rate, None) as u64;
        let mut ranked: Vec<GameRankedPlay<G>> = plays
            .iter()
            .zip(&self.root_rate.ratings)
            .map(|(play, rating)| GameRankedPlay {
                play: *play,
                probabilities: rating.probabilities,
                equity: cx.equity(&rating.probabilities),
                evaluated_at: if rating.exact {
                    Evaluation::Exact {
                        database: rating.database,
                    }
                } else {
                    Evaluation::Plies { plies: 0 }
                },
            })
            .collect();
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

/// Candidate `c` valued at `plies` by `tree`; an exact one as it is.
fn deepen<G: TavliGame>(
    tree: &mut Tree<G>,
    cx: Cx<'_, G>,
    c: &GameRankedPlay<G>,
    plies: u8,
) -> GameRankedPlay<G> {
    if c.evaluated_at.is_exact() {
        return *c;
    }
    let v = tree.after_value(cx, &cx.game.after(&c.play), plies, 0);
    GameRankedPlay {
        probabilities: v,
        equity: cx.equity(&v),
        evaluated_at: Evaluation::Plies { plies },
        ..*c
    }
}

/// Sorts by equity, best first; ties keep generation order (stable).
fn sort_best_first<G: TavliGame>(plays: &mut [GameRankedPlay<G>]) {
    plays.sort_by(|a, b| b.equity.total_cmp(&a.equity));
}
