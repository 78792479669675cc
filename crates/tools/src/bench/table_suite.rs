//! A fixed, seeded suite of positions of any game of the table, drawn as
//! the Portes suite is (random plays from the start, one position from each
//! game at a random turn from `skip` on), so `bench movegen`, `bench eval`
//! and `bench hint` time every game on positions of the same kind; or a
//! suite read from a file of the game's Position IDs (`--positions-file`).

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_rules::{Dice, TavliGame};

use super::BenchError;

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

/// The first `positions` Position IDs of a file of `game`'s (one a line;
/// blank lines and `#` comments skipped), seen from the side on roll. In
/// Portes these are GNU Backgammon's own IDs, so gnubg and this bench time
/// the same positions (`scripts/speed_sitting.py --game portes`).
pub fn read_positions<G: TavliGame>(
    game: &G,
    path: &std::path::Path,
    positions: usize,
) -> Result<Vec<G::Position>, BenchError> {
    let fail = |why: String| BenchError::PositionsFile(path.display().to_string(), why);
    let text = std::fs::read_to_string(path).map_err(|e| fail(e.to_string()))?;
    let mut suite = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let id = line.split('#').next().unwrap_or("").trim();
        if id.is_empty() {
            continue;
        }
        if suite.len() == positions {
            break;
        }
        let position = game
            .parse_position_id(id)
            .map_err(|e| fail(format!("line {}: '{id}': {e}", number + 1)))?;
        suite.push(position);
    }
    if suite.is_empty() {
        return Err(fail(format!("no {} Position ID in the file", G::KIND)));
    }
    Ok(suite)
}
