//! Games on record in the protocol, for every game's record commands
//! (`table/records.rs`): `show game`'s listing, the record of a game or
//! the match, `save` and reading a file for `load` (the record itself is
//! kept from events, see [`plakoto_records::record::Event`]). The format
//! is records.md's.

use std::path::Path;

use super::command::Scope;
use super::reply::{ErrorCode, GameListing, ProtoError, Reply, SavedInfo};
use super::state::SessionState;
use plakoto_records::record::{ReadError, Record, mat, read_record_file, today, write_atomic};

fn io_error(m: impl Into<String>) -> ProtoError {
    ProtoError::new(ErrorCode::Io, m)
}

/// `show game`: the last game of `history`, the session's game. In a
/// Tavli match its text names the game and numbers it in the match (the
/// record of each game of the match holds that game alone).
pub(crate) fn show_game(state: &SessionState, history: &Record) -> Reply {
    let in_tavli = state
        .tavli
        .as_ref()
        .map(|t| (t.current_number(), state.game_kind));
    Reply::GameListing(GameListing {
        game: history.games.len(),
        record: history.games.last().cloned(),
        in_tavli,
    })
}

/// The session's record of `scope`: the whole record, or its last game
/// alone (no game when none was played yet).
pub(crate) fn record_of(history: &Record, scope: Scope) -> Record {
    match scope {
        Scope::Match => history.clone(),
        Scope::Game => history
            .games
            .len()
            .checked_sub(1)
            .and_then(|i| history.single_game(i))
            .unwrap_or_else(|| Record::new(history.header.clone())),
    }
}

/// `save`: writes `record` (text, or JSON for a `.json` file).
pub(crate) fn save(mut record: Record, file: &str) -> Result<Reply, ProtoError> {
    if record.games.is_empty() {
        return Err(ProtoError::new(
            ErrorCode::State,
            "no game to save: start one with 'new game' or 'roll'",
        ));
    }
    record.header.date = Some(today());
    if mat::is_mat_path(Path::new(file)) {
        // Backgammon programs' match files: Portes only.
        let text = mat::write_mat(&record)
            .map_err(|e| ProtoError::new(ErrorCode::InvalidArgument, format!("{file}: {e}")))?;
        write_atomic(Path::new(file), &text)
            .map_err(|e| io_error(format!("cannot write {file}: {e}")))?;
        return Ok(Reply::Saved(SavedInfo {
            file: file.to_string(),
            games: record.games.len(),
            turns: record.turn_count(),
            format: "mat",
        }));
    }
    let json = file.to_ascii_lowercase().ends_with(".json");
    let text = if json {
        record.to_json()
    } else {
        record.to_string()
    };
    write_atomic(Path::new(file), &text)
        .map_err(|e| io_error(format!("cannot write {file}: {e}")))?;
    Ok(Reply::Saved(SavedInfo {
        file: file.to_string(),
        games: record.games.len(),
        turns: record.turn_count(),
        format: if json { "json" } else { "text" },
    }))
}

/// Reads the record `file` for `load game|match` (`scope`): one game for
/// `load game`. Not replayed yet.
pub(crate) fn read_for(scope: Scope, file: &str) -> Result<Record, ProtoError> {
    let record = if mat::is_mat_path(Path::new(file)) {
        mat::read_mat_file(Path::new(file)).map_err(|e| match e {
            mat::MatFileError::Io(m) => io_error(m),
            mat::MatFileError::Mat(m) => ProtoError::new(ErrorCode::BadRecord, m),
        })?
    } else {
        read_record_file(Path::new(file)).map_err(|e| match e {
            ReadError::Io(m) => io_error(m),
            ReadError::Record(e) => ProtoError::new(ErrorCode::BadRecord, format!("{file}: {e}")),
        })?
    };
    if scope == Scope::Game && record.games.len() != 1 {
        return Err(ProtoError::new(
            ErrorCode::BadRecord,
            format!(
                "{file}: the whole file: it holds {} games: 'load game' reads one game, \
                 'load match' a match",
                record.games.len()
            ),
        ));
    }
    Ok(record)
}
