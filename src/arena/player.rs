//! Players: anything that picks a play for the referee. Built-in players
//! run in-process (fast, no protocol); any other player is an engine
//! command driven through the protocol ([`ProcessPlayer`]).
//!
//! To add a built-in player, add one entry to [`BUILTINS`].

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::engine_process::{EngineProcess, shorten};
use super::fault::{Fault, FaultKind};
use super::pipcount::{PipCountEvaluator, heuristic_evaluator};
use crate::eval::{Evaluator, Probabilities, terminal_probabilities};
use crate::game::{Game, MatchId, Play, PlayList, game_result, position_id};

/// Prefix of built-in player names on the command line.
pub const BUILTIN_PREFIX: &str = "builtin:";

/// What the referee asks a player on its turn.
pub struct TurnRequest<'a> {
    /// The game, with the dice rolled (or Express numbers passed) for the
    /// player on roll.
    pub game: &'a Game,
    /// The legal plays, as the referee computed them.
    pub legal: &'a PlayList,
    /// The Match ID describing the turn (rules, scores, dice, passed numbers).
    pub match_id: MatchId,
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
    /// Most time an engine process has to start and answer `isready`.
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

/// A built-in player the arena can create by name.
pub struct Builtin {
    /// Name after `builtin:`.
    pub name: &'static str,
    /// One line for `--help` and error messages.
    pub about: &'static str,
    /// Creates the player.
    pub make: fn() -> Box<dyn Player>,
}

/// Every built-in player. Extend here.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "random",
        about: "a uniformly random legal play",
        make: || Box::new(RandomPlayer::new("builtin:random")),
    },
    Builtin {
        name: "heuristic",
        about: "the best 0-ply equity of the heuristic evaluator",
        make: || {
            Box::new(EvaluatorPlayer::new(
                "builtin:heuristic",
                heuristic_evaluator(),
            ))
        },
    },
    Builtin {
        name: "ply1",
        about: "the heuristic searched 1 ply (normal move filter)",
        make: || Box::new(super::search_player::SearchPlayer::new("builtin:ply1", 1)),
    },
    Builtin {
        name: "ply2",
        about: "the heuristic searched 2 plies (normal move filter)",
        make: || Box::new(super::search_player::SearchPlayer::new("builtin:ply2", 2)),
    },
    Builtin {
        name: "ply3",
        about: "the heuristic searched 3 plies (normal move filter)",
        make: || Box::new(super::search_player::SearchPlayer::new("builtin:ply3", 3)),
    },
    Builtin {
        name: "net",
        about: "the best 0-ply equity of the neural net (embedded weights, or $PLAKOTO_WEIGHTS)",
        make: || Box::new(EvaluatorPlayer::new("builtin:net", net_evaluator())),
    },
    Builtin {
        name: "net-ply1",
        about: "the neural net searched 1 ply (normal move filter)",
        make: || {
            Box::new(super::search_player::SearchPlayer::with_evaluator(
                "builtin:net-ply1",
                1,
                net_evaluator(),
            ))
        },
    },
    Builtin {
        name: "net-ply2",
        about: "the neural net searched 2 plies (normal move filter)",
        make: || {
            Box::new(super::search_player::SearchPlayer::with_evaluator(
                "builtin:net-ply2",
                2,
                net_evaluator(),
            ))
        },
    },
    Builtin {
        name: "pipcount",
        about: "the best 0-ply equity of a pip-count and pin evaluator",
        make: || {
            Box::new(EvaluatorPlayer::new(
                "builtin:pipcount",
                Box::new(PipCountEvaluator),
            ))
        },
    },
];

/// The net of the built-in net players. Weights that cannot be read are a
/// setup error the run cannot recover from: it stops with the reason.
fn net_evaluator() -> Box<dyn Evaluator> {
    match crate::eval::NetEvaluator::with_default_network() {
        Ok(e) => Box::new(e),
        Err(e) => {
            eprintln!("plakoto: cannot load the net's weights: {e}");
            std::process::exit(2);
        }
    }
}

