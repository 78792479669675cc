//! Positions of seeded random games of any game of the game layer, for the
//! nets' input tests.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use plakoto_rules::{Dice, TavliGame};

/// Every position on roll of `games` games of `game` whose plays are
/// chosen at random, game `k` seeded by `seed + k`.
pub fn random_game_positions<G: TavliGame>(game: &G, seed: u64, games: u64) -> Vec<G::Position> {
    let mut generator = game.generator();
    let mut list = Default::default();
    let mut out = Vec::new();
    for k in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed + k);
        let mut p = game.start();
        for _ in 0..3_000 {
            out.push(p);
            game.generate(&mut generator, &p, Dice::roll(&mut rng), &mut list);
            let play = *game.plays(&list).choose(&mut rng).expect("never empty");
            let after = game.after(&play);
            if game.result(&after).is_some() {
                break;
            }
            p = game.flip(&after);
        }
    }
    out
}
