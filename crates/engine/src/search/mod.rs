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
//!
//! The searching itself is the game layer's, written once for every game
//! ([`crate::game::GameSearch`] over [`Plakoto`], the evaluator seen
//! through [`PlakotoGameEvaluator`]); this module is Plakoto's shell around
//! it: the Plakoto types ([`Ranking`], [`RankedPlay`], [`After`]) and the
//! lists of plays `legal` pages and a choice is checked against (R10). The
//! settings, limits, stop and the Express beam are the game layer's
//! ([`crate::game::settings`], [`crate::game::express`]), re-exported
//! here; this module depends on the game layer, never the reverse.

mod after;
mod choose;
mod handle;
mod rollout;

use crate::eval::{Evaluator, Probabilities, terminal_probabilities};
use crate::game::{
    GameRankedPlay, GameRanking, GameSearch, PlakotoGameEvaluator, Root as GameRoot,
    order_deepest_by,
};
use plakoto_rules::tavli::Plakoto;
use plakoto_rules::{MoveGenerator, Play, PlayList, Position, Rules, TurnNumbers, game_result};

use crate::game::plakoto_turn::to_play;
pub use after::{After, after_play};
pub use choose::{
    CHOICE_LIMIT, Choice, ENGINE_MAX_POSITIONS, PlayCache, PlayLists, TurnError, turn_of,
};
pub use handle::SearchHandle;
pub use rollout::{rollout_paired, rollout_paired_until, rollout_plays, rollout_plays_until};
// The settings, limits, stop, counters and rollout figures are the game
// layer's, shared by every game's search: callers name them there
// (`crate::game`), so what still imports this module is what still
// depends on Plakoto's shell.
use crate::game::{Evaluation, SearchLimits, SearchSettings, SearchStats, Stop, Valuation};

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

/// A reusable searcher: buffers and a per-search cache, no settings (each
/// search is given its own). One per thread (it is `Send`, not shared).
///
/// Its roots are ranked by the game layer's search
/// ([`GameSearch<Plakoto>`](crate::game::GameSearch)) with the evaluator
/// seen through [`PlakotoGameEvaluator`]: one search for every game.
#[derive(Default)]
pub struct Search {
    /// The searches.
    games: GameSearch<Plakoto>,
}

impl Search {
    /// A searcher with empty buffers.
    pub fn new() -> Search {
        Search::default()
    }

    /// Lets `stop` end the following searches early: each then answers
    /// with its deepest complete level, as when time runs out.
    pub fn set_stop(&mut self, stop: Stop) {
        self.games.set_stop(stop);
    }

    /// What may stop the searches ([`Search::set_stop`]).
    pub fn stop(&self) -> &Stop {
        self.games.stop()
    }

    /// Makes this searcher one of `sharers` running at once (a rollout's
    /// players, one a thread), each given that share of the settings'
    /// cache budget: the budget is the session's, not each thread's.
    pub fn share_cache(&mut self, sharers: usize) {
        self.games.share_cache(sharers);
    }

    /// Bytes this searcher's caches hold now.
    pub fn cache_bytes_held(&self) -> usize {
        self.games.cache_bytes_held()
    }

    /// Frees the caches and what the last searches grew past ordinary
    /// needs (root lists of an Express low double), keeping the engine's
    /// memory between commands that of its buffers. The next search
    /// allocates its caches again (a 4 MB table at the default budget,
    /// filled once: little beside a search).
    pub fn trim(&mut self) {
        self.games.trim();
    }

    /// Ranks every legal play of the `root` turn, best first, searched with
    /// `settings` to `limits.plies` within `limits.time_ms` (the settings'
    /// own `plies` and `time_ms` are not read: see
    /// [`SearchSettings::limits`]). `generator` makes the root plays (its
    /// limits decide how Express low doubles are cut), but for an Express
    /// chain of several groups (R20), ranked through the Express root
    /// beam when its lines use every number.
    pub fn rank(
        &mut self,
        root: Root<'_>,
        generator: &mut MoveGenerator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Ranking {
        let game = Plakoto::new(root.rules);
        let evaluator = PlakotoGameEvaluator(root.evaluator);
        let turn = to_play(root.turn);
        let at = GameRoot::new(&game, &evaluator, root.position, &turn);
        ranking_of(
            self.games
                .rank_turn_generated(at, generator, settings, limits),
        )
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
        let game = Plakoto::new(root.rules);
        let evaluator = PlakotoGameEvaluator(root.evaluator);
        let turn = to_play(root.turn);
        let ranking =
            self.games
                .rank_plays(&game, &evaluator, &turn, &plays.plays, settings, limits);
        Ranking {
            truncated: plays.truncated,
            ..ranking_of(ranking)
        }
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
        let game = Plakoto::new(root.rules);
        let evaluator = PlakotoGameEvaluator(root.evaluator);
        let turn = to_play(root.turn);
        let at = GameRoot::new(&game, &evaluator, root.position, &turn);
        self.games
            .choose_turn_generated(at, generator, settings, limits)
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
        let game = Plakoto::new(rules);
        let evaluator = PlakotoGameEvaluator(evaluator);
        self.games.search_value(
            &game,
            &evaluator,
            position,
            passed.copied(),
            settings,
            limits,
        )
    }
}

/// A ranked play of the game layer as the Plakoto search's.
impl From<GameRankedPlay<Plakoto>> for RankedPlay {
    fn from(r: GameRankedPlay<Plakoto>) -> RankedPlay {
        RankedPlay {
            play: r.play,
            after: r.after.into(),
            probabilities: r.probabilities,
            equity: r.equity,
            evaluated_at: r.evaluated_at,
        }
    }
}

/// A ranked play of the Plakoto search as the game layer's.
impl From<RankedPlay> for GameRankedPlay<Plakoto> {
    fn from(r: RankedPlay) -> GameRankedPlay<Plakoto> {
        GameRankedPlay {
            play: r.play,
            after: r.after.into(),
            probabilities: r.probabilities,
            equity: r.equity,
            evaluated_at: r.evaluated_at,
        }
    }
}

/// The game layer's ranking of a Plakoto turn as the Plakoto search's.
fn ranking_of(ranking: GameRanking<Plakoto>) -> Ranking {
    Ranking {
        plays: ranking.plays.into_iter().map(RankedPlay::from).collect(),
        limits: ranking.limits,
        plies: ranking.plies,
        timed_out: ranking.timed_out,
        truncated: ranking.truncated,
        stats: ranking.stats,
    }
}
