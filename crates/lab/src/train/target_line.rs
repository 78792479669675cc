//! One training target of `plakoto refine`: how a search's probabilities
//! become a target, the line a target file stores (JSON lines, plain or
//! `.gz`; the format is described in `refine`), and reading a file of them.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

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
        match serde_json::from_str::<TargetLine>(line) {
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
