//! Expert iteration for the games of the table trainer (`plakoto refine
//! targets --game portes|fevga`, `plakoto refine fit --game …`): the net
//! plays itself at 0 ply, a deeper search of the same net values the
//! candidate plays of sampled decisions, and the net is then fitted to
//! those values. TD self-play levels off where the net's own 0-ply values
//! are its targets; a 2-ply search of the same net is stronger than the
//! net, so its values are better targets (the route Plakoto's `refine`
//! took, `crates/lab/training/refine2`).
//!
//! **Targets.** The decisions are sampled from the net's games against
//! itself (the positions strong play is decided in), a quarter of the
//! decisions of each game that have two plays or more and that no exact
//! table covers. For each decision the search ranks the roll's plays at
//! `--plies`; every play it valued at that depth (the move filter's
//! survivors, exact plays left out) becomes one target line: the position
//! the play reaches with the opponent on roll, and the search's outcome
//! distribution seen from that side. A decision's candidates share its
//! `index`. Values are read under the game's [`LabGame::rated`]
//! scoring, as self-play reads them, so triples are taught apart.
//!
//! **Fit.** Cross-entropy of the net's softmax to the targets with the
//! trainer's Adam ([`TableLearner`]), whole decisions held out and
//! shuffled, and optionally the mean of the weights at the ends of the
//! later epochs (stochastic weight averaging), as Plakoto's fit does.
//! The fit also reads rollout label files ([`crate::train::label_file`], told
//! apart by their header): each labelled position is a decision of its
//! own, its distribution the target.
//!
//! Target lines are JSON, one a line: `index`, `position` (the game's
//! Position ID), `equity0` (the net's 0-ply equity of the play for its
//! mover), `equity` (the search's), `target` (the net's outcomes, side on
//! roll). The file is appended to, a decision's lines in one write, so a
//! stopped run resumes where it stopped.

use super::game::NetOf;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::game::lengths;
use super::learn::TableLearner;
use super::selfplay::TableSample;
use crate::LabGame;
use crate::train::average::WeightAverage;
use crate::train::label_file::LabelFile;
use crate::train::learn::Adam;
use crate::train::refine::decision_batches;
use crate::train::refine_error::RefineError;
use crate::train::target_line::{TargetWriter, read_lines};
use plakoto_engine::game::{Evaluation, SearchLimits, SearchSettings};
use plakoto_engine::game::{GameEvaluator, GameSearch, GreedyChooser, game_equity};
use plakoto_rules::Dice;
use plakoto_tools::arena::referee::mix_seed;
use plakoto_tools::arena::shard::Shard;

/// Share of a game's eligible decisions that are sampled: a few from
/// many games rather than every one of few.
const SAMPLED_SHARE: f64 = 0.25;

/// Stream tag of the sampled games' dice (mixed with the run's seed).
const SAMPLE_STREAM: u64 = 0x5EF1_4E5A;

/// One labelled position of a table game, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableTargetLine {
    /// The decision's index in the run's sampled list.
    pub index: usize,
    /// Position ID of the position a candidate reaches, side on roll
    /// first (the opponent of the play's mover).
    pub position: String,
    /// The net's 0-ply equity of the play, for its mover.
    pub equity0: f32,
    /// The deep search's equity of the play, for its mover.
    pub equity: f32,
    /// The deep search's distribution for the side on roll at
    /// `position`, in the net's outcome order.
    pub target: Vec<f32>,
}

/// A decision to label: a position (side on roll) and the roll to play.
#[derive(Clone, Copy, Debug)]
pub struct SampledDecision<P> {
    /// The position before the play.
    pub position: P,
    /// The roll.
    pub dice: Dice,
}

