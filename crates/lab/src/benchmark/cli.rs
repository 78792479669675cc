//! The command lines: `plakoto benchmark build|merge|pool|reroll` and `plakoto
//! bench strength`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::BenchmarkError;
use super::build::{BuildOptions, build_shard, merge};
use super::choices::{self, Agreement};
use super::data::Benchmark;
use super::pool::pool;
use super::reroll::{RerollOptions, reroll_shard};
use super::score::StrengthReport;
use super::score::{Chooser, score};
use super::unlisted::UnlistedRollouts;
use super::work::ShardWork;
use crate::LabGameFns;
use plakoto_engine::eval::{
    GameEvaluator, HeuristicEvaluator, NetEvaluator, Network, PipCountEvaluator,
};
use plakoto_engine::game::SearchSettings;
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::GameKind;
use plakoto_rules::{Rules, Variant};
use plakoto_tools::arena::shard::Shard;

/// `plakoto benchmark …`.
#[derive(Subcommand, Debug, Clone)]
pub enum BenchmarkCommand {
    /// Build (or resume) one shard of a benchmark: sample the decisions,
    /// roll out their candidates, append each to the shard's work file.
    Build(BuildArgs),
    /// Join shard work files (and benchmarks built with the same options)
    /// into one compressed benchmark.
    Merge(MergeArgs),
    /// Pool rollouts of the same decisions on other dice (benchmarks built
    /// with the same options but --rollout-seed) into one benchmark with
    /// every candidate's games.
    Pool(PoolArgs),
    /// Roll an existing benchmark's own decisions and candidates out again
    /// on other dice (another --rollout-seed), resumable and shardable
    /// like a build, for `benchmark pool`.
    Reroll(RerollArgs),
}

/// Options of `plakoto benchmark build`.
#[derive(Args, Debug, Clone)]
pub struct BuildArgs {
    #[command(flatten)]
    pub work: WorkArgs,
    /// The game: plakoto, or fevga (built over the game layer: rolled out
    /// by --evaluator, its default switches, no --weights).
    #[arg(long, default_value = "plakoto")]
    pub game: GameKind,
    /// Fevga: the evaluator that ranks the candidates, plays the rollouts
    /// and the strong side of the sampled games, by name (heuristic,
    /// pipcount, net; default heuristic). Plakoto builds use the net.
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Fevga: the weak player of the sampled games, by name (default
    /// pipcount); its 0-ply choice is a candidate.
    #[arg(long)]
    pub weak: Option<String>,
    /// Movement rules (Plakoto): standard or express.
    #[arg(long, default_value = "standard")]
    pub rules: Variant,
    /// Decisions in the whole benchmark.
    #[arg(long, default_value_t = 2000)]
    pub decisions: usize,
    /// Seed of the sampled games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Candidates from the top of the 2-ply ranking (the 0-ply choices of
    /// the net and the heuristic and the play made are added).
    #[arg(long, default_value_t = 4)]
    pub candidates: usize,
    /// Games played out per candidate in each stage (a multiple of 36).
    #[arg(long, default_value_t = 144)]
    pub trials: u32,
    /// Most games per candidate: stages go on until each candidate's loss
    /// is known to --target-error or this many are played.
    #[arg(long, default_value_t = 1296)]
    pub max_trials: u32,
    /// Standard error of a loss at which a candidate is settled.
    #[arg(long, default_value_t = 0.02)]
    pub target_error: f32,
    /// Plies of the rollout player.
    #[arg(long, default_value_t = 0)]
    pub player_plies: u8,
    /// Turns after which a rollout game is scored by the net.
    #[arg(long, default_value_t = 500)]
    pub max_turns: u32,
    /// Seed of the rollout dice.
    #[arg(long, default_value_t = 1)]
    pub rollout_seed: u64,
    /// Subtract each roll's luck, measured at 0 ply, from the games'
    /// results (unbiased; far less noise for about 20 times the work).
    #[arg(long)]
    pub luck_adjust: bool,
    /// Roll out only the decisions where the rollout player's 0-ply choice
    /// (Plakoto: the net's) is not the 2-ply search's best play, passing
    /// over the rest: rollout targets where it is likely wrong (`refine
    /// from-benchmark`), not a benchmark. The header records it; --limit
    /// counts the decisions looked at, passed over or not.
    #[arg(long)]
    pub disagreements_only: bool,
    /// Weights of the net that ranks and rolls out (default: embedded).
    #[arg(long)]
    pub weights: Option<PathBuf>,
}

/// Where a shard of `benchmark build` or `benchmark reroll` works.
#[derive(Args, Debug, Clone)]
pub struct WorkArgs {
    /// The shard's work file (JSON lines; resumed when it exists).
    #[arg(long)]
    pub out: PathBuf,
    /// Threads for the rollouts.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// This process's part: decisions whose id mod N is K-1.
    #[arg(long, default_value = "1/1")]
    pub shard: Shard,
    /// Stop after this many decisions (run the work in slices).
    #[arg(long)]
    pub limit: Option<usize>,
    /// A benchmark made with the same options whose decisions are done
    /// (e.g. the merged file of an earlier session): skipped here.
    #[arg(long = "done-in", value_name = "FILE")]
    pub done_in: Vec<PathBuf>,
}

impl WorkArgs {
    /// The shard's work.
    fn work(&self) -> ShardWork {
        ShardWork {
            threads: self.threads,
            shard: self.shard,
            out: self.out.clone(),
            limit: self.limit,
            done_in: self.done_in.clone(),
        }
    }
}

/// Options of `plakoto benchmark merge`.
#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// The compressed benchmark to write (`….jsonl.gz`).
    #[arg(long)]
    pub out: PathBuf,
    /// Shard work files or benchmarks to join.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
}

