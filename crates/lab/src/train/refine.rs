//! Refining a trained net on better targets than its own: positions from
//! play, each labelled with the outcome distribution of a deeper search
//! (`plakoto refine targets`), then supervised steps of the same
//! cross-entropy and Adam as self-play (`plakoto refine fit`). The issue
//! behind it: TD self-play stopped paying, and the strength benchmark
//! says where the net is wrong.
//!
//! This module holds the command line of `plakoto refine` and Plakoto's
//! own targets (its sampled mixes of players and phases, `refine
//! from-benchmark`) and `refine average`; every game's fit is
//! [`super::table::fit`], and Portes' and Fevga's targets and labels are
//! [`super::table::refine`] and [`super::table::labels`].
//!
//! A target file is JSON lines (plain or `.gz`): one position a line with
//! its 0-ply and deep equities and the deep search's distribution, in the
//! net's outcome order. Standard scoring folds triples into doubles in
//! the search's probabilities; the target splits them again in the net's
//! own proportion at that position, so that the net's triple output is
//! neither taught nor forgotten.

use std::path::PathBuf;

use clap::{Args, Subcommand};

// The error and the target lines have files of their own; they are named
// here too, where the command's callers find them.
pub use super::refine_error::RefineError;
use super::target_line::TargetWriter;
pub use super::target_line::{TargetLine, read_targets};

use super::candidates::candidate_targets;
pub use super::label_args::LabelArgs;
use super::label_file::merge_label_files;
pub use super::pruner::PrunerArgs;
use super::refine_error::io;
use super::rollout_targets::{Conversion, rollout_target_lines};
use super::target_line::split_triples_like_net;
use crate::LabGameFns;
use crate::benchmark::data::{Benchmark, TurnRecord};
use crate::benchmark::phase::GamePhase;
use crate::benchmark::sample::{PhaseMix, PlayerMix, SampledDecision, sample_positions};
use plakoto_engine::eval::features::OUTCOMES;

use plakoto_engine::eval::{GameEvaluator, HeuristicEvaluator, NetEvaluator};
use plakoto_engine::game::SearchLimits;
use plakoto_engine::game::plakoto_turn::{PlayLists, value_before_roll};
use plakoto_engine::game::{GameSearch, SearchSettings};
use plakoto_rules::Plakoto;
use plakoto_rules::{GameKind, Position, Rules, Variant, position_id};
use plakoto_tools::arena::shard::Shard;

/// `plakoto refine …`.
#[derive(Subcommand, Debug, Clone)]
pub enum RefineCommand {
    /// Label positions from play with a deeper search's distribution
    /// (resumable: appends to --out; shardable with --shard K/N).
    Targets(TargetArgs),
    /// Supervised steps of a net towards target files.
    Fit(FitArgs),
    /// Writes the mean of several nets' weights (nets of one shape, for
    /// example fits from one start on different data).
    Average(AverageArgs),
    /// Turns rolled-out decisions (benchmark-format files from `plakoto
    /// benchmark build`) into target lines for `refine fit`: each
    /// candidate taught its rollout equity.
    FromBenchmark(FromBenchmarkArgs),
    /// Portes and Fevga: label positions from the net's games with their
    /// rollouts' outcome distributions (resumable; shardable with --shard
    /// K/N, the shards joined by `merge-labels`); `refine fit` reads the
    /// file.
    Labels(LabelArgs),
    /// Joins the label files of a run's shards into the unsharded run's
    /// file (every position labelled once, one header).
    MergeLabels(MergeLabelsArgs),
    /// Portes: teaches the small pruning net, which a search rates a
    /// roll's plays with before the full net rates the best of them, to
    /// rank plays as the full net does.
    Pruner(PrunerArgs),
}

/// Options of `plakoto refine merge-labels`.
#[derive(Args, Debug, Clone)]
pub struct MergeLabelsArgs {
    /// The shards' label files (from `refine labels --shard K/N`).
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// The merged label file to write (atomically).
    #[arg(long)]
    pub out: PathBuf,
}

/// Options of `plakoto refine from-benchmark`.
#[derive(Args, Debug, Clone)]
pub struct FromBenchmarkArgs {
    /// Rolled-out decisions: benchmarks or shard work files.
    #[arg(required = true)]
    pub benchmarks: Vec<PathBuf>,
    /// The target file to write (JSON lines, atomically).
    #[arg(long)]
    pub out: PathBuf,
    /// Weights of the net whose distributions are tilted to the rollouts'
    /// equities (default: embedded): the net to be fitted.
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// Benchmarks whose decisions (the same position and numbers) are
    /// left out, so that a net is never taught a decision it is judged on.
    #[arg(long = "exclude", value_name = "FILE")]
    pub exclude: Vec<PathBuf>,
}

