//! [`SessionGame`]: what the session needs of each game it plays, so that
//! the code above the games (the session, the Tavli match, the valuation
//! of a match, reading lines and writing replies) names no game: it asks
//! the [`GameFns`] of the game played, which [`GameFns::of`] picks with
//! `with_game!`, the one place in the protocol that turns a game's kind
//! into its type.
//!
//! Adding a game: a game of the table gets its impl from `games/table.rs`
//! once it implements [`TableProtocol`](crate::table::TableProtocol)
//! (`table/hooks.rs`); a game with commands of its own writes its impl
//! beside `games/plakoto.rs`.

use plakoto_engine::match_equity::tavli::TavliGameInMatch;
use plakoto_records::analysis::Analysis;
use plakoto_records::analysis::table::analyse_table;
use plakoto_records::record::{Event, GameOnRecord, Header, Record, RecordError, TavliGameState};
use plakoto_rules::tavli::{Opening, TavliGames};
use plakoto_rules::{FinalResult, GameKind, TavliGame, with_game};

use crate::command::Command;
use crate::game_records::{restart as restart_record, set_up_event, table_header};
use crate::game_session::ActiveGame;
use crate::reply::{ProtoError, Reply};
use crate::session_search::AnySearcher;
use crate::state::SessionState;
use crate::tools::Tools;

/// A game as the session plays it: how the session builds it, how its
/// commands are applied and its record kept, and how a game of it in a
/// Tavli match is analysed. One impl per game (`games/`). Whether the
/// session's own commands play the game (Plakoto's) or the table's
/// executor does is [`is_own_game`].
pub trait SessionGame: TavliGame {
    /// Whether the session's own commands (`session.rs`) play this game,
    /// rather than the table's executor (`table/execute.rs`): Plakoto's,
    /// the game the protocol was first written for.
    const OWN_COMMANDS: bool = false;

    /// A fresh session of this game, for the session's shelf of games,
    /// and its searcher, with the game's heuristic and its evaluators by
    /// name.
    fn game_session() -> NewSession;

    /// Applies `command` to the session's game of this kind: `None` for a
    /// command the session applies itself.
    fn execute(
        state: &mut SessionState,
        tools: &mut Tools,
        command: &Command,
    ) -> Option<Result<Reply, ProtoError>>;
}

/// A fresh session of a game and its searcher.
pub(crate) type NewSession = (Box<dyn ActiveGame>, Box<dyn AnySearcher>);

/// The [`SessionGame`] answers of one game, as plain functions: the
/// session and the Tavli match call a game through these, chosen once by
/// its kind ([`GameFns::of`]), never naming its type. Each field is the
/// [`SessionGame`] item of the same name.
#[derive(Clone, Copy)]
pub(crate) struct GameFns {
    /// [`SessionGame::OWN_COMMANDS`].
    pub own_commands: bool,
    /// [`SessionGame::game_session`].
    pub game_session: fn() -> NewSession,
    /// The header of the session's record of this game.
    pub header: fn(&SessionState) -> Header,
    /// `games` with the game of this kind the session plays (its
    /// switches).
    pub with_game: fn(&SessionState, TavliGames) -> TavliGames,
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
    /// [`SessionGame::execute`].
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
            own_commands: <G as SessionGame>::OWN_COMMANDS,
            game_session: <G as SessionGame>::game_session,
            header: table_header::<G>,
            with_game: |state, games| games.with(state.games.get::<G>().table.game()),
            result: |state| state.games.get::<G>().table.result(),
            reset: |state| state.games.get_mut::<G>().reset(),
            set_up_event: set_up_event::<G>,
            restart_record: restart_record::<G>,
            adopt: |state, games, opening| state.games.get_mut::<G>().adopt(games, opening),
            restore: |state, held| state.games.get_mut::<G>().restore(held),
            execute: <G as SessionGame>::execute,
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

/// Whether `kind` is the game the session's own commands play
/// (Plakoto's, [`SessionGame::OWN_COMMANDS`]), rather than the table's
/// executor. The session's own commands (`set board`, `move`, … in
/// `session.rs`) play it, the parser reads its `set` arguments, it is
/// searched by the session's evaluator, its matches are valued by its own
/// match equity table, and its JSON replies name no game (as before there
/// were other games).
pub(crate) fn is_own_game(kind: GameKind) -> bool {
    GameFns::of(kind).own_commands
}

/// Every game under the switches the session plays it under.
pub(crate) fn session_games(state: &SessionState) -> TavliGames {
    GameKind::ALL
        .into_iter()
        .fold(TavliGames::default(), |games, kind| {
            (GameFns::of(kind).with_game)(state, games)
        })
}
