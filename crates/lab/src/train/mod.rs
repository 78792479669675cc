//! `plakoto train`: TD(λ) self-play training of each game's net, and
//! `plakoto refine`, its supervised refinement on rollout targets.
//!
//! One trainer serves every game: [`table`], written over the game layer
//! and a game's [`LabGame`](crate::LabGame) impl. A run works in rounds.
//! Each round plays `games_per_round` self-play games in parallel with the
//! weights frozen ([`table::selfplay`]), then learns from their positions
//! in seeded shuffled mini-batches ([`table::learn`], on [`learn`]'s Adam).
//! Every random choice is derived from the run's seed and the round or
//! game number, never from timing or threads, so a run is reproducible and
//! `--resume` from a checkpoint continues exactly as if never stopped.
//! The run around the rounds (resuming, `--games` and `--minutes`, the
//! arena checks, checkpoints, progress) is [`table::run_loop`].
//!
//! Refinement: every game's fit, net surgery and averages are [`table`]'s
//! (`fit`, `revive`, `average`); Portes' and Fevga's targets and labels
//! too. Plakoto keeps its own targets ([`refine`], with its sampled mixes
//! of players and phases, `candidates`, and `rollout_targets` for `refine
//! from-benchmark`).
//!
//! Files in the run directory: `checkpoint.bin` (full state, every few
//! minutes), `latest.net` (the weights alone), `best.net` (the best at an
//! arena check against the heuristic), `nets/games-N.net` (the weights at
//! each check) and `train.log` (one line per check).

pub mod arena_check;
pub mod candidates;
pub mod checkpoint;
pub mod label_args;
pub mod label_file;
pub mod learn;
pub mod pruner;
pub mod refine;
pub mod refine_error;
pub mod rollout_targets;
pub mod table;
pub mod target_line;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use self::checkpoint::{CheckpointError, SelfPlaySettings, TargetKind, TrainConfig};
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::path_error::PathError;
use plakoto_rules::{GameKind, Variant};

/// Options of `plakoto train`.
#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// The game whose net is trained: plakoto, portes or fevga (the Portes
    /// and Fevga nets, see crates/lab/README.md; --rules and the
    /// Plakoto weights do not apply to them; Fevga is trained under its
    /// default switches).
    #[arg(long, default_value = "plakoto")]
    pub game: GameKind,
    /// Run directory (checkpoint, weights, log).
    #[arg(long, default_value = "runs/train")]
    pub dir: PathBuf,
    /// Continue the run in `--dir` from its checkpoint, with the settings
    /// it was started with.
    #[arg(long)]
    pub resume: bool,
    /// Seed of the run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rules of the self-play games and arena checks: standard or express
    /// (R20-R22). A resumed run keeps its own.
    #[arg(long, default_value = "standard")]
    pub rules: Variant,
    /// Hidden units (a multiple of 16).
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    /// TD(λ) trace decay.
    #[arg(long, default_value_t = 0.7)]
    pub lambda: f32,
    /// Adam learning rate.
    #[arg(long, default_value_t = 5e-4)]
    pub lr: f32,
    /// Samples per optimiser step.
    #[arg(long, default_value_t = 128)]
    pub batch: usize,
    /// Self-play games per round (played with frozen weights).
    #[arg(long, default_value_t = 32)]
    pub games_per_round: u64,
    /// Chance of a random play on a turn.
    #[arg(long, default_value_t = 0.0)]
    pub epsilon: f32,
    /// Each position's own term of the λ-return: `sampled` (the roll the
    /// game drew) or `expected` (the average over all 21 rolls, 1-ply).
    #[arg(long, value_enum, default_value_t = TargetKind::Sampled)]
    pub target: TargetKind,
    /// Start from these weights instead of random ones.
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Stop after this many games in total (default: run until stopped).
    #[arg(long)]
    pub games: Option<u64>,
    /// Stop this session after this many minutes, at the end of a round
    /// (with a checkpoint; `--resume` goes on).
    #[arg(long)]
    pub minutes: Option<f64>,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Minutes between checkpoints.
    #[arg(long, default_value_t = 5.0)]
    pub checkpoint_minutes: f64,
    /// Games between arena checks (0: none).
    #[arg(long, default_value_t = 10_000)]
    pub check_every: u64,
    /// Duplicate pairs of each arena check (games = 2 × pairs).
    #[arg(long, default_value_t = 150)]
    pub check_pairs: u64,
    /// No progress bar (tests, logs).
    #[arg(long)]
    pub quiet: bool,
}

