//! One training target of `plakoto refine`: how a search's probabilities
//! become a target, the line a target file stores (JSON lines, plain or
//! `.gz`; the format is described in `refine`), and reading a file of them.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use flate2::read::GzDecoder;
use serde::{Deserialize, Serialize};

use super::refine_error::{RefineError, io};
use plakoto_engine::eval::features::{self, OUTCOMES};
use plakoto_engine::eval::{NetEvaluator, Probabilities};
use plakoto_rules::{Position, Rules};

/// One labelled position, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TargetLine {
    /// Index in the run's sampled list.
    pub index: usize,
    /// Position ID, side on roll first (before it rolls).
    pub position: String,
    /// The net's 0-ply equity (standard scoring).
    pub equity0: f32,
    /// The deep search's equity.
    pub equity: f32,
    /// The deep search's distribution, in the net's outcome order.
    pub target: [f32; OUTCOMES],
}

/// A search's probabilities `p` for the side on roll at `position` as a
/// training target, with its equity: Standard scoring folds triples into
/// doubles in the search, so the target splits them again in the net's
/// own proportion at that position (the net's triple output is neither
/// taught nor forgotten); outcomes the net masks out get nothing.
pub fn split_triples_like_net(
    net: &NetEvaluator,
    position: &Position,
    p: &Probabilities,
    rules: Rules,
) -> ([f32; OUTCOMES], f32) {
    let own = net.network().distribution(position);
    let mut target = p.as_array();
    use features::outcome::*;
    for (double, triple) in [(WIN_DOUBLE, WIN_TRIPLE), (LOSE_DOUBLE, LOSE_TRIPLE)] {
        let both = own[double] + own[triple];
        let share = if both > 0.0 { own[triple] / both } else { 0.0 };
        let folded = target[double] + target[triple];
        target[triple] = folded * share;
        target[double] = folded - target[triple];
    }
    // Outcomes the net masks out get nothing (the search can only agree).
    let mask = features::outcome_mask(position);
    let mut sum = 0.0;
    for (k, t) in target.iter_mut().enumerate() {
        if mask >> k & 1 == 0 {
            *t = 0.0;
        }
        sum += *t;
    }
    if sum > 0.0 {
        target.iter_mut().for_each(|t| *t /= sum);
    }
    (target, p.equity(rules.scoring))
}

/// Reads a target file (gzip-compressed when named `.gz`); a last line
/// cut short by a stop is ignored.
pub fn read_targets(path: &Path) -> Result<Vec<TargetLine>, RefineError> {
    read_lines(path)
}

/// Reads a file of JSON lines of `T` (gzip-compressed when named `.gz`);
/// a last line cut short by a stop is ignored.
pub fn read_lines<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<T>, RefineError> {
    let file = File::open(path).map_err(io(path))?;
    let reader: Box<dyn Read> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(GzDecoder::new(file))
    } else {
        Box::new(file)
    };
    let lines: Vec<String> = BufReader::new(reader)
        .lines()
        .collect::<Result<_, _>>()
        .map_err(io(path))?;
    let last = lines.len();
    let mut out = Vec::with_capacity(last);
    for (n, line) in lines.iter().enumerate() {
        match serde_json::from_str::<T>(line) {
            Ok(t) => out.push(t),
            Err(_) if n + 1 == last => {}
            Err(e) => {
                return Err(RefineError::Target {
                    path: path.to_path_buf(),
                    line: n + 1,
                    message: e.to_string(),
                });
            }
        }
    }
    Ok(out)
}

/// Appends a labelling run's target lines to its file (created if
/// missing), a decision's lines in one write so that a stop leaves at most
/// the last line cut short (which [`read_lines`] ignores), and reports the
/// run's progress on stderr.
pub struct TargetWriter {
    file: File,
    path: PathBuf,
    /// Decisions this run labels.
    total: usize,
    /// Decisions appended so far.
    done: usize,
    /// Lines appended so far.
    written: usize,
    /// Decisions between progress reports.
    report_every: usize,
    started: Instant,
}

impl TargetWriter {
    /// Opens `path` to append the lines of `total` decisions, reporting
    /// after every `report_every`.
    pub fn open(
        path: &Path,
        total: usize,
        report_every: usize,
    ) -> Result<TargetWriter, RefineError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io(path))?;
        Ok(TargetWriter {
            file,
            path: path.to_path_buf(),
            total,
            done: 0,
            written: 0,
            report_every: report_every.max(1),
            started: Instant::now(),
        })
    }

    /// Appends one decision's `lines`.
    pub fn append<T: Serialize>(&mut self, lines: &[T]) -> Result<(), RefineError> {
        let mut text = String::new();
        for line in lines {
            text.push_str(&serde_json::to_string(line).expect("a target line serialises"));
            text.push('\n');
        }
        self.file
            .write_all(text.as_bytes())
            .map_err(io(&self.path))?;
        self.written += lines.len();
        self.done += 1;
        if self.done.is_multiple_of(self.report_every) || self.done == self.total {
            self.file.flush().map_err(io(&self.path))?;
            let rate = self.done as f64 / self.started.elapsed().as_secs_f64();
            eprintln!(
                "{}/{} labelled ({} lines), {rate:.1} a second, about {:.0} min left",
                self.done,
                self.total,
                self.written,
                self.total.saturating_sub(self.done) as f64 / rate / 60.0
            );
        }
        Ok(())
    }
}