/// Options of `plakoto refine average`.
#[derive(Args, Debug, Clone)]
pub struct AverageArgs {
    /// The game of the nets: plakoto, portes or fevga.
    #[arg(long, default_value = "plakoto")]
    pub game: GameKind,
    /// The nets to average (at least two, of one shape).
    #[arg(required = true, num_args = 2..)]
    pub nets: Vec<PathBuf>,
    /// Where to write the mean net (atomically).
    #[arg(long)]
    pub out: PathBuf,
}

/// Options of `plakoto refine targets`.
#[derive(Args, Debug, Clone)]
pub struct TargetArgs {
    /// The game: plakoto, portes or fevga. Portes and Fevga sample their
    /// net's games against itself and label each decision's candidates
    /// (`train::table::refine`); the options of the sampled mix
    /// (`--rules`, `--candidates`, `--players`, `--phases`) are
    /// Plakoto's.
    #[arg(long, default_value = "plakoto")]
    pub game: GameKind,
    /// The target file to append to (JSON lines).
    #[arg(long)]
    pub out: PathBuf,
    /// Positions in the whole run (every shard samples the same list).
    #[arg(long, default_value_t = 20_000)]
    pub positions: usize,
    /// Seed of the sampled games (keep it apart from the benchmark's).
    #[arg(long, default_value_t = 1001)]
    pub seed: u64,
    /// Depth of the labelling search.
    #[arg(long, default_value_t = 2)]
    pub plies: u8,
    /// This process's part: positions whose index mod N is K-1.
    #[arg(long, default_value = "1/1")]
    pub shard: Shard,
    /// Movement rules of the sampled games.
    #[arg(long, default_value = "standard")]
    pub rules: Variant,
    /// Weights of the net that plays and labels (default: embedded).
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// Label the positions that each decision's candidate plays reach
    /// (every play the search valued at the full depth, opponent on
    /// roll) instead of the position before the roll: the comparisons
    /// the net's choices rest on. `index` is then the decision's, shared
    /// by its candidates.
    #[arg(long)]
    pub candidates: bool,
    /// Who plays the sampled games: `varied` (the benchmark's mix of the
    /// net, the heuristic and the net with random plays) or `self` (the
    /// net against itself).
    #[arg(long, value_enum, default_value_t = PlayerMix::Varied)]
    pub players: PlayerMix,
    /// Which phases the positions are drawn in: `natural` (as they come in
    /// play) or `benchmark` (the benchmark's share of each phase, so that
    /// phases rare in play, such as plain contact and races, are taught as
    /// often as they are judged).
    #[arg(long, value_enum, default_value_t = PhaseMix::Natural)]
    pub phases: PhaseMix,
    /// Portes and Fevga: the chance of a random play on a turn of the
    /// sampled games (0: the net's own play only).
    #[arg(long, default_value_t = 0.0)]
    pub epsilon: f32,
}

