//! The results file (`--out`): a header line describing the run, then one
//! JSON line per finished game, appended as each game ends (flushed and
//! synced to disk). Lines are only ever appended, so a crash leaves
//! complete lines plus at most one torn last line; `--resume` cuts that
//! torn tail off, keeps the finished units and plays the rest.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::arena_game::ArenaGame;
use super::error::ArenaError;
use super::record::GameRecord;
use super::tavli_referee::Opening;

/// What must match for a file to be resumed: everything the games depend
/// on. (The number of games may change: a run can be extended.)
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RunHeader {
    /// File format version.
    pub version: u32,
    /// Engine A's spec.
    pub a: String,
    /// Engine B's spec.
    pub b: String,
    /// The run's seed.
    pub seed: u64,
    /// Rule variant (`standard` or `express`).
    pub rules: String,
    /// Scoring (`standard` or `tzannes`).
    pub scoring: String,
    /// Match length, if games are played in matches.
    pub match_to: Option<u8>,
    /// Turn cap per game.
    pub turn_cap: u32,
    /// The shard this file holds, if the run was split (`--shard`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<super::shard::Shard>,
    /// The start positions' file and fingerprint (`--start-positions`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_positions: Option<String>,
    /// The game played (`--game`, `tavli` for Tavli matches); not
    /// written for Plakoto, so Plakoto files read and resume as before.
    #[serde(default, skip_serializing_if = "is_default_game")]
    pub game: ArenaGame,
    /// How games opened (`--opening`), for games other than Plakoto.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<Opening>,
    /// The games' switches (`--switches`: Fevga's), as `name=value` words with
    /// the defaults written out, so a file says the rules its games were
    /// played under and resumes only under the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switches: Option<String>,
    /// A Tavli run's sequence of games (`--tavli-sequence`, written out
    /// when default too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tavli_sequence: Option<String>,
    /// A Tavli run's starter after a draw (`--tavli-after-draw`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tavli_after_draw: Option<String>,
}

/// Whether `game` is the default one (Plakoto), written by omission.
pub(super) fn is_default_game(game: &ArenaGame) -> bool {
    *game == ArenaGame::default()
}

/// Current file format version.
pub const FORMAT_VERSION: u32 = 1;

#[derive(serde::Serialize, serde::Deserialize)]
struct HeaderLine {
    header: RunHeader,
}

/// An open results file, ready to append to.
pub struct ResultsFile {
    path: PathBuf,
    file: File,
}

/// What an existing file held.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Records of every finished unit, by unit, in game order.
    pub units: BTreeMap<u64, Vec<GameRecord>>,
    /// Whether a torn last line was found and cut off.
    pub torn_tail: bool,
    /// Game lines of units that had not finished (they are replayed).
    pub partial_lines: usize,
}

impl ResultsFile {
    /// Opens `path` for a run. Without `resume` the file must not hold
    /// results yet. With `resume`, an existing file must have been written
    /// by the same run (same header); its finished units are returned.
    pub fn open(
        path: &Path,
        header: &RunHeader,
        resume: bool,
    ) -> Result<(ResultsFile, Loaded), ArenaError> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(ArenaError::file("cannot open", path))?;
        let mut text = Vec::new();
        file.read_to_end(&mut text)
            .map_err(ArenaError::file("cannot read", path))?;
        let mut out = ResultsFile {
            path: path.to_path_buf(),
            file,
        };
        if text.is_empty() {
            out.append_header(header)?;
            return Ok((out, Loaded::default()));
        }
        if !resume {
            return Err(ArenaError::ResultsExist(path.to_path_buf()));
        }
        let complete = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let torn_tail = complete < text.len();
        let text = std::str::from_utf8(&text[..complete])
            .map_err(|_| ArenaError::NotText(path.to_path_buf()))?;
        // Read and check everything before changing anything.
        let mut loaded = parse(text, header, path)?;
        loaded.torn_tail = torn_tail;
        if torn_tail {
            // A line cut by a crash mid-write: it never counted; drop it so
            // appended lines start clean.
            out.file
                .set_len(complete as u64)
                .and_then(|_| out.file.seek(SeekFrom::End(0)).map(|_| ()))
                .map_err(ArenaError::file("cannot cut the torn last line of", path))?;
        }
        if text.is_empty() {
            out.append_header(header)?;
        }
        Ok((out, loaded))
    }

    /// Appends one finished game and makes it durable before returning.
    pub fn append(&mut self, record: &GameRecord) -> Result<(), ArenaError> {
        let line = serde_json::to_string(record)?;
        self.append_line(&line)
    }

    fn append_header(&mut self, header: &RunHeader) -> Result<(), ArenaError> {
        let line = serde_json::to_string(&HeaderLine {
            header: header.clone(),
        })?;
        self.append_line(&line)
    }

    fn append_line(&mut self, line: &str) -> Result<(), ArenaError> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        // One write of the whole line: with O_APPEND it lands at the end.
        self.file
            .write_all(&bytes)
            .and_then(|_| self.file.flush())
            .and_then(|_| self.file.sync_data())
            .map_err(ArenaError::file("cannot write", &self.path))
    }
}

/// Reads a results file without changing it (for `arena merge`): its
/// header and finished units. A torn last line is ignored.
pub fn read(path: &Path) -> Result<(RunHeader, Loaded), ArenaError> {
    let whole = std::fs::read_to_string(path).map_err(ArenaError::file("cannot read", path))?;
    let complete = whole.rfind('\n').map_or(0, |i| i + 1);
    let text = &whole[..complete];
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .ok_or_else(|| ArenaError::NoResults(path.to_path_buf()))?;
    let found = header_line(first, path)?;
    let mut loaded = parse(text, &found.header, path)?;
    loaded.torn_tail = complete < whole.len();
    Ok((found.header, loaded))
}

/// Reads complete lines: the header, then game records. A unit's records
/// restart at its game 0 (a partial unit replayed after a resume); a unit
/// counts once its last record says `unit_over`.
/// The header line `first` of the results file `path`.
fn header_line(first: &str, path: &Path) -> Result<HeaderLine, ArenaError> {
    serde_json::from_str(first).map_err(|source| ArenaError::NotHeader {
        path: path.to_path_buf(),
        source,
    })
}

fn parse(text: &str, header: &RunHeader, path: &Path) -> Result<Loaded, ArenaError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let mut loaded = Loaded::default();
    match lines.next() {
        None => return Ok(loaded),
        Some((_, first)) => {
            let found = header_line(first, path)?;
            if found.header != *header {
                return Err(ArenaError::OtherRun {
                    path: path.to_path_buf(),
                    found: serde_json::to_string(&found.header).unwrap_or_default(),
                    now: serde_json::to_string(header).unwrap_or_default(),
                });
            }
        }
    }
    let mut open: BTreeMap<u64, Vec<GameRecord>> = BTreeMap::new();
    for (i, line) in lines {
        let record: GameRecord =
            serde_json::from_str(line).map_err(|source| ArenaError::NotRecord {
                path: path.to_path_buf(),
                line: i + 1,
                source,
            })?;
        let unit = record.unit;
        let games = open.entry(unit).or_default();
        if record.game == 0 {
            games.clear();
        }
        let over = record.unit_over;
        games.push(record);
        if over {
            let games = open.remove(&unit).unwrap_or_default();
            loaded.units.insert(unit, games);
        }
    }
    loaded.partial_lines = open.values().map(Vec::len).sum();
    Ok(loaded)
}
