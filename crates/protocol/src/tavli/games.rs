//! The session's game of each kind as the Tavli match needs it: its
//! record, its result, its header, and a fresh game of it set by hand.

use plakoto_records::record::{Event, Header, Record};
use plakoto_rules::tavli::{Fevga, Portes, TableGame};
use plakoto_rules::{FinalResult, Game, GameKind};

use crate::state::{SessionState, session_header};
use crate::table::{set_up_event, table_header};

/// The session's record of the games of `kind`.
pub(super) fn history(state: &SessionState, kind: GameKind) -> &Record {
    state.history_of(kind)
}

/// The session's record of the games of `kind`, to change.
pub(super) fn history_mut(state: &mut SessionState, kind: GameKind) -> &mut Record {
    match kind {
        GameKind::Plakoto => &mut state.history,
        GameKind::Portes => &mut state.portes_history,
        GameKind::Fevga => &mut state.fevga_history,
    }
}

/// The header of the session's record of `kind`.
pub(super) fn header(state: &SessionState, kind: GameKind) -> Header {
    match kind {
        GameKind::Plakoto => session_header(state),
        GameKind::Portes => table_header::<Portes>(state),
        GameKind::Fevga => table_header::<Fevga>(state),
    }
}

/// The result of the session's game of `kind`, once over.
pub(super) fn result(state: &SessionState, kind: GameKind) -> Option<FinalResult> {
    match kind {
        GameKind::Plakoto => state.game.result(),
        GameKind::Portes => state.portes.result(),
        GameKind::Fevga => state.fevga.result(),
    }
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
    match kind {
        GameKind::Plakoto => {
            state.game = Game::new(state.game.rules());
            Event::PositionSet {
                header: session_header(state),
                game: state.game.clone(),
                score: state.score.score,
            }
        }
        GameKind::Portes => {
            state.portes = TableGame::new(state.portes.game(), state.portes.opening());
            set_up_event::<Portes>(state)
        }
        GameKind::Fevga => {
            state.fevga = TableGame::new(state.fevga.game(), state.fevga.opening());
            set_up_event::<Fevga>(state)
        }
    }
}
