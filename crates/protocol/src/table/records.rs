//! Games on record in a game of the table (Portes): `show game`, `save
//! game|match FILE`, `load game|match FILE`, `analyse game|match` and `set
//! player` on the session's record of that game, which the table's
//! commands keep up to date with their events, as Plakoto's do
//! ([`crate::records`]). The format is records.md's, with the game named
//! in the header.

use plakoto_records::analysis::table::analyse_table;
use plakoto_records::record::Event;

use super::hooks::TableProtocol;
use crate::command::{RecordCommand, Scope};
use crate::records::{read_for, record_of, save, show_game};
use crate::reply::{ErrorCode, LoadedInfo, ProtoError, Reply};
use crate::state::SessionState;
use crate::state::turn_info;
use crate::tools::Tools;

/// Runs a record command in a game of `G`.
pub(crate) fn execute<G: TableProtocol>(
    state: &mut SessionState,
    tools: &mut Tools,
    command: &RecordCommand,
) -> Result<Reply, ProtoError> {
    match command {
        RecordCommand::ShowGame => Ok(show_game(state, G::history(state))),
        RecordCommand::Save(scope, file) => save(record_of(G::history(state), *scope), file),
        RecordCommand::Load(scope, file) => load::<G>(state, *scope, file),
        RecordCommand::Analyse(scope) => analyse::<G>(state, tools, *scope),
        RecordCommand::SetPlayer(side, name) => {
            state.players[side.index()] = name.clone();
            tools.events.push(Event::PlayerNamed(*side, name.clone()));
            Ok(Reply::Setting {
                name: format!("player {side} name"),
                value: name.clone(),
            })
        }
    }
}

fn bad_record(file: &str, e: impl std::fmt::Display) -> ProtoError {
    ProtoError::new(ErrorCode::BadRecord, format!("{file}: {e}"))
}

/// `load`: the record replayed through `G`'s rules becomes the session's
/// game, score, players and record (a record of another game is refused).
fn load<G: TableProtocol>(
    state: &mut SessionState,
    scope: Scope,
    file: &str,
) -> Result<Reply, ProtoError> {
    let record = read_for(scope, file)?;
    let replay = record.replay_game::<G>().map_err(|e| bad_record(file, e))?;
    *G::table_mut(state) = replay.game;
    state.score = replay.score;
    state.score.length = record.header.match_length;
    state.next_starter = replay.next_starter;
    state.players = [record.header.x.clone(), record.header.o.clone()];
    let history = G::history_mut(state);
    *history = record;
    history.header.date = None;
    let table = G::table(state);
    Ok(Reply::Loaded(LoadedInfo {
        file: file.to_string(),
        games: G::history(state).games.len(),
        turns: replay.turns.len(),
        position_id: table.game().position_id(table.position()),
        match_id: G::match_id(table, &state.score),
        turn: turn_info(table),
    }))
}

/// `analyse game|match`: the session's record of `G` analysed at the
/// session's plies by `G`'s evaluator with the session's move filters.
fn analyse<G: TableProtocol>(
    state: &SessionState,
    tools: &Tools,
    scope: Scope,
) -> Result<Reply, ProtoError> {
    let record = record_of(G::history(state), scope);
    if record.turn_count() == 0 {
        return Err(ProtoError::new(ErrorCode::State, "no play to analyse yet"));
    }
    let replay = record
        .replay_game::<G>()
        .map_err(|e| ProtoError::new(ErrorCode::BadRecord, e.to_string()))?;
    let settings = *tools.search.settings();
    let analysis = analyse_table(
        &record,
        &replay,
        tools.search.get::<G>().evaluator.as_ref(),
        &settings,
        settings.plies,
        None,
        &|| {},
    );
    Ok(Reply::Analysis(Box::new(analysis)))
}