/// Options of `plakoto benchmark pool`.
#[derive(Args, Debug, Clone)]
pub struct PoolArgs {
    /// The compressed benchmark to write (`….jsonl.gz`).
    #[arg(long)]
    pub out: PathBuf,
    /// Benchmarks (merged files or shard work files) of the same build
    /// options on other rollout seeds; the decisions all of them hold are
    /// pooled.
    #[arg(required = true, num_args = 2..)]
    pub inputs: Vec<PathBuf>,
}

/// Options of `plakoto benchmark reroll`.
#[derive(Args, Debug, Clone)]
pub struct RerollArgs {
    /// The benchmark whose decisions and candidates are rolled out again.
    #[arg(long, value_name = "FILE")]
    pub from: PathBuf,
    /// Seed of the new rollout dice (none of the benchmark's own).
    #[arg(long)]
    pub rollout_seed: u64,
    /// Weights of the net that rolled the benchmark out (default:
    /// embedded); its identity must be the one the header names.
    #[arg(long)]
    pub weights: Option<PathBuf>,
    #[command(flatten)]
    pub work: WorkArgs,
}

/// Options of `plakoto bench strength`.
#[derive(Args, Debug, Clone)]
pub struct StrengthArgs {
    /// The game of the benchmark: plakoto, or fevga (default file
    /// benchmarks/fevga.jsonl.gz; evaluators heuristic, pipcount, net or
    /// random; --rules, --weights and --rollout-weights are Plakoto's).
    #[arg(long, default_value = "plakoto")]
    pub game: GameKind,
    /// The player's evaluator: net, net-nopin (the net without the pin
    /// endgame database), net-f32 (the net in f32, not its integer copy),
    /// heuristic, pipcount, or random (a uniformly random legal play).
    #[arg(long, default_value = "net")]
    pub evaluator: String,
    /// Weights of the net (default: embedded).
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// Search depth of the player.
    #[arg(long, default_value_t = 0)]
    pub plies: u8,
    /// Benchmark rules: standard or express (picks the default file).
    #[arg(long, default_value = "standard")]
    pub rules: Variant,
    /// The benchmark file (default: benchmarks/RULES.jsonl.gz of the
    /// repository).
    #[arg(long)]
    pub benchmark: Option<PathBuf>,
    /// Threads judging decisions in parallel.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Roll out each choice that is no candidate beside the decision's best
    /// candidate, by the benchmark's rollout player on the builder's dice
    /// (instead of charging it the worst candidate's loss); takes a few
    /// seconds per such choice.
    #[arg(long)]
    pub roll_unlisted: bool,
    /// Weights of the net that rolled the benchmark out, for
    /// --roll-unlisted when it is neither embedded net, nor --weights, nor
    /// kept in the repository as weights/HASH.net (its identity must be
    /// the one the benchmark's header names).
    #[arg(long, value_name = "FILE")]
    pub rollout_weights: Option<PathBuf>,
    /// Write the play chosen at each decision to FILE (id, position ID
    /// after the play, its loss), to compare with another run.
    #[arg(long, value_name = "FILE")]
    pub choices: Option<PathBuf>,
    /// Compare the choices with those of an earlier run's --choices FILE:
    /// the share of decisions with the same play, and the losses where
    /// the plays differ.
    #[arg(long, value_name = "FILE")]
    pub compare_choices: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The benchmark shipped in the repository for `variant`.
pub fn default_benchmark_path(variant: Variant) -> PathBuf {
    repository_file(&format!("benchmarks/{variant}.jsonl.gz"))
}

/// The benchmark shipped in the repository for a game other than
/// Plakoto (`benchmarks/fevga.jsonl.gz`).
pub fn default_game_benchmark_path(game: GameKind) -> PathBuf {
    repository_file(&format!("benchmarks/{game}.jsonl.gz"))
}

/// The file `name` (a path relative to the repository's root) in the
/// repository the program was built from, or else relative to the working
/// directory.
fn repository_file(name: &str) -> PathBuf {
    let in_repository = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name);
    if in_repository.exists() {
        in_repository
    } else {
        PathBuf::from(name)
    }
}

