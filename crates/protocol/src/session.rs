//! The engine's state between commands and how each command changes it.
//!
//! A command is applied to a copy of the state and the copy is kept only
//! when the command succeeds, so a failed command changes nothing, by
//! construction (dice drawn by a failed `roll` included).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::command::{COMMANDS, Command, Orientation, OutputMode, is_known};
use super::reply::{ErrorCode, ProtoError, Reply};
use super::session_game::{GameFns, speaks_own_words};
use super::session_search::SessionSearch;
use super::show_replies::setting_reply;
use super::state::SessionState;
use super::tools::Tools;
use plakoto_engine::eval::HeuristicEvaluator;
use plakoto_engine::game::{GameEvaluator, SearchSettings, SettingsError};
use plakoto_records::record::Event;
use plakoto_rules::Plakoto;
use plakoto_rules::{Game, GameKind, GenLimits, MatchScore, Rules};

/// The protocol version `protocol_version` reports.
pub const PROTOCOL_VERSION: u32 = 2;

/// An engine session: the state, and the search (each game's evaluator
/// and searcher, the search settings, Plakoto's lists of plays).
pub struct Session {
    state: SessionState,
    search: SessionSearch,
    progress: std::sync::Arc<super::progress::ProgressBoard>,
}

/// Most plays `hint` and `play` consider (see
/// [`plakoto_engine::game::express::CHOICE_LIMIT`]).
pub use plakoto_engine::game::express::CHOICE_LIMIT;

/// Most plays the engine lists for one roll (see
/// [`plakoto_engine::game::express::ENGINE_MAX_POSITIONS`]).
pub use plakoto_engine::game::express::ENGINE_MAX_POSITIONS;

/// What handling one input line produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handled {
    /// The framed reply, its final empty line included.
    pub text: String,
    /// Whether the engine should stop (after `quit`).
    pub quit: bool,
}

impl Session {
    /// A session with the binary's default evaluators, each game's
    /// neural net with its built-in weights (the game's heuristic, with a
    /// warning in the log, where they cannot be read), a fresh game
    /// awaiting its opening roll, and dice seeded with `seed`.
    pub fn new(rules: Rules, seed: u64) -> Session {
        let mut session = Session::with_heuristic(rules, seed);
        for (game, error) in session.set_named_evaluators("net") {
            log::warn!("{}: {game} uses its heuristic", error.message);
        }
        session
    }

    /// A session with the heuristic evaluator (fast and fixed: tests and
    /// transcripts use it), otherwise as [`Session::new`].
    pub fn with_heuristic(rules: Rules, seed: u64) -> Session {
        Session::with_evaluator(rules, seed, Box::new(HeuristicEvaluator::new()))
    }

    /// A session rating Plakoto's plays with `evaluator` (the other games'
    /// with their heuristics), its lists of plays bounded by
    /// [`ENGINE_MAX_POSITIONS`].
    pub fn with_evaluator(
        rules: Rules,
        seed: u64,
        evaluator: Box<dyn GameEvaluator<Plakoto>>,
    ) -> Session {
        let limits = GenLimits {
            max_positions: ENGINE_MAX_POSITIONS,
        };
        Session::with_limits(rules, seed, evaluator, limits)
    }

    /// A session whose move generator keeps at most `limits` plays (lists
    /// past it are reported incomplete). Smaller limits bound time and
    /// memory on Express low doubles.
    pub fn with_limits(
        rules: Rules,
        seed: u64,
        evaluator: Box<dyn GameEvaluator<Plakoto>>,
        limits: GenLimits,
    ) -> Session {
        let mut session = Session {
            state: SessionState {
                score: MatchScore::new(0),
                next_starter: None,
                seed,
                rng: ChaCha8Rng::seed_from_u64(seed),
                output: OutputMode::Text,
                progress: false,
                orientation: Orientation::Noflip,
                players: ["X".into(), "O".into()],
                game_kind: GameKind::default(),
                games: Default::default(),
                tavli_rules: Default::default(),
                tavli: None,
            },
            search: SessionSearch::new(limits),
            progress: Default::default(),
        };
        for kind in GameKind::ALL {
            let (game, searcher) = (GameFns::of(kind).game_session)();
            session.state.games.put(game);
            session.search.put(searcher);
        }
        session.search.get_mut::<Plakoto>().evaluator = evaluator;
        session.state.games.set_plakoto(&Game::new(rules));
        for kind in GameKind::ALL {
            let state = &mut session.state;
            let header = (GameFns::of(kind).header)(state);
            state.history_of_mut(kind).header = header;
        }
        session
    }

