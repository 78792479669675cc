//! The Portes suite of `plakoto bench movegen --game portes`: a fixed,
//! seeded suite of Portes positions (random plays from the start, from
//! turn 6 on), expanded with all 21 rolls in the same units as Plakoto's
//! (nanoseconds a generated play), so the two generators can be put side
//! by side. (A file of gnubg Position IDs is read by
//! [`super::table_suite::read_positions`].)

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_rules::Dice;
use plakoto_rules::portes::{
    PortesMoveGenerator, PortesPlayList, PortesPosition, PortesScoring, portes_result,
};

/// Seed of the fixed Portes suite.
pub const PORTES_SUITE_SEED: u64 = 20_261_126;

/// `positions` mid-game Portes positions: random plays of seeded games from
/// the start, one position taken from each game at a random turn from 6 on.
pub fn portes_suite(positions: usize) -> Vec<PortesPosition> {
    portes_suite_from(PORTES_SUITE_SEED, positions, 6)
}

/// [`portes_suite`] of another seed, each game's position taken at a
/// random turn from `skip` on (`bench hint --game portes` takes its seed and
/// skip as the Plakoto hint bench does).
pub fn portes_suite_from(seed: u64, positions: usize, skip: usize) -> Vec<PortesPosition> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = PortesMoveGenerator::default();
    let mut list = PortesPlayList::default();
    let mut suite = Vec::with_capacity(positions);
    while suite.len() < positions {
        // The span of turns is the one the fixed suite was first drawn with.
        let stop_at = rng.gen_range(skip..skip + 34);
        let mut position = PortesPosition::start();
        for _ in 0..stop_at {
            let dice = Dice::roll(&mut rng);
            generator.generate(&position, dice, &mut list);
            let play = list.plays.choose(&mut rng).expect("never empty");
            position = play.position.flipped();
            if portes_result(&position, PortesScoring::Standard).is_some() {
                break;
            }
        }
        if portes_result(&position, PortesScoring::Standard).is_none() {
            suite.push(position);
        }
    }
    suite
}
