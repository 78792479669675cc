//! `plakoto refine fit --game G`: the supervised fit of a game's net to
//! target files (`refine targets`, `refine from-benchmark`) and rollout
//! label files (`refine labels`, told apart by their header), from
//! `--init`, the fitted net written to `--out`.
//!
//! The loss is [`TableLearner`]'s: the cross-entropy of the net's softmax
//! to the targets, and, when weighed, the equity, decision and choice
//! terms of a decision's candidates (the lines of one `index`). Whole
//! decisions are held out (`--holdout`), shuffled and batched, so that no
//! candidate of a held-out decision is trained on; a label file's
//! positions are each a decision of their own. `--average-out` also
//! writes the mean of the weights at the ends of the later epochs
//! (stochastic weight averaging). `--widen` and `--revive-dead` reshape
//! the hidden layer first ([`super::revive`]); `--only-phases`
//! keeps the lines of some phases of the game (a game that names its
//! phases, [`LabGame::phase_of`]).
//!
//! Every epoch reports the held-out loss, the mean equity error and, when
//! a decision term is weighed, what the play the net ranks first loses
//! against the targets' best.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::average::WeightAverage;
use super::game::{NetOf, lengths};
use super::learn::TableLearner;
use super::refine::TableTargetLine;
use super::revive::{revive_dead_units, widen};
use super::selfplay::TableSample;
use crate::LabGame;
use crate::train::label_file::LabelFile;
use crate::train::learn::Adam;
use crate::train::refine::FitArgs;
use crate::train::refine_error::RefineError;
use crate::train::target_line::read_lines;

/// Training positions that decide which hidden units are dead.
const REVIVAL_POSITIONS: usize = 50_000;

/// What the fitted nets score on the held-out decisions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeldOut {
    /// The learner's mean loss (its terms included).
    pub loss: f32,
    /// The mean absolute difference of the net's equity and the target's.
    pub equity_error: f32,
    /// With a decision or choice term: the mean over the decisions of two
    /// candidates or more of what the candidate the net ranks first loses
    /// against the targets' best, and how many such decisions.
    pub choice_loss: Option<(f32, usize)>,
}

impl fmt::Display for HeldOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "loss {:.5}, equity error {:.4}",
            self.loss, self.equity_error
        )?;
        if let Some((loss, decisions)) = self.choice_loss {
            write!(
                f,
                ", choice loss x1000 {:.3} over {decisions} decisions",
                loss * 1000.0
            )?;
        }
        Ok(())
    }
}

/// What a fit trained on and measured on its held-out decisions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitReport {
    /// Training positions.
    pub trained: usize,
    /// Held-out positions.
    pub held_out: usize,
    /// Held-out decisions.
    pub held_out_decisions: usize,
    /// The starting net on the held-out decisions.
    pub before: HeldOut,
    /// The fitted net on them.
    pub after: HeldOut,
    /// With `--average-out`: the averaged net on them, and how many
    /// epochs' ends it averages.
    pub averaged: Option<(HeldOut, u32)>,
}

