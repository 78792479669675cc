//! Evaluation and search over the game layer ([`plakoto_rules::TavliGame`]):
//! one evaluator trait and one n-ply search, written once for every game,
//! so that Portes (and each game after it) is searched by the same code.
//!
//! - [`GameEvaluator`] (from [`crate::eval`]): what rates a game's positions
//!   (side on roll, before it rolls), with its exact databases, if any.
//! - [`EngineGame`]: everything the engine knows of a game above its rules
//!   (its evaluators by name, [`evaluator_named`]; how close its plays lie
//!   in equity; how a search lists a turn's plays, [`PlayBounds`]; its
//!   measured outcomes in a Tavli match), implemented in one file a game:
//!   the folders `portes/` and `fevga/` (each with the game's heuristic,
//!   net and exact race), and `plakoto.rs`.
//! - [`game_equity`]: expected points under the game's scoring switches.
//! - [`PortesHeuristicEvaluator`], [`PortesPipCountEvaluator`] and
//!   [`portes_evaluator`] (selection by name): the Portes evaluators.
//! - [`FevgaHeuristicEvaluator`], [`FevgaPipCountEvaluator`],
//!   [`FevgaNetEvaluator`] and [`fevga_evaluator`] (selection by name):
//!   the Fevga evaluators.
//! - [`plakoto_turn`]: Plakoto's turn as the engine plays it: its lists of
//!   plays (bounded for its own choice, counted for Express low doubles),
//!   the turn ranked, the play chosen surely legal (R10) and a position
//!   valued, through [`GameSearch<Plakoto>`](GameSearch).
//! - [`batch_after`]: the positions after one roll's plays, the batch a
//!   search hands its evaluator.
//! - [`net_pair::NetPair`]: a net as Portes' and Fevga's net evaluators
//!   hold it, in `f32` as trained and as its integer copy.
//! - [`GameAfter`]: what follows a play (the opponent's turn with any
//!   numbers carried to it, R21, or the mover's own roll).
//! - [`GreedyChooser`]: the 0-ply choice of a play (self-play, built-in
//!   players), without a search's ranking.
//! - [`GameSearch`]: the n-ply expectimax with GNU Backgammon's move
//!   filters, the same scheme, settings ([`SearchSettings`]),
//!   limits ([`SearchLimits`]) and stop flag
//!   ([`Stop`]) for every game; it answers with a
//!   [`GameRanking`].
//! - [`rollout()`] ([`GameSearch::rollout`], [`rollout_plays`],
//!   [`rollout_after_plays`]): positions
//!   or a ranking's candidates played out many times on the same dice, by
//!   the evaluator at 0 plies or a search of some plies, with standard
//!   errors (the Plakoto rollout's scheme and result types).

mod after;
pub(crate) mod batches;
mod engine_game;
mod equity;
mod evaluation;
pub mod express;
pub mod fevga;
mod greedy;
mod limits;
pub mod net_pair;
mod pip_race;
mod plakoto;
pub mod plakoto_turn;
pub mod portes;
mod position_hash;
mod prune;
mod ranking;
pub mod rollout;
mod rollout_figures;
mod search;
pub mod settings;
mod stats;
mod stop;
mod tree;
mod trials;

pub use crate::eval::GameEvaluator;
pub use after::GameAfter;
pub use batches::batch_after;
pub use engine_game::{EVALUATOR_NAMES, EngineGame, EngineGameFns, PlayBounds, evaluator_named};
pub use equity::game_equity;
pub(crate) use evaluation::order_deepest_by;
pub use evaluation::{Evaluation, Valuation};
pub use fevga::FevgaNetEvaluator;
pub use fevga::{
    FEVGA_EVALUATORS, FevgaHeuristicEvaluator, FevgaPipCountEvaluator, fevga_evaluator,
};
pub use greedy::GreedyChooser;
pub use limits::SearchLimits;
pub use portes::PortesNetEvaluator;
pub use portes::{
    PORTES_EVALUATORS, PortesHeuristicEvaluator, PortesPipCountEvaluator, portes_evaluator,
};
pub use ranking::{GameRankedPlay, GameRanking};
pub use rollout::{RolloutStart, rollout, rollout_after_plays, rollout_plays};
pub use rollout_figures::{PairedRollout, RolloutError, RolloutProgress, RolloutResult};
pub use search::{GameSearch, Root};
pub use settings::{
    FILTER_LEVEL, FILTER_PLIES, FilterLevel, FilterPreset, MAX_PLIES, MAX_PRUNE,
    MAX_ROLLOUT_TRIALS, MAX_THREADS, MAX_TIME_MS, MoveFilter, PLIES, PRUNE, ROLLOUT_TRIALS, Range,
    RolloutSettings, SearchSettings, SettingsError, THREADS, TIME_MS,
};
pub use stats::SearchStats;
pub use stop::Stop;
