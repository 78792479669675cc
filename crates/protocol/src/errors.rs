//! A refused command ([`ProtoError`]: a stable [`ErrorCode`] and a
//! message), and the protocol's error code for each error of the rules
//! core and the settings, decided by the error's type in one place rather
//! than at each call site.

use plakoto_engine::game::plakoto_turn::TurnError;
use plakoto_rules::{
    BoardTextError, GameError, MatchIdError, PositionError, PositionIdError, RulesError, StateError,
};
use serde::Serialize;

/// The stable error codes (protocol.md lists when each is given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The first word is no command.
    UnknownCommand,
    /// The command's arguments do not parse.
    Syntax,
    /// An argument parses but is out of range or not allowed.
    InvalidArgument,
    /// A Position ID, board text or Match ID does not describe a valid game.
    InvalidPosition,
    /// A play is not legal.
    IllegalMove,
    /// The command is not possible in the current state of the game.
    State,
    /// A file could not be read or written.
    Io,
    /// A game record is malformed or does not replay (records.md).
    BadRecord,
    /// The command has no meaning in the game played (`set game`).
    NotInGame,
}

impl ErrorCode {
    /// The code as written in replies.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnknownCommand => "unknown_command",
            ErrorCode::Syntax => "syntax",
            ErrorCode::InvalidArgument => "invalid_argument",
            ErrorCode::InvalidPosition => "invalid_position",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::State => "state",
            ErrorCode::Io => "io",
            ErrorCode::BadRecord => "bad_record",
            ErrorCode::NotInGame => "not_in_game",
        }
    }
}

/// A refused command: a stable code and a message for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProtoError {
    /// The code.
    pub code: ErrorCode,
    /// What went wrong, in words.
    pub message: String,
}

impl ProtoError {
    /// An error with `code` and `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ProtoError {
        ProtoError {
            code,
            message: message.into(),
        }
    }
}

/// A refused search setting is an invalid argument.
impl From<plakoto_engine::game::SettingsError> for ProtoError {
    fn from(e: plakoto_engine::game::SettingsError) -> ProtoError {
        ProtoError::new(ErrorCode::InvalidArgument, e.to_string())
    }
}

/// Why the engine has no play to offer: the game's reason, or a state
/// error.
impl From<TurnError> for ProtoError {
    fn from(e: TurnError) -> Self {
        match e {
            TurnError::Game(e) => ProtoError::from(e),
            other => ProtoError::new(ErrorCode::State, other.to_string()),
        }
    }
}

impl From<GameError> for ProtoError {
    fn from(e: GameError) -> Self {
        let code = match &e {
            GameError::State(_) => ErrorCode::State,
            GameError::Illegal(_) => ErrorCode::IllegalMove,
            GameError::Notation(_) => ErrorCode::Syntax,
        };
        ProtoError::new(code, e.to_string())
    }
}

/// Parts of a game a client set that do not fit together, as
/// [`plakoto_rules::Game::from_parts`] refuses them (a game marked over on an
/// unfinished board, dice on a finished one, …). The client's data is at
/// fault, not the moment of the command: `invalid_position`, where the same
/// refusal met while the engine rebuilds its own game is a `state` error.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PartsError {
    /// The board set (`set board`) does not fit the game in progress.
    #[error(transparent)]
    Board(GameError),
    /// The Match ID set (`set matchid`, `set position`) does not fit the
    /// board.
    #[error("the Match ID does not fit the board: {0}")]
    MatchId(GameError),
}

impl From<PartsError> for ProtoError {
    fn from(e: PartsError) -> Self {
        ProtoError::new(ErrorCode::InvalidPosition, e.to_string())
    }
}

impl From<StateError> for ProtoError {
    fn from(e: StateError) -> Self {
        ProtoError::new(ErrorCode::State, e.to_string())
    }
}

impl From<RulesError> for ProtoError {
    fn from(e: RulesError) -> Self {
        ProtoError::new(ErrorCode::InvalidArgument, e.to_string())
    }
}

impl From<PositionError> for ProtoError {
    fn from(e: PositionError) -> Self {
        ProtoError::new(ErrorCode::InvalidPosition, e.to_string())
    }
}

impl From<BoardTextError> for ProtoError {
    fn from(e: BoardTextError) -> Self {
        ProtoError::new(ErrorCode::InvalidPosition, e.to_string())
    }
}

/// A Position ID that does not decode is an invalid position.
impl From<PositionIdError> for ProtoError {
    fn from(e: PositionIdError) -> Self {
        ProtoError::new(ErrorCode::InvalidPosition, e.to_string())
    }
}

/// A Match ID that does not decode, or whose fields (the rule set
/// included) do not fit together, is an invalid position.
impl From<MatchIdError> for ProtoError {
    fn from(e: MatchIdError) -> Self {
        ProtoError::new(ErrorCode::InvalidPosition, e.to_string())
    }
}