/// Creates a player from its command-line spec: `builtin:NAME` or a shell
/// command that starts an engine speaking the protocol.
pub fn make_player(spec: &str, options: &PlayerOptions) -> Result<Box<dyn Player>, String> {
    let spec = spec.trim();
    if let Some(name) = spec.strip_prefix(BUILTIN_PREFIX) {
        if name.starts_with("net") {
            crate::eval::net::default_network()
                .map_err(|e| format!("{spec}: cannot load the net's weights: {e}"))?;
        }
        return BUILTINS
            .iter()
            .find(|b| b.name == name)
            .map(|b| (b.make)())
            .ok_or_else(|| {
                let known: Vec<String> = BUILTINS
                    .iter()
                    .map(|b| format!("{BUILTIN_PREFIX}{}", b.name))
                    .collect();
                format!(
                    "unknown built-in player '{spec}' (known: {})",
                    known.join(", ")
                )
            });
    }
    if spec.is_empty() {
        return Err("an empty engine command".into());
    }
    Ok(Box::new(ProcessPlayer::new(spec, options.clone())))
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

/// Plays the legal play with the best 0-ply equity under any evaluator.
pub struct EvaluatorPlayer {
    name: String,
    evaluator: Box<dyn Evaluator>,
    positions: Vec<crate::game::Position>,
    rated: Vec<Probabilities>,
}

impl EvaluatorPlayer {
    /// A player called `name` using `evaluator`.
    pub fn new(name: &str, evaluator: Box<dyn Evaluator>) -> EvaluatorPlayer {
        EvaluatorPlayer {
            name: name.to_string(),
            evaluator,
            positions: Vec::new(),
            rated: Vec::new(),
        }
    }
}

impl Player for EvaluatorPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        let rules = turn.game.rules();
        // After passed Express numbers the mover still rolls next (R21), so
        // the result is rated with the mover on roll; after its own roll
        // the opponent is on roll.
        let mover_stays = turn.game.passed().is_some();
        let plays = &turn.legal.plays;
        let mut equities = vec![f32::NAN; plays.len()];
        self.positions.clear();
        let mut pending = Vec::new();
        for (i, play) in plays.iter().enumerate() {
            match game_result(&play.position, rules.scoring) {
                Some(r) => equities[i] = terminal_probabilities(&r).equity(rules.scoring),
                None => {
                    pending.push(i);
                    self.positions.push(if mover_stays {
                        play.position
                    } else {
                        play.position.flip()
                    });
                }
            }
        }
        self.evaluator
            .evaluate_batch(&self.positions, rules, &mut self.rated);
        for (&i, p) in pending.iter().zip(&self.rated) {
            let p = if mover_stays { *p } else { p.flipped() };
            equities[i] = p.equity(rules.scoring);
        }
        // First best in generation order: deterministic.
        let mut best: Option<usize> = None;
        for (i, e) in equities.iter().enumerate() {
            if best.is_none_or(|b| *e > equities[b]) {
                best = Some(i);
            }
        }
        best.map(|i| Answer::Play(plays[i]))
            .ok_or_else(|| Fault::new(FaultKind::Illegal, "no legal play to choose from"))
    }
}

/// An engine process driven through the protocol. Started on first use,
/// restarted after a fault.
pub struct ProcessPlayer {
    command: String,
    options: PlayerOptions,
    engine: Option<EngineProcess>,
}

impl ProcessPlayer {
    /// A player that runs `command` (through `sh -c`).
    pub fn new(command: &str, options: PlayerOptions) -> ProcessPlayer {
        ProcessPlayer {
            command: command.to_string(),
            options,
            engine: None,
        }
    }

    fn engine(&mut self) -> Result<&mut EngineProcess, Fault> {
        if self.engine.is_none() {
            self.engine = Some(EngineProcess::start(
                &self.command,
                self.options.start_timeout,
                self.options.show_stderr,
            )?);
        }
        Ok(self.engine.as_mut().expect("started above"))
    }
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
        let commands = [
            // Board first: the engine checks a Match ID against the board it
            // holds, which may still be the last game's finished position.
            format!("set board {}", position_id(turn.game.position())),
            format!("set matchid {}", turn.match_id),
            "play".to_string(),
        ];
        let engine = self.engine()?;
        let mut last = None;
        for command in &commands {
            let reply = engine.request(command, deadline)?;
            if !reply.ok {
                return Err(Fault::new(
                    FaultKind::ErrorReply,
                    format!("'{command}' answered '? {}'", shorten(reply.first())),
                ));
            }
            last = Some(reply);
        }
        let text = last.map(|r| r.first().to_string()).unwrap_or_default();
        if text.is_empty() {
            return Err(Fault::new(FaultKind::Garbage, "'play' answered no play"));
        }
        Ok(Answer::Notation(text))
    }

    fn reset_after_fault(&mut self) {
        // Dropping stops the process; the next game starts a fresh one.
        self.engine = None;
    }
}
