//! `analyse game|match` in a Tavli match: the match's record (every game,
//! or the game in play alone) analysed game by game, each game by its own
//! game's analysis with the session's evaluator of that game and search
//! settings, its plays valued by the mover's match-winning chances from
//! the Tavli match equity table (records.md, "Analysis" and "Tavli match
//! equity").

use plakoto_records::analysis::tavli::analyse_tavli;
use plakoto_records::record::{Record, RecordError};

use super::records::match_record;
use crate::command::Scope;
use crate::reply::{ErrorCode, ProtoError, Reply};
use crate::session_game::GameFns;
use crate::state::SessionState;
use crate::tools::Tools;

fn bad_record(e: RecordError) -> ProtoError {
    ProtoError::new(ErrorCode::BadRecord, e.to_string())
}

/// The match's record of `scope`: every game, or the last one alone (its
/// number in the match kept, so that it is valued at its place).
fn record_of(state: &SessionState, scope: Scope) -> Record {
    let mut record = match_record(state);
    if scope == Scope::Game && record.games.len() > 1 {
        let earlier = record.games.len() - 1;
        record.games.drain(..earlier);
        if let Some(tavli) = &mut record.header.tavli {
            tavli.first_game += earlier as u32;
        }
    }
    record
}

/// `analyse game|match` in a Tavli match, at the session's plies: the
/// game in play as an analysis of one game, or the whole match.
pub(super) fn analyse(
    state: &SessionState,
    tools: &Tools,
    scope: Scope,
) -> Result<Reply, ProtoError> {
    let record = record_of(state, scope);
    if record.turn_count() == 0 {
        return Err(ProtoError::new(ErrorCode::State, "no play to analyse yet"));
    }
    let plies = tools.search.settings().plies;
    let mut analysis = analyse_tavli(&record, plies, bad_record, |kind, game, in_match| {
        (GameFns::of(kind).analyse_in_match)(game, tools, in_match).map_err(bad_record)
    })?;
    Ok(match scope {
        Scope::Match => Reply::TavliAnalysis(Box::new(analysis)),
        Scope::Game => {
            let game = analysis.games.pop().expect("the record has a game");
            Reply::Analysis(Box::new(game.analysis))
        }
    })
}
