//! Plakoto in the session: the game the protocol was first written for,
//! kept on the session's shelf of games and searched as every game is,
//! and played by the session's own commands (`session.rs`); its records
//! are replayed and analysed by the generic replay and analysis, its match
//! valued by its own match equity table.

use plakoto_engine::eval::EvaluatorKind;
use plakoto_engine::game::{GameEvaluator, PlakotoGameEvaluator};
use plakoto_rules::tavli::{Plakoto, TableGame};
use plakoto_rules::{Game, TavliGame};

use crate::command::{Command, TableCommand};
use crate::game_session::{GameSession, GameShelf};
use crate::reply::{ProtoError, Reply};
use crate::session_game::{NewSession, SessionGame};
use crate::session_search::GameSearcher;
use crate::state::SessionState;
use crate::table::not_in_game;
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

/// Plakoto's evaluators, by the names `set evaluator` takes.
const EVALUATOR_NAMES: [&str; 3] = ["heuristic", "net", "net-f32"];

/// Plakoto's evaluator named `name` ([`EVALUATOR_NAMES`]): its heuristic,
/// or its net inferring with the integer copy (`net`) or as trained
/// (`net-f32`); `None` for another name, or when the net's weights do not
/// load (logged).
fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Plakoto>>> {
    let kind: EvaluatorKind = name.parse().ok()?;
    match kind.create() {
        Ok(evaluator) => Some(Box::new(PlakotoGameEvaluator(evaluator))),
        Err(error) => {
            log::warn!("no Plakoto {name}: {error}");
            None
        }
    }
}

impl SessionGame for Plakoto {
    const OWN_COMMANDS: bool = true;

    /// A fresh game under the default rules, and its searcher with its
    /// heuristic.
    fn game_session() -> NewSession {
        (
            Box::new(GameSession::<Plakoto>::default()),
            Box::new(GameSearcher::new(evaluator_named, &EVALUATOR_NAMES)),
        )
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
}
