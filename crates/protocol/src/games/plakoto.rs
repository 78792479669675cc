//! Plakoto in the session: the game the protocol was first written for,
//! kept on the session's shelf of games as a [`PlakotoSession`] and played
//! by the session's own commands (`session.rs`) with its own search; its
//! records are replayed and analysed by the generic replay and analysis,
//! its match valued by its own match equity table.

use plakoto_engine::game::PlakotoGameEvaluator;
use plakoto_engine::match_equity::tavli::TavliGameInMatch;
use plakoto_records::analysis::Analysis;
use plakoto_records::analysis::table::analyse_table;
use plakoto_records::record::{Event, GameOnRecord, Header, Record, RecordError, TavliGameState};
use plakoto_rules::tavli::{Opening, Plakoto, TavliGames};
use plakoto_rules::{FinalResult, Game, TavliGame};

use crate::command::{Command, TableCommand};
use crate::game_session::{ActiveGame, GameShelf, KeptGame};
use crate::reply::{ProtoError, Reply};
use crate::session_game::SessionGame;
use crate::state::{SessionState, session_header};
use crate::table::not_in_game;
use crate::table_search::AnySearcher;
use crate::tools::Tools;

/// Plakoto's session: the game in progress (or just finished) and the
/// games played so far, as `save match` writes them.
#[derive(Clone, Debug, PartialEq)]
pub struct PlakotoSession {
    /// The game in progress (or just finished).
    pub game: Game,
    /// The games played so far.
    pub history: Record,
}

impl Default for PlakotoSession {
    /// A fresh game under the default rules, and an empty record.
    fn default() -> Self {
        PlakotoSession {
            game: Game::new(plakoto_rules::Rules::default()),
            history: Record::default(),
        }
    }
}

impl KeptGame for PlakotoSession {
    const KIND: plakoto_rules::GameKind = Plakoto::KIND;
    const OWN_COMMANDS: bool = true;

    fn history(&self) -> &Record {
        &self.history
    }

    fn history_mut(&mut self) -> &mut Record {
        &mut self.history
    }
}

impl GameShelf {
    /// The session's game of Plakoto.
    pub fn plakoto(&self) -> &Game {
        &self.kept::<PlakotoSession>().game
    }

    /// The session's game of Plakoto, to change.
    pub fn plakoto_mut(&mut self) -> &mut Game {
        &mut self.kept_mut::<PlakotoSession>().game
    }
}

impl SessionGame for Plakoto {
    /// A fresh game under the default rules, searched by the session's
    /// own search handle.
    fn game_session() -> (Box<dyn ActiveGame>, Option<Box<dyn AnySearcher>>) {
        (Box::new(PlakotoSession::default()), None)
    }

    fn header(state: &SessionState) -> Header {
        session_header(state)
    }

    fn game(state: &SessionState) -> Plakoto {
        Plakoto::new(state.games.plakoto().rules())
    }

    fn result(state: &SessionState) -> Option<FinalResult> {
        state.games.plakoto().result()
    }

    fn reset(state: &mut SessionState) {
        let fresh = Game::new(state.games.plakoto().rules());
        *state.games.plakoto_mut() = fresh;
    }

    fn set_up_event(state: &SessionState) -> Event {
        Event::PositionSet {
            header: session_header(state),
            game: state.games.plakoto().clone(),
            score: state.score.score,
        }
    }

    fn restart_record(state: &mut SessionState) {
        let record = Record::from_state(
            session_header(state),
            state.games.plakoto(),
            state.score.score,
        );
        *state.history_of_mut(Self::KIND) = record;
    }

    /// Plakoto opens by R19 whatever `opening` says.
    fn adopt(state: &mut SessionState, games: &TavliGames, _opening: Opening) {
        *state.games.plakoto_mut() = Game::new(games.plakoto.rules);
    }

    fn restore(state: &mut SessionState, held: TavliGameState) {
        // `held` is a Plakoto game: the caller picked this impl by its kind.
        if let Some(table) = Plakoto::out_of(held) {
            *state.games.plakoto_mut() = table.to_plakoto_game();
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
