//! The rollout label file of `plakoto refine labels` (run by the
//! game-layer trainer's `labels`): its text, read, written atomically
//! and merged from shards.
//!
//! The first line is the header, `# plakoto labels ` and a JSON
//! [`LabelHeader`]: what decides the labels (the game, the labelling net,
//! the sampling and the rollout settings), so that a resumed run or a
//! merge refuses labels made otherwise. Every other line is one labelled
//! position, a [`LabelLine`]:
//!
//! ```text
//! INDEX POSITION-ID TRIALS EQUITY STD-ERROR p1 … pk
//! ```
//!
//! space-separated: the position's index in the run's sampled list, its
//! game-layer Position ID (side on roll, before it rolls), the rollout's
//! games, its mean equity for the side on roll (luck-adjusted when the
//! header says so) and that mean's standard error, and the outcome
//! distribution in the game's net's order (the label). Numbers are written
//! in Rust's shortest form that reads back to the same `f32`, so a file
//! read and written again is the same bytes, and lines are kept in index
//! order: the shards of a run, merged, are byte for byte the unsharded
//! run's file.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::refine_error::{RefineError, io};
use plakoto_engine::binary_file::write_atomically;

/// What a label file's header line starts with.
pub const HEADER_PREFIX: &str = "# plakoto labels ";

/// What decides a run's labels: two files with the same header hold the
/// same label for the same index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabelHeader {
    /// The game (its trainer's name: `Portes`, `Fevga`).
    pub game: String,
    /// The labelling net's identity (8 hex digits of its weight file's
    /// hash): it plays the sampled games and the rollouts.
    pub net: String,
    /// Positions in the whole run.
    pub positions: usize,
    /// Seed of the sampled games and of the rollouts' dice.
    pub seed: u64,
    /// Chance of a random play on a turn of the sampled games.
    pub epsilon: f32,
    /// Chance that a turn's position on roll is taken.
    pub share: f64,
    /// Whether a taken turn where the net's 0-ply and 2-ply choices differ
    /// also gives the positions those two plays reach.
    pub disagreements: bool,
    /// Rollout games a position.
    pub trials: u32,
    /// Turns after which a rolled-out game is scored by the net.
    pub max_turns: u32,
    /// Whether the rollout subtracts each roll's luck from the equity.
    pub luck_adjust: bool,
}

impl fmt::Display for LabelHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let json = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        write!(f, "{HEADER_PREFIX}{json}")
    }
}

impl FromStr for LabelHeader {
    type Err = String;

    fn from_str(s: &str) -> Result<LabelHeader, String> {
        let json = s.strip_prefix(HEADER_PREFIX).ok_or_else(|| {
            format!("not a label file: its first line does not start with '{HEADER_PREFIX}'")
        })?;
        serde_json::from_str(json).map_err(|e| format!("a header that cannot be read: {e}"))
    }
}

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelLine {
    /// The position's index in the run's sampled list.
    pub index: usize,
    /// Its Position ID (side on roll, before it rolls).
    pub position: String,
    /// Rollout games.
    pub trials: u32,
    /// Mean equity for the side on roll.
    pub equity: f32,
    /// Standard error of `equity`.
    pub std_error: f32,
    /// The outcome distribution, in the net's outcome order.
    pub distribution: Vec<f32>,
}

impl fmt::Display for LabelLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {}",
            self.index, self.position, self.trials, self.equity, self.std_error
        )?;
        for p in &self.distribution {
            write!(f, " {p}")?;
        }
        Ok(())
    }
}

impl FromStr for LabelLine {
    type Err = String;

    fn from_str(s: &str) -> Result<LabelLine, String> {
        let mut fields = s.split(' ');
        let mut next = |what: &str| {
            fields.next().filter(|f| !f.is_empty()).ok_or_else(|| {
                format!("no {what}: a line is INDEX POSITION-ID TRIALS EQUITY STD-ERROR p1 … pk")
            })
        };
        let number = |what: &str, text: &str| format!("{what} '{text}' is not a number");
        let index = next("index")?;
        let index = index.parse().map_err(|_| number("the index", index))?;
        let position = next("Position ID")?.to_string();
        let trials = next("trials")?;
        let trials = trials.parse().map_err(|_| number("trials", trials))?;
        let equity = next("equity")?;
        let equity = equity.parse().map_err(|_| number("the equity", equity))?;
        let std_error = next("standard error")?;
        let std_error = std_error
            .parse()
            .map_err(|_| number("the standard error", std_error))?;
        let distribution = fields
            .map(|p| p.parse::<f32>().map_err(|_| number("a probability", p)))
            .collect::<Result<Vec<f32>, String>>()?;
        if distribution.is_empty() {
            return Err("no outcome distribution after the standard error".into());
        }
        if let Some(p) = distribution.iter().find(|p| !(0.0..=1.0).contains(*p)) {
            return Err(format!("the probability {p} is outside [0, 1]"));
        }
        Ok(LabelLine {
            index,
            position,
            trials,
            equity,
            std_error,
            distribution,
        })
    }
}

/// A label file: its header and its lines, in index order.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelFile {
    /// What decided the labels.
    pub header: LabelHeader,
    /// The labelled positions, by index.
    pub lines: Vec<LabelLine>,
}