fn net(weights: &Option<PathBuf>) -> Result<NetEvaluator, BenchmarkError> {
    if let Some(path) = weights {
        plakoto_engine::eval::net::install_weights_file(path)
            .map_err(|e| BenchmarkError::Engine(format!("--weights {}: {e}", path.display())))?;
    }
    plakoto_engine::eval::exact::prepare();
    NetEvaluator::with_default_network()
        .map_err(|e| BenchmarkError::Engine(format!("cannot load the net's weights: {e}")))
}

/// Runs `plakoto benchmark …`.
pub fn run(command: &BenchmarkCommand) -> Result<(), BenchmarkError> {
    let out = match command {
        BenchmarkCommand::Build(a) => &a.work.out,
        BenchmarkCommand::Reroll(a) => &a.work.out,
        BenchmarkCommand::Pool(a) => &a.out,
        BenchmarkCommand::Merge(a) => &a.out,
    };
    prepare_output(out)?;
    match command {
        BenchmarkCommand::Build(a) => {
            if a.trials == 0 || a.decisions == 0 || a.candidates == 0 {
                return Err(BenchmarkError::Options(
                    "--trials, --decisions and --candidates must be at least 1".to_string(),
                ));
            }
            (LabGameFns::of(a.game).build_benchmark)(a)
        }
        BenchmarkCommand::Pool(a) => {
            let report = pool(&a.inputs, &a.out)?;
            let b = &report.benchmark;
            eprintln!(
                "benchmark pool: {} decisions on rollout seeds {:?} into {} ({} held by only some inputs, left out)",
                b.decisions.len(),
                b.header.pooled_seeds,
                a.out.display(),
                report.not_in_every_input
            );
            Ok(())
        }
        BenchmarkCommand::Reroll(a) => {
            let options = RerollOptions {
                from: a.from.clone(),
                rollout_seed: a.rollout_seed,
                work: a.work.work(),
            };
            let done = reroll_shard(&options, &net(&a.weights)?)?;
            eprintln!(
                "benchmark reroll: {done} decisions rolled out into {}",
                a.work.out.display()
            );
            Ok(())
        }
        BenchmarkCommand::Merge(a) => {
            let merged = merge(&a.inputs, &a.out)?;
            eprintln!(
                "benchmark merge: {} of {} decisions into {}",
                merged.decisions.len(),
                merged.header.decisions,
                a.out.display()
            );
            Ok(())
        }
    }
}

