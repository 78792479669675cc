//! [`SessionGame`]: what the session needs of each game it plays, so that
//! the code above the games (the session, the Tavli match, the valuation
//! of a match, reading lines and writing replies) names no game: it asks
//! `with_game!(state.game_kind, G => G::…)`, the one place that turns the
//! game played into its type.
//!
//! Adding a game: a game of the table gets its impl from `games/table.rs`
//! once it implements [`TableProtocol`](crate::table::TableProtocol)
//! (`table/hooks.rs`); a game with commands of its own writes its impl
//! beside `games/plakoto.rs`.

use plakoto_engine::match_equity::tavli::TavliGameInMatch;
use plakoto_records::analysis::Analysis;
use plakoto_records::record::{Event, Header, Record, RecordError, TavliGameState};
use plakoto_rules::{FinalResult, GameKind, TavliGame, with_game};

use crate::command::Command;
use crate::game_session::ActiveGame;
use crate::reply::{ProtoError, Reply};
use crate::state::SessionState;
use crate::table_search::{AnySearcher, TableSearch};
use crate::tools::Tools;

/// A game as the session plays it: where the session keeps it and its
/// record, how its commands are applied, and what the session-wide code
/// does differently for it. One impl per game (`games/`); the constants'
/// defaults are the games of the table's, which Plakoto's impl overrides.
pub trait SessionGame: TavliGame {
    /// Whether the session's own commands (`set board`, `set rules`,
    /// `move`, … in `session.rs`) play this game, on
    /// [`SessionState::game`]: Plakoto's, the game the protocol was first
    /// written for. The other games apply their commands themselves
    /// ([`SessionGame::execute`]).
    const SESSION_COMMANDS: bool = false;

    /// Whether `set evaluator NAME` picks one of this game's own
    /// evaluators by name ([`SessionGame::set_evaluator`]); otherwise it
    /// replaces the session's evaluator.
    const NAMED_EVALUATORS: bool = true;

    /// Whether a match of this game is valued by a match equity table of
    /// its own (Plakoto's) rather than by the Tavli table of a sequence of
    /// this one game.
    const OWN_MATCH_TABLE: bool = false;

    /// Whether the game reads the arguments of `set board`, `set
    /// position`, `set matchid` and `set scoring` itself (the parser keeps
    /// them as written, [`TableCommand`](crate::command::TableCommand));
    /// otherwise the parser reads them as Plakoto's.
    const READS_SET_ARGUMENTS: bool = true;

    /// Whether a JSON reply names the game (`"game":"portes"`); replies of
    /// a game that does not are written as before there were other games.
    const NAMED_IN_JSON: bool = true;

    /// A fresh session of this game and its searcher, for the session's
    /// shelf of games ([`table_session`]); `None` for Plakoto, whose game
    /// the session keeps itself ([`SessionState::game`]).
    fn table_session() -> Option<(Box<dyn ActiveGame>, Box<dyn AnySearcher>)> {
        None
    }

    /// The session's record of the games of this kind.
    fn history(state: &SessionState) -> &Record;

    /// The session's record of the games of this kind, to change.
    fn history_mut(state: &mut SessionState) -> &mut Record;

    /// The header of the session's record of this game.
    fn header(state: &SessionState) -> Header;

    /// The result of the session's game of this kind, once over.
    fn result(state: &SessionState) -> Option<FinalResult>;

    /// Makes the session's game of this kind a fresh game awaiting its
    /// opening roll, its switches kept.
    fn reset(state: &mut SessionState);

    /// The event that starts the record over from the session's game of
    /// this kind as it stands (set by hand).
    fn set_up_event(state: &SessionState) -> Event;

    /// Starts the session's record of this game over from the game as it
    /// stands: when an event does not fit the record.
    fn restart_record(state: &mut SessionState);

    /// Makes `held` (a game of this kind, as a Tavli match record's
    /// replay leaves it) the session's game of this kind.
    fn restore(state: &mut SessionState, held: TavliGameState);

    /// Applies `command` to the session's game of this kind: `None` for a
    /// command the session applies itself.
    fn execute(
        state: &mut SessionState,
        tools: &mut Tools,
        command: &Command,
    ) -> Option<Result<Reply, ProtoError>>;

    /// Makes this game's evaluator named `name` the one it is searched
    /// with, or says why not; on error nothing changes.
    fn set_evaluator(search: &mut TableSearch, name: &str) -> Result<(), ProtoError>;

    /// The analysis of `record`, a game of a Tavli match (`in_match`), at
    /// the session's plies with its evaluator of this game and search
    /// settings; an error when the record does not replay.
    fn analyse_in_match(
        record: &Record,
        tools: &Tools,
        in_match: &TavliGameInMatch,
    ) -> Result<Analysis, RecordError>;
}

impl SessionState {
    /// The session's record of the games of `kind` (each game keeps its
    /// own).
    pub fn history_of(&self, kind: GameKind) -> &Record {
        with_game!(kind, G => G::history(self))
    }
}

/// Whether `kind` picks its own evaluators by name
/// ([`SessionGame::NAMED_EVALUATORS`]).
pub(crate) fn named_evaluators(kind: GameKind) -> bool {
    with_game!(kind, G => G::NAMED_EVALUATORS)
}

/// The factory of the games of the table: a fresh session of `kind` and
/// its searcher, or `None` for Plakoto (kept by the session itself).
pub(crate) fn table_session(kind: GameKind) -> Option<(Box<dyn ActiveGame>, Box<dyn AnySearcher>)> {
    with_game!(kind, G => G::table_session())
}
