//! Players of games refereed through the game layer
//! ([`super::tavli_referee`]): the player trait, the random player, and
//! engine processes driven through the protocol.
//!
//! An engine process is told the game after it starts
//! (`set game portes`), then the game's switches that differ from their
//! defaults (`set fevga.release reach_quarter`), and again whenever a
//! game of another kind follows (a Tavli match, whose players of the
//! three games share one process); an engine that refuses either does
//! not play that game and faults with [`FaultKind::UnsupportedGame`] and
//! a reason that says so.
//! Then each turn is
//! `set position <Position ID>:<Match ID>` and `play`, whose first line is
//! the play in the game's notation. The protocol's default game (Plakoto,
//! [`ToolsGame::ENGINE_DEFAULT`]) is not told in a run of it alone, and
//! an engine from before `set position` is set with `set board` and
//! `set matchid` ([`PositionCommands`]), learnt when it starts.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::engine_process::{EngineProcess, Reply, shorten};
use super::fault::{Fault, FaultKind};
use super::player::PlayerOptions;
use crate::ToolsGame;
use plakoto_engine::match_equity::tavli::TavliMatchContext;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{GameKind, MatchScore, Side, TavliGame};

/// What the referee asks a player on its turn.
pub struct TavliTurn<'a, G: TavliGame> {
    /// The game with its switches.
    pub game: &'a G,
    /// The side on roll.
    pub side: Side,
    /// The position, seen from the side on roll.
    pub position: &'a G::Position,
    /// The dice rolled, or the numbers the last turn carried (R21).
    pub to_play: ToPlay<G::Carried>,
    /// The legal plays (a list the referee's generator may cut short:
    /// [`TavliGame::truncated`]).
    pub legal: &'a G::PlayList,
    /// The Match ID of the turn, in the game's own form.
    pub match_id: String,
    /// The length and X's and O's score of a match of this game alone
    /// (`--match-to`), for built-ins that play for it; length 0 in single
    /// games and in a Tavli match (whose context is `in_match`).
    pub game_match: MatchScore,
    /// In a Tavli match, the mover's match context: a built-in that plays
    /// for the match values plays by its match-winning chances.
    pub in_match: Option<&'a TavliMatchContext>,
}

/// A player's choice.
#[derive(Clone, Debug)]
pub enum TavliAnswer<G: TavliGame> {
    /// One of the legal plays (built-in players).
    Play(G::Play),
    /// A play as an engine wrote it; the referee resolves it.
    Notation(String),
}

/// A player of `G` as a run holds it.
pub type BoxedPlayer<G> = Box<dyn TavliPlayer<G>>;

/// Something that chooses plays of `G`. One instance plays one seat at a
/// time and is used by one thread.
pub trait TavliPlayer<G: TavliGame>: Send {
    /// Display name.
    fn name(&self) -> &str;

    /// Called before each game, with a seed that depends only on the run's
    /// seed and the game's place in the run.
    fn begin_game(&mut self, _seed: u64) -> Result<(), Fault> {
        Ok(())
    }

    /// Chooses a play for the side on roll.
    fn choose(&mut self, turn: &TavliTurn<'_, G>) -> Result<TavliAnswer<G>, Fault>;

    /// Called after this player faulted: drop any state that may be broken.
    fn reset_after_fault(&mut self) {}
}

/// Plays a uniformly random legal play, from a per-game seeded generator.
pub struct TavliRandomPlayer {
    name: String,
    rng: ChaCha8Rng,
}

impl TavliRandomPlayer {
    /// A random player called `name`.
    pub fn new(name: &str) -> TavliRandomPlayer {
        TavliRandomPlayer {
            name: name.to_string(),
            rng: ChaCha8Rng::seed_from_u64(0),
        }
    }
}

impl<G: TavliGame> TavliPlayer<G> for TavliRandomPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn begin_game(&mut self, seed: u64) -> Result<(), Fault> {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(())
    }

    fn choose(&mut self, turn: &TavliTurn<'_, G>) -> Result<TavliAnswer<G>, Fault> {
        turn.game
            .plays(turn.legal)
            .choose(&mut self.rng)
            .map(|p| TavliAnswer::Play(*p))
            .ok_or_else(|| Fault::new(FaultKind::Illegal, "no legal play to choose from"))
    }
}

/// How a process player sets a position on its engine, learnt when the
/// engine starts (protocol.md, "The smallest engine").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionCommands {
    /// `set position P:M`, one command.
    SetPosition,
    /// `set board P` then `set matchid M` (engines from before
    /// `set position`).
    BoardThenMatchId,
}