/// The build options `a` gives.
fn build_options(a: &BuildArgs) -> BuildOptions {
    BuildOptions {
        variant: a.rules,
        seed: a.seed,
        decisions: a.decisions,
        top_candidates: a.candidates,
        trials: a.trials,
        max_trials: a.max_trials,
        target_error: a.target_error,
        player_plies: a.player_plies,
        max_turns: a.max_turns,
        luck_adjust: a.luck_adjust,
        rollout_seed: a.rollout_seed,
        disagreements_only: a.disagreements_only,
        work: a.work.work(),
    }
}

/// How a game of the game layer builds (or resumes) one shard of its
/// benchmark under its default switches, rolled out by the evaluator of
/// the first name against the weak player of the second: the decisions
/// rolled out now.
pub type ShardBuilder = fn(&BuildOptions, &str, &str) -> Result<usize, BenchmarkError>;

/// How a game of the game layer judges a player (an evaluator's name, or
/// `random`) at some plies on its benchmark, on some threads (and whether
/// a choice that is no candidate is rolled out).
pub type PlayerScorer =
    fn(&Benchmark, &str, u8, usize, bool) -> Result<StrengthReport, BenchmarkError>;

/// `plakoto benchmark build` of a Plakoto benchmark, rolled out by the net.
pub fn build_plakoto(a: &BuildArgs) -> Result<(), BenchmarkError> {
    if a.evaluator.is_some() || a.weak.is_some() {
        return Err(BenchmarkError::Options(
            "--evaluator and --weak are for a Fevga build: a Plakoto build is rolled out by the net (--weights)".to_string(),
        ));
    }
    let options = build_options(a);
    let net = net(&a.weights)?;
    let done = build_shard(&options, &net, &HeuristicEvaluator)?;
    eprintln!(
        "benchmark build: {done} decisions rolled out into {}",
        a.work.out.display()
    );
    Ok(())
}

/// `plakoto benchmark build --game G` for a game of the game layer, its
/// shards built by `build_shard`.
pub fn build_table(a: &BuildArgs, build_shard: ShardBuilder) -> Result<(), BenchmarkError> {
    if a.rules != Variant::Standard || a.weights.is_some() {
        return Err(BenchmarkError::Options(format!(
            "--rules and --weights are Plakoto's, not for a {} build",
            a.game
        )));
    }
    let evaluator = a.evaluator.as_deref().unwrap_or("heuristic");
    let weak = a.weak.as_deref().unwrap_or("pipcount");
    let options = build_options(a);
    let done = build_shard(&options, evaluator, weak)?;
    eprintln!(
        "benchmark build ({}): {done} decisions rolled out into {}",
        a.game,
        a.work.out.display()
    );
    Ok(())
}

/// Runs `plakoto bench strength` on a benchmark of a game of the game
/// layer, judged by `score_player`, printing its report.
pub fn table_strength(a: &StrengthArgs, score_player: PlayerScorer) -> Result<(), BenchmarkError> {
    if a.rules != Variant::Standard || a.weights.is_some() || a.rollout_weights.is_some() {
        return Err(BenchmarkError::Options(format!(
            "--rules, --weights and --rollout-weights are Plakoto's, not for a {} benchmark",
            a.game
        )));
    }
    let path = a
        .benchmark
        .clone()
        .unwrap_or_else(|| default_game_benchmark_path(a.game));
    let benchmark = Benchmark::read(&path)?;
    if benchmark.header.game != a.game {
        return Err(BenchmarkError::Options(format!(
            "{} holds {} decisions, not {}",
            path.display(),
            benchmark.header.game,
            a.game
        )));
    }
    let report = score_player(
        &benchmark,
        &a.evaluator,
        a.plies,
        a.threads,
        a.roll_unlisted,
    )?;
    finish(report, a)
}

