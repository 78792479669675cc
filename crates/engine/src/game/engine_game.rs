//! [`EngineGame`]: everything the engine knows of one game above its
//! rules, in one trait, so that each game's engine knowledge stands in one
//! place beside this file (the folders `portes/` and `fevga/`, with their
//! evaluators, nets and exact tables; `plakoto.rs`, whose evaluators are
//! `crate::eval`'s own) and the
//! code that uses it (the move filter, evaluator selection by name, how a
//! search lists a turn's plays, the model of a game in the Tavli match
//! equity table, [`GameModel::of`]) is written once.

use plakoto_rules::tavli::{TavliGames, ToPlay};
use plakoto_rules::{GameKind, TavliGame, with_game};

use super::GameEvaluator;
use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::game_net::NetInputs;
use crate::eval::leaf_cache::hash_of;
use crate::eval::net::weights::WeightsError;
use crate::match_equity::tavli::rates::ENDINGS;
use crate::match_equity::tavli::{GameModel, StarterRates};

/// The names [`evaluator_named`] knows in every game, in the order a help
/// text lists them.
pub const EVALUATOR_NAMES: [&str; 3] = ["heuristic", "pipcount", "net"];

/// How far a search may cut a turn's plays inside its tree (never at its
/// root), for a game whose turns can have too many plays to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayBounds {
    /// Most plays generated for one turn
    /// ([`SearchSettings::inner_max_plays`](super::SearchSettings::inner_max_plays)).
    pub max_plays: usize,
    /// Positions kept after each stage of a turn played in stages
    /// ([`SearchSettings::express_beam`](super::SearchSettings::express_beam)).
    pub beam: usize,
}

/// What the engine knows of a game: its built-in evaluators, how its
/// plays lie in equity and how a search lists them, and its measured
/// outcomes in a Tavli match.
pub trait EngineGame: TavliGame {
    /// The game's net: its inputs, its outcomes, its weight file (and
    /// that file's magic, by which a weight file of another game is named
    /// as such).
    type Net: NetInputs;

    /// Whether the game's plays lie so close together in equity that a
    /// named move-filter preset keeps too many candidates at its first
    /// level (GNU Backgammon's thresholds are in equity, set for games
    /// with hits): a named preset's 2-ply search then also filters at 1 ply
    /// ([`MoveFilter::in_game`](super::MoveFilter::in_game)).
    const CLOSE_PLAYS: bool = false;

