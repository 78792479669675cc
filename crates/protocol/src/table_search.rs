//! The search of the games other than Plakoto: one [`GameSearch`] and
//! evaluator per game, kept by the session beside Plakoto's search handle
//! (whose settings, limits and stop they share).

use plakoto_engine::game::{GameEvaluator, GameSearch, PortesHeuristicEvaluator, fevga_evaluator};
use plakoto_engine::search::Stop;
use plakoto_rules::tavli::{Fevga, Portes};

/// The searchers and evaluators of the games of the table.
pub struct TableSearch {
    /// Portes' searcher.
    pub portes: GameSearch<Portes>,
    /// What rates Portes positions.
    pub portes_evaluator: Box<dyn GameEvaluator<Portes>>,
    /// Fevga's searcher.
    pub fevga: GameSearch<Fevga>,
    /// What rates Fevga positions.
    pub fevga_evaluator: Box<dyn GameEvaluator<Fevga>>,
}

impl Default for TableSearch {
    /// Each game's hand-written heuristic (fast and fixed; the sessions of
    /// the binary switch to the nets).
    fn default() -> Self {
        TableSearch {
            portes: GameSearch::new(),
            portes_evaluator: Box::new(PortesHeuristicEvaluator),
            fevga: GameSearch::new(),
            fevga_evaluator: fevga_evaluator("heuristic")
                .expect("the Fevga heuristic always exists"),
        }
    }
}

impl TableSearch {
    /// Lets `stop` end the searches early (as Plakoto's).
    pub fn set_stop(&mut self, stop: Stop) {
        self.portes.set_stop(stop.clone());
        self.fevga.set_stop(stop);
    }
}