    /// Makes the evaluator named `name` the one `game` is searched with;
    /// on error nothing changes.
    pub fn set_game_evaluator(&mut self, game: GameKind, name: &str) -> Result<(), ProtoError> {
        self.search.of_mut(game).set_evaluator(name)
    }

    /// Makes the evaluator named `name` the one each game is searched
    /// with: the games whose evaluator it could not make, and why (they
    /// keep theirs).
    pub fn set_named_evaluators(&mut self, name: &str) -> Vec<(GameKind, ProtoError)> {
        let mut refused = Vec::new();
        for game in GameKind::ALL {
            if let Err(error) = self.set_game_evaluator(game, name) {
                refused.push((game, error));
            }
        }
        refused
    }

    /// Replaces the search settings (e.g. from the command line), after
    /// checking them; on error nothing changes.
    pub fn set_search_settings(&mut self, settings: SearchSettings) -> Result<(), SettingsError> {
        self.search.set_settings(settings)
    }

    /// Lets `stop` end the searches of the following commands (`hint`,
    /// `eval`, `rollout`) early; they then answer with what they have,
    /// marked as stopped. Other commands are not stopped.
    pub fn set_stop(&mut self, stop: plakoto_engine::game::Stop) {
        self.search.set_stop(stop);
    }

    /// Where the running command's search says how far it has got (read
    /// by another thread for progress lines).
    pub fn progress_board(&self) -> std::sync::Arc<super::progress::ProgressBoard> {
        self.progress.clone()
    }

    /// The current state.
    pub fn state(&self) -> &SessionState {
        &self.state
    }

    /// The search settings in force (`show options` lists them).
    pub fn search_settings(&self) -> &SearchSettings {
        self.search.settings()
    }

    /// Frees every game's search caches (the next search allocates them
    /// again; no answer changes): for an engine that waits for its next
    /// command. A `legal` listing is kept for its next page.
    pub fn release_caches(&mut self) {
        self.search.release_caches();
    }

    /// Bytes the search caches of every game hold now: those of the game
    /// played, between commands that come back to back; none once
    /// [`Self::release_caches`] ran.
    pub fn cache_bytes_held(&self) -> usize {
        self.search.cache_bytes_held()
    }

    /// Applies a command; on error nothing changes.
    pub fn apply(&mut self, command: &Command) -> Result<Reply, ProtoError> {
        if let Command::SetEvaluator(kind) = command {
            // Each game has its own evaluators, by name; an evaluator is
            // not part of the state: it is replaced here.
            self.set_game_evaluator(self.state.game_kind, &kind.to_string())?;
            return self.apply(&Command::Show(super::command::ShowWhat::Options));
        }
        if matches!(command, Command::Legal(_)) {
            // `legal` searches nothing, and an Express count is the largest
            // thing the engine holds: the searches' caches do not sit
            // beside it.
            self.search.release_caches();
        } else {
            // `legal` keeps its list and its count only for the next page:
            // any other command starts without them, so that they never
            // sit beside its own searches (an Express count holds tens of
            // megabytes until then).
            self.search.trim();
        }
        let mut next = self.state.clone();
        let mut tools = Tools {
            search: &mut self.search,
            progress: &self.progress,
            events: Vec::new(),
        };
        let reply = execute(&mut next, &mut tools, command);
        let events = std::mem::take(&mut tools.events);
        // A Tavli match goes on with its next game when a game ended.
        let reply = reply.and_then(|reply| {
            let summary = super::tavli::CommandEvents::of(&events);
            record_events(&mut next, events);
            super::tavli::after_command(&mut next, &mut tools, RUNNER, summary, reply)
        });
        // Drop buffers an Express low double grew, so the engine's memory
        // stays that of one roll at a time; `legal` keeps its list for
        // paging through it, until the next command that is not `legal`.
        if matches!(command, Command::Legal(_)) {
            self.search.trim_keeping_listing();
        } else {
            self.search.trim();
        }
        let reply = reply?;
        self.state = next;
        // The caches of the game played now are kept for its next command
        // (see `engine_loop`'s `IDLE`); another game's are done with.
        self.search.release_caches_except(self.state.game_kind);
        Ok(reply)
    }