/// Runs `plakoto bench strength`, printing its report.
pub fn run_strength(a: &StrengthArgs) -> Result<(), BenchmarkError> {
    if let Some(path) = &a.choices {
        prepare_output(path)?;
    }
    if a.plies > plakoto_engine::game::MAX_PLIES {
        return Err(BenchmarkError::Options(format!(
            "--plies must be 0-{}",
            plakoto_engine::game::MAX_PLIES
        )));
    }
    (LabGameFns::of(a.game).score_benchmark)(a)
}

/// Runs `plakoto bench strength` on a Plakoto benchmark (its plies
/// checked), printing its report.
pub fn run_plakoto_strength(a: &StrengthArgs) -> Result<(), BenchmarkError> {
    let path = a
        .benchmark
        .clone()
        .unwrap_or_else(|| default_benchmark_path(a.rules));
    let benchmark = Benchmark::read(&path)?;
    if benchmark.header.variant()? != a.rules {
        return Err(BenchmarkError::Options(format!(
            "{} holds {} decisions, not {}",
            path.display(),
            benchmark.header.rules,
            a.rules
        )));
    }
    let rules = Rules {
        variant: a.rules,
        ..Rules::default()
    };
    let game = Plakoto::new(rules);
    let net_evaluator;
    let evaluator: &dyn GameEvaluator<Plakoto> = match a.evaluator.as_str() {
        "random" => {
            let chooser = Chooser::Random;
            let report = score(&benchmark, &game, &chooser, "random", a.threads, None)?;
            return finish(report, a);
        }
        "net" => {
            net_evaluator = net(&a.weights)?;
            &net_evaluator
        }
        "net-nopin" => {
            net_evaluator = net(&a.weights)?.without_pin_database();
            &net_evaluator
        }
        "net-f32" => {
            net_evaluator = net(&a.weights)?.with_f32();
            &net_evaluator
        }
        "heuristic" => &HeuristicEvaluator,
        "pipcount" => &PipCountEvaluator,
        other => {
            return Err(BenchmarkError::Options(format!(
                "'{other}' is not an evaluator: net, net-nopin, net-f32, heuristic, pipcount or random"
            )));
        }
    };
    let settings = SearchSettings::default();
    let chooser = Chooser::Search {
        evaluator,
        plies: a.plies,
        settings: &settings,
    };
    let player = format!(
        "{} {}-ply",
        evaluator.identity_in(&Plakoto::new(rules)),
        a.plies
    );
    if !a.roll_unlisted {
        let report = score(&benchmark, &game, &chooser, &player, a.threads, None)?;
        return finish(report, a);
    }
    let roller = rollout_player(
        &benchmark,
        evaluator,
        a.weights.is_some(),
        a.rollout_weights.as_deref(),
    )?;
    let rollouts = UnlistedRollouts::for_benchmark(
        &benchmark.header,
        &game,
        roller.as_ref(),
        &roller.identity_in(&Plakoto::new(rules)),
    )?;
    // The rollouts a play is paired with stopped at the race table.
    if !benchmark.header.race_exact {
        return Err(BenchmarkError::Format(
            "a benchmark whose rollouts do not stop at the race database cannot have plays rolled out again"
                .to_string(),
        ));
    }
    let report = score(
        &benchmark,
        &game,
        &chooser,
        &player,
        a.threads,
        Some(&rollouts),
    )?;
    finish(report, a)
}

/// Creates the folders of a file the command will write and checks it can
/// be written there, before the work starts.
fn prepare_output(path: &std::path::Path) -> Result<(), BenchmarkError> {
    plakoto_records::output_path::prepare_file(path).map_err(|e| BenchmarkError::io(path, e))
}

/// Writes and compares the report's choices as asked, then prints it.
fn finish(mut report: StrengthReport, a: &StrengthArgs) -> Result<(), BenchmarkError> {
    if let Some(path) = &a.compare_choices {
        let (other, theirs) = choices::read(path)?;
        report.agreement = Some(Agreement::of(&report.choices, &other, &theirs));
    }
    if let Some(path) = &a.choices {
        choices::write(path, &report.player, &report.choices)?;
    }
    print_report(&report, a.json)
}

