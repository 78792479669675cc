//! Games on record in the protocol: running `save game|match FILE`,
//! `load game|match FILE`, `show game`, `analyse`, `set player` on the
//! session's state (the record itself is kept from events, see
//! [`plakoto_records::record::Event`]). The format is records.md's.

use std::path::Path;

use super::command::{RecordCommand, Scope};
use super::reply::{ErrorCode, GameListing, LoadedInfo, ProtoError, Reply, SavedInfo};
use super::state::{SessionState, turn_info};
use crate::session_search::SessionSearch;
use plakoto_records::analysis::table::analyse_game;
use plakoto_records::record::{
    Event, ReadError, Record, mat, read_record_file, today, write_atomic,
};
use plakoto_rules::MatchId;
use plakoto_rules::position_id;
use plakoto_rules::tavli::Plakoto;

fn io_error(m: impl Into<String>) -> ProtoError {
    ProtoError::new(ErrorCode::Io, m)
}

/// Runs a record command (`search`: the session's evaluator and settings,
/// for `analyse`).
pub fn execute(
    s: &mut SessionState,
    search: &SessionSearch,
    events: &mut Vec<Event>,
    command: &RecordCommand,
) -> Result<Reply, ProtoError> {
    match command {
        RecordCommand::ShowGame => Ok(show_game(s, s.history_of(plakoto_rules::GameKind::Plakoto))),
        RecordCommand::Save(scope, file) => save(
            record_of(s.history_of(plakoto_rules::GameKind::Plakoto), *scope),
            file,
        ),
        RecordCommand::Load(scope, file) => load(s, *scope, file),
        RecordCommand::Analyse(scope) => analyse(s, search, *scope),
        RecordCommand::SetPlayer(side, name) => {
            s.players[side.index()] = name.clone();
            events.push(Event::PlayerNamed(*side, name.clone()));
            Ok(Reply::Setting {
                name: format!("player {side} name"),
                value: name.clone(),
            })
        }
    }
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

/// `analyse game|match`: the session's record analysed at the session's
/// plies (the game in progress up to its last play).
fn analyse(s: &SessionState, search: &SessionSearch, scope: Scope) -> Result<Reply, ProtoError> {
    let record = record_of(s.history_of(plakoto_rules::GameKind::Plakoto), scope);
    if record.turn_count() == 0 {
        return Err(ProtoError::new(ErrorCode::State, "no play to analyse yet"));
    }
    let plies = search.settings().plies;
    let evaluator = search.get::<Plakoto>().evaluator.as_ref();
    let settings = search.settings();
    let analysis = analyse_game::<Plakoto>(&record, evaluator, settings, plies, &|| {})
        .map_err(|e| ProtoError::new(ErrorCode::BadRecord, e.to_string()))?;
    Ok(Reply::Analysis(Box::new(analysis)))
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

fn load(s: &mut SessionState, scope: Scope, file: &str) -> Result<Reply, ProtoError> {
    let record = read_for(scope, file)?;
    let replay = record
        .replay()
        .map_err(|e| ProtoError::new(ErrorCode::BadRecord, format!("{file}: {e}")))?;
    s.games.get_mut::<plakoto_rules::tavli::Plakoto>().table = replay.game;
    s.score = replay.score;
    s.score.length = record.header.match_length;
    s.next_starter = replay.next_starter;
    s.players = [record.header.x.clone(), record.header.o.clone()];
    let game = s.games.plakoto();
    let history = s.history_of_mut(plakoto_rules::GameKind::Plakoto);
    *history = record;
    history.header.date = None;
    Ok(Reply::Loaded(LoadedInfo {
        file: file.to_string(),
        games: history.games.len(),
        turns: replay.turns.len(),
        position_id: position_id(game.position()),
        match_id: MatchId::of(&game, &s.score).to_string(),
        turn: turn_info(&game),
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
