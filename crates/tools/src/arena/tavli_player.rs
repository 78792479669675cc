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
//! the play in the game's notation.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::engine_process::{EngineProcess, Reply, shorten};
use super::fault::{Fault, FaultKind};
use super::player::PlayerOptions;
use super::refereed_game::RefereedGame;
use plakoto_engine::match_equity::tavli::TavliMatchContext;
use plakoto_rules::{Dice, GameKind, Side, TavliGame};

/// What the referee asks a player on its turn.
pub struct TavliTurn<'a, G: TavliGame> {
    /// The game with its switches.
    pub game: &'a G,
    /// The side on roll.
    pub side: Side,
    /// The position, seen from the side on roll.
    pub position: &'a G::Position,
    /// The dice rolled.
    pub dice: Dice,
    /// The legal plays.
    pub legal: &'a G::PlayList,
    /// The Match ID of the turn, in the game's own form.
    pub match_id: String,
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

/// An engine process as its players hold it: one player of one game, or
/// the players of every game of a Tavli match sharing one process
/// ([`SharedEngine`]), with the game it was last told (`set game`).
#[derive(Default)]
pub struct EngineSlot {
    engine: Option<EngineProcess>,
    game: Option<GameKind>,
}

impl EngineSlot {
    /// A slot holding `engine`, started and told no game yet.
    pub fn with(engine: EngineProcess) -> EngineSlot {
        EngineSlot {
            engine: Some(engine),
            game: None,
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
    /// What follows `set game` ([`RefereedGame::engine_setup`]).
    setup: Vec<String>,
    /// The switches, to name them when the engine refuses one.
    switches: Option<String>,
    game: PhantomData<fn() -> G>,
}

impl<G: RefereedGame> TavliProcessPlayer<G> {
    /// A player that runs `command` (through `sh -c`) to play `game`.
    pub fn new(game: &G, command: &str, options: PlayerOptions) -> Self {
        Self::sharing(game, command, options, SharedEngine::default())
    }

    /// A player of `game` playing with the engine in `slot` (started there
    /// with `command` when empty), which players of other games share.
    pub fn sharing(game: &G, command: &str, options: PlayerOptions, slot: SharedEngine) -> Self {
        TavliProcessPlayer {
            command: command.to_string(),
            options,
            slot,
            setup: game.engine_setup(),
            switches: game.switches(),
            game: PhantomData,
        }
    }

    /// A player whose engine is started and told the game now: the arena
    /// checks an engine this way before a run, and plays with it.
    pub fn started(game: &G, command: &str, options: PlayerOptions) -> Result<Self, Fault> {
        let mut player = Self::new(game, command, options);
        player.with_engine(|_| Ok(()))?;
        Ok(player)
    }

    /// Runs `work` on the engine, started if needed and told `G` if it
    /// was last told another game.
    fn with_engine<T>(
        &mut self,
        work: impl FnOnce(&mut EngineProcess) -> Result<T, Fault>,
    ) -> Result<T, Fault> {
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        if slot.engine.is_none() {
            slot.engine = Some(EngineProcess::start_patiently(
                &self.command,
                self.options.start_timeout,
                self.options.show_stderr,
            )?);
            slot.game = None;
        }
        let slot = &mut *slot;
        let engine = slot.engine.as_mut().expect("started above");
        if slot.game != Some(G::KIND) {
            let deadline = Instant::now() + self.options.start_timeout;
            self.tell_game(engine, deadline)?;
            slot.game = Some(G::KIND);
        }
        work(engine)
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

impl<G: RefereedGame> TavliPlayer<G> for TavliProcessPlayer<G> {
    fn name(&self) -> &str {
        &self.command
    }

    fn begin_game(&mut self, _seed: u64) -> Result<(), Fault> {
        self.with_engine(|_| Ok(()))
    }

    fn choose(&mut self, turn: &TavliTurn<'_, G>) -> Result<TavliAnswer<G>, Fault> {
        let deadline = Instant::now() + self.options.move_timeout;
        let position = turn.game.position_id(turn.position);
        let set = format!("set position {position}:{}", turn.match_id);
        self.with_engine(|engine| {
            let reply = engine.request(&set, deadline)?;
            if !reply.ok {
                return Err(refused(&set, &reply));
            }
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