/// `plakoto refine fit --game G`: supervised epochs from `--init`.
pub fn fit<G: LabGame>(a: &FitArgs) -> Result<FitReport, RefineError> {
    let refuse = |why: &str| Err(RefineError::Options(why.to_string()));
    if a.batch == 0 || a.epochs == 0 || !(0.0..1.0).contains(&a.holdout) {
        return refuse("--batch and --epochs must be at least 1, --holdout in [0, 1)");
    }
    if a.choice_temperature.is_nan() || a.choice_temperature <= 0.0 {
        return refuse("--choice-temperature must be above 0");
    }
    if !a.widen.is_multiple_of(16) {
        return refuse("--widen must be a multiple of 16");
    }
    let game = G::trained();
    if !a.only_phases.is_empty() && game.phase_of(&game.start()).is_none() {
        return Err(RefineError::Options(format!(
            "--only-phases: {} names no phases",
            G::NAME
        )));
    }
    let mut net = G::load(&a.init).map_err(|e| RefineError::Weights(e.to_string()))?;
    if a.widen > 0 {
        net = widen::<G>(&net, a.widen);
    }
    let by_decision = a.decision_weight > 0.0 || a.choice_weight > 0.0;
    let keep = |p: &G::Position| {
        a.only_phases.is_empty() || game.phase_of(p).is_some_and(|x| a.only_phases.contains(&x))
    };
    let ReadTargets {
        samples,
        mut decisions,
    } = read_samples(&game, &a.targets, keep)?;
    if samples.is_empty() {
        let phases: Vec<&str> = a.only_phases.iter().map(|p| p.name()).collect();
        return Err(RefineError::Options(if phases.is_empty() {
            "the target files hold no line to fit".to_string()
        } else {
            format!("no target line is in the phases {}", phases.join(","))
        }));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    decisions.shuffle(&mut rng);
    let held = (decisions.len() as f64 * a.holdout).round() as usize;
    let (held_out, train) = decisions.split_at_mut(held);
    let held_out_decisions = held_out.len();
    let held_out = Batches::new(&samples, held_out, a.batch);
    // Widened units are born dead: reviving is how they start to learn.
    if a.revive_dead || a.widen > 0 {
        let positions: Vec<G::Position> = train
            .iter()
            .flat_map(|run| run.clone())
            .take(REVIVAL_POSITIONS)
            .map(|n| samples[n].position)
            .collect();
        let revived = revive_dead_units(&game, &mut net, &positions, a.seed);
        eprintln!(
            "refine fit: revived {revived} of {} hidden units, dead at {} training positions",
            G::hidden(&net),
            positions.len()
        );
    }
    let mut learner = TableLearner::new(&net, game);
    learner.equity_weight = a.equity_weight;
    learner.decision_weight = a.decision_weight;
    learner.choice_weight = a.choice_weight;
    learner.choice_temperature = a.choice_temperature;
    let mut adam = Adam::with_lengths(lengths::<G>(&net), a.lr);
    let trained: usize = train.iter().map(|run| run.len()).sum();
    let before = held_out.measure(&mut learner, &net, by_decision);
    eprintln!(
        "refine fit ({}): {trained} training positions, {} held out; held out: {before}",
        G::NAME,
        held_out.positions()
    );
    let mut average = WeightAverage::of_parts(G::parameters(&net));
    for epoch in 1..=a.epochs {
        train.shuffle(&mut rng);
        let (mut sum, mut batches) = (0.0, 0);
        for (batch, sizes) in Batches::new(&samples, train, a.batch).iter() {
            sum += learner.train_batch_by_decision(&mut net, &mut adam, batch, sizes);
            batches += 1;
        }
        let held = held_out.measure(&mut learner, &net, by_decision);
        eprintln!(
            "epoch {epoch}: training loss {:.5}; held out: {held}",
            sum / batches.max(1) as f32
        );
        if epoch >= a.average_from {
            average.add_parts(G::parameters(&net));
        }
    }
    let after = held_out.measure(&mut learner, &net, by_decision);
    save::<G>(&net, &a.out, "the last epoch's net")?;
    let averaged = match &a.average_out {
        Some(path) => {
            let mut mean = net.clone();
            average.write_mean(G::parameters_mut(&mut mean));
            let held = held_out.measure(&mut learner, &mean, by_decision);
            let what = format!(
                "the mean of {} epochs' ends; held out: {held}",
                average.count()
            );
            save::<G>(&mean, path, &what)?;
            Some((held, average.count()))
        }
        None => None,
    };
    Ok(FitReport {
        trained,
        held_out: held_out.positions(),
        held_out_decisions,
        before,
        after,
        averaged,
    })
}

/// Writes `net` to `path` and says so.
fn save<G: LabGame>(net: &NetOf<G>, path: &Path, what: &str) -> Result<(), RefineError> {
    G::save(net, path).map_err(|e| RefineError::Weights(e.to_string()))?;
    eprintln!(
        "refine fit: wrote {} ({}), {what}",
        path.display(),
        G::short_hash(net)
    );
    Ok(())
}

/// Target files read: the samples, and the runs of samples that are one
/// decision's candidates.
struct ReadTargets<G: LabGame> {
    samples: Vec<TableSample<G>>,
    decisions: Vec<Range<usize>>,
}

/// Reads target and label files, keeping the lines whose position `keep`
/// takes; a target file's consecutive lines of one `index` are one
/// decision.
fn read_samples<G: LabGame>(
    game: &G,
    paths: &[PathBuf],
    keep: impl Fn(&G::Position) -> bool,
) -> Result<ReadTargets<G>, RefineError> {
    let mut samples = Vec::new();
    let mut decisions: Vec<Range<usize>> = Vec::new();
    for path in paths {
        if LabelFile::is_label_file(path) {
            let file = LabelFile::read(path)?;
            if file.header.game != G::NAME {
                return Err(RefineError::Options(format!(
                    "{}: labels of {}, not {}",
                    path.display(),
                    file.header.game,
                    G::NAME
                )));
            }
            for (n, line) in file.lines.iter().enumerate() {
                // Line 1 is the header.
                let sample = sample_of(game, path, n + 2, &line.position, &line.distribution)?;
                if keep(&sample.position) {
                    decisions.push(samples.len()..samples.len() + 1);
                    samples.push(sample);
                }
            }
            continue;
        }
        let mut last_index = None;
        for (n, line) in read_lines::<TableTargetLine>(path)?.into_iter().enumerate() {
            let sample = sample_of(game, path, n + 1, &line.position, &line.target)?;
            if !keep(&sample.position) {
                continue;
            }
            match decisions.last_mut() {
                Some(run) if last_index == Some(line.index) => run.end += 1,
                _ => decisions.push(samples.len()..samples.len() + 1),
            }
            last_index = Some(line.index);
            samples.push(sample);
        }
    }
    Ok(ReadTargets { samples, decisions })
}

/// The sample of a stored line (`line` of `path`): the position of its
/// Position ID, its distribution as the net's outcomes (which it must
/// number).
fn sample_of<G: LabGame>(
    game: &G,
    path: &Path,
    line: usize,
    position_id: &str,
    stored: &[f32],
) -> Result<TableSample<G>, RefineError> {
    let bad = |message: String| RefineError::Target {
        path: path.to_path_buf(),
        line,
        message,
    };
    let position = game
        .parse_position_id(position_id)
        .map_err(|e| bad(e.to_string()))?;
    let mut target = G::Outcomes::default();
    if target.as_ref().len() != stored.len() {
        return Err(bad(format!(
            "a target of {} outcomes, where the {} net has {}",
            stored.len(),
            G::NAME,
            target.as_ref().len()
        )));
    }
    target.as_mut().copy_from_slice(stored);
    Ok(TableSample { position, target })
}

/// Samples gathered into batches of whole decisions, in a given order of
/// decisions ([`decision_batches`]).
struct Batches<G: LabGame> {
    /// The batches' samples, and each batch's decision sizes.
    batches: Vec<(Vec<TableSample<G>>, Vec<usize>)>,
}

impl<G: LabGame> Batches<G> {
    fn new(samples: &[TableSample<G>], decisions: &[Range<usize>], batch: usize) -> Batches<G> {
        Batches {
            batches: decision_batches(samples, decisions, batch),
        }
    }

    fn iter(&self) -> impl Iterator<Item = (&[TableSample<G>], &[usize])> {
        self.batches
            .iter()
            .map(|(s, d)| (s.as_slice(), d.as_slice()))
    }

    fn positions(&self) -> usize {
        self.batches.iter().map(|(s, _)| s.len()).sum()
    }

    /// What `net` scores on these decisions (no step taken); the choice
    /// loss only `by_decision`.
    fn measure(&self, learner: &mut TableLearner<G>, net: &NetOf<G>, by_decision: bool) -> HeldOut {
        let mut loss = 0.0;
        for (batch, sizes) in self.iter() {
            loss += learner.gradient_by_decision(net, batch, sizes) * batch.len() as f32;
        }
        let game = G::trained();
        let (mut inputs, mut hidden) = (G::Inputs::default(), Vec::new());
        let mut equity =
            |p: &G::Position| game.outcome_equity(&game.forward(net, p, &mut inputs, &mut hidden));
        let (mut error, mut choice_sum, mut decisions) = (0.0, 0.0, 0);
        for (batch, sizes) in self.iter() {
            let mut start = 0;
            for &size in sizes {
                let run = &batch[start..start + size];
                start += size;
                // The net's and the target's equities; the targets are
                // the opponent's, so the mover's best is the lowest.
                let values: Vec<(f32, f32)> = run
                    .iter()
                    .map(|s| (equity(&s.position), game.outcome_equity(&s.target)))
                    .collect();
                for (e, t) in &values {
                    error += (e - t).abs();
                }
                if by_decision && size >= 2 {
                    let chosen = values
                        .iter()
                        .min_by(|x, y| x.0.total_cmp(&y.0))
                        .expect("two candidates or more")
                        .1;
                    let best = values.iter().map(|v| v.1).fold(f32::INFINITY, f32::min);
                    choice_sum += chosen - best;
                    decisions += 1;
                }
            }
        }
        let positions = self.positions().max(1) as f32;
        HeldOut {
            loss: loss / positions,
            equity_error: error / positions,
            choice_loss: by_decision.then(|| (choice_sum / decisions.max(1) as f32, decisions)),
        }
    }
}

/// The samples of `decisions` (runs of `samples`), in their order, cut
/// into batches of at least `batch` samples that are whole decisions;
/// each batch with its decisions' sizes.
fn decision_batches<T: Clone>(
    samples: &[T],
    decisions: &[Range<usize>],
    batch: usize,
) -> Vec<(Vec<T>, Vec<usize>)> {
    let mut batches = Vec::new();
    let mut current = (Vec::with_capacity(batch), Vec::new());
    for run in decisions {
        current.0.extend_from_slice(&samples[run.clone()]);
        current.1.push(run.len());
        if current.0.len() >= batch.max(1) {
            batches.push(std::mem::replace(
                &mut current,
                (Vec::with_capacity(batch), Vec::new()),
            ));
        }
    }
    if !current.0.is_empty() {
        batches.push(current);
    }
    batches
}