/// The net that rolled `benchmark` out, found by the identity its header
/// names: the player's own net (`player_net`: loaded from --weights), the
/// embedded standard net, the embedded standard and Express nets, or the
/// net of `rollout_weights` (as the net for every rule set, or as the
/// Express net beside the embedded standard one). Without
/// `rollout_weights`, a net the repository keeps as `weights/HASH.net`
/// (a net shipped before, as `weights/82fe2015.net`) is found by the hash
/// the header names.
fn rollout_player(
    benchmark: &Benchmark,
    player: &dyn GameEvaluator<Plakoto>,
    player_net: bool,
    rollout_weights: Option<&std::path::Path>,
) -> Result<Box<dyn GameEvaluator<Plakoto>>, BenchmarkError> {
    let rules = Rules {
        variant: benchmark.header.variant()?,
        ..Rules::default()
    };
    let wanted = &benchmark.header.evaluator;
    let load = |e: plakoto_engine::eval::net::weights::WeightsError| {
        BenchmarkError::Engine(format!("cannot load the net's weights: {e}"))
    };
    if player_net && player.identity_in(&Plakoto::new(rules)) == *wanted {
        // The player's net from --weights rolled it out: no other net is
        // needed; it is the process's default net.
        return Ok(Box::new(
            NetEvaluator::with_default_network().map_err(load)?,
        ));
    }
    let standard = std::sync::Arc::new(Network::embedded().map_err(load)?);
    let express = std::sync::Arc::new(Network::embedded_express().map_err(load)?);
    let mut nets: Vec<Box<dyn GameEvaluator<Plakoto>>> = vec![
        Box::new(NetEvaluator::new(standard.clone())),
        Box::new(NetEvaluator::new(standard.clone()).with_express(express)),
    ];
    let kept = kept_weights(wanted);
    if let Some(path) = rollout_weights.or(kept.as_deref()) {
        let given =
            std::sync::Arc::new(plakoto_engine::eval::net::weights::load(path).map_err(|e| {
                BenchmarkError::Engine(format!("--rollout-weights {}: {e}", path.display()))
            })?);
        nets.push(Box::new(NetEvaluator::new(given.clone())));
        nets.push(Box::new(NetEvaluator::new(standard).with_express(given)));
    }
    nets.into_iter()
        .find(|e| e.identity_in(&Plakoto::new(rules)) == *wanted)
        .ok_or_else(|| {
            BenchmarkError::Options(format!(
                "--roll-unlisted: the benchmark was rolled out by {wanted}, which is no embedded net; give its weights with --rollout-weights"
            ))
        })
}

/// The file `weights/HASH.net` of the repository (or of the working
/// directory) for the identity `net HASH`, if there is one.
fn kept_weights(identity: &str) -> Option<PathBuf> {
    let hash = identity.strip_prefix("net ")?;
    if hash.len() != 8 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    Some(repository_file(&format!("weights/{hash}.net"))).filter(|p| p.exists())
}

/// Prints `report` as text or one JSON object.
fn print_report(report: &StrengthReport, json: bool) -> Result<(), BenchmarkError> {
    if json {
        let text =
            serde_json::to_string(report).map_err(|e| BenchmarkError::Format(e.to_string()))?;
        println!("{text}");
    } else {
        println!("{report}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_net_is_found_by_the_hash_a_header_names() {
        let path = kept_weights("net 82fe2015").expect("weights/82fe2015.net is kept");
        let net = plakoto_engine::eval::net::weights::load(&path).expect("a net");
        let rules = Rules::default();
        assert_eq!(
            NetEvaluator::new(std::sync::Arc::new(net)).identity_in(&Plakoto::new(rules)),
            "net 82fe2015"
        );
        assert_eq!(kept_weights("net 0000beef"), None);
        assert_eq!(kept_weights("net ../../x"), None);
        assert_eq!(kept_weights("heuristic"), None);
    }
}
