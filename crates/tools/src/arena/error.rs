//! Why an arena run or merge stopped: one error type for the arena's
//! files, players and reports. The messages name the file, the engine or
//! the option.

use std::path::PathBuf;

use super::fault::Fault;
use super::record::Contestant;
use super::records_dir::RecordsDirError;
use plakoto_engine::eval::net::weights::WeightsError;

/// Why a player could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// A built-in net player, and the net's weights do not load.
    #[error("{spec}: cannot load the net's weights: {source}")]
    Weights {
        /// The player's spec.
        spec: String,
        /// Why.
        source: WeightsError,
    },
    /// No built-in player has this name.
    #[error("unknown built-in player '{spec}' (known: {known})")]
    UnknownBuiltin {
        /// The player's spec.
        spec: String,
        /// The built-in players, comma-separated.
        known: String,
    },
    /// The engine command is empty.
    #[error("an empty engine command")]
    EmptyCommand,
    /// The engine did not start or answer `isready`.
    #[error(transparent)]
    Start(#[from] Fault),
}

/// Why an arena run or merge stopped.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// A file could not be opened, read or written (`action` says which).
    #[error("{action} {}: {source}", path.display())]
    File {
        /// `cannot open`, `cannot read`, …
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The results file holds results and `--resume` was not given.
    #[error(
        "{} already holds results: pass --resume to continue that run, or choose another --out file",
        .0.display()
    )]
    ResultsExist(PathBuf),
    /// The results file is not UTF-8 text.
    #[error("{} is not UTF-8 text", .0.display())]
    NotText(PathBuf),
    /// The results file is empty.
    #[error("{} holds no results", .0.display())]
    NoResults(PathBuf),
    /// The results file's first line is not a run header.
    #[error("{}: the first line is not an arena header: {source}", path.display())]
    NotHeader {
        /// The results file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// The results file was written by another run (other engines, seed…).
    #[error(
        "{} was written by a different run ({found}); resume needs the same engines, seed, rules, scoring, match length and turn cap (now {now})",
        path.display()
    )]
    OtherRun {
        /// The results file.
        path: PathBuf,
        /// Its header, as JSON.
        found: String,
        /// This run's header, as JSON.
        now: String,
    },
    /// A line of the results file is not a game record.
    #[error("{}: line {line} is not a game record: {source}", path.display())]
    NotRecord {
        /// The results file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// Why.
        source: serde_json::Error,
    },
    /// A shard's results file is from another run than the first file's.
    #[error(
        "{} is from a different run: engines, seed, rules, scoring, match length and turn cap must agree",
        .0.display()
    )]
    ShardOfOtherRun(PathBuf),
    /// Two shards hold the same unit with different games.
    #[error("unit {unit} is in two files with different games ({})", path.display())]
    UnitTwice {
        /// The unit.
        unit: u64,
        /// The second file holding it.
        path: PathBuf,
    },
    /// `arena merge` was given no file.
    #[error("no results files")]
    NoFiles,
    /// A player could not be made, before the run.
    #[error("engine {contestant}: {source}")]
    Engine {
        /// Which engine.
        contestant: Contestant,
        /// Why.
        source: PlayerError,
    },
    /// A player could not be made, during the run.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// The rules or scoring do not go together, or do not read.
    #[error(transparent)]
    Rules(#[from] plakoto_rules::RulesError),
    /// A unit's record could not be written (`--records`).
    #[error(transparent)]
    RecordsDir(#[from] RecordsDirError),
    /// A line or the report could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Options that do not go together (an option of Plakoto's in a
    /// Portes run, records not written for the game yet): the message
    /// says which.
    #[error("{0}")]
    Options(String),
    /// `--start-positions` could not be read.
    #[error(transparent)]
    StartPositions(#[from] super::start_positions::StartPositionsError),
}

impl ArenaError {
    /// A closure for `map_err`: `action` on `path` failed.
    pub fn file<'a>(
        action: &'static str,
        path: &'a std::path::Path,
    ) -> impl FnOnce(std::io::Error) -> ArenaError + 'a {
        move |source| ArenaError::File {
            action,
            path: path.to_path_buf(),
            source,
        }
    }
}
