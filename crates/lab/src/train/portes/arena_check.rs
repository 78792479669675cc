//! The Portes trainer's strength check: a duplicate-dice match of the net
//! (0 ply) against another Portes evaluator (the heuristic), played
//! in-process on the trainer's threads by the arena's game-layer referee.

use rayon::prelude::*;

use crate::train::arena_check::MatchResult;
use plakoto_engine::game::GameEvaluator;
use plakoto_rules::Side;
use plakoto_rules::TavliGame;
use plakoto_rules::tavli::Portes;
use plakoto_tools::arena::referee::mix_seed;
use plakoto_tools::arena::tavli_evaluator_player::TavliEvaluatorPlayer;
use plakoto_tools::arena::tavli_player::TavliPlayer;
use plakoto_tools::arena::tavli_referee::{Opening, TavliSetup, play_tavli_game};

/// A maker of evaluators, one per worker thread.
pub type MakeEvaluator<'a> = &'a (dyn Fn() -> Box<dyn GameEvaluator<Portes>> + Sync);

/// Plays `pairs` pairs of Portes games with duplicate dice (A is X in one
/// game of a pair and O in the other, on the same dice) between the
/// evaluators made by `a` and `b`, each choosing at 0 ply. Seeded: the
/// same arguments give the same result on any number of threads.
pub fn portes_duplicate_match(
    game: Portes,
    a: MakeEvaluator<'_>,
    b: MakeEvaluator<'_>,
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
                    let players: [&mut dyn TavliPlayer<Portes>; 2] = if a_side == Side::X {
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
