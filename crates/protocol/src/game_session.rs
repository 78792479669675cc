//! A game as the session keeps it: [`GameSession`] holds a game in
//! progress and its record, and [`ActiveGame`] is what the session asks of
//! it without naming the game, so that the session's state has no field
//! per game ([`GameShelf`]).

use std::any::Any;
use std::fmt;

use plakoto_engine::match_equity::MatchValue;
use plakoto_records::record::{GameOnRecord, Record, TavliGameState};
use plakoto_rules::TavliGame;
use plakoto_rules::tavli::{Opening, TableGame, TavliGames};
use plakoto_rules::{GameKind, MatchScore, Side};

/// A session of `G`: the game in progress (or just finished), with its
/// switches, and the games of `G` played so far, as `save match` writes
/// them.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSession<G: TavliGame> {
    /// The game in progress (or just finished).
    pub table: TableGame<G>,
    /// The games played so far.
    pub history: Record,
}

impl<G: TavliGame + Default> Default for GameSession<G> {
    /// A fresh game under the default switches and the Greek opening, and
    /// an empty record.
    fn default() -> Self {
        GameSession {
            table: TableGame::new(G::default(), Opening::Greek),
            history: Record::default(),
        }
    }
}

impl<G: GameOnRecord> GameSession<G> {
    /// Makes the game a fresh one awaiting its opening roll, its switches
    /// and opening kept.
    pub fn reset(&mut self) {
        self.table = TableGame::new(self.table.game(), self.table.opening());
    }

    /// Makes the game a fresh one under its switches in `games`, opening
    /// as `opening` says where the game has an opening switch (a Tavli
    /// match record loaded; Plakoto always opens as R19 says).
    pub fn adopt(&mut self, games: &TavliGames, opening: Opening) {
        let opening = if G::OPENING_SWITCH {
            opening
        } else {
            Opening::default()
        };
        self.table = TableGame::new(games.get::<G>(), opening);
    }

    /// Makes `held` the game, if it is a game of `G` (as a Tavli match
    /// record's replay leaves it).
    pub fn restore(&mut self, held: TavliGameState) {
        if let Some(table) = held.table::<G>() {
            self.table = table.clone();
        }
    }
}

/// A game's session seen without its type: its kind, its record, and what
/// the state's `Clone`, `PartialEq` and `Debug` need (the fuzz tests
/// compare states before and after a refused line). The code that knows
/// the game reaches its session through [`GameShelf::get`].
pub trait ActiveGame: Any + Send + Sync {
    /// Which game this is.
    fn kind(&self) -> GameKind;

    /// The games played so far.
    fn history(&self) -> &Record;

    /// The games played so far, to change.
    fn history_mut(&mut self) -> &mut Record;

    /// The session as [`Any`], to reach its type.
    fn as_any(&self) -> &dyn Any;

    /// The session as [`Any`], to reach its type and change it.
    fn as_any_mut(&mut self) -> &mut dyn Any;

    /// A copy of the session.
    fn clone_box(&self) -> Box<dyn ActiveGame>;

    /// Whether `other` is a session of the same game, equal to this one.
    fn eq_dyn(&self, other: &dyn ActiveGame) -> bool;

    /// Writes the session for `{:?}`.
    fn fmt_dyn(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// `games` with this game under the switches the session plays it
    /// under.
    fn switches_into(&self, games: TavliGames) -> TavliGames;

    /// The value of `mover`'s plays at `score` in a match of this game
    /// alone, by the game's own match equity table: `None` in money play,
    /// once the match is decided, or for a game without a table of its
    /// own ([`GameOnRecord::OWN_MATCH_TABLE`]), whose matches the Tavli
    /// table values.
    fn own_match_value(&self, score: &MatchScore, mover: Side) -> Option<MatchValue>;

    /// [`GameOnRecord::OWN_MATCH_TABLE`] of this game.
    fn has_own_match_table(&self) -> bool;
}

impl<G: GameOnRecord> ActiveGame for GameSession<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn history(&self) -> &Record {
        &self.history
    }

    fn history_mut(&mut self) -> &mut Record {
        &mut self.history
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn ActiveGame> {
        Box::new(self.clone())
    }

    fn eq_dyn(&self, other: &dyn ActiveGame) -> bool {
        other
            .as_any()
            .downcast_ref::<Self>()
            .is_some_and(|other| self == other)
    }

    fn fmt_dyn(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }

    fn switches_into(&self, games: TavliGames) -> TavliGames {
        games.with(self.table.game())
    }

    fn own_match_value(&self, score: &MatchScore, mover: Side) -> Option<MatchValue> {
        self.table.game().own_match_value(score, mover)
    }

    fn has_own_match_table(&self) -> bool {
        G::OWN_MATCH_TABLE
    }
}

impl Clone for Box<dyn ActiveGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl PartialEq for Box<dyn ActiveGame> {
    fn eq(&self, other: &Self) -> bool {
        self.eq_dyn(other.as_ref())
    }
}

impl fmt::Debug for Box<dyn ActiveGame> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_dyn(f)
    }
}

/// The sessions of the games, one per game, each built once
/// by the factory (`game_session` in `session_game.rs`) when the
/// session is made. The game played (`SessionState::game_kind`) is one of
/// them; the others are kept as they were left, so that `set game` back to
/// a game finds its switches and record, and a Tavli match's header has
/// every game's switches.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameShelf {
    sessions: Vec<Box<dyn ActiveGame>>,
}

impl GameShelf {
    /// Keeps `session`, in place of the one of its game if there is one.
    pub fn put(&mut self, session: Box<dyn ActiveGame>) {
        match self
            .sessions
            .iter_mut()
            .find(|s| s.kind() == session.kind())
        {
            Some(slot) => *slot = session,
            None => self.sessions.push(session),
        }
    }

    /// The session of `kind`.
    pub fn of(&self, kind: GameKind) -> Option<&dyn ActiveGame> {
        self.sessions
            .iter()
            .find(|s| s.kind() == kind)
            .map(|s| s.as_ref())
    }

    /// The session of `kind` to change.
    pub fn of_mut(&mut self, kind: GameKind) -> Option<&mut dyn ActiveGame> {
        self.sessions
            .iter_mut()
            .find(|s| s.kind() == kind)
            .map(|s| s.as_mut())
    }

    /// The session of `G`.
    ///
    /// # Panics
    /// If the shelf has none: the session builds one for every game when
    /// it is made and never removes it.
    pub fn get<G: TavliGame>(&self) -> &GameSession<G> {
        self.of(G::KIND)
            .and_then(|s| s.as_any().downcast_ref())
            .unwrap_or_else(|| panic!("the session keeps a game of {}", G::KIND))
    }

    /// The session of `G`, to change (panics as [`GameShelf::get`]).
    pub fn get_mut<G: TavliGame>(&mut self) -> &mut GameSession<G> {
        self.of_mut(G::KIND)
            .and_then(|s| s.as_any_mut().downcast_mut())
            .unwrap_or_else(|| panic!("the session keeps a game of {}", G::KIND))
    }

    /// Every game under the switches the session plays it under.
    pub fn switches(&self) -> TavliGames {
        self.sessions
            .iter()
            .fold(TavliGames::default(), |games, session| {
                session.switches_into(games)
            })
    }
}
