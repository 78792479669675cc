//! `plakoto refine labels --game portes|fevga`: rollout labels for a
//! supervised fit (issue 60), as wildbg's rounds and GNU Backgammon's
//! training made theirs. Positions come from the net's own games with
//! variety ([`super::label_positions`]); each is rolled out by the same net
//! through the game layer's rollout ([`plakoto_engine::game::rollout()`]:
//! the stratified first roll, the luck adjustment unless
//! `--no-luck-adjust`, games stopped at the evaluator's exact race tables
//! and cut after `--max-turns`), and its label is the rollout's outcome
//! distribution in the net's outcome order, read under the game's
//! [`LabGame::rated`] scoring (Portes' triples apart). The file is
//! described in [`crate::train::label_file`], the options in
//! [`crate::train::label_args`]; `plakoto refine fit --game …`
//! reads it, every line its own sample.
//!
//! **Reproducible and sharded.** Position `i`'s game and its rollout's
//! dice come from the seed and `i` alone, and a rollout's figures are
//! summed in trial order, so the labels do not depend on the threads or
//! the shards: `--shard K/N` labels the positions whose index mod N is
//! K-1, and `plakoto refine merge-labels` joins the shards' files into the
//! unsharded run's file, byte for byte.
//!
//! **Resumable.** The file is rewritten atomically every `--save-minutes`
//! and at the end, so a run killed at any moment leaves the labels of its
//! last save; run again with the same options, it labels only what is
//! missing (a file made with other settings is refused, not mixed).
//! `--minutes M` ends the session after M minutes (after the positions
//! being labelled then), `--limit N` after N positions.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::label_positions::{PositionSampling, sample_positions};
use super::refine::load_net;
use crate::LabGame;
use crate::train::label_args::LabelArgs;
use crate::train::label_file::{LabelFile, LabelLine};
use crate::train::refine_error::RefineError;
use plakoto_engine::game::{RolloutStart, Stop, rollout};

/// Where a labelling session stands, told after each batch of positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelProgress {
    /// The shard's positions labelled before this session.
    pub done_before: usize,
    /// Positions labelled in this session so far.
    pub labelled: usize,
    /// Positions this session set out to label.
    pub to_label: usize,
    /// Time since the session started labelling.
    pub elapsed: Duration,
}

/// What a labelling session did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabelSummary {
    /// The shard's positions labelled before this session.
    pub done_before: usize,
    /// Positions labelled in this session.
    pub labelled: usize,
    /// The shard's positions still to label (0: the shard is done).
    pub left: usize,
}