/// What `refine targets` for a table game is asked.
#[derive(Clone, Debug)]
pub struct TableTargetArgs {
    /// The file appended to.
    pub out: PathBuf,
    /// Decisions sampled in the whole run.
    pub decisions: usize,
    /// Seed of the sampled games.
    pub seed: u64,
    /// Depth of the labelling search.
    pub plies: u8,
    /// This process's part of the decisions.
    pub shard: Shard,
    /// The net that plays and labels (`None`: the embedded one).
    pub weights: Option<PathBuf>,
    /// Chance of a random play on a turn of the sampled games.
    pub epsilon: f32,
}

/// What `refine fit` for a table game is asked.
#[derive(Clone, Debug)]
pub struct TableFitArgs {
    /// Target files.
    pub targets: Vec<PathBuf>,
    /// The net to start from.
    pub init: PathBuf,
    /// Where the fitted net goes.
    pub out: PathBuf,
    /// Passes over the training decisions.
    pub epochs: usize,
    /// Adam's learning rate.
    pub lr: f32,
    /// Samples a step (whole decisions).
    pub batch: usize,
    /// Share of the decisions held out.
    pub holdout: f64,
    /// Seed of the shuffles.
    pub seed: u64,
    /// Where the mean of the epochs' ends goes, if anywhere.
    pub average_out: Option<PathBuf>,
    /// First epoch (from 1) in the mean.
    pub average_from: usize,
}

/// The net of `weights`, or the embedded one.
pub(super) fn load_net<G: LabGame>(weights: &Option<PathBuf>) -> Result<NetOf<G>, RefineError> {
    let net = match weights {
        Some(path) => G::load(path),
        None => G::embedded_net(),
    };
    net.map_err(|e| RefineError::Weights(e.to_string()))
}

/// `count` decisions from games of `net` against itself, the same list
/// for every shard: game `g`'s dice and explorations come from `seed` and
/// `g` alone.
pub fn sample_decisions<G: LabGame>(
    net: &G::NetEvaluator,
    seed: u64,
    count: usize,
    epsilon: f32,
) -> Vec<SampledDecision<G::Position>> {
    let trained = G::trained();
    let rated = trained.rated();
    let mut generator = rated.generator();
    let mut list = G::PlayList::default();
    let mut chooser = GreedyChooser::<G>::new();
    let mut out = Vec::with_capacity(count);
    let mut game_number = 0u64;
    while out.len() < count {
        let mut rng = ChaCha8Rng::seed_from_u64(mix_seed(&[seed, game_number, SAMPLE_STREAM]));
        game_number += 1;
        let mut position = rated.start();
        for _ in 0..G::TURN_CAP {
            if net.exact_value(&rated, &position).is_some() {
                break;
            }
            let dice = Dice::roll(&mut rng);
            rated.generate(&mut generator, &position, dice, &mut list);
            let plays = rated.plays(&list);
            if plays.len() >= 2 && rng.gen_bool(SAMPLED_SHARE) && out.len() < count {
                out.push(SampledDecision { position, dice });
            }
            let (best, _) = chooser
                .choose_by(&rated, net, plays, |p| game_equity(&trained, p))
                .expect("a game in progress has a play");
            let index = if epsilon > 0.0 && rng.r#gen::<f32>() < epsilon {
                rng.gen_range(0..plays.len())
            } else {
                best
            };
            let after = rated.after(&plays[index]);
            if rated.result(&after).is_some() {
                break;
            }
            position = rated.flip(&after);
        }
    }
    out
}

/// The target lines of one decision: every play `search` valued at
/// `plies` (exact plays left out), as the position it reaches with the
/// opponent on roll.
pub fn decision_targets<G: LabGame>(
    search: &mut GameSearch<G>,
    net: &G::NetEvaluator,
    decision: &SampledDecision<G::Position>,
    index: usize,
    plies: u8,
) -> Vec<TableTargetLine> {
    let rated = G::trained().rated();
    let settings = SearchSettings::default();
    let ranking = search.rank(
        &rated,
        net,
        &decision.position,
        decision.dice,
        &settings,
        SearchLimits::plies(plies),
    );
    ranking
        .plays
        .iter()
        .filter(|r| r.evaluated_at == Evaluation::Plies { plies })
        .map(|r| {
            let after = rated.after(&r.play);
            let on_roll = rated.flip(&after);
            let target = G::flip_outcomes(&G::outcomes(&r.probabilities));
            TableTargetLine {
                index,
                position: rated.position_id(&on_roll),
                equity0: -game_equity(&rated, &net.evaluate(&rated, &on_roll)),
                equity: r.equity,
                target: target.as_ref().to_vec(),
            }
        })
        .collect()
}

