//! Engine faults: the ways an engine can fail a game, and the record kept
//! of them. A fault loses the game for the faulty engine (see
//! [`crate::arena::referee`]); the arena restarts it and goes on.

use std::fmt;

/// What went wrong with an engine.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// The engine could not be started.
    Spawn,
    /// The engine exited or closed its output.
    Crash,
    /// No complete reply within the per-move time limit.
    Timeout,
    /// A reply that does not follow the protocol framing, or a play that
    /// cannot be read as play notation.
    Garbage,
    /// A readable play that is not legal in the position.
    Illegal,
    /// The engine answered a referee command with a `?` error.
    ErrorReply,
    /// The engine does not play the game (or its switches): it refused
    /// `set game <kind>` or a `set <switch>` after it. In a Tavli match
    /// this forfeits the match, not only the game
    /// ([`super::tavli_match_runner`]).
    UnsupportedGame,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FaultKind::Spawn => "spawn",
            FaultKind::Crash => "crash",
            FaultKind::Timeout => "timeout",
            FaultKind::Garbage => "garbage",
            FaultKind::Illegal => "illegal",
            FaultKind::ErrorReply => "error_reply",
            FaultKind::UnsupportedGame => "unsupported_game",
        })
    }
}

/// A fault with a human-readable reason.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, thiserror::Error)]
#[error("{kind}: {message}")]
pub struct Fault {
    /// The kind of fault.
    pub kind: FaultKind,
    /// What happened, for the summary and the results file.
    pub message: String,
}

impl Fault {
    /// A fault of `kind` with `message`.
    pub fn new(kind: FaultKind, message: impl Into<String>) -> Fault {
        Fault {
            kind,
            message: message.into(),
        }
    }
}
