//! The search of the games other than Plakoto: a [`GameSearcher`] per
//! game of the table, kept by the session beside Plakoto's search handle
//! (whose settings, limits and stop they share). Kept apart from the
//! games' sessions (`game_session.rs`) because a searcher is neither
//! copied nor compared with the state.

use std::any::Any;

use plakoto_engine::game::Stop;
use plakoto_engine::game::{GameEvaluator, GameSearch};
use plakoto_rules::{GameKind, TavliGame};

use crate::reply::{ErrorCode, ProtoError};

/// The game's evaluator of a name (`None`: no such evaluator, or its
/// weights do not load).
pub type EvaluatorNamed<G> = fn(&str) -> Option<Box<dyn GameEvaluator<G>>>;

/// One game's searcher, what rates its positions, and the evaluators
/// `set evaluator` picks from.
pub struct GameSearcher<G: TavliGame> {
    /// The searcher.
    pub search: GameSearch<G>,
    /// What rates the game's positions (`set evaluator` replaces it).
    pub evaluator: Box<dyn GameEvaluator<G>>,
    /// The game's evaluators by name.
    named: EvaluatorNamed<G>,
    /// The names `named` knows, for the refusal of another.
    names: &'static [&'static str],
}

impl<G: TavliGame> GameSearcher<G> {
    /// A searcher rating positions with the game's heuristic (fast and
    /// fixed; the sessions of the binary switch to the nets), picking its
    /// evaluators by name with `named` among `names`.
    ///
    /// # Panics
    /// If `named` has no heuristic: every game has one.
    pub fn new(named: EvaluatorNamed<G>, names: &'static [&'static str]) -> Self {
        GameSearcher {
            search: GameSearch::new(),
            evaluator: named("heuristic").expect("every game has a heuristic"),
            named,
            names,
        }
    }
}

/// A game's searcher seen without its type: what the session does to
/// every game's searcher alike.
pub trait AnySearcher: Any + Send {
    /// Which game it searches.
    fn kind(&self) -> GameKind;

    /// Lets `stop` end its searches early.
    fn set_stop(&mut self, stop: Stop);

    /// Makes the game's evaluator named `name` the one it is searched
    /// with (`set evaluator`), or says why not; on error nothing changes.
    fn set_evaluator(&mut self, name: &str) -> Result<(), ProtoError>;

    /// The searcher as [`Any`], to reach its type.
    fn as_any(&self) -> &dyn Any;

    /// The searcher as [`Any`], to reach its type and change it.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<G: TavliGame> AnySearcher for GameSearcher<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn set_stop(&mut self, stop: Stop) {
        self.search.set_stop(stop);
    }

    /// The game's evaluator of that name (Portes: `heuristic`, `net`),
    /// or why there is none.
    fn set_evaluator(&mut self, name: &str) -> Result<(), ProtoError> {
        let evaluator = (self.named)(name).ok_or_else(|| {
            ProtoError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "{} has no evaluator '{name}' (or its weights do not load): {}",
                    G::KIND,
                    self.names.join(", ")
                ),
            )
        })?;
        self.evaluator = evaluator;
        Ok(())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The searchers of the games of the table, one per game, built with the
/// games' sessions by the factory
/// (`table_session` in `session_game.rs`); each keeps its evaluator when
/// another game is played.
#[derive(Default)]
pub struct TableSearch {
    searchers: Vec<Box<dyn AnySearcher>>,
}

impl TableSearch {
    /// Keeps `searcher`, in place of the one of its game if there is one.
    pub fn put(&mut self, searcher: Box<dyn AnySearcher>) {
        match self
            .searchers
            .iter_mut()
            .find(|s| s.kind() == searcher.kind())
        {
            Some(slot) => *slot = searcher,
            None => self.searchers.push(searcher),
        }
    }

    /// The searcher of `kind`, to change, if it is a game of the table.
    pub fn of_mut(&mut self, kind: GameKind) -> Option<&mut dyn AnySearcher> {
        self.searchers
            .iter_mut()
            .find(|s| s.kind() == kind)
            .map(|s| s.as_mut())
    }

    /// Whether `kind` has a searcher of its own: a game of the table,
    /// with evaluators of its own picked by name.
    pub fn has(&self, kind: GameKind) -> bool {
        self.searchers.iter().any(|s| s.kind() == kind)
    }

    /// The searcher of `G`.
    ///
    /// # Panics
    /// If there is none: the session builds one for every game of the
    /// table when it is made and never removes it.
    pub fn get<G: TavliGame>(&self) -> &GameSearcher<G> {
        self.searchers
            .iter()
            .find_map(|s| s.as_any().downcast_ref())
            .unwrap_or_else(|| panic!("the session keeps a searcher of {}", G::KIND))
    }

    /// The searcher of `G`, to change (panics as [`TableSearch::get`]).
    pub fn get_mut<G: TavliGame>(&mut self) -> &mut GameSearcher<G> {
        self.searchers
            .iter_mut()
            .find_map(|s| s.as_any_mut().downcast_mut())
            .unwrap_or_else(|| panic!("the session keeps a searcher of {}", G::KIND))
    }

    /// Lets `stop` end the searches early (as Plakoto's).
    pub fn set_stop(&mut self, stop: Stop) {
        for searcher in &mut self.searchers {
            searcher.set_stop(stop.clone());
        }
    }
}