/// `plakoto refine targets --game G`: labels this shard's decisions not
/// yet in `--out`, appending to it.
pub fn build_targets<G: LabGame>(a: &TableTargetArgs) -> Result<(), RefineError> {
    let net = G::evaluator_of(Arc::new(load_net::<G>(&a.weights)?));
    let done: std::collections::HashSet<usize> = if a.out.exists() {
        read_lines::<TableTargetLine>(&a.out)?
            .into_iter()
            .map(|l| l.index)
            .collect()
    } else {
        Default::default()
    };
    let sampled = sample_decisions::<G>(&net, a.seed, a.decisions, a.epsilon);
    let mine: Vec<usize> = (0..sampled.len())
        .filter(|&i| i as u32 % a.shard.count == a.shard.index - 1 && !done.contains(&i))
        .collect();
    eprintln!(
        "refine targets ({}): {} decisions sampled, {} labelled before, {} to label at {} ply",
        G::NAME,
        sampled.len(),
        done.len(),
        mine.len(),
        a.plies
    );
    let mut out = TargetWriter::open(&a.out, mine.len(), 1000)?;
    let mut search = GameSearch::<G>::new();
    for &index in &mine {
        let lines = decision_targets(&mut search, &net, &sampled[index], index, a.plies);
        out.append(&lines)?;
        search.trim();
    }
    Ok(())
}

/// Target files read: the samples, and the runs of samples that are one
/// decision's candidates.
struct ReadTargets<G: LabGame> {
    samples: Vec<TableSample<G>>,
    decisions: Vec<Range<usize>>,
}

