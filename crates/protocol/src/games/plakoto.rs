//! Plakoto in the session: the game the protocol was first written for,
//! kept in [`SessionState::game`] and played by the session's own commands
//! (`session.rs`) with its own search; its records are replayed and
//! analysed by the generic replay and analysis, its match valued by its
//! own match equity table.

use plakoto_engine::game::PlakotoGameEvaluator;
use plakoto_engine::match_equity::tavli::TavliGameInMatch;
use plakoto_records::analysis::Analysis;
use plakoto_records::analysis::table::analyse_table;
use plakoto_records::record::{
    Event, Header, HeldInTavliState, Record, RecordError, TavliGameState,
};
use plakoto_rules::tavli::Plakoto;
use plakoto_rules::{FinalResult, Game, TavliGame};

use crate::command::{Command, TableCommand};
use crate::reply::{ProtoError, Reply};
use crate::session_game::SessionGame;
use crate::state::{SessionState, session_header};
use crate::table::not_in_game;
use crate::tools::Tools;

impl SessionGame for Plakoto {
    fn header(state: &SessionState) -> Header {
        session_header(state)
    }

    fn result(state: &SessionState) -> Option<FinalResult> {
        state.game.result()
    }

    fn reset(state: &mut SessionState) {
        state.game = Game::new(state.game.rules());
    }

    fn set_up_event(state: &SessionState) -> Event {
        Event::PositionSet {
            header: session_header(state),
            game: state.game.clone(),
            score: state.score.score,
        }
    }

    fn restart_record(state: &mut SessionState) {
        state.history = Record::from_state(session_header(state), &state.game, state.score.score);
    }

    fn restore(state: &mut SessionState, held: TavliGameState) {
        // `held` is a Plakoto game: the caller picked this impl by its kind.
        if let Some(table) = Plakoto::out_of(held) {
            state.game = table.to_plakoto_game();
        }
    }

    /// Only the table's commands are Plakoto's to answer: it has neither
    /// an opening to choose nor switches of another game. The session
    /// applies the rest.
    fn execute(
        _state: &mut SessionState,
        _tools: &mut Tools,
        command: &Command,
    ) -> Option<Result<Reply, ProtoError>> {
        match command {
            Command::Table(TableCommand::SetOpening(_)) => Some(Err(not_in_game(
                Self::KIND,
                "set opening: Plakoto always starts as R19 says",
            ))),
            Command::Table(TableCommand::SetSwitch(name, _)) => Some(Err(not_in_game(
                Self::KIND,
                &format!("set {name}: a switch of another game"),
            ))),
            _ => None,
        }
    }

    fn analyse_in_match(
        record: &Record,
        tools: &Tools,
        in_match: &TavliGameInMatch,
    ) -> Result<Analysis, RecordError> {
        let replay = record.replay()?;
        let settings = tools.search.settings();
        let evaluator = PlakotoGameEvaluator(tools.search.evaluator());
        let in_match = Some(in_match);
        Ok(analyse_table(
            record,
            &replay,
            &evaluator,
            settings,
            settings.plies,
            in_match,
            &|| {},
        ))
    }
}
