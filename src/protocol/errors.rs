//! The protocol's error code for each error of the rules core, decided by
//! the error's type in one place rather than at each call site.

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
