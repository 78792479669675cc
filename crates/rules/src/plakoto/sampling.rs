//! Seeded random games, for benchmark suites and property tests: positions
//! any engine author can regenerate from a seed.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::{Dice, MoveGenerator, PlayList, Position, Rules, Scoring, Variant, game_result};

/// The positions after each of `plays` that does not end the game, flipped
/// so the opponent is on roll: one roll's batch as the search evaluates it
/// (benchmarks and tests of batched evaluation).
pub fn evaluation_batch(plays: &PlayList, scoring: Scoring) -> Vec<Position> {
    plays
        .plays
        .iter()
        .filter(|p| game_result(&p.position, scoring).is_none())
        .map(|p| p.position.flip())
        .collect()
}

/// Plays one game of uniformly random legal plays from the initial
/// position, calling `visit` with each position reached before a roll (from
/// the side on roll), until the game ends or `max_turns` is reached.
/// Returns the number of turns played.
pub fn random_game(
    rng: &mut ChaCha8Rng,
    rules: Rules,
    generator: &mut MoveGenerator,
    max_turns: usize,
    mut visit: impl FnMut(&Position),
) -> usize {
    let mut position = Position::initial();
    let mut plays = PlayList::default();
    for turn in 0..max_turns {
        visit(&position);
        let dice = Dice::roll(rng);
        generator.generate(&position, &dice.numbers(rules.variant), &mut plays);
        let play = plays
            .plays
            .choose(rng)
            .expect("a game in progress always has a play");
        if game_result(&play.position, rules.scoring).is_some() {
            return turn + 1;
        }
        position = play.position.flip();
    }
    max_turns
}

/// A fixed suite of `count` positions from seeded random standard games,
/// skipping each game's first `skip` turns so they are mid-game positions.
pub fn midgame_suite(seed: u64, count: usize, skip: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = MoveGenerator::default();
    let rules = Rules {
        variant: Variant::Standard,
        ..Rules::default()
    };
    let mut suite = Vec::with_capacity(count);
    while suite.len() < count {
        let mut turn = 0;
        random_game(&mut rng, rules, &mut generator, 400, |p| {
            if turn >= skip && suite.len() < count {
                suite.push(*p);
            }
            turn += 1;
        });
    }
    suite
}
