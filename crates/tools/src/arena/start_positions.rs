//! `plakoto arena --start-positions FILE`: games that start from given
//! positions (endgame studies, a database's class of positions) instead of
//! the initial one.

use std::path::Path;

use plakoto_engine::binary_file::fnv1a;
use plakoto_rules::{Position, Rules, game_result, parse_position_id, position_id};

/// Why a file of start positions was refused.
#[derive(Debug, thiserror::Error)]
pub enum StartPositionsError {
    /// The file could not be read.
    #[error("--start-positions {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not the Position ID of a game in progress.
    #[error("--start-positions {path}: line {line}: '{id}': {why}")]
    Line {
        /// The file.
        path: String,
        /// Line number (from 1).
        line: usize,
        /// The text read.
        id: String,
        /// What is wrong with it.
        why: String,
    },
    /// No position in the file.
    #[error("--start-positions {0}: no Position ID in the file")]
    Empty(String),
}

/// Reads the Position IDs of `path`, one a line (`#` starts a comment,
/// blank lines are skipped); each must be a game in progress under `rules`.
pub fn read(path: &Path, rules: Rules) -> Result<Vec<Position>, StartPositionsError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| StartPositionsError::Read {
        path: shown.clone(),
        source,
    })?;
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let id = line.split('#').next().unwrap_or("").trim();
        if id.is_empty() {
            continue;
        }
        let refuse = |why: String| StartPositionsError::Line {
            path: shown.clone(),
            line: n + 1,
            id: id.to_string(),
            why,
        };
        let position = parse_position_id(id).map_err(|e| refuse(e.to_string()))?;
        if game_result(&position, rules.scoring).is_some() {
            return Err(refuse("the game is already over".into()));
        }
        positions.push(position);
    }
    if positions.is_empty() {
        return Err(StartPositionsError::Empty(shown));
    }
    Ok(positions)
}

/// What a results file records of the positions, so that a resumed run
/// is checked to start from the same ones: the file name, their number and
/// a hash of their IDs.
pub fn fingerprint(path: &Path, positions: &[Position]) -> String {
    let ids: String = positions.iter().map(|p| position_id(p) + "\n").collect();
    format!(
        "{} ({} positions, {:016x})",
        path.display(),
        positions.len(),
        fnv1a(ids.as_bytes())
    )
}
