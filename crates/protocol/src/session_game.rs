//! [`GameFns`]: what the session needs of each game it plays, so that
//! the code above the games (the session, the Tavli match, the valuation
//! of a match, reading lines and writing replies) names no game: it asks
//! the [`GameFns`] of the game played, which [`GameFns::of`] picks with
//! `with_game!`, the one place in the protocol that turns a game's kind
//! into its type. Written once over the game's
//! [`TableProtocol`](crate::table::TableProtocol) (`table/hooks.rs`) and
//! [`EngineGame`] impls.

use plakoto_engine::match_equity::tavli::TavliGameInMatch;
use plakoto_records::analysis::Analysis;
use plakoto_records::analysis::table::analyse_table;
use plakoto_records::record::{Event, GameOnRecord, Header, Record, RecordError, TavliGameState};
use plakoto_rules::tavli::{Opening, TavliGames};
use plakoto_rules::{FinalResult, GameKind, with_game};

use crate::command::Command;
use crate::game_records::{restart as restart_record, set_up_event, table_header};
use crate::game_session::ActiveGame;
use crate::game_session::GameSession;
use crate::reply::{ProtoError, Reply};
use crate::session_search::{AnySearcher, GameSearcher};
use crate::state::SessionState;
use crate::table::{TableProtocol, execute_game};
use crate::tools::Tools;
use plakoto_engine::game::EngineGame;

/// A fresh session of a game and its searcher.
pub(crate) type NewSession = (Box<dyn ActiveGame>, Box<dyn AnySearcher>);

/// What the session asks of one game, as plain functions: the session
/// and the Tavli match call a game through these, chosen once by its kind
/// ([`GameFns::of`]), never naming its type.
#[derive(Clone, Copy)]
pub(crate) struct GameFns {
    /// [`TableProtocol::OWN_WORDS`].
    pub own_words: bool,
    /// A fresh session of the game under its default switches, and its
    /// searcher with its heuristic and its evaluators by name.
    pub game_session: fn() -> NewSession,
    /// The header of the session's record of this game.
    pub header: fn(&SessionState) -> Header,
    /// The result of the session's game of this kind, once over.
    pub result: fn(&SessionState) -> Option<FinalResult>,
    /// Makes the session's game of this kind a fresh game awaiting its
    /// opening roll ([`GameSession::reset`](crate::game_session::GameSession::reset)).
    pub reset: fn(&mut SessionState),
    /// The event that starts the record over from the session's game of
    /// this kind as it stands (set by hand).
    pub set_up_event: fn(&SessionState) -> Event,
    /// Starts the session's record of this game over from the game as it
    /// stands: when an event does not fit the record.
    pub restart_record: fn(&mut SessionState),
    /// [`GameSession::adopt`](crate::game_session::GameSession::adopt) on the session's game of this kind.
    pub adopt: fn(&mut SessionState, &TavliGames, Opening),
    /// [`GameSession::restore`](crate::game_session::GameSession::restore) on the session's game of this kind.
    pub restore: fn(&mut SessionState, TavliGameState),
    /// Applies a command to the session's game of this kind (the game's
    /// own words first, [`TableProtocol::own_command`], then the table's
    /// executor): `None` for a command the session applies itself.
    pub execute: fn(&mut SessionState, &mut Tools, &Command) -> Option<Result<Reply, ProtoError>>,
    /// The analysis of a game of a Tavli match (`in_match`) on record, at
    /// the session's plies with its evaluator of this game and search
    /// settings; an error when the record does not replay.
    pub analyse_in_match: fn(&Record, &Tools, &TavliGameInMatch) -> Result<Analysis, RecordError>,
}

impl GameFns {
    /// The functions of the game `kind`.
    pub(crate) fn of(kind: GameKind) -> GameFns {
        with_game!(kind, G => GameFns {
            own_words: G::OWN_WORDS,
            game_session: || {
                (
                    Box::new(GameSession::<G>::default()),
                    Box::new(GameSearcher::new(G::evaluator_named, G::EVALUATOR_NAMES)),
                )
            },
            header: table_header::<G>,
            result: |state| state.games.get::<G>().table.result(),
            reset: |state| state.games.get_mut::<G>().reset(),
            set_up_event: set_up_event::<G>,
            restart_record: restart_record::<G>,
            adopt: |state, games, opening| state.games.get_mut::<G>().adopt(games, opening),
            restore: |state, held| state.games.get_mut::<G>().restore(held),
            execute: |state, tools, command| {
                G::own_command(state, tools, command)
                    .or_else(|| execute_game::<G>(state, tools, command))
            },
            analyse_in_match: analyse_in_match::<G>,
        })
    }
}

/// The analysis of `record`, a game of `G` in a Tavli match
/// (`in_match`), at the session's plies with its evaluator of `G` and
/// search settings; an error when the record does not replay.
fn analyse_in_match<G: GameOnRecord>(
    record: &Record,
    tools: &Tools,
    in_match: &TavliGameInMatch,
) -> Result<Analysis, RecordError> {
    let replay = record.replay_game::<G>()?;
    let settings = *tools.search.settings();
    let evaluator = tools.search.get::<G>().evaluator.as_ref();
    Ok(analyse_table(
        record,
        &replay,
        evaluator,
        &settings,
        settings.plies,
        Some(in_match),
        &|| {},
    ))
}

/// Whether `kind` speaks the protocol's first words (Plakoto's,
/// [`TableProtocol::OWN_WORDS`]): the parser reads its `set` arguments,
/// and its JSON replies name no game (as before there were other games).
pub(crate) fn speaks_own_words(kind: GameKind) -> bool {
    GameFns::of(kind).own_words
}
