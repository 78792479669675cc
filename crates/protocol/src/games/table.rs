//! The games of the table in the session: each kept in its own
//! [`TableGame`](plakoto_rules::tavli::TableGame) field and record
//! ([`TableProtocol`]), its commands applied by the table's executor
//! (`table/execute.rs`), its evaluators picked by name, and its match
//! valued by the Tavli table of a sequence of that one game. Written once
//! for every game that implements [`TableProtocol`].

use plakoto_engine::game::{EVALUATOR_NAMES, EngineGame, evaluator_named};

use crate::command::Command;
use crate::game_session::GameSession;
use crate::reply::{ProtoError, Reply};
use crate::session_game::{NewSession, SessionGame};
use crate::session_search::GameSearcher;
use crate::state::SessionState;
use crate::table::{TableProtocol, execute_game};
use crate::tools::Tools;

impl<G: TableProtocol + EngineGame + Default> SessionGame for G {
    /// A fresh game under the default switches, and its searcher with the
    /// game's heuristic.
    fn game_session() -> NewSession {
        (
            Box::new(GameSession::<G>::default()),
            Box::new(GameSearcher::new(evaluator_named::<G>, &EVALUATOR_NAMES)),
        )
    }

    fn execute(
        state: &mut SessionState,
        tools: &mut Tools,
        command: &Command,
    ) -> Option<Result<Reply, ProtoError>> {
        execute_game::<G>(state, tools, command)
    }
}