    /// The names [`EngineGame::evaluator_named`] takes in this game, in
    /// the order a help text lists them: every game's
    /// ([`EVALUATOR_NAMES`]) and any of its own.
    const EVALUATOR_NAMES: &'static [&'static str] = &EVALUATOR_NAMES;

    /// The game's evaluator named `name` (one of
    /// [`EngineGame::EVALUATOR_NAMES`]); `None` for another name, or when
    /// its weights do not load (logged). Every game's built-ins
    /// ([`evaluator_named`]) unless the game has more.
    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Self>>> {
        evaluator_named::<Self>(name)
    }

    /// The hand-written heuristic, with whatever exact databases the game
    /// has as its exact values (the evaluator `heuristic`).
    fn heuristic_evaluator() -> Box<dyn GameEvaluator<Self>>;

    /// A weak, fast baseline from the pip counts (the evaluator
    /// `pipcount`): an opponent and a speed floor, not a player.
    fn pip_count_evaluator() -> Box<dyn GameEvaluator<Self>>;

    /// The process's net for the game (the evaluator `net`); an error when
    /// its weights do not load.
    fn net_evaluator() -> Result<Box<dyn GameEvaluator<Self>>, WeightsError>;

    /// The share of games ending each way, from the starter's point of
    /// view, under this game's switches, as the net's self-play measured
    /// them (the Tavli match equity table's model of the game).
    fn starter_rates(&self) -> StarterRates;

    /// The hash that places a position in a search's cache of static
    /// evaluations (its low bits choose the slot). Only the speed and the
    /// counts of evaluations depend on it, never a value: a slot keeps its
    /// full position. The default hashes the position's `Hash` bytes
    /// ([`hash_of`]).
    fn leaf_hash(position: &Self::Position) -> u64 {
        hash_of(position)
    }

    /// The value of `position` (side on roll, game not over) from an exact
    /// race table, if one covers it: where a rollout with `race_exact`
    /// stops playing a game out (a race ends in a bear-off the table knows
    /// exactly; other databases, such as a pin endgame's, are left to the
    /// play). The default is `evaluator`'s exact value when its database
    /// is the race table.
    fn race_value(
        &self,
        evaluator: &dyn GameEvaluator<Self>,
        position: &Self::Position,
    ) -> Option<Probabilities> {
        evaluator
            .exact_value(self, position)
            .filter(|(_, database)| *database == ExactDatabase::Race)
            .map(|(p, _)| p)
    }

    /// Fills `out` with a search root's candidates for `to_play` in
    /// `position` when the game cuts them, and says so: a turn may have
    /// more plays than a search can list (Plakoto Express's escalating
    /// doubles, R20), which the game then ranks with `evaluator` through a
    /// beam `beam` wide
    /// ([`SearchSettings::express_root_beam`](super::SearchSettings::express_root_beam)),
    /// as long as the lines kept are legal plays. `false` (the default):
    /// the root lists every legal play as the game generates them.
    #[allow(clippy::too_many_arguments)]
    fn root_plays(
        &self,
        evaluator: &dyn GameEvaluator<Self>,
        generator: &mut Self::Generator,
        position: &Self::Position,
        to_play: &ToPlay<Self::Carried>,
        beam: usize,
        out: &mut Self::PlayList,
    ) -> bool {
        let _ = (evaluator, generator, position, to_play, beam, out);
        false
    }

    /// Fills `out` with the plays of `to_play` in `position` at a node
    /// inside a search tree or a rollout's game (never at a search's
    /// root). The default lists every play, as the game generates them. A
    /// game whose turns may have more plays than a tree can visit (Plakoto
    /// Express's escalating doubles, R20) bounds them within `bounds`,
    /// with a beam ranked by `evaluator`.
    #[allow(clippy::too_many_arguments)]
    fn bounded_plays(
        &self,
        evaluator: &dyn GameEvaluator<Self>,
        generator: &mut Self::Generator,
        position: &Self::Position,
        to_play: &ToPlay<Self::Carried>,
        bounds: PlayBounds,
        out: &mut Self::PlayList,
    ) {
        let _ = (evaluator, bounds);
        match to_play {
            ToPlay::Dice(dice) => self.generate(generator, position, *dice, out),
            ToPlay::Carried(carried) => self.generate_carried(generator, position, carried, out),
        }
    }
}

/// The evaluator of `G` named `kind` (one of [`EVALUATOR_NAMES`]); `None`
/// for any other name, and for `net` when the game's weights do not load
/// (logged: the name is known, but there is no net to give).
pub fn evaluator_named<G: EngineGame>(kind: &str) -> Option<Box<dyn GameEvaluator<G>>> {
    match kind {
        "heuristic" => Some(G::heuristic_evaluator()),
        "pipcount" => Some(G::pip_count_evaluator()),
        "net" => match G::net_evaluator() {
            Ok(net) => Some(net),
            Err(e) => {
                log::warn!("no {} net: {e}", G::KIND);
                None
            }
        },
        _ => None,
    }
}

/// What the engine asks of a game by its kind, as plain answers picked
/// once ([`EngineGameFns::of`], the engine's one `with_game!`).
#[derive(Clone, Copy)]
pub struct EngineGameFns {
    /// [`EngineGame::CLOSE_PLAYS`].
    pub close_plays: bool,
    /// The game's model in a Tavli match under its switches in the games
    /// given ([`GameModel::of_game`]).
    pub model: fn(&TavliGames) -> GameModel,
}

impl EngineGameFns {
    /// The answers of the game `kind`.
    pub fn of(kind: GameKind) -> EngineGameFns {
        with_game!(kind, G => EngineGameFns {
            close_plays: G::CLOSE_PLAYS,
            model: |games| GameModel::of_game(&games.get::<G>()),
        })
    }
}

impl GameModel {
    /// The measured model of `kind` in a Tavli match, under its switches
    /// in `games`.
    pub fn of(kind: GameKind, games: &TavliGames) -> GameModel {
        (EngineGameFns::of(kind).model)(games)
    }

    /// The measured model of `game`: its rates
    /// ([`EngineGame::starter_rates`]), and the points of each ending under
    /// its scoring.
    pub fn of_game<G: EngineGame>(game: &G) -> GameModel {
        GameModel {
            rates: game.starter_rates(),
            points: ENDINGS.map(|e| game.points(e)),
        }
    }
}
