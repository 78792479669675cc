//! Built-in players that search: the heuristic evaluator behind the
//! engine's n-ply search (`builtin:ply1`, `builtin:ply2`, `builtin:ply3`),
//! in-process, for measuring what depth is worth.

use super::fault::{Fault, FaultKind};
use super::player::{Answer, Player, TurnRequest};
use crate::eval::heuristic::HeuristicEvaluator;
use crate::game::MoveGenerator;
use crate::search::{Search, SearchSettings};

/// Plays the best play of an n-ply search with the default move filters.
pub struct SearchPlayer {
    name: String,
    search: Search,
    generator: MoveGenerator,
}

impl SearchPlayer {
    /// A player searching `plies` plies.
    pub fn new(name: &str, plies: u8) -> SearchPlayer {
        SearchPlayer {
            name: name.to_string(),
            search: Search::new(SearchSettings::with_plies(plies)),
            generator: MoveGenerator::default(),
        }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        let game = turn.game;
        let numbers = game.turn_numbers().ok_or_else(|| Fault {
            kind: FaultKind::Illegal,
            message: "asked to play with nothing to play".into(),
        })?;
        let play = self
            .search
            .best_play(
                game.position(),
                &numbers,
                game.rules(),
                &HeuristicEvaluator,
                &mut self.generator,
                None,
            )
            .ok_or_else(|| Fault {
                kind: FaultKind::Illegal,
                message: "the search found no play".into(),
            })?;
        // The referee's game checks the play, against its list or, when the
        // list was cut short (Express low doubles), by the rules core's line
        // search.
        Ok(Answer::Play(play))
    }
}
