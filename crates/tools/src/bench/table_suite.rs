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

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::tavli::{Fevga, Portes};

    fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("plakoto-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("temp file");
        path
    }

    #[test]
    fn a_positions_file_gives_its_first_ids_skipping_blanks_and_comments() {
        let game = Portes::default();
        let start = game.start();
        let id = game.position_id(&start);
        let path = temp_file(
            "ids",
            &format!("# gnubg IDs\n\n{id}\n{id}  # again\n{id}\n"),
        );
        let suite = read_positions(&game, &path, 2).expect("reads");
        assert_eq!(suite, vec![start, start]);
        std::fs::remove_file(path).ok();
    }

    #[test]
    fn a_bad_line_is_named() {
        let path = temp_file("bad", "4HPwATDgc/ABMA\nnot-an-id\n");
        let error = read_positions(&Portes::default(), &path, 5)
            .unwrap_err()
            .to_string();
        assert!(error.contains("line 2: 'not-an-id'"), "{error}");
        // A Portes ID is no Fevga position (15 checkers on one point each).
        let error = read_positions(&Fevga::default(), &path, 5)
            .unwrap_err()
            .to_string();
        assert!(error.contains("line 1: '4HPwATDgc/ABMA'"), "{error}");
        std::fs::remove_file(path).ok();
    }

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