impl TrainArgs {
    /// The run's settings the options give.
    pub(crate) fn config(&self) -> TrainConfig {
        TrainConfig {
            self_play: self.self_play(),
            rules: self.rules,
        }
    }

    /// The self-play settings the options give.
    fn self_play(&self) -> SelfPlaySettings {
        SelfPlaySettings {
            seed: self.seed,
            hidden: self.hidden,
            lambda: self.lambda,
            lr: self.lr,
            batch: self.batch,
            games_per_round: self.games_per_round,
            epsilon: self.epsilon,
            target: self.target,
        }
    }

    fn validate(&self) -> Result<(), TrainError> {
        let refuse = |why: &'static str| Err(TrainError::Arguments(why));
        if self.hidden == 0 || !self.hidden.is_multiple_of(16) || self.hidden > 4096 {
            return refuse("--hidden must be a multiple of 16, at most 4096");
        }
        if !(0.0..=1.0).contains(&self.lambda) || !(0.0..=1.0).contains(&self.epsilon) {
            return refuse("--lambda and --epsilon must be within 0-1");
        }
        if self.batch == 0 || self.games_per_round == 0 || self.threads == 0 {
            return refuse("--batch, --games-per-round and --threads must be positive");
        }
        if !(self.lr > 0.0 && self.lr < 1.0) {
            return refuse("--lr must be within (0, 1)");
        }
        if !crate::movement_rules(self.game) && self.rules != Variant::Standard {
            return refuse("--rules is Plakoto's: a Portes or Fevga run does not take it");
        }
        if self.minutes.is_some_and(|m| m.is_nan() || m < 0.0) {
            return refuse("--minutes must not be negative");
        }
        Ok(())
    }
}

/// Why `plakoto train` stopped. The messages name the file or the option.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// The options do not go together or are out of range.
    #[error("{0}")]
    Arguments(&'static str),
    /// `--init` has another hidden size than `--hidden`.
    #[error("--init has {init} hidden units, --hidden says {hidden}")]
    InitHidden {
        /// The hidden units of the `--init` net.
        init: usize,
        /// `--hidden`.
        hidden: usize,
    },
    /// The directory already holds a run and `--resume` was not given.
    #[error("{} already holds a run: pass --resume, or choose another --dir", .0.display())]
    RunExists(PathBuf),
    /// A file or folder could not be written or read.
    #[error(transparent)]
    Io(#[from] PathError),
    /// A weight file could not be written or read.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// The checkpoint could not be written or read.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The worker threads could not be started.
    #[error(transparent)]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// The progress line's template is wrong.
    #[error(transparent)]
    Progress(#[from] indicatif::style::TemplateError),
}

pub(crate) fn append_log(dir: &Path, line: &str) -> Result<(), PathError> {
    let path = dir.join("train.log");
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(PathError::at(&path))?;
    writeln!(log, "{line}").map_err(PathError::at(&path))
}

pub(crate) fn unix_time() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// The progress display of a run at `games`: with `--games`, a bar to the
/// total with the time left; without, a count (the run goes on until
/// stopped). Only at a terminal.
pub(crate) fn progress(args: &TrainArgs, games: u64) -> Result<ProgressBar, TrainError> {
    Ok(match args.games {
        Some(total) => plakoto_tools::progress_bar::resumed_bar(total, games, "games", !args.quiet),
        None if args.quiet || !std::io::stderr().is_terminal() => ProgressBar::hidden(),
        None => {
            let bar = ProgressBar::new_spinner();
            bar.set_style(ProgressStyle::with_template(
                "{spinner} {elapsed_precise} {pos} games {per_sec} | {msg}",
            )?);
            bar.enable_steady_tick(Duration::from_millis(500));
            bar.set_position(games);
            bar
        }
    })
}

/// Runs `plakoto train`.
pub fn run(args: &TrainArgs) -> Result<(), TrainError> {
    args.validate()?;
    (crate::LabGameFns::of(args.game).train)(args)
}
