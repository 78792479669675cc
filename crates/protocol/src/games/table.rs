//! The games of the table in the session: each kept in its own
//! [`TableGame`](plakoto_rules::tavli::TableGame) field and record
//! ([`TableProtocol`]), its commands applied by the table's executor
//! (`table/execute.rs`), its evaluators picked by name, and its match
//! valued by the Tavli table of a sequence of that one game. Written once
//! for every game that implements [`TableProtocol`].

use plakoto_engine::game::{EVALUATOR_NAMES, EngineGame, evaluator_named};
use plakoto_engine::match_equity::tavli::TavliGameInMatch;
use plakoto_records::analysis::Analysis;
use plakoto_records::analysis::table::analyse_table;
use plakoto_records::record::{Record, RecordError};

use crate::command::Command;
use crate::game_session::{ActiveGame, GameSession};
use crate::reply::{ProtoError, Reply};
use crate::session_game::SessionGame;
use crate::state::SessionState;
use crate::table::{TableProtocol, execute_game};
use crate::table_search::{AnySearcher, GameSearcher};
use crate::tools::Tools;

impl<G: TableProtocol + EngineGame + Default> SessionGame for G {
    /// A fresh game under the default switches, and its searcher with the
    /// game's heuristic.
    fn game_session() -> (Box<dyn ActiveGame>, Option<Box<dyn AnySearcher>>) {
        (
            Box::new(GameSession::<G>::default()),
            Some(Box::new(GameSearcher::new(
                evaluator_named::<G>,
                &EVALUATOR_NAMES,
            ))),
        )
    }

    fn execute(
        state: &mut SessionState,
        tools: &mut Tools,
        command: &Command,
    ) -> Option<Result<Reply, ProtoError>> {
        execute_game::<G>(state, tools, command)
    }

    fn analyse_in_match(
        record: &Record,
        tools: &Tools,
        in_match: &TavliGameInMatch,
    ) -> Result<Analysis, RecordError> {
        let replay = record.replay_game::<G>()?;
        let settings = *tools.search.settings();
        let (evaluator, plies, in_match) =
            (G::evaluator(tools.table), settings.plies, Some(in_match));
        Ok(analyse_table(
            record,
            &replay,
            evaluator,
            &settings,
            plies,
            in_match,
            &|| {},
        ))
    }
}
