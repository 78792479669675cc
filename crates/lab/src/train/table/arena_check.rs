//! The table trainer's strength check: a duplicate-dice match of the net
//! (0 ply) against another evaluator of the game (the heuristic, the
//! previous check's net), played in-process on the trainer's threads by
//! the arena's game-layer referee.

use crate::train::arena_check::{MatchResult, duplicate_games};
use plakoto_engine::game::GameEvaluator;
use plakoto_tools::ToolsGame;

/// A maker of evaluators, one per worker thread.
pub type MakeEvaluator<'a, G> = &'a (dyn Fn() -> Box<dyn GameEvaluator<G>> + Sync);

/// Plays `pairs` pairs of games of `game` with duplicate dice (A is X in
/// one game of a pair and O in the other, on the same dice; the Greek
/// opening, a cap of 2,000 turns) between the evaluators made by `a` and
/// `b`, each choosing at 0 ply ([`ToolsGame::evaluator_player`]). Seeded: the same arguments give the same
/// result on any number of threads.
pub fn duplicate_match<G: ToolsGame + Sync>(
    game: G,
    a: MakeEvaluator<'_, G>,
    b: MakeEvaluator<'_, G>,
    pairs: u64,
    seed: u64,
) -> MatchResult {
    let players = || (G::evaluator_player("a", a()), G::evaluator_player("b", b()));
    duplicate_games(&game, &players, pairs, seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::game::{FevgaHeuristicEvaluator, FevgaPipCountEvaluator};
    use plakoto_rules::Fevga;

    #[test]
    fn an_evaluator_against_itself_scores_nothing_and_the_heuristic_beats_pipcount() {
        let heuristic = || -> Box<dyn GameEvaluator<Fevga>> { Box::new(FevgaHeuristicEvaluator) };
        let pipcount = || -> Box<dyn GameEvaluator<Fevga>> { Box::new(FevgaPipCountEvaluator) };
        let game = Fevga::default();
        // Duplicate dice and deterministic players: each pair cancels.
        let same = duplicate_match(game, &heuristic, &heuristic, 10, 1);
        assert_eq!(same.ppg, 0.0);
        let better = duplicate_match(game, &heuristic, &pipcount, 20, 1);
        assert!(better.ppg > 0.5, "{better}");
    }
}
