//! The table trainer's strength check: a duplicate-dice match of the net
//! (0 ply) against another evaluator of the game (the heuristic, the
//! previous check's net), played in-process on the trainer's threads by
//! the arena's game-layer referee.

use rayon::prelude::*;

use crate::train::arena_check::MatchResult;
use plakoto_engine::game::GameEvaluator;
use plakoto_rules::Side;
use plakoto_tools::arena::referee::mix_seed;
use plakoto_tools::arena::refereed_game::RefereedGame;
use plakoto_tools::arena::tavli_evaluator_player::TavliEvaluatorPlayer;
use plakoto_tools::arena::tavli_player::TavliPlayer;
use plakoto_tools::arena::tavli_referee::{Opening, TavliSetup, play_tavli_game};

/// A maker of evaluators, one per worker thread.
pub type MakeEvaluator<'a, G> = &'a (dyn Fn() -> Box<dyn GameEvaluator<G>> + Sync);

/// Plays `pairs` pairs of games of `game` with duplicate dice (A is X in
/// one game of a pair and O in the other, on the same dice; the Greek
/// opening, a cap of 2,000 turns) between the evaluators made by `a` and
/// `b`, each choosing at 0 ply. Seeded: the same arguments give the same
/// result on any number of threads.
pub fn duplicate_match<G: RefereedGame>(
    game: G,
    a: MakeEvaluator<'_, G>,
    b: MakeEvaluator<'_, G>,
    pairs: u64,
    seed: u64,
) -> MatchResult {
    let results: Vec<f64> = (0..pairs)
        .into_par_iter()
        .map_init(
            || {
                (
                    TavliEvaluatorPlayer::new("a", a()),
                    TavliEvaluatorPlayer::new("b", b()),
                    game.generator(),
                )
            },
            |(pa, pb, generator), pair| {
                let mut sum = 0.0;
                for a_side in [Side::X, Side::O] {
                    let setup = TavliSetup {
                        opening: Opening::Greek,
                        dice_seed: mix_seed(&[seed, pair, 0xD1CE]),
                        player_seeds: [0, 0],
                        turn_cap: 2_000,
                        starter: None,
                        score: Default::default(),
                        tavli: None,
                    };
                    let players: [&mut dyn TavliPlayer<G>; 2] = if a_side == Side::X {
                        [&mut *pa, &mut *pb]
                    } else {
                        [&mut *pb, &mut *pa]
                    };
                    let outcome = play_tavli_game(&game, &setup, players, generator);
                    let points = f64::from(outcome.points);
                    sum += match outcome.winner {
                        Some(w) if w == a_side => points,
                        Some(_) => -points,
                        None => 0.0,
                    };
                }
                sum
            },
        )
        .collect();
    MatchResult::from_pairs(&results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::game::{FevgaHeuristicEvaluator, FevgaPipCountEvaluator};
    use plakoto_rules::tavli::Fevga;

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
