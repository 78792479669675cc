//! The protocol's error code for each error of the rules core, decided by
//! the error's type in one place rather than at each call site.

use std::fmt;

use super::reply::{ErrorCode, ProtoError};
use crate::game::{
    BoardTextError, GameError, MatchIdError, PositionError, PositionIdError, RulesError, StateError,
};

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
/// [`crate::game::Game::from_parts`] refuses them (a game marked over on an
/// unfinished board, dice on a finished one, …). The client's data is at
/// fault, not the moment of the command: `invalid_position`, where the same
/// refusal met while the engine rebuilds its own game is a `state` error.
#[derive(Clone, Debug, PartialEq)]
pub enum PartsError {
    /// The board set (`set board`) does not fit the game in progress.
    Board(GameError),
    /// The Match ID set (`set matchid`, `set position`) does not fit the
    /// board.
    MatchId(GameError),
}

impl fmt::Display for PartsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartsError::Board(e) => e.fmt(f),
            PartsError::MatchId(e) => write!(f, "the Match ID does not fit the board: {e}"),
        }
    }
}

impl std::error::Error for PartsError {}

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
