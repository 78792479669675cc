//! Batches of positions as the search evaluates them, for the tests of
//! the incremental first layers (`f32` and integer).

use rand::SeedableRng;

use plakoto_rules::{Dice, MoveGenerator, PlayList, Position, Rules};

/// Batches as the search makes them: for positions of seeded random
/// games, every roll's plays, flipped (opponent on roll).
pub(crate) fn batches(seed: u64, games: usize) -> Vec<Vec<Position>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let rules = Rules::default();
    let mut generator = MoveGenerator::default();
    let mut roots = Vec::new();
    for _ in 0..games {
        plakoto_rules::sampling::random_game(&mut rng, rules, &mut generator, 300, |p| {
            roots.push(*p)
        });
    }
    let mut plays = PlayList::default();
    let mut out = Vec::new();
    for (n, root) in roots.iter().enumerate() {
        let (dice, _) = Dice::all_rolls().nth(n % 21).expect("21 rolls");
        generator.generate(root, &dice.numbers(rules.variant), &mut plays);
        let batch = plakoto_rules::sampling::evaluation_batch(&plays, rules.scoring);
        if !batch.is_empty() {
            out.push(batch);
        }
    }
    out
}
