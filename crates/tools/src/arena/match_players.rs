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

use plakoto_rules::tavli::{Fevga, Plakoto, Portes, TavliGames};
use plakoto_rules::{GameKind, TavliGame, with_game};

use super::engine_process::EngineProcess;
use super::error::PlayerError;
use super::player::PlayerOptions;
use super::tavli_player::{BoxedPlayer, EngineSlot, SharedEngine, TavliPlayer, TavliProcessPlayer};
use super::tavli_players::BUILTIN_PREFIX;
use super::tavli_players::make_tavli_player;
use crate::ToolsGame;

/// One contestant's players, one per game of the sequence.
#[derive(Default)]
pub struct MatchPlayers {
    pub(crate) portes: Option<BoxedPlayer<Portes>>,
    pub(crate) plakoto: Option<BoxedPlayer<Plakoto>>,
    pub(crate) fevga: Option<BoxedPlayer<Fevga>>,
}

/// A worker's move generators, one per game.
pub struct MatchGenerators {
    pub(crate) portes: <Portes as TavliGame>::Generator,
    pub(crate) plakoto: <Plakoto as TavliGame>::Generator,
    pub(crate) fevga: <Fevga as TavliGame>::Generator,
}

impl MatchGenerators {
    /// Generators with empty buffers for `games`.
    pub fn new(games: &TavliGames) -> MatchGenerators {
        MatchGenerators {
            portes: games.portes.generator(),
            plakoto: games.plakoto.generator(),
            fevga: games.fevga.generator(),
        }
    }
}

impl MatchPlayers {
    /// The player of `G`, made for every game of the sequence.
    pub fn player<G: ToolsGame>(&mut self) -> &mut dyn TavliPlayer<G> {
        G::slot(self)
            .as_deref_mut()
            .expect("a player is made for every game of the sequence")
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
        with_game!(*kind, G => add::<G>(&mut players, games, spec, options, &engine)?);
    }
    Ok(players)
}

/// Makes the player of `G` unless made.
fn add<G: ToolsGame>(
    players: &mut MatchPlayers,
    games: &TavliGames,
    spec: &str,
    options: &PlayerOptions,
    engine: &SharedEngine,
) -> Result<(), PlayerError> {
    if G::slot(players).is_some() {
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
    *G::slot(players) = Some(player);
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
