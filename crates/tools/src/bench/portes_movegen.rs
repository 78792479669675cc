//! The Portes suite of `plakoto bench movegen --game portes`: a fixed,
//! seeded suite of Portes positions (random plays from the start, from
//! turn 6 on), expanded with all 21 rolls in the same units as Plakoto's
//! (nanoseconds a generated play), so the two generators can be put side
//! by side.

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

/// The first `positions` Position IDs of a file (one a line; blank lines
/// and `#` comments skipped), seen from the side on roll: GNU
/// Backgammon's own IDs, so gnubg and this bench time the same positions
/// (`../shared/anchors/bg-contact-positions.txt`).
pub fn read_portes_positions(
    path: &std::path::Path,
    positions: usize,
) -> Result<Vec<PortesPosition>, super::BenchError> {
    let fail = |why: String| super::BenchError::PositionsFile(path.display().to_string(), why);
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
        let position = crate::bench::portes_position_id(id)
            .map_err(|e| fail(format!("line {}: '{id}': {e}", number + 1)))?;
        suite.push(position);
    }
    if suite.is_empty() {
        return Err(fail("no Position ID in the file".to_string()));
    }
    Ok(suite)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("plakoto-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("temp file");
        path
    }

    #[test]
    fn a_positions_file_gives_its_first_ids_skipping_blanks_and_comments() {
        let start = PortesPosition::start();
        let id = plakoto_rules::portes::portes_position_id(&start);
        let path = temp_file(
            "ids",
            &format!("# gnubg IDs\n\n{id}\n{id}  # again\n{id}\n"),
        );
        let suite = read_portes_positions(&path, 2).expect("reads");
        assert_eq!(suite, vec![start, start]);
        std::fs::remove_file(path).ok();
    }

    #[test]
    fn a_bad_line_is_named() {
        let path = temp_file("bad", "4HPwATDgc/ABMA\nnot-an-id\n");
        let error = read_portes_positions(&path, 5).unwrap_err().to_string();
        assert!(error.contains("line 2: 'not-an-id'"), "{error}");
        std::fs::remove_file(path).ok();
    }
}