    /// Reads, applies and answers one input line; `None` for a line with
    /// no command (blank or comment).
    pub fn handle_line(&mut self, line: &str) -> Option<Handled> {
        Some(self.handle_parsed(self.parse(line)?))
    }

    /// Reads a line as the game in play reads it
    /// ([`super::parse::parse_line_for`]); `None` for a line with no
    /// command.
    pub fn parse(&self, line: &str) -> Option<super::parse::Line> {
        super::parse::parse_line_for(line, !speaks_own_words(self.state.game_kind))
    }

    /// Applies and answers a line already read ([`Self::parse`]).
    pub fn handle_parsed(&mut self, parsed: super::parse::Line) -> Handled {
        let quit = parsed.command == Ok(Command::Quit);
        let playing = self.state.game_kind;
        let result = match &parsed.command {
            Ok(command) => self.apply(command),
            Err(error) => Err(error.clone()),
        };
        if let Err(error) = &result {
            log::debug!("refused: {}: {}", error.code.as_str(), error.message);
        }
        // A move that ends a game of a Tavli match is answered about the
        // game it ended, though the session already plays the next one.
        let answered_for = match &result {
            Ok(Reply::Moved(_) | Reply::Played(_)) => playing,
            _ => self.state.game_kind,
        };
        Handled {
            text: super::format::frame_in_game(
                parsed.id.as_deref(),
                &result,
                self.state.output,
                (!speaks_own_words(answered_for)).then_some(answered_for),
            ),
            quit,
        }
    }
}

/// Keeps the session's record up to date with what a command did. An
/// event that does not fit the record (not seen in practice: a turn with
/// no game recorded) starts the record over from the state.
fn record_events(state: &mut SessionState, events: Vec<Event>) {
    // Each game keeps its own record: the events are the game played's.
    for event in events {
        let applied = state.history_of_mut(state.game_kind).apply(event);
        if let Err(error) = applied {
            log::warn!("{error}: the record starts over from the position");
            (GameFns::of(state.game_kind).restart_record)(state);
            return;
        }
    }
}

fn execute(
    state: &mut SessionState,
    tools: &mut Tools,
    command: &Command,
) -> Result<Reply, ProtoError> {
    let reply = match super::tavli::execute(state, tools, RUNNER, command) {
        Some(reply) => reply,
        None => execute_command(state, tools, command),
    };
    reply.map_err(|e| match_over_not_game_over(state, command, e))
}

/// The session's steps the Tavli match runs.
const RUNNER: super::tavli::Runner = super::tavli::Runner {
    execute: execute_command,
    record: record_events,
};

/// A `roll` refused once the match is won says so, not merely that the
/// game is over, and how to start the next match.
fn match_over_not_game_over(state: &SessionState, command: &Command, e: ProtoError) -> ProtoError {
    match state.score.winner() {
        Some(w) if matches!(command, Command::Roll) && e.code == ErrorCode::State => {
            super::show_replies::match_over(&state.score, w, state.tavli.is_some())
        }
        _ => e,
    }
}

