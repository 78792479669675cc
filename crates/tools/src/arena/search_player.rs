//! Built-in players that search: the heuristic evaluator (`builtin:ply1`,
//! `builtin:ply2`, `builtin:ply3`) or the net (`builtin:net-ply1`, …)
//! behind the engine's n-ply search, in-process, for measuring what depth
//! is worth, and the 0-ply players (`builtin:heuristic`, `builtin:net`).
//! They choose as the engine's `play` does ([`SearchHandle::choose`]), by
//! match-winning chances in a match: on Express low doubles, where the
//! referee's list is cut short, only a play that is surely legal (R10).

use super::fault::{Fault, FaultKind};
use super::player::{Answer, Player, TurnRequest};
use plakoto_engine::eval::Evaluator;
use plakoto_engine::eval::heuristic::HeuristicEvaluator;
use plakoto_engine::search::{SearchHandle, SearchSettings};

/// Plays the best play of an n-ply search with the default move filters.
pub struct SearchPlayer {
    name: String,
    search: SearchHandle<'static>,
}

impl SearchPlayer {
    /// A player searching `plies` plies over the heuristic.
    pub fn new(name: &str, plies: u8) -> SearchPlayer {
        SearchPlayer::with_evaluator(name, plies, Box::new(HeuristicEvaluator))
    }

    /// A player searching `plies` plies over `evaluator`.
    pub fn with_evaluator(name: &str, plies: u8, evaluator: Box<dyn Evaluator>) -> SearchPlayer {
        let search = SearchHandle::new(evaluator)
            .with_settings(SearchSettings::with_plies(plies))
            .expect("the default settings at any plies (clamped) are in range");
        SearchPlayer {
            name: name.to_string(),
            search,
        }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        let game = turn.game;
        // The referee's list, when complete, is the one the search would
        // generate.
        self.search.lists().choice.adopt(game, turn.legal);
        let context = turn.match_context();
        let limits = self.search.limits();
        let play = self
            .search
            .choose(game, context.as_ref(), limits)
            .map_err(|e| Fault::new(FaultKind::Illegal, e.to_string()))?
            .play();
        self.search.trim();
        // The referee's game checks the play, against its list or, when the
        // list was cut short (Express low doubles), by the rules core's line
        // search.
        Ok(Answer::Play(play))
    }
}

/// Plays the play with the best 0-ply equity under any evaluator (in a
/// match: the best match-winning chance at the score): a [`SearchPlayer`]
/// searching 0 plies.
pub struct EvaluatorPlayer(SearchPlayer);

impl EvaluatorPlayer {
    /// A player called `name` using `evaluator`.
    pub fn new(name: &str, evaluator: Box<dyn Evaluator>) -> EvaluatorPlayer {
        EvaluatorPlayer(SearchPlayer::with_evaluator(name, 0, evaluator))
    }
}

impl Player for EvaluatorPlayer {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        self.0.choose(turn)
    }
}
