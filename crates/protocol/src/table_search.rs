//! The search of the games other than Plakoto: one [`GameSearch`] and
//! evaluator per game, kept by the session beside Plakoto's search handle
//! (whose settings, limits and stop they share).

use plakoto_engine::game::{GameEvaluator, GameSearch, PortesHeuristicEvaluator};
use plakoto_engine::search::Stop;
use plakoto_rules::tavli::Portes;

/// The searchers and evaluators of the games of the table.
pub struct TableSearch {
    /// Portes' searcher.
    pub portes: GameSearch<Portes>,
    /// What rates Portes positions.
    pub portes_evaluator: Box<dyn GameEvaluator<Portes>>,
}

impl Default for TableSearch {
    fn default() -> Self {
        TableSearch {
            portes: GameSearch::new(),
            portes_evaluator: Box::new(PortesHeuristicEvaluator),
        }
    }
}

impl TableSearch {
    /// Lets `stop` end the searches early (as Plakoto's).
    pub fn set_stop(&mut self, stop: Stop) {
        self.portes.set_stop(stop);
    }
}
