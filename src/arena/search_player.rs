//! Built-in players that search: the heuristic evaluator (`builtin:ply1`,
//! `builtin:ply2`, `builtin:ply3`) or the net (`builtin:net-ply1`, …)
//! behind the engine's n-ply search, in-process, for measuring what depth
//! is worth.

use super::fault::{Fault, FaultKind};
use super::player::{Answer, Player, TurnRequest};
use crate::eval::Evaluator;
use crate::eval::heuristic::HeuristicEvaluator;
use crate::game::{MoveGenerator, format_play};
use crate::search::{Search, SearchSettings};

/// Plays the best play of an n-ply search with the default move filters.
pub struct SearchPlayer {
    name: String,
    search: Search,
    generator: MoveGenerator,
    evaluator: Box<dyn Evaluator>,
}

impl SearchPlayer {
    /// A player searching `plies` plies over the heuristic.
    pub fn new(name: &str, plies: u8) -> SearchPlayer {
        SearchPlayer::with_evaluator(name, plies, Box::new(HeuristicEvaluator))
    }

    /// A player searching `plies` plies over `evaluator`.
    pub fn with_evaluator(name: &str, plies: u8, evaluator: Box<dyn Evaluator>) -> SearchPlayer {
        SearchPlayer {
            name: name.to_string(),
            search: Search::new(SearchSettings::with_plies(plies)),
            generator: MoveGenerator::default(),
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
                self.evaluator.as_ref(),
                &mut self.generator,
                None,
            )
            .ok_or_else(|| Fault {
                kind: FaultKind::Illegal,
                message: "the search found no play".into(),
            })?;
        // The referee's list may be cut short (Express low doubles): a play
        // outside it goes as notation, which the referee checks in full.
        Ok(match turn.legal.find(&play.position) {
            Some(_) => Answer::Play(play),
            None => Answer::Notation(format_play(game.position(), &play)),
        })
    }
}