/// Reads target files.
fn read_samples<G: LabGame>(paths: &[PathBuf]) -> Result<ReadTargets<G>, RefineError> {
    let game = G::trained();
    let mut samples = Vec::new();
    let mut decisions: Vec<Range<usize>> = Vec::new();
    for path in paths {
        if LabelFile::is_label_file(path) {
            read_label_samples(&game, path, &mut samples, &mut decisions)?;
            continue;
        }
        let mut last_index = None;
        for (n, line) in read_lines::<TableTargetLine>(path)?.into_iter().enumerate() {
            let sample = sample_of(&game, path, n + 1, &line.position, &line.target)?;
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

/// The lines of a rollout label file ([`super::labels`]) as samples, each
/// its own decision: the label is the position's own distribution.
fn read_label_samples<G: LabGame>(
    game: &G,
    path: &Path,
    samples: &mut Vec<TableSample<G>>,
    decisions: &mut Vec<Range<usize>>,
) -> Result<(), RefineError> {
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
        decisions.push(samples.len()..samples.len() + 1);
        samples.push(sample);
    }
    Ok(())
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

/// The samples of `decisions`, in their order, in batches of at least
/// `batch` samples (whole decisions).
fn batches<G: LabGame>(
    samples: &[TableSample<G>],
    decisions: &[Range<usize>],
    batch: usize,
) -> Vec<Vec<TableSample<G>>> {
    decision_batches(samples, decisions, batch)
        .into_iter()
        .map(|(batch, _)| batch)
        .collect()
}

/// What a table fit measured on its held-out decisions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableFitReport {
    /// Training samples.
    pub trained: usize,
    /// Held-out samples.
    pub held_out: usize,
    /// Held-out cross-entropy and mean equity error of the starting net.
    pub before: (f32, f32),
    /// The same of the fitted net.
    pub after: (f32, f32),
    /// The same of the averaged net, with `--average-out`.
    pub averaged: Option<(f32, f32)>,
}

/// Held-out cross-entropy of `net` (as [`TableLearner`] measures it), and
/// its mean absolute equity error against the targets: one forward pass
/// a sample.
fn held_out_figures<G: LabGame>(net: &NetOf<G>, held: &[TableSample<G>]) -> (f32, f32) {
    let game = G::trained();
    let (mut loss, mut error) = (0.0, 0.0);
    let mut inputs = G::Inputs::default();
    let mut hidden = Vec::new();
    for s in held {
        let p = game.forward(net, &s.position, &mut inputs, &mut hidden);
        for (&pk, &tk) in p.as_ref().iter().zip(s.target.as_ref()) {
            if tk > 0.0 {
                loss -= tk * pk.max(1e-12).ln();
            }
        }
        error += (game.outcome_equity(&p) - game.outcome_equity(&s.target)).abs();
    }
    let n = held.len().max(1) as f32;
    (loss / n, error / n)
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

/// `plakoto refine fit --game G`: supervised epochs from `--init`.
pub fn fit<G: LabGame>(a: &TableFitArgs) -> Result<TableFitReport, RefineError> {
    if a.batch == 0 || a.epochs == 0 || !(0.0..1.0).contains(&a.holdout) {
        return Err(RefineError::Options(
            "--batch and --epochs must be at least 1, --holdout in [0, 1)".to_string(),
        ));
    }
    let mut net = G::load(&a.init).map_err(|e| RefineError::Weights(e.to_string()))?;
    let ReadTargets {
        samples,
        mut decisions,
    } = read_samples::<G>(&a.targets)?;
    if samples.is_empty() {
        return Err(RefineError::Options(
            "the target files hold no line to fit".to_string(),
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    decisions.shuffle(&mut rng);
    let held_count = (decisions.len() as f64 * a.holdout).round() as usize;
    let (held, train) = decisions.split_at_mut(held_count);
    let held: Vec<TableSample<G>> = held
        .iter()
        .flat_map(|r| samples[r.clone()].to_vec())
        .collect();
    let trained: usize = train.iter().map(|r| r.len()).sum();
    let held_out = held.len();
    let mut learner = TableLearner::new(&net, G::trained());
    let mut adam = Adam::with_lengths(lengths::<G>(&net), a.lr);
    let before = held_out_figures(&net, &held);
    eprintln!(
        "refine fit ({}): {trained} training positions, {held_out} held out; held out: loss \
         {:.5}, equity error {:.4}",
        G::NAME,
        before.0,
        before.1
    );
    let mut mean = WeightAverage::of_parts(G::parameters(&net));
    for epoch in 1..=a.epochs {
        train.shuffle(&mut rng);
        let mut sum = 0.0;
        let epoch_batches = batches(&samples, train, a.batch);
        for batch in &epoch_batches {
            sum += learner.train_batch(&mut net, &mut adam, batch);
        }
        let figures = held_out_figures(&net, &held);
        eprintln!(
            "epoch {epoch}: training loss {:.5}; held out: loss {:.5}, equity error {:.4}",
            sum / epoch_batches.len().max(1) as f32,
            figures.0,
            figures.1
        );
        if epoch >= a.average_from {
            mean.add_parts(G::parameters(&net));
        }
    }
    let after = held_out_figures(&net, &held);
    save::<G>(&net, &a.out, "the last epoch's net")?;
    let averaged = match &a.average_out {
        Some(path) => {
            let mut averaged = net.clone();
            mean.write_mean(G::parameters_mut(&mut averaged));
            let figures = held_out_figures(&averaged, &held);
            save::<G>(
                &averaged,
                path,
                &format!(
                    "the mean of {} epochs' ends; held out: loss {:.5}, equity error {:.4}",
                    mean.count(),
                    figures.0,
                    figures.1
                ),
            )?;
            Some(figures)
        }
        None => None,
    };
    Ok(TableFitReport {
        trained,
        held_out,
        before,
        after,
        averaged,
    })
}
