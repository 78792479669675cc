//! Search: ranks the legal plays of a roll with a configurable n-ply
//! expectimax (GNU Backgammon's plies and move filters), a time budget,
//! and rollouts. All values are for the side to play.
//!
//! How a hint is searched (GNU Backgammon's scheme): every candidate is
//! evaluated at 0 plies in one batch; then, for a search of `n` plies, at
//! each level `i < n` whose filter is not `skip`, the survivors are
//! evaluated at `i` plies and the filter keeps the best ones; the last
//! survivors are evaluated at `n` plies. The ranking lists the deepest
//! survivors first, then the candidates dropped earlier with the
//! evaluation they had ([`RankedPlay::evaluated_at`] says which).
//!
//! With a time budget ([`SearchLimits::time_ms`]), every level up to `n`
//! is searched in turn and the answer is the deepest *complete* level: a
//! level cut short by the clock is discarded, never mixed in.
//!
//! A [`Search`] holds only buffers and caches. Each search is given the
//! settings in force ([`SearchSettings`]: filters, beams, threads) and its
//! own [`SearchLimits`] (depth and time) as values, as a UCI engine's `go`
//! gives its limits, so one searcher serves callers with other settings
//! and a per-call limit never outlives its call.
//!
//! The search's users go through a [`SearchHandle`]: it owns the
//! evaluator, the validated settings and the buffers, and ranks, chooses,
//! evaluates and rolls out a game's turn, at a match context when given.

mod choose;
mod close_plays;
pub mod express;
mod handle;
mod limits;
pub mod ply;
mod position_hash;
pub mod rollout;
mod rollout_figures;
pub mod settings;
mod stop;
pub(crate) mod trials;

use std::time::Instant;

use crate::eval::{
    Evaluator, NextRoll, Probabilities, RateBuffers, rate_plays, terminal_probabilities,
};
use plakoto_rules::{MoveGenerator, Play, PlayList, Position, Rules, TurnNumbers, game_result};

pub use choose::{
    CHOICE_LIMIT, Choice, ENGINE_MAX_POSITIONS, PlayCache, PlayLists, TurnError, turn_of,
};
pub use close_plays::ClosePlays;
pub use handle::SearchHandle;
pub use limits::SearchLimits;
pub use ply::after_play;
pub use ply::{After, SearchStats};
pub use rollout::{rollout_paired, rollout_paired_until, rollout_plays, rollout_plays_until};
pub use rollout_figures::{PairedRollout, RolloutError, RolloutProgress, RolloutResult};
pub use settings::{
    FILTER_LEVEL, FILTER_PLIES, FilterLevel, FilterPreset, MAX_PLIES, MAX_ROLLOUT_TRIALS,
    MAX_THREADS, MAX_TIME_MS, MoveFilter, PLIES, ROLLOUT_TRIALS, Range, RolloutSettings,
    SearchSettings, SettingsError, THREADS, TIME_MS,
};
pub use stop::Stop;

use ply::{Ctx, Tree};

/// How a candidate's value was obtained.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Evaluation {
    /// Scored exactly: the play ends the game, or an exact database
    /// covers the position it leads to (`database` says which).
    Exact {
        /// The database, when one settled it.
        #[serde(skip_serializing_if = "Option::is_none")]
        database: Option<crate::eval::exact::ExactDatabase>,
    },
    /// An n-ply search.
    Plies {
        /// The depth.
        plies: u8,
    },
    /// A rollout.
    Rollout {
        /// Games played out.
        trials: u32,
        /// Plies of the player in the played-out games.
        plies: u8,
        /// Standard error of the equity.
        std_error: f32,
    },
}

impl Evaluation {
    /// Whether the value is exact (nothing deeper can change it).
    pub fn is_exact(&self) -> bool {
        matches!(self, Evaluation::Exact { .. })
    }
}