/// Applies a command to the state (the Tavli match's own commands and
/// refusals aside: see `execute`).
fn execute_command(
    state: &mut SessionState,
    tools: &mut Tools,
    command: &Command,
) -> Result<Reply, ProtoError> {
    if let Some(reply) = (GameFns::of(state.game_kind).execute)(state, tools, command) {
        return reply;
    }
    match command {
        Command::SetGame(kind) => Ok(set_game(state, *kind)),
        Command::NewGameOf(kind) => {
            set_game(state, *kind);
            execute_command(state, tools, &Command::NewGame)
        }
        Command::NewTavliMatch(_) | Command::Tavli(_) => Err(ProtoError::new(
            ErrorCode::State,
            "the Tavli match's commands are answered by the match",
        )),
        Command::ProtocolVersion => Ok(Reply::ProtocolVersion {
            version: PROTOCOL_VERSION,
        }),
        Command::Name => Ok(Reply::Name {
            name: "plakoto".into(),
        }),
        Command::Version => Ok(Reply::Version {
            version: env!("CARGO_PKG_VERSION").into(),
        }),
        Command::ListCommands => Ok(Reply::Commands {
            commands: COMMANDS.iter().map(|name| name.to_string()).collect(),
        }),
        Command::KnownCommand(words) => Ok(Reply::Known {
            known: is_known(words),
        }),
        Command::Help(words) => super::help::help(words.as_deref()),
        Command::IsReady => Ok(Reply::Ready),
        Command::Quit => Ok(Reply::Bye),
        Command::Stop => Ok(Reply::Stopped),
        Command::SetProgress(on) => {
            state.progress = *on;
            Ok(Reply::Setting {
                name: "progress".to_string(),
                value: if *on { "on" } else { "off" }.to_string(),
            })
        }
        Command::SetSeed(seed) => {
            state.seed = *seed;
            state.rng = ChaCha8Rng::seed_from_u64(*seed);
            Ok(Reply::Seed { seed: *seed })
        }
        Command::SetOutput(mode) => {
            state.output = *mode;
            Ok(Reply::Output { output: *mode })
        }
        Command::SetOrientation(o) => {
            state.orientation = *o;
            Ok(Reply::Orientation { orientation: *o })
        }
        // Replaced by `Session::apply` before the state is copied.
        Command::SetEvaluator(_) => execute_command(
            state,
            tools,
            &Command::Show(super::command::ShowWhat::Options),
        ),
        Command::SetSearch { name, value } => {
            let option =
                super::options::named(name).ok_or_else(|| super::options::family_usage(name))?;
            let set = option
                .set
                .ok_or_else(|| super::options::family_usage(name))?;
            let mut settings = *tools.search.settings();
            let words: Vec<&str> = value.iter().map(String::as_str).collect();
            // The setter checks the value against the settings' range; the
            // handle takes the settings only when all are in range.
            let line = set(&mut settings, &words)
                .map_err(|error| super::options::proto_error(option, error))?;
            tools
                .search
                .set_settings(settings)
                .map_err(|error| ProtoError::new(ErrorCode::InvalidArgument, error.to_string()))?;
            Ok(setting_reply(&settings, &line))
        }
        // Answered by every game above.
        Command::Table(_)
        | Command::NewGame
        | Command::NewMatch(_)
        | Command::SetBoard(_)
        | Command::SetMatchId(_)
        | Command::SetPosition(..)
        | Command::SetTurn(_)
        | Command::SetDice(_)
        | Command::Roll
        | Command::SetRules(_)
        | Command::SetScoring(_)
        | Command::Move(_)
        | Command::Play(_)
        | Command::Hint { .. }
        | Command::Rollout(_)
        | Command::Eval(_)
        | Command::Legal(_)
        | Command::LegalSteps(_)
        | Command::Show(_)
        | Command::Record(_) => Err(ProtoError::new(
            ErrorCode::NotInGame,
            format!("not a command of {}", state.game_kind),
        )),
    }
}

/// `set game`: plays `kind` from now on; a fresh game of it awaits its
/// opening roll (the score and who starts next are the session's).
fn set_game(state: &mut SessionState, kind: GameKind) -> Reply {
    state.game_kind = kind;
    (GameFns::of(kind).reset)(state);
    Reply::Setting {
        name: "game".to_string(),
        value: kind.to_string(),
    }
}
