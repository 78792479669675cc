//! A fixed, seeded suite of positions of any game of the table, drawn as
//! the Portes suite is (random plays from the start, one position from each
//! game at a random turn from `skip` on), so `bench movegen`, `bench eval`
//! and `bench hint` time every game on positions of the same kind.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_rules::{Dice, TavliGame};

/// Seed of the fixed Fevga suite.
pub const FEVGA_SUITE_SEED: u64 = 20_261_127;

/// `positions` positions of `game` in progress (see the module doc).
pub fn table_suite<G: TavliGame>(
    game: G,
    seed: u64,
    positions: usize,
    skip: usize,
) -> Vec<G::Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = game.generator();
    let mut list = G::PlayList::default();
    let mut suite = Vec::with_capacity(positions);
    while suite.len() < positions {
        let stop_at = rng.gen_range(skip..skip + 34);
        let mut position = game.start();
        for _ in 0..stop_at {
            let dice = Dice::roll(&mut rng);
            game.generate(&mut generator, &position, dice, &mut list);
            let play = game.plays(&list).choose(&mut rng).expect("never empty");
            position = game.flip(&game.after(play));
            if game.result(&position).is_some() {
                break;
            }
        }
        if game.result(&position).is_none() {
            suite.push(position);
        }
    }
    suite
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::tavli::Fevga;

    #[test]
    fn the_suite_is_seeded_and_holds_games_in_progress() {
        let game = Fevga::default();
        let suite = table_suite(game, FEVGA_SUITE_SEED, 20, 6);
        assert_eq!(suite.len(), 20);
        assert_eq!(suite, table_suite(game, FEVGA_SUITE_SEED, 20, 6));
        assert!(suite.iter().all(|p| game.result(p).is_none()));
        assert!(suite.iter().any(|p| *p != game.start()));
    }
}