impl LabelFile {
    /// Reads `path`; every line must read, and no index may come twice.
    pub fn read(path: &Path) -> Result<LabelFile, RefineError> {
        let text = std::fs::read_to_string(path).map_err(io(path))?;
        let bad = |line: usize, message: String| RefineError::Target {
            path: path.to_path_buf(),
            line,
            message,
        };
        let mut rows = text.lines();
        let header: LabelHeader = rows
            .next()
            .ok_or_else(|| {
                bad(
                    1,
                    "an empty file: a label file starts with its header".into(),
                )
            })?
            .parse()
            .map_err(|e| bad(1, e))?;
        let mut lines: Vec<LabelLine> = Vec::new();
        for (n, row) in rows.enumerate() {
            let line: LabelLine = row.parse().map_err(|e| bad(n + 2, e))?;
            if line.index >= header.positions {
                return Err(bad(
                    n + 2,
                    format!(
                        "index {} beyond the run's {} positions",
                        line.index, header.positions
                    ),
                ));
            }
            lines.push(line);
        }
        let mut file = LabelFile { header, lines };
        if let Some(index) = file.sort() {
            return Err(RefineError::Options(format!(
                "{}: position {index} is labelled twice",
                path.display()
            )));
        }
        Ok(file)
    }

    /// Whether `path` starts like a label file (its header's prefix).
    pub fn is_label_file(path: &Path) -> bool {
        use std::io::Read;
        let mut start = vec![0u8; HEADER_PREFIX.len()];
        std::fs::File::open(path)
            .and_then(|mut f| f.read_exact(&mut start))
            .is_ok_and(|()| start == HEADER_PREFIX.as_bytes())
    }

    /// Sorts the lines by index; returns an index found twice, if any.
    fn sort(&mut self) -> Option<usize> {
        self.lines.sort_by_key(|l| l.index);
        self.lines
            .windows(2)
            .find(|w| w[0].index == w[1].index)
            .map(|w| w[0].index)
    }

    /// The file's text: the header, then a line a position.
    pub fn text(&self) -> String {
        let mut text = format!("{}\n", self.header);
        for line in &self.lines {
            text.push_str(&line.to_string());
            text.push('\n');
        }
        text
    }

    /// Writes the file atomically (a temporary file renamed over `path`:
    /// a reader, or a run killed while writing, sees the old file or the
    /// whole new one), its lines sorted by index.
    pub fn write(&mut self, path: &Path) -> Result<(), RefineError> {
        if let Some(index) = self.sort() {
            return Err(RefineError::Options(format!(
                "position {index} is labelled twice"
            )));
        }
        write_atomically(path, self.text().as_bytes()).map_err(|e| RefineError::Io {
            path: e.path,
            source: e.source,
        })
    }
}

/// `plakoto refine merge-labels`: the shards' files of one run into
/// `out`. They must share one header and together label every position
/// once: the result is then the file one unsharded run writes.
pub fn merge_label_files(shards: &[PathBuf], out: &Path) -> Result<usize, RefineError> {
    let mut merged: Option<LabelFile> = None;
    for path in shards {
        let file = LabelFile::read(path)?;
        match &mut merged {
            None => merged = Some(file),
            Some(m) if m.header != file.header => {
                return Err(RefineError::Options(format!(
                    "{}: labelled with other settings than {}:\n  {}\n  {}",
                    path.display(),
                    shards[0].display(),
                    file.header,
                    m.header
                )));
            }
            Some(m) => m.lines.extend(file.lines),
        }
    }
    let mut merged =
        merged.ok_or_else(|| RefineError::Options("no label files to merge".into()))?;
    if let Some(index) = merged.sort() {
        return Err(RefineError::Options(format!(
            "position {index} is labelled in two of the files: each shard's file once"
        )));
    }
    let missing = merged.header.positions - merged.lines.len();
    if missing > 0 {
        let first = (0..merged.header.positions)
            .zip(
                merged
                    .lines
                    .iter()
                    .map(|l| l.index)
                    .chain(std::iter::repeat(usize::MAX)),
            )
            .find(|(i, l)| i != l)
            .map_or(0, |(i, _)| i);
        return Err(RefineError::Options(format!(
            "{missing} of the run's {} positions are not labelled (the first: {first}): \
             finish every shard (run it again: it resumes) before merging",
            merged.header.positions
        )));
    }
    merged.write(out)?;
    Ok(merged.lines.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> LabelHeader {
        LabelHeader {
            game: "Portes".into(),
            net: "0123abcd".into(),
            positions: 3,
            seed: 7,
            epsilon: 0.1,
            share: 0.25,
            disagreements: false,
            trials: 72,
            max_turns: 500,
            luck_adjust: true,
        }
    }

    #[test]
    fn a_line_and_a_header_read_back_as_written() {
        let line = LabelLine {
            index: 12,
            position: "AAAAgAAAAAAAAA:ABC".into(),
            trials: 72,
            equity: -0.123_456_79,
            std_error: 0.01,
            distribution: vec![0.5, 0.1, 0.0, 0.3, 0.1, 1.0 / 3.0],
        };
        let text = line.to_string();
        assert_eq!(
            text,
            "12 AAAAgAAAAAAAAA:ABC 72 -0.12345679 0.01 0.5 0.1 0 0.3 0.1 0.33333334"
        );
        assert_eq!(text.parse::<LabelLine>(), Ok(line));
        let h = header();
        assert_eq!(h.to_string().parse::<LabelHeader>(), Ok(h));
    }

    #[test]
    fn a_malformed_line_says_what_is_wrong() {
        let cases = [
            ("", "no index"),
            ("x ID 1 0 0 1", "the index 'x' is not a number"),
            ("1 ID", "no trials"),
            ("1 ID 36 0.1 0.2", "no outcome distribution"),
            ("1 ID 36 0.1 0.2 0.5 y", "a probability 'y' is not a number"),
            ("1 ID 36 0.1 0.2 1.5", "outside [0, 1]"),
        ];
        for (text, why) in cases {
            let e = text.parse::<LabelLine>().unwrap_err();
            assert!(e.contains(why), "{text:?}: {e}");
        }
        let e = "# other".parse::<LabelHeader>().unwrap_err();
        assert!(e.contains("not a label file"), "{e}");
    }
}
