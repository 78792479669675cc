//! The replies that show the session's state without searching, written
//! once for every game: the score, the state after a `set` (Position ID,
//! Match ID, turn), a finished match, and the line of a changed search
//! option.

use super::reply::{Reply, ScoreInfo};
use super::state::{SessionState, turn_info};
use plakoto_engine::game::SearchSettings;
use plakoto_records::record::GameOnRecord;

/// The match score, for replies.
pub(super) fn score_info(state: &SessionState) -> ScoreInfo {
    ScoreInfo {
        match_length: state.score.length,
        x: state.score.score[0],
        o: state.score.score[1],
        match_winner: state.score.winner(),
        tavli: state.tavli.as_ref().map(|t| t.info(state.game_kind)),
    }
}

/// `new game` (or `roll`) once the match is over: who won it, and what
/// to do (`tavli`: the match was a Tavli match, started again the same
/// way).
pub(super) fn match_over(
    score: &plakoto_rules::MatchScore,
    winner: plakoto_rules::Side,
    tavli: bool,
) -> super::reply::ProtoError {
    super::reply::ProtoError::new(
        super::reply::ErrorCode::State,
        format!(
            "the match is over: {winner} won {}-{}; start another with 'new match N{}'",
            score.score[winner.index()],
            score.score[winner.other().index()],
            if tavli { " tavli" } else { "" }
        ),
    )
}

/// The Position ID of the session's game of `G`.
pub(crate) fn position_id<G: GameOnRecord>(state: &SessionState) -> String {
    let table = state.table::<G>();
    table.game().position_id(table.position())
}

/// The Match ID of the session's game of `G`, at the session's score.
pub(crate) fn match_id<G: GameOnRecord>(state: &SessionState) -> String {
    G::match_id(state.table::<G>(), &state.score)
}

/// The reply to a command that set the game of `G`: its Position ID,
/// Match ID and turn.
pub(crate) fn state_reply<G: GameOnRecord>(state: &SessionState) -> Reply {
    Reply::State {
        position_id: position_id::<G>(state),
        match_id: match_id::<G>(state),
        turn: turn_info(state.table::<G>()),
    }
}

/// The reply to a `set` of a search option: its name and new value as
/// `show options` lists them.
pub(super) fn setting_reply(settings: &SearchSettings, name: &str) -> Reply {
    let value = super::options::option_lines(settings)
        .into_iter()
        .find(|(n, _)| n == name)
        .map_or_else(String::new, |(_, v)| v);
    Reply::Setting {
        name: name.to_string(),
        value,
    }
}
