//! The Fevga trainer's strength check: a duplicate-dice match of the net
//! (0 ply) against another Fevga evaluator (the heuristic), played
//! in-process on the trainer's threads.
//!
//! The arena's referee does not take Fevga yet (its `RefereedGame` has no
//! Fevga implementation), so the games are refereed here over the game
//! layer, as the arena would: the Greek opening (each side rolls one die,
//! ties again, the higher starts with a fresh roll), each side's 0-ply
//! choice by [`GreedyChooser`], and a turn cap. A pair plays one dice
//! stream twice with the evaluators' seats swapped.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::train::arena_check::MatchResult;
use plakoto_engine::game::{GameEvaluator, GreedyChooser};
use plakoto_rules::tavli::Fevga;
use plakoto_rules::{Dice, Seat, TavliGame};
use plakoto_tools::arena::referee::mix_seed;

/// A maker of evaluators, one per worker thread.
pub type MakeEvaluator<'a> = &'a (dyn Fn() -> Box<dyn GameEvaluator<Fevga>> + Sync);

/// Turns after which an unfinished game scores nothing (Fevga games take
/// about a hundred).
const TURN_CAP: usize = 2_000;

/// Plays one game on the dice of `dice_seed` between `players[0]` (X) and
/// `players[1]` (O), the opening roll deciding who starts. Returns X's
/// points (negative when O wins; 0 at the turn cap).
pub fn play_fevga_game(
    game: &Fevga,
    players: [&dyn GameEvaluator<Fevga>; 2],
    dice_seed: u64,
    chooser: &mut GreedyChooser<Fevga>,
    generator: &mut <Fevga as TavliGame>::Generator,
) -> i32 {
    let mut dice = ChaCha8Rng::seed_from_u64(dice_seed);
    // The Greek opening: the higher single die starts, with a new roll.
    let mut side = loop {
        let (x, o): (u8, u8) = (dice.gen_range(1..=6), dice.gen_range(1..=6));
        if x != o {
            break usize::from(x < o);
        }
    };
    let mut list = <Fevga as TavliGame>::PlayList::default();
    let mut position = game.start();
    for _ in 0..TURN_CAP {
        game.generate(generator, &position, Dice::roll(&mut dice), &mut list);
        let plays = game.plays(&list);
        let (index, _) = chooser
            .choose(game, players[side], plays)
            .expect("a game in progress has a play");
        let after = game.after(&plays[index]);
        if let Some(result) = game.result(&after) {
            debug_assert_eq!(result.winner, Some(Seat::OnRoll));
            let points = i32::from(game.points(result.kind));
            return if side == 0 { points } else { -points };
        }
        position = game.flip(&after);
        side = 1 - side;
    }
    0
}

/// Plays `pairs` pairs of Fevga games with duplicate dice (A is X in one
/// game of a pair and O in the other, on the same dice) between the
/// evaluators made by `a` and `b`, each choosing at 0 ply. Seeded: the
/// same arguments give the same result on any number of threads.
pub fn fevga_duplicate_match(
    game: Fevga,
    a: MakeEvaluator<'_>,
    b: MakeEvaluator<'_>,
    pairs: u64,
    seed: u64,
) -> MatchResult {
    let results: Vec<f64> = (0..pairs)
        .into_par_iter()
        .map_init(
            || (a(), b(), GreedyChooser::new(), game.generator()),
            |(ea, eb, chooser, generator), pair| {
                let dice_seed = mix_seed(&[seed, pair, 0xD1CE]);
                let a_as_x = play_fevga_game(&game, [&**ea, &**eb], dice_seed, chooser, generator);
                let a_as_o = -play_fevga_game(&game, [&**eb, &**ea], dice_seed, chooser, generator);
                f64::from(a_as_x + a_as_o)
            },
        )
        .collect();
    MatchResult::from_pairs(&results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::game::{FevgaHeuristicEvaluator, FevgaPipCountEvaluator};

    #[test]
    fn an_evaluator_against_itself_scores_nothing_and_the_heuristic_beats_pipcount() {
        let heuristic = || -> Box<dyn GameEvaluator<Fevga>> { Box::new(FevgaHeuristicEvaluator) };
        let pipcount = || -> Box<dyn GameEvaluator<Fevga>> { Box::new(FevgaPipCountEvaluator) };
        let game = Fevga::default();
        // Duplicate dice and deterministic players: each pair cancels.
        let same = fevga_duplicate_match(game, &heuristic, &heuristic, 10, 1);
        assert_eq!(same.ppg, 0.0);
        let better = fevga_duplicate_match(game, &heuristic, &pipcount, 20, 1);
        assert!(better.ppg > 0.5, "{better}");
    }
}
