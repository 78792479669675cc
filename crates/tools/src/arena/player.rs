//! Players: anything that picks a play for the referee. Built-in players
//! run in-process (fast, no protocol); any other player is an engine
//! command driven through the protocol ([`ProcessPlayer`]).
//!
//! The arena creates players by name in [`super::registry`].

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::engine_process::{EngineProcess, Reply, shorten};
use super::fault::{Fault, FaultKind};
use plakoto_engine::match_equity::MatchContext;
use plakoto_rules::{Game, MatchId, MatchScore, Play, PlayList, position_id};

/// What the referee asks a player on its turn.
pub struct TurnRequest<'a> {
    /// The game, with the dice rolled (or Express numbers passed) for the
    /// player on roll.
    pub game: &'a Game,
    /// The legal plays, as the referee computed them: on Express low
    /// doubles cut short at its limits (`truncated`), and then a play of
    /// the list may use fewer numbers than R10 requires.
    pub legal: &'a PlayList,
    /// The Match ID describing the turn (rules, scores, dice, passed numbers).
    pub match_id: MatchId,
}

impl TurnRequest<'_> {
    /// The mover's match context (score and match equity table) when the
    /// game is part of a match; `None` in money play. Built-in players
    /// then choose by match-winning chances, as the engine's `play` does.
    pub fn match_context(&self) -> Option<MatchContext> {
        let score = MatchScore {
            length: self.match_id.match_length,
            score: self.match_id.score.map(u32::from),
        };
        MatchContext::of(&score, self.game.on_roll(), self.game.rules())
    }
}

/// A player's choice.
#[derive(Clone, Debug)]
pub enum Answer {
    /// One of the legal plays (built-in players).
    Play(Play),
    /// Play notation as an engine wrote it; the referee checks it.
    Notation(String),
}

/// Something that chooses plays. One instance plays for one seat at a time
/// and is used by one thread.
pub trait Player: Send {
    /// Display name.
    fn name(&self) -> &str;

    /// Called before each game. `seed` depends only on the run's seed and
    /// the game's place in the run, so players with randomness replay the
    /// same way whatever the order of games or the number of threads.
    fn begin_game(&mut self, _seed: u64) -> Result<(), Fault> {
        Ok(())
    }

    /// Chooses a play for the player on roll.
    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault>;

    /// Called after this player faulted: drop any state that may be broken
    /// (an engine process is restarted).
    fn reset_after_fault(&mut self) {}
}

/// Settings shared by all players of a run.
#[derive(Clone, Debug)]
pub struct PlayerOptions {
    /// Most time an engine process has for one move (all its commands).
    pub move_timeout: Duration,
    /// Most time an engine process has to start and answer `isready` on
    /// its first try (each new try allows twice the time of the last).
    pub start_timeout: Duration,
    /// Pass the engines' stderr through (else it is discarded).
    pub show_stderr: bool,
}

impl Default for PlayerOptions {
    fn default() -> Self {
        PlayerOptions {
            move_timeout: Duration::from_millis(5_000),
            start_timeout: Duration::from_millis(10_000),
            show_stderr: false,
        }
    }
}

