//! Batches of positions as a search hands them to an evaluator, in any
//! game of the game layer: the positions after one roll's plays
//! ([`batch_after`], which `bench eval` times), and, for the tests of the
//! integer nets' exact batch updates, such batches from random games.

use plakoto_rules::TavliGame;

/// The positions after each of `plays`, opponent on roll, leaving out the
/// plays that end the game: the batch a search evaluates for one roll.
pub fn batch_after<G: TavliGame>(game: &G, plays: &[G::Play]) -> Vec<G::Position> {
    plays
        .iter()
        .map(|play| game.after(play))
        .filter(|after| game.result(after).is_none())
        .map(|after| game.flip(&after))
        .collect()
}

/// Batches as a search makes them ([`batch_after`]), from positions of
/// `games` games of `game` seeded by `seed`, whose plays are chosen at
/// random.
#[cfg(test)]
pub(crate) fn random_batches<G: TavliGame>(
    game: &G,
    seed: u64,
    games: usize,
) -> Vec<Vec<G::Position>> {
    use plakoto_rules::Dice;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut generator = game.generator();
    let mut list = G::PlayList::default();
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = game.start();
        for _ in 0..400 {
            game.generate(&mut generator, &p, Dice::roll(&mut rng), &mut list);
            let plays = game.plays(&list);
            let batch = batch_after(game, plays);
            if !batch.is_empty() {
                out.push(batch);
            }
            let after = game.after(plays.choose(&mut rng).expect("never empty"));
            if game.result(&after).is_some() {
                break;
            }
            p = game.flip(&after);
        }
    }
    out
}