impl PositionCommands {
    /// Asks a started engine: `known_command set position`, else
    /// `list_commands`. An engine answering neither is sent `set position`
    /// and, if it answers `? unknown_command`, the two older commands.
    pub fn learn(engine: &mut EngineProcess, deadline: Instant) -> Result<Option<Self>, Fault> {
        let reply = engine.request("known_command set position", deadline)?;
        if reply.ok {
            return Ok(Some(match reply.first().trim() {
                "true" => PositionCommands::SetPosition,
                _ => PositionCommands::BoardThenMatchId,
            }));
        }
        let reply = engine.request("list_commands", deadline)?;
        if reply.ok {
            let listed = reply.payload.iter().any(|line| {
                let words: Vec<&str> = line.split_whitespace().take(2).collect();
                words == ["set", "position"]
            });
            return Ok(Some(if listed {
                PositionCommands::SetPosition
            } else {
                PositionCommands::BoardThenMatchId
            }));
        }
        Ok(None)
    }

    /// The commands that set the position `position` (its Position ID)
    /// with the Match ID `match_id`.
    pub fn commands(self, position: &str, match_id: &str) -> Vec<String> {
        match self {
            // Board and match state in one command: nothing depends on
            // what the engine held before.
            PositionCommands::SetPosition => {
                vec![format!("set position {position}:{match_id}")]
            }
            // Board first: the Match ID is checked against the board held
            // (protocol.md, `set matchid`).
            PositionCommands::BoardThenMatchId => vec![
                format!("set board {position}"),
                format!("set matchid {match_id}"),
            ],
        }
    }
}

/// An engine process as its players hold it: one player of one game, or
/// the players of every game of a Tavli match sharing one process
/// ([`SharedEngine`]), with the game it was last told (`set game`).
#[derive(Default)]
pub struct EngineSlot {
    engine: Option<EngineProcess>,
    game: Option<GameKind>,
    /// How positions are set on the engine; `None`: not learnt (the
    /// engine answered neither discovery command).
    positions: Option<PositionCommands>,
}

impl EngineSlot {
    /// A slot holding `engine`, started and told no game yet.
    pub fn with(engine: EngineProcess) -> EngineSlot {
        EngineSlot {
            engine: Some(engine),
            game: None,
            positions: Some(PositionCommands::SetPosition),
        }
    }
}

/// One engine process shared by a contestant's players of several games.
pub type SharedEngine = Arc<Mutex<EngineSlot>>;

/// An engine process playing `G` through the protocol. Started on first
/// use, restarted after a fault. Before a game of `G` the engine is told
/// the game and its switches whenever it was last told another game (or
/// none): once in a run of single games, before every game of a Tavli
/// match that changes the game. An engine that refuses either faults
/// with [`FaultKind::UnsupportedGame`].
pub struct TavliProcessPlayer<G> {
    command: String,
    options: PlayerOptions,
    slot: SharedEngine,
    /// Whether the engine is told the game (`set game`): always, but in a
    /// run of the protocol's default game alone.
    announce: bool,
    /// What follows `set game` ([`ToolsGame::engine_setup`]).
    setup: Vec<String>,
    /// The switches, to name them when the engine refuses one.
    switches: Option<String>,
    game: PhantomData<fn() -> G>,
}

impl<G: ToolsGame> TavliProcessPlayer<G> {
    /// A player that runs `command` (through `sh -c`) to play `game`, in
    /// a run of that game alone.
    pub fn new(game: &G, command: &str, options: PlayerOptions) -> Self {
        TavliProcessPlayer {
            announce: !G::ENGINE_DEFAULT,
            ..Self::sharing(game, command, options, SharedEngine::default())
        }
    }

    /// A player of `game` playing with the engine in `slot` (started there
    /// with `command` when empty), which players of other games share.
    pub fn sharing(game: &G, command: &str, options: PlayerOptions, slot: SharedEngine) -> Self {
        TavliProcessPlayer {
            command: command.to_string(),
            options,
            slot,
            announce: true,
            setup: game.engine_setup(),
            switches: game.switch_words(),
            game: PhantomData,
        }
    }

    /// A player whose engine is started and told the game now: the arena
    /// checks an engine this way before a run, and plays with it.
    pub fn started(game: &G, command: &str, options: PlayerOptions) -> Result<Self, Fault> {
        let mut player = Self::new(game, command, options);
        player.with_engine(|_, _| Ok(()))?;
        Ok(player)
    }

