//! The session's game of each kind as the Tavli match needs it: its
//! record, its result, its header, and a fresh game of it set by hand
//! (each game's [`GameFns`]).

use plakoto_records::record::{Event, Header, Record};
use plakoto_rules::{FinalResult, GameKind};

use crate::session_game::GameFns;
use crate::state::SessionState;

/// The session's record of the games of `kind`.
pub(super) fn history(state: &SessionState, kind: GameKind) -> &Record {
    state.history_of(kind)
}

/// The session's record of the games of `kind`, to change.
pub(super) fn history_mut(state: &mut SessionState, kind: GameKind) -> &mut Record {
    state.history_of_mut(kind)
}

/// The header of the session's record of `kind`.
pub(super) fn header(state: &SessionState, kind: GameKind) -> Header {
    (GameFns::of(kind).header)(state)
}

/// The result of the session's game of `kind`, once over.
pub(super) fn result(state: &SessionState, kind: GameKind) -> Option<FinalResult> {
    (GameFns::of(kind).result)(state)
}

/// Empties the session's record of `kind` (its header kept up to date):
/// before a game of the match begins, so that it is the record's only
/// game.
pub(super) fn clear_history(state: &mut SessionState, kind: GameKind) {
    let header = header(state, kind);
    *history_mut(state, kind) = Record::new(header);
}

/// Makes the session's game of `kind` a fresh game awaiting its opening
/// roll, and the event that starts its record over from it.
pub(super) fn fresh_game(state: &mut SessionState, kind: GameKind) -> Event {
    let game = GameFns::of(kind);
    (game.reset)(state);
    (game.set_up_event)(state)
}