impl std::fmt::Display for Evaluation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Evaluation::Exact { database: None } => f.write_str("exact"),
            Evaluation::Exact {
                database: Some(database),
            } => write!(f, "exact ({database})"),
            Evaluation::Plies { plies } => write!(f, "{plies}-ply"),
            Evaluation::Rollout {
                trials,
                plies,
                std_error,
            } => write!(f, "rollout {trials}x{plies}-ply ±{std_error:.3}"),
        }
    }
}

/// One candidate play with its value for the side to play.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct RankedPlay {
    /// The play (resulting position seen by the mover).
    #[serde(skip)]
    pub play: Play,
    /// What follows it (the opponent's roll, with any numbers passed on).
    pub after: After,
    /// Outcome probabilities for the side to play.
    pub probabilities: Probabilities,
    /// Expected points for the side to play.
    pub equity: f32,
    /// How the value was obtained.
    pub evaluated_at: Evaluation,
}

/// The result of ranking a roll's plays.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Ranking {
    /// Candidates, best first.
    pub plays: Vec<RankedPlay>,
    /// The limits the search was given.
    pub limits: SearchLimits,
    /// Deepest level completed (≤ the plies asked for).
    pub plies: u8,
    /// Whether the time budget stopped the search before the plies asked.
    pub timed_out: bool,
    /// Whether the candidates are not every legal play: cut by the
    /// generator's limits, or an Express chain's beam (see
    /// [`SearchSettings::express_root_beam`]).
    pub truncated: bool,
    /// Search counters.
    pub stats: SearchStats,
}

/// What a candidate's probabilities are worth to the mover when money
/// equity is not the goal (match play: its match-winning chance).
pub type Valuation<'a> = dyn Fn(&Probabilities) -> f32 + Sync + 'a;

impl Ranking {
    /// Orders the candidates searched to the deepest level (the first
    /// ones, and plays scored exactly among them) by `value`, best first;
    /// ties and the candidates dropped earlier keep their order.
    pub fn order_deepest_by(&mut self, value: &Valuation<'_>) {
        order_deepest_by(
            &mut self.plays,
            |r| (r.evaluated_at, &r.probabilities),
            value,
        );
    }
}

/// Orders the leading candidates of `plays` (best first) that were
/// searched to the deepest level, plays scored exactly among them, by
/// `value`, best first; ties and the candidates dropped earlier
/// keep their order. `at` reads a candidate's level and probabilities.
/// Shared by the Plakoto search's [`Ranking`] and the game layer's
/// ranking, so both order match play alike.
pub(crate) fn order_deepest_by<T>(
    plays: &mut [T],
    at: impl Fn(&T) -> (Evaluation, &Probabilities),
    value: &Valuation<'_>,
) {
    // The level searched deepest is the first inexact candidate's: an
    // exact play may lead the ranking whatever depth the others reached.
    let level = plays.iter().map(|r| at(r).0).find(|e| !e.is_exact());
    let deepest = plays
        .iter()
        .take_while(|r| {
            let here = at(r).0;
            here.is_exact() || Some(here) == level
        })
        .count();
    plays[..deepest].sort_by(|x, y| value(at(y).1).total_cmp(&value(at(x).1)));
}

/// The turn a root search ranks: the position (side to play on roll), the
/// numbers to play, the rules, and the evaluator that rates the plays.
#[derive(Clone, Copy)]
pub struct Root<'a> {
    /// The position, seen by the side to play.
    pub position: &'a Position,
    /// The numbers to play (rolled, or passed on in Express).
    pub turn: &'a TurnNumbers,
    /// The rules in force.
    pub rules: Rules,
    /// What rates the plays at the leaves.
    pub evaluator: &'a dyn Evaluator,
}

impl<'a> Root<'a> {
    /// The turn `turn` from `position` under `rules`, rated by `evaluator`.
    pub fn new(
        position: &'a Position,
        turn: &'a TurnNumbers,
        rules: Rules,
        evaluator: &'a dyn Evaluator,
    ) -> Root<'a> {
        Root {
            position,
            turn,
            rules,
            evaluator,
        }
    }
}

