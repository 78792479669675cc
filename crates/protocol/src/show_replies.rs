//! The replies that show the session's state without searching: `show …`,
//! the state after a `set`, `show options` and the line of a changed
//! search option.

use super::board_art::draw_board;
use super::board_data::BoardData;
use super::command::ShowWhat;
use super::reply::{BoardInfo, BoardShape, OptionsInfo, PlayerNames, Reply, ScoreInfo};
use super::session_search::SessionSearch;
use super::state::{SessionState, turn_info};
use plakoto_engine::game::SearchSettings;
use plakoto_rules::tavli::Plakoto;
use plakoto_rules::{MatchId, position_id, to_board_text};

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

/// The reply to a command that set the game: its Position ID, Match ID
/// and turn.
pub(super) fn state_reply(state: &SessionState) -> Reply {
    let game = state.games.plakoto();
    Reply::State {
        position_id: position_id(game.position()),
        match_id: MatchId::of(&game, &state.score).to_string(),
        turn: turn_info(&game),
    }
}

/// The reply to `show options` (and `set evaluator`).
pub(super) fn options_reply(state: &SessionState, search: &SessionSearch) -> Reply {
    let game = state.games.plakoto();
    Reply::Options(OptionsInfo {
        rules: game.rules().variant,
        scoring: game.rules().scoring,
        output: state.output,
        orientation: state.orientation,
        seed: state.seed,
        evaluator: search
            .get::<Plakoto>()
            .evaluator
            .identity_in(&Plakoto::new(game.rules())),
        search: *search.settings(),
        score: score_info(state),
        players: PlayerNames {
            x: state.players[0].clone(),
            o: state.players[1].clone(),
        },
    })
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

/// The reply to `show …`.
pub(super) fn show(state: &SessionState, search: &SessionSearch, what: ShowWhat) -> Reply {
    // The rules core's game, made once from the session's.
    let game = state.games.plakoto();
    match what {
        ShowWhat::Board(o) => {
            let orientation = o.unwrap_or(state.orientation);
            Reply::Board(BoardInfo {
                position_id: position_id(game.position()),
                match_id: MatchId::of(&game, &state.score).to_string(),
                orientation,
                lines: draw_board(game.position(), game.on_roll(), orientation),
                board: BoardShape::Plakoto(BoardData::new(game.position(), game.on_roll())),
                boardtext: to_board_text(game.position()),
                turn: turn_info(&game),
                tavli: state.tavli.as_ref().map(|t| t.info(state.game_kind)),
            })
        }
        ShowWhat::BoardText => Reply::BoardText {
            boardtext: to_board_text(game.position()),
        },
        ShowWhat::Position => {
            let (position_id, match_id) = (
                position_id(game.position()),
                MatchId::of(&game, &state.score).to_string(),
            );
            Reply::Position {
                position: format!("{position_id}:{match_id}"),
                position_id,
                match_id,
            }
        }
        ShowWhat::PosId => Reply::PositionId {
            position_id: position_id(game.position()),
        },
        ShowWhat::MatchId => Reply::MatchId {
            match_id: MatchId::of(&game, &state.score).to_string(),
        },
        ShowWhat::Dice => Reply::Dice {
            opening: Vec::new(),
            turn: turn_info(&game),
        },
        ShowWhat::Options => options_reply(state, search),
    }
}
