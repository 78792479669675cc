//! A contestant of a Tavli match (`--game tavli`): its player of each
//! game the match's sequence plays, and the move generators of a worker.
//!
//! A built-in name (`builtin:heuristic`) makes each game's own built-in
//! of that name ([`crate::ToolsGame`]); a name some game of the sequence
//! lacks is refused before the run. An engine command makes one player
//! per game, all sharing one engine process ([`SharedEngine`]): it is
//! told `set game <kind>` and the game's switches before each game of
//! another kind than the last, and an engine that refuses faults
//! [`FaultKind::UnsupportedGame`](super::fault::FaultKind::UnsupportedGame)
//! in that game (the match runner then forfeits the match).

use std::any::Any;

use plakoto_rules::tavli::TavliGames;
use plakoto_rules::{GameKind, TavliGame};

use super::engine_process::EngineProcess;
use super::error::PlayerError;
use super::player::PlayerOptions;
use super::tavli_player::{BoxedPlayer, EngineSlot, SharedEngine, TavliPlayer, TavliProcessPlayer};
use super::tavli_players::BUILTIN_PREFIX;
use super::tavli_players::make_tavli_player;
use crate::{ToolsGame, ToolsGameFns};

/// Values whose types differ by game (a player of each game, a move
/// generator of each game), each found by its type: so that the structs
/// holding them name no game.
#[derive(Default)]
struct ByGame(Vec<Box<dyn Any + Send>>);

impl ByGame {
    /// Whether there is a value of type `T`.
    fn has<T: Any + Send>(&self) -> bool {
        self.0.iter().any(|value| value.is::<T>())
    }

    /// Keeps `value` (the caller makes one of each type).
    fn put<T: Any + Send>(&mut self, value: T) {
        self.0.push(Box::new(value));
    }

    /// The value of type `T`, if there is one.
    fn get_mut<T: Any + Send>(&mut self) -> Option<&mut T> {
        self.0
            .iter_mut()
            .find_map(|value| value.downcast_mut::<T>())
    }

    /// The value of type `T`, made by `make` if there is none yet.
    fn get_or_make<T: Any + Send>(&mut self, make: impl FnOnce() -> T) -> &mut T {
        if !self.has::<T>() {
            self.put(make());
        }
        self.get_mut::<T>().expect("a `T` was kept above")
    }
}

/// One contestant's players, one per game of the sequence.
#[derive(Default)]
pub struct MatchPlayers {
    players: ByGame,
}

/// A worker's move generators, one per game played so far, made with
/// empty buffers as each game is first played.
pub struct MatchGenerators {
    games: TavliGames,
    generators: ByGame,
}

impl MatchGenerators {
    /// Generators for `games`, none made yet.
    pub fn new(games: &TavliGames) -> MatchGenerators {
        MatchGenerators {
            games: *games,
            generators: ByGame::default(),
        }
    }

    /// The generator of `G`.
    pub fn of<G: TavliGame>(&mut self) -> &mut G::Generator
    where
        G::Generator: 'static,
    {
        let game = self.games.get::<G>();
        self.generators.get_or_make(|| game.generator())
    }
}

impl MatchPlayers {
    /// The player of `G`, made for every game of the sequence.
    pub fn player<G: ToolsGame>(&mut self) -> &mut dyn TavliPlayer<G> {
        self.players
            .get_mut::<BoxedPlayer<G>>()
            .expect("a player is made for every game of the sequence")
            .as_mut()
    }

    /// Whether the player of `G` is made.
    fn has<G: ToolsGame>(&self) -> bool {
        self.players.has::<BoxedPlayer<G>>()
    }
}

/// The players of `spec` for the games `kinds`: built-ins of each game,
/// or an engine command whose players share `engine` (a fresh process,
/// started on first use, when `None`).
pub fn make_match_players(
    games: &TavliGames,
    kinds: &[GameKind],
    spec: &str,
    options: &PlayerOptions,
    engine: Option<SharedEngine>,
) -> Result<MatchPlayers, PlayerError> {
    let spec = spec.trim();
    let mut players = MatchPlayers::default();
    let engine = engine.unwrap_or_default();
    for kind in kinds {
        (ToolsGameFns::of(*kind).add_match_player)(&mut players, games, spec, options, &engine)?;
    }
    Ok(players)
}

/// Makes the player of `G` unless made.
pub(crate) fn add<G: ToolsGame>(
    players: &mut MatchPlayers,
    games: &TavliGames,
    spec: &str,
    options: &PlayerOptions,
    engine: &SharedEngine,
) -> Result<(), PlayerError> {
    if players.has::<G>() {
        return Ok(());
    }
    let game = games.get::<G>();
    let player: BoxedPlayer<G> = if spec.starts_with(BUILTIN_PREFIX) || spec.is_empty() {
        make_tavli_player(&game, spec, options)?
    } else {
        Box::new(TavliProcessPlayer::sharing(
            &game,
            spec,
            options.clone(),
            engine.clone(),
        ))
    };
    players.players.put(player);
    Ok(())
}

/// As [`make_match_players`], an engine command's process started now and
/// checked with `isready` (not told a game: an engine that does not play
/// one of them still plays the others, and forfeits the matches that
/// reach it): the check before a run, whose players then play.
pub fn preflight_match_players(
    games: &TavliGames,
    kinds: &[GameKind],
    spec: &str,
    options: &PlayerOptions,
) -> Result<MatchPlayers, PlayerError> {
    let command = spec.trim();
    if command.starts_with(BUILTIN_PREFIX) || command.is_empty() {
        return make_match_players(games, kinds, spec, options, None);
    }
    let process =
        EngineProcess::start_patiently(command, options.start_timeout, options.show_stderr)?;
    let engine = SharedEngine::new(std::sync::Mutex::new(EngineSlot::with(process)));
    make_match_players(games, kinds, spec, options, Some(engine))
}
