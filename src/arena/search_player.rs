//! Built-in players that search: the heuristic evaluator (`builtin:ply1`,
//! `builtin:ply2`, `builtin:ply3`) or the net (`builtin:net-ply1`, …)
//! behind the engine's n-ply search, in-process, for measuring what depth
//! is worth. They choose as the engine's `play` does ([`Search::choose`]),
//! by match-winning chances in a match.

use super::fault::{Fault, FaultKind};
use super::player::{Answer, Player, TurnRequest};
use crate::eval::heuristic::HeuristicEvaluator;
use crate::eval::{Evaluator, Probabilities};
use crate::search::{PlayLists, Search, SearchLimits, SearchSettings, Valuation};

/// Plays the best play of an n-ply search with the default move filters.
pub struct SearchPlayer {
    name: String,
    search: Search,
    settings: SearchSettings,
    limits: SearchLimits,
    lists: PlayLists,
    evaluator: Box<dyn Evaluator>,
}

impl SearchPlayer {
    /// A player searching `plies` plies over the heuristic.
    pub fn new(name: &str, plies: u8) -> SearchPlayer {
        SearchPlayer::with_evaluator(name, plies, Box::new(HeuristicEvaluator))
    }

    /// A player searching `plies` plies over `evaluator`.
    pub fn with_evaluator(name: &str, plies: u8, evaluator: Box<dyn Evaluator>) -> SearchPlayer {
        let settings = SearchSettings::with_plies(plies);
        SearchPlayer {
            name: name.to_string(),
            search: Search::new(),
            settings,
            limits: settings.limits(),
            lists: PlayLists::bounded(),
            evaluator,
        }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        let game = turn.game;
        let context = turn.match_context();
        let mwc = context.as_ref().map(|c| move |p: &Probabilities| c.mwc(p));
        let valuation = mwc.as_ref().map(|f| f as &Valuation);
        let play = self
            .search
            .choose(
                game,
                self.evaluator.as_ref(),
                &self.settings,
                self.limits,
                &mut self.lists,
                valuation,
            )
            .map_err(|e| Fault::new(FaultKind::Illegal, e.to_string()))?
            .play();
        self.lists.trim();
        self.search.trim();
        // The referee's game checks the play, against its list or, when the
        // list was cut short (Express low doubles), by the rules core's line
        // search.
        Ok(Answer::Play(play))
    }
}
