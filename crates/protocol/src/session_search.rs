//! The session's search: a [`GameSearcher`] per game (its searcher and
//! the evaluator it rates with), the search settings every game is
//! searched under, the stop that ends their searches early, and the lists
//! of plays Plakoto's commands keep ([`PlayLists`]). Kept apart from the
//! games' sessions (`game_session.rs`) because none of it is copied or
//! compared with the state: the settings and evaluators change only by
//! their own commands, the rest only saves time.

use std::any::Any;

use plakoto_engine::game::plakoto_turn::PlayLists;
use plakoto_engine::game::{
    EngineGame, GameEvaluator, GameSearch, SearchLimits, SearchSettings, SettingsError, Stop,
};
use plakoto_rules::{GameKind, GenLimits};

use crate::reply::{ErrorCode, ProtoError};

/// The game's evaluator of a name (`None`: no such evaluator, or its
/// weights do not load).
pub type EvaluatorNamed<G> = fn(&str) -> Option<Box<dyn GameEvaluator<G>>>;

/// One game's searcher, what rates its positions, and the evaluators
/// `set evaluator` picks from.
pub struct GameSearcher<G: EngineGame> {
    /// The searcher.
    pub search: GameSearch<G>,
    /// What rates the game's positions (`set evaluator` replaces it).
    pub evaluator: Box<dyn GameEvaluator<G>>,
    /// The game's evaluators by name.
    named: EvaluatorNamed<G>,
    /// The names `named` knows, for the refusal of another.
    names: &'static [&'static str],
}

impl<G: EngineGame> GameSearcher<G> {
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

    /// Frees what its last search grew past ordinary needs.
    fn trim(&mut self);

    /// Frees its search caches ([`GameSearch::release_caches`]).
    fn release_caches(&mut self);

    /// Bytes its search caches hold now.
    fn cache_bytes_held(&self) -> usize;

    /// Makes the game's evaluator named `name` the one it is searched
    /// with (`set evaluator`), or says why not; on error nothing changes.
    fn set_evaluator(&mut self, name: &str) -> Result<(), ProtoError>;

    /// The searcher as [`Any`], to reach its type.
    fn as_any(&self) -> &dyn Any;