/// Plays a uniformly random legal play, from a per-game seeded generator.
pub struct RandomPlayer {
    name: String,
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player called `name`.
    pub fn new(name: &str) -> RandomPlayer {
        RandomPlayer {
            name: name.to_string(),
            rng: ChaCha8Rng::seed_from_u64(0),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn begin_game(&mut self, seed: u64) -> Result<(), Fault> {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(())
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        turn.legal
            .plays
            .choose(&mut self.rng)
            .map(|p| Answer::Play(*p))
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

    /// The commands that set the position of `turn`.
    pub fn commands(self, turn: &TurnRequest<'_>) -> Vec<String> {
        let position = position_id(turn.game.position());
        match self {
            // Board and match state in one command: nothing depends on
            // what the engine held before.
            PositionCommands::SetPosition => {
                vec![format!("set position {position}:{}", turn.match_id)]
            }
            // Board first: the Match ID is checked against the board held
            // (protocol.md, `set matchid`).
            PositionCommands::BoardThenMatchId => vec![
                format!("set board {position}"),
                format!("set matchid {}", turn.match_id),
            ],
        }
    }
}

/// An engine process driven through the protocol. Started on first use,
/// restarted after a fault.
pub struct ProcessPlayer {
    command: String,
    options: PlayerOptions,
    engine: Option<EngineProcess>,
    /// `None`: not learnt (the engine answered neither discovery command).
    positions: Option<PositionCommands>,
}

impl ProcessPlayer {
    /// A player that runs `command` (through `sh -c`).
    pub fn new(command: &str, options: PlayerOptions) -> ProcessPlayer {
        ProcessPlayer {
            command: command.to_string(),
            options,
            engine: None,
            positions: None,
        }
    }

    /// A player whose engine is started now (retried as
    /// [`EngineProcess::start_patiently`] does): the arena checks an engine
    /// this way before a run and then plays with the same process.
    pub fn started(command: &str, options: PlayerOptions) -> Result<ProcessPlayer, Fault> {
        let mut player = ProcessPlayer::new(command, options);
        player.engine()?;
        Ok(player)
    }

    /// How positions are set on the engine, once it has started (`None`
    /// until then, and while the engine answered no discovery command).
    pub fn position_commands(&self) -> Option<PositionCommands> {
        self.positions
    }

    fn engine(&mut self) -> Result<&mut EngineProcess, Fault> {
        if self.engine.is_none() {
            let mut engine = EngineProcess::start_patiently(
                &self.command,
                self.options.start_timeout,
                self.options.show_stderr,
            )?;
            let deadline = Instant::now() + self.options.start_timeout;
            self.positions = PositionCommands::learn(&mut engine, deadline)?;
            self.engine = Some(engine);
        }
        Ok(self.engine.as_mut().expect("started above"))
    }

    /// Sets the position of `turn` on the engine.
    fn set_position(&mut self, turn: &TurnRequest<'_>, deadline: Instant) -> Result<(), Fault> {
        let known = self.positions;
        let engine = self.engine()?;
        let how = known.unwrap_or(PositionCommands::SetPosition);
        for command in how.commands(turn) {
            let reply = engine.request(&command, deadline)?;
            if reply.ok {
                continue;
            }
            if known.is_none() && reply.error_code().as_deref() == Some("unknown_command") {
                // Not learnt at start, and `set position` is unknown: use
                // the older pair from now on.
                self.positions = Some(PositionCommands::BoardThenMatchId);
                return self.set_position(turn, deadline);
            }
            return Err(refused(&command, &reply));
        }
        if known.is_none() {
            self.positions = Some(how);
        }
        Ok(())
    }
}

fn refused(command: &str, reply: &Reply) -> Fault {
    Fault::new(
        FaultKind::ErrorReply,
        format!("'{command}' answered '? {}'", shorten(reply.first())),
    )
}

impl Player for ProcessPlayer {
    fn name(&self) -> &str {
        &self.command
    }

    fn begin_game(&mut self, _seed: u64) -> Result<(), Fault> {
        self.engine().map(|_| ())
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        let deadline = Instant::now() + self.options.move_timeout;
        self.set_position(turn, deadline)?;
        let reply = self.engine()?.request("play", deadline)?;
        if !reply.ok {
            return Err(refused("play", &reply));
        }
        let text = reply.first().to_string();
        if text.is_empty() {
            return Err(Fault::new(FaultKind::Garbage, "'play' answered no play"));
        }
        Ok(Answer::Notation(text))
    }

    fn reset_after_fault(&mut self) {
        // Dropping stops the process; the next game starts a fresh one.
        self.engine = None;
        self.positions = None;
    }
}
