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
use crate::table_search::AnySearcher;
use crate::tools::Tools;

/// A game as the session plays it: how the session builds it, how its
/// commands are applied and its record kept, and how a game of it in a
/// Tavli match is analysed. One impl per game (`games/`). Whether the
/// session's own commands play the game (Plakoto's) or the table's
/// executor does is [`SessionState::is_own_game`].
pub trait SessionGame: TavliGame {
    /// A fresh session of this game, for the session's shelf of games,
    /// and its searcher where the game has one of its own: a game of the
    /// table (Plakoto is searched by the session's search handle).
    fn game_session() -> (Box<dyn ActiveGame>, Option<Box<dyn AnySearcher>>);

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

    /// The analysis of `record`, a game of a Tavli match (`in_match`), at
    /// the session's plies with its evaluator of this game and search
    /// settings; an error when the record does not replay.
    fn analyse_in_match(
        record: &Record,
        tools: &Tools,
        in_match: &TavliGameInMatch,
    ) -> Result<Analysis, RecordError>;
}

/// The factory of the games: a fresh session of `kind` and its searcher,
/// where it has one of its own ([`SessionGame::game_session`]).
pub(crate) fn game_session(kind: GameKind) -> (Box<dyn ActiveGame>, Option<Box<dyn AnySearcher>>) {
    with_game!(kind, G => G::game_session())
}