/// The labels of `a`'s shard: resumes `a.out` (which must hold labels of
/// the same run and shard, or not exist), labels the shard's positions not
/// in it yet (until `--minutes` or `--limit`), saves the file atomically
/// as it goes; `progress` is told after each batch.
pub fn label_shard<G: LabGame>(
    a: &LabelArgs,
    progress: &mut dyn FnMut(&LabelProgress),
) -> Result<LabelSummary, RefineError> {
    a.check()?;
    let started = Instant::now();
    let net = load_net::<G>(&a.weights)?;
    let header = a.header(G::NAME, &G::short_hash(&net));
    let evaluator = G::evaluator_of(Arc::new(net));
    let mine = |i: usize| i % a.shard.count as usize == a.shard.index as usize - 1;
    let mut file = if a.out.exists() {
        let file = LabelFile::read(&a.out)?;
        if file.header != header {
            return Err(RefineError::Options(format!(
                "{} holds labels made otherwise: resume it with the options it was \
                 started with, or label into another file\n  it: {}\n  now: {}",
                a.out.display(),
                file.header,
                header
            )));
        }
        if let Some(l) = file.lines.iter().find(|l| !mine(l.index)) {
            return Err(RefineError::Options(format!(
                "{}: position {} is not shard {}'s: a shard resumes its own file",
                a.out.display(),
                l.index,
                a.shard
            )));
        }
        file
    } else {
        LabelFile {
            header,
            lines: Vec::new(),
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
        .map_err(|e| RefineError::Options(format!("--threads {}: {e}", a.threads)))?;
    let sampling = PositionSampling {
        seed: a.seed,
        count: a.positions,
        epsilon: a.epsilon,
        share: a.share,
        disagreements: a.disagreements,
    };
    let positions = pool.install(|| sample_positions::<G>(&evaluator, &sampling));
    let done: std::collections::HashSet<usize> = file.lines.iter().map(|l| l.index).collect();
    let todo: Vec<usize> = (0..a.positions)
        .filter(|&i| mine(i) && !done.contains(&i))
        .collect();
    let session: Vec<usize> = todo[..a.limit.unwrap_or(usize::MAX).min(todo.len())].to_vec();
    let deadline = a
        .minutes
        .map(|m| started + Duration::from_secs_f64(m.max(0.0) * 60.0));
    let save_every = Duration::from_secs_f64(a.save_minutes * 60.0);
    // The header alone at first: a file there is always this run's.
    file.write(&a.out)?;
    let mut last_save = Instant::now();
    let labelling = Instant::now();
    let rated = G::trained().rated();
    let mut labelled = 0;
    for batch in session.chunks(a.threads * 2) {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let lines: Vec<LabelLine> = pool.install(|| {
            batch
                .par_iter()
                .map(|&i| {
                    let starts = [RolloutStart::OnRoll(positions[i])];
                    let rolled = rollout(
                        &rated,
                        &evaluator,
                        &starts,
                        &a.rollout_settings(i),
                        &|_| {},
                        &Stop::never(),
                    )
                    .map_err(|e| RefineError::Options(e.to_string()))?;
                    let r = rolled.results[0];
                    Ok(LabelLine {
                        index: i,
                        position: rated.position_id(&positions[i]),
                        trials: r.trials,
                        equity: r.mean,
                        std_error: r.std_error,
                        distribution: G::outcomes(&r.probabilities).as_ref().to_vec(),
                    })
                })
                .collect::<Result<_, RefineError>>()
        })?;
        labelled += lines.len();
        file.lines.extend(lines);
        if last_save.elapsed() >= save_every {
            file.write(&a.out)?;
            last_save = Instant::now();
        }
        progress(&LabelProgress {
            done_before: done.len(),
            labelled,
            to_label: session.len(),
            elapsed: labelling.elapsed(),
        });
    }
    file.write(&a.out)?;
    Ok(LabelSummary {
        done_before: done.len(),
        labelled,
        left: todo.len() - labelled,
    })
}

/// `plakoto refine labels --game G`: [`label_shard`], with its progress
/// and summary on stderr.
pub fn run_labels<G: LabGame>(a: &LabelArgs) -> Result<(), RefineError> {
    eprintln!(
        "refine labels ({}), shard {}: {} positions in the run, {} trials each",
        G::NAME,
        a.shard,
        a.positions,
        a.trials
    );
    let mut last_report = Instant::now();
    let mut report = |p: &LabelProgress| {
        if last_report.elapsed() < Duration::from_secs(30) && p.labelled < p.to_label {
            return;
        }
        last_report = Instant::now();
        let rate = p.labelled as f64 / p.elapsed.as_secs_f64().max(1e-9);
        eprintln!(
            "{}/{} labelled ({} before), {rate:.2} a second, about {:.0} min left",
            p.labelled,
            p.to_label,
            p.done_before,
            (p.to_label - p.labelled) as f64 / rate.max(1e-9) / 60.0
        );
    };
    let summary = label_shard::<G>(a, &mut report)?;
    eprintln!(
        "refine labels: {} labelled now, {} before, {} left in shard {}; labels in {}",
        summary.labelled,
        summary.done_before,
        summary.left,
        a.shard,
        a.out.display()
    );
    Ok(())
}