    /// The searcher as [`Any`], to reach its type and change it.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<G: EngineGame> AnySearcher for GameSearcher<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn set_stop(&mut self, stop: Stop) {
        self.search.set_stop(stop);
    }

    fn trim(&mut self) {
        self.search.trim();
    }

    fn release_caches(&mut self) {
        self.search.release_caches();
    }

    fn cache_bytes_held(&self) -> usize {
        self.search.cache_bytes_held()
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

/// The session's searchers, one per game, built with the games' sessions
/// by the factory (`game_session` in `session_game.rs`), each keeping its
/// evaluator when another game is played; the settings they search under
/// and the lists of plays Plakoto's commands keep.
pub struct SessionSearch {
    searchers: Vec<Box<dyn AnySearcher>>,
    /// Always valid: set only through [`SearchSettings::validate`].
    settings: SearchSettings,
    lists: PlayLists,
    stop: Stop,
}

impl SessionSearch {
    /// No searcher yet, the default settings, and Plakoto's lists of at
    /// most `limits` plays.
    pub fn new(limits: GenLimits) -> SessionSearch {
        SessionSearch {
            searchers: Vec::new(),
            settings: SearchSettings::default(),
            lists: PlayLists::new(limits),
            stop: Stop::never(),
        }
    }

    /// Keeps `searcher`, in place of the one of its game if there is one.
    pub fn put(&mut self, mut searcher: Box<dyn AnySearcher>) {
        searcher.set_stop(self.stop.clone());
        match self
            .searchers
            .iter_mut()
            .find(|s| s.kind() == searcher.kind())
        {
            Some(slot) => *slot = searcher,
            None => self.searchers.push(searcher),
        }
    }

    /// The searcher of `kind`, to change (panics as [`SessionSearch::get`]).
    pub fn of_mut(&mut self, kind: GameKind) -> &mut dyn AnySearcher {
        self.searchers
            .iter_mut()
            .find(|s| s.kind() == kind)
            .map(|s| s.as_mut())
            .unwrap_or_else(|| panic!("the session keeps a searcher of {kind}"))
    }

    /// `G`'s searcher and the evaluator it rates with (panics as
    /// [`SessionSearch::get`]).
    pub fn searcher<G: EngineGame>(&mut self) -> (&mut GameSearch<G>, &dyn GameEvaluator<G>) {
        let searcher = self.get_mut::<G>();
        (&mut searcher.search, searcher.evaluator.as_ref())
    }

    /// The searcher of `G`.
    ///
    /// # Panics
    /// If there is none: the session builds one for every game when it is
    /// made and never removes it.
    pub fn get<G: EngineGame>(&self) -> &GameSearcher<G> {
        self.searchers
            .iter()
            .find_map(|s| s.as_any().downcast_ref())
            .unwrap_or_else(|| panic!("the session keeps a searcher of {}", G::KIND))
    }

    /// The searcher of `G`, to change (panics as [`SessionSearch::get`]).
    pub fn get_mut<G: EngineGame>(&mut self) -> &mut GameSearcher<G> {
        self.searchers
            .iter_mut()
            .find_map(|s| s.as_any_mut().downcast_mut())
            .unwrap_or_else(|| panic!("the session keeps a searcher of {}", G::KIND))
    }

    /// Lets `stop` end the searches early.
    pub fn set_stop(&mut self, stop: Stop) {
        for searcher in &mut self.searchers {
            searcher.set_stop(stop.clone());
        }
        self.stop = stop;
    }

    /// What may end the searches early ([`Self::set_stop`]).
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// The settings every game is searched under.
    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// Searches with `settings` from now on, once every value is checked
    /// against its range ([`SearchSettings::validate`]); on error nothing
    /// changes.
    pub fn set_settings(&mut self, settings: SearchSettings) -> Result<(), SettingsError> {
        settings.validate()?;
        self.settings = settings;
        Ok(())
    }

    /// The limits the settings give a search by default (their plies and
    /// time budget).
    pub fn limits(&self) -> SearchLimits {
        self.settings.limits()
    }

    /// The most plays a turn's search lists at its root: the session's
    /// bound on a list of plays, at most `CHOICE_LIMIT` (an Express low
    /// double's millions are cut there, R20).
    pub fn choice_limit(&self) -> usize {
        self.lists.choice_limit()
    }

    /// Plakoto's lists of plays: `legal` pages them, a written play is
    /// checked and a choice committed against them.
    pub fn lists(&mut self) -> &mut PlayLists {
        &mut self.lists
    }

    /// Frees what the last command's searches and lists grew past
    /// ordinary needs (an Express low double's), keeping memory bounded
    /// between commands.
    pub fn trim(&mut self) {
        self.lists.complete.trim();
        self.lists.counter.trim();
        self.trim_keeping_listing();
    }

    /// [`Self::trim`], but Plakoto's complete list and its count are kept,
    /// for paging through a long `legal` listing.
    pub fn trim_keeping_listing(&mut self) {
        self.lists.choice.trim();
        for searcher in &mut self.searchers {
            searcher.trim();
        }
    }

    /// Frees every game's search caches, for an engine that waits (a
    /// `legal` listing is kept for its next page).
    pub fn release_caches(&mut self) {
        for searcher in &mut self.searchers {
            searcher.release_caches();
        }
    }

    /// Bytes every game's search caches hold now.
    pub fn cache_bytes_held(&self) -> usize {
        self.searchers.iter().map(|s| s.cache_bytes_held()).sum()
    }

    /// Frees the search caches of every game but `kind`, so that a session
    /// of several games (a Tavli match) holds one game's caches at most.
    pub fn release_caches_except(&mut self, kind: GameKind) {
        for searcher in &mut self.searchers {
            if searcher.kind() != kind {
                searcher.release_caches();
            }
        }
    }
}