/// A root search's answer.
enum RootResult {
    /// Zero or one play: nothing to search.
    Forced(Option<Play>),
    /// The plays ranked.
    Ranked(Ranking),
}

/// A reusable searcher: buffers and a per-search cache, no settings (each
/// search is given its own). One per thread (it is `Send`, not shared).
#[derive(Default)]
pub struct Search {
    tree: Tree,
    plays: PlayList,
    root_generator: MoveGenerator,
    beam: express::BeamScratch,
    rate: RateBuffers,
    /// Threads for searching root candidates in parallel, kept between
    /// searches.
    pool: Option<(usize, rayon::ThreadPool)>,
    /// What may stop the searches from outside ([`Search::set_stop`]).
    stop: Stop,
    /// Searchers sharing the cache budget with this one, itself included
    /// ([`Search::share_cache`]; 0 is read as 1).
    cache_sharers: usize,
}

impl Search {
    /// A searcher with empty buffers.
    pub fn new() -> Search {
        Search::default()
    }

    /// Lets `stop` end the following searches early: each then answers
    /// with its deepest complete level, as when time runs out.
    pub fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }

    /// What may stop the searches ([`Search::set_stop`]).
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// Makes this searcher one of `sharers` running at once (a rollout's
    /// players, one a thread), each given that share of the settings'
    /// cache budget: the budget is the session's, not each thread's.
    pub fn share_cache(&mut self, sharers: usize) {
        self.cache_sharers = sharers.max(1);
    }

    /// This searcher's cache budget under `settings`, in bytes.
    fn cache_bytes(&self, settings: &SearchSettings) -> usize {
        settings::budget_bytes(settings.cache_mb) / self.cache_sharers.max(1)
    }

    /// Bytes this searcher's caches hold now.
    pub fn cache_bytes_held(&self) -> usize {
        self.tree.cache_bytes_held()
    }

    /// Frees the caches and what the last searches grew past ordinary
    /// needs (root lists of an Express low double), keeping the engine's
    /// memory between commands that of its buffers. The next search
    /// allocates its caches again (a 4 MB table at the default budget,
    /// filled once: little beside a search).
    pub fn trim(&mut self) {
        /// Plays a list keeps between searches.
        const KEEP_PLAYS: usize = 4_096;
        if self.plays.plays.capacity() > KEEP_PLAYS {
            self.plays = PlayList::default();
            self.root_generator = MoveGenerator::default();
            self.beam = express::BeamScratch::default();
        }
        self.rate.trim(KEEP_PLAYS);
        self.tree.trim(KEEP_PLAYS);
    }

    /// Ranks every legal play of the `root` turn, best first, searched with
    /// `settings` to `limits.plies` within `limits.time_ms` (the settings'
    /// own `plies` and `time_ms` are not read: see
    /// [`SearchSettings::limits`]). `generator` makes the root plays (its
    /// limits decide how Express low doubles are cut).
    pub fn rank(
        &mut self,
        root: Root<'_>,
        generator: &mut MoveGenerator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Ranking {
        match self.search_root(root, generator, settings, limits, false) {
            RootResult::Ranked(ranking) => ranking,
            RootResult::Forced(_) => unreachable!("a forced play is ranked when asked to"),
        }
    }

    /// [`Self::rank`] of `plays`, the root turn's plays as a generator
    /// listed them (complete or cut by its limits), without generating
    /// them again.
    pub fn rank_listed(
        &mut self,
        root: Root<'_>,
        plays: &PlayList,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Ranking {
        let deadline = limits.deadline();
        let cx = Ctx {
            evaluator: root.evaluator,
            rules: root.rules,
            settings,
        };
        self.plays.clone_from(plays);
        self.rank_root_plays(cx, root.turn, limits, deadline)
    }

    /// Generates the root plays and ranks them; with `forced_first`, a
    /// single play is returned at once without searching.
    fn search_root(
        &mut self,
        root: Root<'_>,
        generator: &mut MoveGenerator,
        settings: &SearchSettings,
        limits: SearchLimits,
        forced_first: bool,
    ) -> RootResult {
        // Deadline first: the budget counts root generation.
        let deadline = limits.deadline();
        let cx = Ctx {
            evaluator: root.evaluator,
            rules: root.rules,
            settings,
        };
        self.root_plays(cx, root.position, &root.turn.numbers(), generator);
        match self.plays.plays.as_slice() {
            [] if forced_first => RootResult::Forced(None),
            [only] if forced_first => RootResult::Forced(Some(*only)),
            _ => RootResult::Ranked(self.rank_root_plays(cx, root.turn, limits, deadline)),
        }
    }

    /// [`Self::rank`] of the root plays already in `self.plays`, with the
    /// deadline already resolved.
    fn rank_root_plays(
        &mut self,
        cx: Ctx,
        turn: &TurnNumbers,
        limits: SearchLimits,
        deadline: Option<Instant>,
    ) -> Ranking {
        self.tree
            .begin(deadline, &self.stop, self.cache_bytes(cx.settings));
        let numbers = turn.numbers();
        let passed = matches!(turn, TurnNumbers::Passed(_));
        let mut ranked = self.rank_static(cx, &numbers, passed);
        let target = limits.plies.min(MAX_PLIES);
        let row = cx.settings.filter.row(target.max(1));
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
                    for (r, v) in ranked[..live].iter_mut().zip(values) {
                        *r = v;
                    }
                    sort_best_first(&mut ranked[..live]);
                    done = ply;
                }
                None => {
                    timed_out = true;
                    break;
                }
            }
        }
        Ranking {
            plays: ranked,
            limits,
            plies: done,
            timed_out,
            truncated: self.plays.truncated,
            stats: self.tree.stats,
        }
    }

    /// The root candidates into `self.plays`: the caller's generator, or
    /// for an Express chain of several groups (R20) a beam whose lines use
    /// every number, which makes them legal (R10) without enumerating the
    /// millions of plays a low double can have.
    fn root_plays(
        &mut self,
        cx: Ctx,
        position: &Position,
        numbers: &plakoto_rules::Numbers,
        generator: &mut MoveGenerator,
    ) {
        if express::is_multi_group(numbers) {
            express::inner_plays(
                &mut self.root_generator,
                &mut self.beam,
                position,
                numbers,
                cx.settings.express_root_beam,
                cx.evaluator,
                cx.rules,
                &mut self.plays,
            );
            if self.plays.numbers_used == numbers.len() {
                return;
            }
        }
        generator.generate(position, numbers, &mut self.plays);
    }

    /// Every root play at 0 plies, sorted best first. A play that passes
    /// numbers on (Express, R21) is valued with the opponent's best play
    /// of them, as the tree does.
    fn rank_static(
        &mut self,
        cx: Ctx,
        numbers: &plakoto_rules::Numbers,
        passed: bool,
    ) -> Vec<RankedPlay> {
        self.tree.stats.evaluations += rate_plays(
            cx.evaluator,
            cx.rules,
            &self.plays.plays,
            NextRoll::after(passed),
            &mut self.rate,
        ) as u64;
        let mut ranked = Vec::with_capacity(self.plays.len());
        for (play, rating) in self.plays.plays.iter().zip(&self.rate.ratings) {
            let after = after_play(cx.rules, numbers, passed, play);
            let probabilities = match after {
                After::Opponent { pending: Some(_) } if !rating.exact => {
                    self.tree.after_value(cx, &play.position, after, 0, 0)
                }
                _ => rating.probabilities,
            };
            ranked.push(RankedPlay {
                play: *play,
                after,
                probabilities,
                equity: probabilities.equity(cx.rules.scoring),
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

    /// `candidates` evaluated at `plies`; `None` when the clock ran out.
    fn evaluate_level(
        &mut self,
        cx: Ctx,
        candidates: &[RankedPlay],
        plies: u8,
    ) -> Option<Vec<RankedPlay>> {
        if cx.settings.threads > 1 && candidates.len() > 1 {
            return self.evaluate_level_parallel(cx, candidates, plies);
        }
        let mut out = Vec::with_capacity(candidates.len());
        for c in candidates {
            if c.evaluated_at.is_exact() {
                out.push(*c);
                continue;
            }
            let v = self
                .tree
                .after_value(cx, &c.play.position, c.after, plies, 0);
            if self.tree.aborted() {
                self.tree.clear_abort();
                return None;
            }
            out.push(RankedPlay {
                probabilities: v,
                equity: v.equity(cx.rules.scoring),
                evaluated_at: Evaluation::Plies { plies },
                ..*c
            });
        }
        Some(out)
    }

    /// [`Self::evaluate_level`] on `settings.threads` threads, one tree
    /// a thread, each with that share of the cache budget.
    fn evaluate_level_parallel(
        &mut self,
        cx: Ctx,
        candidates: &[RankedPlay],
        plies: u8,
    ) -> Option<Vec<RankedPlay>> {
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
        let results: Vec<(Option<RankedPlay>, SearchStats)> = pool.install(|| {
            candidates
                .par_iter()
                .with_max_len(1)
                .map_init(Tree::default, |tree, c| {
                    if c.evaluated_at.is_exact() {
                        return (Some(*c), SearchStats::default());
                    }
                    tree.begin(deadline, stop, cache_bytes);
                    let v = tree.after_value(cx, &c.play.position, c.after, plies, 0);
                    let value = (!tree.aborted()).then(|| RankedPlay {
                        probabilities: v,
                        equity: v.equity(cx.rules.scoring),
                        evaluated_at: Evaluation::Plies { plies },
                        ..*c
                    });
                    (value, tree.stats)
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

    /// The play to make: the best of [`Self::rank`], but a forced play
    /// (a single candidate) is returned at once without searching.
    pub fn best_play(
        &mut self,
        root: Root<'_>,
        generator: &mut MoveGenerator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Option<Play> {
        match self.search_root(root, generator, settings, limits, true) {
            RootResult::Forced(play) => play,
            RootResult::Ranked(ranking) => ranking.plays.first().map(|r| r.play),
        }
    }

    /// Value of `position` before its side rolls, for that side, searched
    /// with `settings` to `limits.plies` (for `eval`): the value and the
    /// depth reached. `passed`: Express numbers handed to the side on
    /// roll, which it plays (its best play) before rolling (R21). With a
    /// time budget, the deepest complete depth is returned with its value.
    pub fn evaluate_position(
        &mut self,
        position: &Position,
        passed: Option<&plakoto_rules::Numbers>,
        rules: Rules,
        evaluator: &dyn Evaluator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> (Probabilities, u8) {
        if let Some(r) = game_result(position, rules.scoring) {
            return (terminal_probabilities(&r), 0);
        }
        let plies = limits.plies;
        let deadline = limits.deadline();
        let cx = Ctx {
            evaluator,
            rules,
            settings,
        };
        self.tree
            .begin(deadline, &self.stop, self.cache_bytes(cx.settings));
        let mut best = match passed {
            None => (evaluator.evaluate(position, rules), 0),
            Some(n) => (self.tree.best_play_value(cx, position, n, true, 0, 0), 0),
        };
        let first = if deadline.is_some() { 1 } else { plies };
        for depth in first.max(1)..=plies.min(MAX_PLIES) {
            let v = match passed {
                None => self.tree.on_roll_value(cx, position, depth, 0),
                Some(n) => self.tree.best_play_value(cx, position, n, true, depth, 0),
            };
            if self.tree.aborted() {
                break;
            }
            best = (v, depth);
        }
        best
    }
}

/// Sorts by equity, best first; ties keep generation order (stable).
fn sort_best_first(plays: &mut [RankedPlay]) {
    plays.sort_by(|a, b| b.equity.total_cmp(&a.equity));
}
