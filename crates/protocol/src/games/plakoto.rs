//! Plakoto in the session: the game the protocol was first written for,
//! kept on the session's shelf of games as every game is and played
//! by the session's own commands (`session.rs`) with its own search; its
//! records are replayed and analysed by the generic replay and analysis,
//! its match valued by its own match equity table.

use plakoto_engine::game::PlakotoGameEvaluator;
use plakoto_engine::match_equity::tavli::TavliGameInMatch;
use plakoto_records::analysis::Analysis;
use plakoto_records::analysis::table::analyse_table;
use plakoto_records::record::{Record, RecordError};
use plakoto_rules::tavli::{Plakoto, TableGame};
use plakoto_rules::{Game, TavliGame};

use crate::command::{Command, TableCommand};
use crate::game_session::{ActiveGame, GameSession, GameShelf};
use crate::reply::{ProtoError, Reply};
use crate::session_game::SessionGame;
use crate::state::SessionState;
use crate::table::not_in_game;
use crate::table_search::AnySearcher;
use crate::tools::Tools;

impl GameShelf {
    /// The session's game of Plakoto, as the rules core's game, which the
    /// session's own commands play.
    pub fn plakoto(&self) -> Game {
        self.get::<Plakoto>().table.to_plakoto_game()
    }

    /// Makes `game` the session's game of Plakoto.
    pub fn set_plakoto(&mut self, game: &Game) {
        self.get_mut::<Plakoto>().table = TableGame::of_plakoto_game(game);
    }
}

impl SessionGame for Plakoto {
    const OWN_COMMANDS: bool = true;

    /// A fresh game under the default rules, searched by the session's
    /// own search handle.
    fn game_session() -> (Box<dyn ActiveGame>, Option<Box<dyn AnySearcher>>) {
        (Box::new(GameSession::<Plakoto>::default()), None)
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
