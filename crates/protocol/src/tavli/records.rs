//! The Tavli match on record (records.md, "Tavli match records"): `save
//! match` writes every game of the match, each naming its kind, as one
//! record; `load match` of such a record replays it and restores the
//! match, its game in play and the records of the session.

use plakoto_records::record::{Header, Record, RecordedGame, TavliHeader};
use plakoto_rules::Portes;
use plakoto_rules::{GameKind, MatchScore};

use super::{Runner, TavliSession, games};
use crate::command::{Command, ShowWhat};
use crate::reply::{ErrorCode, LoadedInfo, ProtoError, Reply};
use crate::session_game::GameFns;
use crate::state::SessionState;
use crate::tools::Tools;

/// The header of the match's record: every game's switches, the match's
/// own fields, the players and the seed.
fn match_header(state: &SessionState, session: &TavliSession) -> Header {
    let rules = session.tavli.rules();
    let first_game = session.tavli.finished() - session.tavli.games().len() as u32 + 1;
    Header {
        games: state.games.switches(),
        opening: state.table::<Portes>().opening(),
        match_length: rules.target,
        x: state.players[0].clone(),
        o: state.players[1].clone(),
        date: None,
        seed: Some(state.seed),
        tavli: Some(TavliHeader {
            sequence: rules.sequence.clone(),
            after_draw: rules.after_draw,
            first_game,
        }),
        ..Header::default()
    }
}

/// The match's record: its games over, and the game in play as the
/// session's record of its kind holds it.
pub(super) fn match_record(state: &SessionState) -> Record {
    let session = state.tavli.as_ref().expect("a match is played");
    let mut record = Record::new(match_header(state, session));
    record.games = session.games.clone();
    if !session.current_recorded() {
        let kind = state.game_kind;
        record.games.extend(
            games::history(state, kind)
                .games
                .last()
                .map(|g| RecordedGame {
                    kind: Some(kind),
                    ..g.clone()
                }),
        );
    }
    record
}

/// `game` with the lines it was read from forgotten.
fn unlined(mut game: RecordedGame) -> RecordedGame {
    game.line = 0;
    game.result_line = 0;
    for turn in &mut game.turns {
        turn.line = 0;
    }
    if let Some(pending) = &mut game.pending {
        pending.line = 0;
    }
    game
}

/// `load match` of a Tavli match record: the match, its game in play,
/// the games' switches, the players and the records, as the record
/// leaves them.
pub(super) fn load(
    state: &mut SessionState,
    tools: &mut Tools,
    runner: Runner,
    record: &Record,
    file: &str,
) -> Result<Reply, ProtoError> {
    let replay = record
        .replay_tavli()
        .map_err(|e| ProtoError::new(ErrorCode::BadRecord, format!("{file}: {e}")))?;
    let header = &record.header;
    header
        .checked_rules()
        .map_err(|e| ProtoError::new(ErrorCode::BadRecord, format!("{file}: {e}")))?;
    // Every game under the match's switches, fresh; the game in play is
    // then restored.
    let games = header.tavli_games();
    for kind in GameKind::ALL {
        (GameFns::of(kind).adopt)(state, &games, header.opening);
    }
    let kind = replay.game.kind();
    (GameFns::of(kind).restore)(state, replay.game);
    state.game_kind = kind;
    state.players = [header.x.clone(), header.o.clone()];
    let tavli = replay.tavli;
    state.tavli_rules = tavli.rules().clone();
    state.score = MatchScore {
        length: tavli.rules().target,
        score: tavli.score(),
    };
    state.next_starter = None;
    let mut session = TavliSession::new(tavli);
    // The games as the session records them: not read from any line.
    let games: Vec<RecordedGame> = record.games.iter().cloned().map(unlined).collect();
    let last = games.last().cloned().expect("replayed: a game");
    session.games = games;
    if !session.current_recorded() {
        session.games.pop();
    }
    state.tavli = Some(session);
    for other in GameKind::ALL {
        games::clear_history(state, other);
    }
    let kind_header = games::header(state, kind);
    let history = games::history_mut(state, kind);
    history.header = kind_header;
    history.games = vec![RecordedGame { kind: None, ..last }];
    let (position_id, match_id) =
        match (runner.execute)(state, tools, &Command::Show(ShowWhat::Position))? {
            Reply::Position {
                position_id,
                match_id,
                ..
            } => (position_id, match_id),
            _ => Default::default(),
        };
    let turn = match (runner.execute)(state, tools, &Command::Show(ShowWhat::Dice))? {
        Reply::Dice { turn, .. } => turn,
        _ => {
            return Err(ProtoError::new(
                ErrorCode::State,
                "the game loaded shows no turn",
            ));
        }
    };
    Ok(Reply::Loaded(LoadedInfo {
        file: file.to_string(),
        games: record.games.len(),
        turns: replay.turns,
        position_id,
        match_id,
        turn,
    }))
}