/// Options of `plakoto refine fit`.
#[derive(Args, Debug, Clone)]
pub struct FitArgs {
    /// The game of the net and the targets: plakoto, portes or fevga.
    /// Every option holds in every game but `--only-phases`, which needs
    /// a game that names its phases (Plakoto, Fevga).
    #[arg(long, default_value = "plakoto")]
    pub game: GameKind,
    /// Target files (from `refine targets` or `refine from-benchmark`),
    /// or rollout label files (from `refine labels`: each position its
    /// own sample, its distribution the target).
    #[arg(required = true)]
    pub targets: Vec<PathBuf>,
    /// The net to start from.
    #[arg(long)]
    pub init: PathBuf,
    /// Where to write the refined net (atomically).
    #[arg(long)]
    pub out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 4)]
    pub epochs: usize,
    /// Adam learning rate.
    #[arg(long, default_value_t = 1e-4)]
    pub lr: f32,
    /// Samples per optimiser step.
    #[arg(long, default_value_t = 128)]
    pub batch: usize,
    /// Share of the positions held out to measure the fit.
    #[arg(long, default_value_t = 0.05)]
    pub holdout: f64,
    /// Seed of the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// First re-initialise the hidden units that are active at none of
    /// the training positions, with zero output weights (the outputs do
    /// not change), so that they learn again (see `train::revive`).
    #[arg(long)]
    pub revive_dead: bool,
    /// First append this many hidden units (a multiple of 16) with zero
    /// output weights (the outputs do not change), then revive every dead
    /// unit, the new ones among them, as `--revive-dead` does: a wider
    /// net to fit (see `train::revive`).
    #[arg(long, default_value_t = 0)]
    pub widen: usize,
    /// Weight of the squared equity error added to the cross-entropy
    /// (0: cross-entropy alone).
    #[arg(long, default_value_t = 0.0)]
    pub equity_weight: f32,
    /// Weight of the decision term: the squared equity error of each
    /// candidate less its decision's mean error (targets from `refine
    /// targets --candidates`, whose candidates share an `index`). Above
    /// 0, each epoch also reports the held-out decisions' mean loss
    /// against the targets of the play the net would choose. Batches,
    /// shuffles and the held-out share are whole decisions whatever the
    /// weight.
    #[arg(long, default_value_t = 0.0)]
    pub decision_weight: f32,
    /// Weight of the choice term: for each decision, the divergence of
    /// the net's softmax choice among the candidates (at
    /// `--choice-temperature`) from the targets'
    /// (`train::table::learn`).
    #[arg(long, default_value_t = 0.0)]
    pub choice_weight: f32,
    /// Temperature of the choice term's softmax, in equity.
    #[arg(long, default_value_t = 0.02)]
    pub choice_temperature: f32,
    /// Also write the mean of the weights at the ends of epochs
    /// `--average-from` on (stochastic weight averaging) to this file.
    #[arg(long)]
    pub average_out: Option<PathBuf>,
    /// First epoch (counted from 1) whose end goes into `--average-out`.
    #[arg(long, default_value_t = 1)]
    pub average_from: usize,
    /// Train and hold out only the lines whose position is in one of
    /// these phases (comma-separated names, as `bench strength` reports
    /// them): a net specialised to part of the game. Empty: every line.
    #[arg(long, value_delimiter = ',')]
    pub only_phases: Vec<GamePhase>,
}

/// Runs `plakoto refine …`.
pub fn run(command: &RefineCommand) -> Result<(), RefineError> {
    // Every file the command writes is made ready before the work starts.
    let outputs = match command {
        RefineCommand::Targets(a) => vec![&a.out],
        RefineCommand::Fit(a) => [Some(&a.out), a.average_out.as_ref()]
            .into_iter()
            .flatten()
            .collect(),
        RefineCommand::Average(a) => vec![&a.out],
        RefineCommand::FromBenchmark(a) => vec![&a.out],
        RefineCommand::Labels(a) => vec![&a.out],
        RefineCommand::MergeLabels(a) => vec![&a.out],
        RefineCommand::Pruner(a) => vec![&a.out],
    };
    for path in outputs {
        plakoto_records::output_path::prepare_file(path).map_err(io(path))?;
    }
    match command {
        RefineCommand::Targets(a) => (LabGameFns::of(a.game).refine_targets)(a),
        RefineCommand::Fit(a) => (LabGameFns::of(a.game).refine_fit)(a),
        RefineCommand::Average(a) => (LabGameFns::of(a.game).refine_average)(a),
        RefineCommand::FromBenchmark(a) => from_benchmark(a),
        RefineCommand::Labels(a) => (LabGameFns::of(a.game).refine_labels)(a),
        RefineCommand::Pruner(a) => super::pruner::run(a),
        RefineCommand::MergeLabels(a) => {
            let count = merge_label_files(&a.shards, &a.out)?;
            eprintln!(
                "refine merge-labels: {count} labelled positions from {} files in {}",
                a.shards.len(),
                a.out.display()
            );
            Ok(())
        }
    }
}

fn load_net(weights: &Option<PathBuf>) -> Result<NetEvaluator, RefineError> {
    if let Some(path) = weights {
        plakoto_engine::eval::net::install_weights_file(path)
            .map_err(|e| RefineError::Weights(e.to_string()))?;
    }
    plakoto_engine::eval::exact::prepare();
    NetEvaluator::with_default_network().map_err(|e| RefineError::Weights(e.to_string()))
}

