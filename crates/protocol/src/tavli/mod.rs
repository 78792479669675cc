//! The Tavli match in the protocol (T1–T10): `new match [N] tavli`, the
//! `tavli.…` switches, `set tavli.game`, `show tavli`, the automatic move
//! to the sequence's next game when a game ends, the match's record and
//! its analysis.
//! The rules of the match are the rules core's `TavliMatch`; the games
//! are played by the session's game of each kind, as outside a match.

mod advance;
mod analyse;
mod commands;
mod games;
mod records;

pub use crate::tavli_session::TavliSession;
pub(crate) use advance::{CommandEvents, after_command};
pub(crate) use commands::execute;

use crate::command::Command;
use crate::reply::{ProtoError, Reply};
use crate::tools::Tools;
use plakoto_records::record::Event;

use crate::state::SessionState;
use crate::tavli_replies::TavliInfo;

/// The session's own steps the match runs (passed in, so that the match
/// is a part the session uses and not the other way round): applying a
/// command, and telling a command's events to the records.
#[derive(Clone, Copy)]
pub(crate) struct Runner {
    /// Applies a command as outside a match.
    pub execute: fn(&mut SessionState, &mut Tools, &Command) -> Result<Reply, ProtoError>,
    /// Tells the events to the session's records.
    pub record: fn(&mut SessionState, Vec<Event>),
}

/// Where the session's Tavli match stands, if one is played.
pub(crate) fn info(state: &SessionState) -> Option<TavliInfo> {
    state.tavli.as_ref().map(|t| t.info(state.game_kind))
}