    /// How positions are set on the engine, once it has started (`None`
    /// until then, and while the engine answered no discovery command).
    pub fn position_commands(&self) -> Option<PositionCommands> {
        self.slot
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .positions
    }

    /// Runs `work` on the engine, started if needed and told `G` if it
    /// was last told another game.
    fn with_engine<T>(
        &mut self,
        work: impl FnOnce(&mut EngineProcess, &mut Option<PositionCommands>) -> Result<T, Fault>,
    ) -> Result<T, Fault> {
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        if slot.engine.is_none() {
            let mut engine = EngineProcess::start_patiently(
                &self.command,
                self.options.start_timeout,
                self.options.show_stderr,
            )?;
            // An engine that is not told the game may be from before
            // `set position` too: ask it. Others have `set position`.
            slot.positions = if self.announce {
                Some(PositionCommands::SetPosition)
            } else {
                let deadline = Instant::now() + self.options.start_timeout;
                PositionCommands::learn(&mut engine, deadline)?
            };
            slot.engine = Some(engine);
            slot.game = None;
        }
        let slot = &mut *slot;
        let engine = slot.engine.as_mut().expect("started above");
        if self.announce && slot.game != Some(G::KIND) {
            let deadline = Instant::now() + self.options.start_timeout;
            self.tell_game(engine, deadline)?;
            slot.game = Some(G::KIND);
        }
        work(engine, &mut slot.positions)
    }

    /// `set game` and the switches off their defaults; a refusal says the
    /// engine does not play the game (or not under these switches).
    fn tell_game(&self, engine: &mut EngineProcess, deadline: Instant) -> Result<(), Fault> {
        let set_game = format!("set game {}", G::KIND);
        let commands = std::iter::once(set_game.clone()).chain(self.setup.iter().cloned());
        for command in commands {
            let reply = engine.request(&command, deadline)?;
            if !reply.ok {
                // A refused switch: the engine plays the game, but not
                // under the run's switches.
                let under = match &self.switches {
                    Some(switches) if command != set_game => format!(" with {switches}"),
                    _ => String::new(),
                };
                return Err(Fault::new(
                    FaultKind::UnsupportedGame,
                    format!(
                        "the engine does not play {}{under}: '{command}' answered '? {}'",
                        title(G::KIND.as_str()),
                        shorten(reply.first())
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// A game's name with a capital (`Portes`).
fn title(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn refused(command: &str, reply: &Reply) -> Fault {
    Fault::new(
        FaultKind::ErrorReply,
        format!("'{command}' answered '? {}'", shorten(reply.first())),
    )
}

/// Sets `position` with `match_id` on `engine`, by the commands learnt
/// (`known`); not learnt, by `set position`, and by the older pair from
/// then on if the engine answers `? unknown_command`.
fn set_position(
    engine: &mut EngineProcess,
    known: &mut Option<PositionCommands>,
    position: &str,
    match_id: &str,
    deadline: Instant,
) -> Result<(), Fault> {
    let how = known.unwrap_or(PositionCommands::SetPosition);
    for command in how.commands(position, match_id) {
        let reply = engine.request(&command, deadline)?;
        if reply.ok {
            continue;
        }
        if known.is_none() && reply.error_code().as_deref() == Some("unknown_command") {
            *known = Some(PositionCommands::BoardThenMatchId);
            return set_position(engine, known, position, match_id, deadline);
        }
        return Err(refused(&command, &reply));
    }
    known.get_or_insert(how);
    Ok(())
}

impl<G: ToolsGame> TavliPlayer<G> for TavliProcessPlayer<G> {
    fn name(&self) -> &str {
        &self.command
    }

    fn begin_game(&mut self, _seed: u64) -> Result<(), Fault> {
        self.with_engine(|_, _| Ok(()))
    }

    fn choose(&mut self, turn: &TavliTurn<'_, G>) -> Result<TavliAnswer<G>, Fault> {
        let deadline = Instant::now() + self.options.move_timeout;
        let position = turn.game.position_id(turn.position);
        self.with_engine(|engine, positions| {
            set_position(engine, positions, &position, &turn.match_id, deadline)?;
            let reply = engine.request("play", deadline)?;
            if !reply.ok {
                return Err(refused("play", &reply));
            }
            let text = reply.first().to_string();
            if text.is_empty() {
                return Err(Fault::new(FaultKind::Garbage, "'play' answered no play"));
            }
            Ok(TavliAnswer::Notation(text))
        })
    }

    fn reset_after_fault(&mut self) {
        // Dropping stops the process; the next game starts a fresh one
        // (for every game sharing it).
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        *slot = EngineSlot::default();
    }
}