/// `plakoto refine from-benchmark`.
fn from_benchmark(a: &FromBenchmarkArgs) -> Result<(), RefineError> {
    let read = |path: &PathBuf| {
        Benchmark::read(path).map_err(|e| RefineError::Options(format!("{}: {e}", path.display())))
    };
    let mut judged = std::collections::HashSet::new();
    for path in &a.exclude {
        judged.extend(read(path)?.decisions.iter().map(decision_key));
    }
    let net = load_net(&a.weights)?;
    let mut text = String::new();
    let mut total = Conversion::default();
    let mut excluded = 0;
    for path in &a.benchmarks {
        let mut benchmark = read(path)?;
        let before = benchmark.decisions.len();
        benchmark
            .decisions
            .retain(|d| !judged.contains(&decision_key(d)));
        excluded += before - benchmark.decisions.len();
        let (lines, done) = rollout_target_lines(&net, &benchmark, path)?;
        for line in &lines {
            text.push_str(&serde_json::to_string(line).expect("a target line serialises"));
            text.push('\n');
        }
        total.decisions += done.decisions;
        total.lines += done.lines;
        total.skipped += done.skipped;
    }
    plakoto_records::record::write_atomic(&a.out, &text).map_err(io(&a.out))?;
    eprintln!(
        "refine from-benchmark: wrote {} lines of {} decisions to {} ({} candidates skipped: \
         the game over, or exact in the race database; {excluded} decisions excluded)",
        total.lines,
        total.decisions,
        a.out.display(),
        total.skipped
    );
    Ok(())
}

/// What makes two benchmark decisions the same: the position and the
/// numbers to play, a roll's two dice in either order.
fn decision_key(d: &crate::benchmark::data::Decision) -> (String, TurnRecord) {
    let turn = match d.turn {
        TurnRecord::Rolled { dice: [a, b] } => TurnRecord::Rolled {
            dice: [a.min(b), a.max(b)],
        },
        ref passed => passed.clone(),
    };
    (d.position.clone(), turn)
}

/// The deep search's distribution for `position` (`search`: over `net`,
/// with the default settings), triples split from the doubles in the
/// net's own proportion.
pub fn deep_target(
    net: &NetEvaluator,
    search: &mut GameSearch<Plakoto>,
    position: &Position,
    rules: Rules,
    plies: u8,
) -> ([f32; OUTCOMES], f32) {
    let settings = SearchSettings::default();
    let limits = SearchLimits::plies(plies);
    let (p, _) = value_before_roll(search, net, position, None, rules, &settings, limits);
    split_triples_like_net(net, position, &p, rules)
}

/// How many of `sampled` lie in each phase, as `opening 123, contact 45, …`.
fn phase_summary(sampled: &[SampledDecision]) -> String {
    GamePhase::PLAKOTO
        .iter()
        .map(|phase| {
            let n = sampled.iter().filter(|d| d.phase == *phase).count();
            format!("{phase} {n}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `plakoto refine targets` for Plakoto.
pub fn build_targets(a: &TargetArgs) -> Result<(), RefineError> {
    let net = load_net(&a.weights)?;
    let rules = Rules {
        variant: a.rules,
        ..Rules::default()
    };
    let done = read_targets(&a.out).map_or_else(
        |_| std::collections::HashSet::new(),
        |lines| lines.into_iter().map(|l| l.index).collect(),
    );
    let sampled = sample_positions(
        rules,
        a.seed,
        a.positions,
        (a.players, a.phases),
        &net,
        &HeuristicEvaluator,
    );
    let mine: Vec<usize> = (0..sampled.len())
        .filter(|i| *i as u32 % a.shard.count == a.shard.index - 1 && !done.contains(i))
        .collect();
    eprintln!(
        "refine targets: {} positions sampled ({}), {} labelled before, {} to label at {} ply",
        sampled.len(),
        phase_summary(&sampled),
        done.len(),
        mine.len(),
        a.plies
    );
    let mut out = TargetWriter::open(&a.out, mine.len(), 500)?;
    let mut search = GameSearch::new();
    let mut lists = PlayLists::bounded();
    for &index in &mine {
        let lines: Vec<TargetLine> = if a.candidates {
            candidate_targets(
                &net,
                &mut search,
                &mut lists,
                &sampled[index],
                rules,
                a.plies,
            )
            .into_iter()
            .map(|c| TargetLine {
                index,
                position: position_id(&c.position),
                equity0: c.equity0,
                equity: c.equity,
                target: c.target,
            })
            .collect()
        } else {
            let position = sampled[index].position;
            let (target, equity) = deep_target(&net, &mut search, &position, rules, a.plies);
            vec![TargetLine {
                index,
                position: position_id(&position),
                equity0: net
                    .evaluate(&Plakoto::new(rules), &position)
                    .equity(rules.scoring),
                equity,
                target,
            }]
        };
        out.append(&lines)?;
        search.trim();
        lists.trim();
    }
    Ok(())
}
