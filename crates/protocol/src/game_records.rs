//! The session's record of a game as its state makes it: the record's
//! header, and the record started over from the game as it stands (set by
//! hand, or when an event does not fit the record). Written once for every
//! game on record.

use plakoto_records::record::{Event, GameOnRecord, Header, Record, Start, table_set_up};

use crate::state::SessionState;

/// The header of the session's record of `G`: the game and its switches,
/// the match length, the players and the seed.
pub(crate) fn table_header<G: GameOnRecord>(state: &SessionState) -> Header {
    let table = &state.games.get::<G>().table;
    let mut header = Header {
        opening: table.opening(),
        match_length: state.score.length,
        x: state.players[0].clone(),
        o: state.players[1].clone(),
        date: None,
        seed: Some(state.seed),
        ..Header::default()
    };
    table.game().write_header(&mut header);
    header
}

/// The event that starts the record over from `G`'s game as it stands
/// (set by hand).
pub(crate) fn set_up_event<G: GameOnRecord>(state: &SessionState) -> Event {
    Event::GameSetUp {
        header: table_header::<G>(state),
        game: table_set_up(&state.games.get::<G>().table, state.score.score),
    }
}

/// The event that starts a game of `G` on record, begun as `start` says
/// (by the last winner, or by an opening roll).
pub(crate) fn started_event<G: GameOnRecord>(state: &SessionState, start: Start) -> Event {
    Event::GameStarted {
        header: table_header::<G>(state),
        score: state.score.score,
        start,
    }
}

/// The session's record of `G` started over from its game as it stands:
/// when an event does not fit the record.
pub(crate) fn restart<G: GameOnRecord>(state: &mut SessionState) {
    let mut record = Record::default();
    // A set-up event always fits.
    let _ = record.apply(set_up_event::<G>(state));
    state.games.get_mut::<G>().history = record;
}
