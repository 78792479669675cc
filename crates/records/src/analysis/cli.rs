//! `plakoto analyse FILE [--plies N] [--json | --html OUT] [--evaluator net|heuristic] [--weights FILE]`.
//!
//! A Portes record (`; [Game "portes"]`) is analysed by the generic search
//! with the Portes heuristic, the one Portes evaluator so far.

use std::path::PathBuf;

use clap::Args;

use crate::record::{ReadError, RecordError, read_record_file, write_atomic};
use plakoto_engine::eval::net::InstallError;
use plakoto_engine::eval::{CreateError, EvaluatorKind};
use plakoto_engine::game::PortesHeuristicEvaluator;
use plakoto_engine::search::{MAX_PLIES, SearchHandle, SearchSettings};
use plakoto_rules::GameKind;

/// Options of `plakoto analyse`.
#[derive(Args, Clone, Debug)]
#[command(about = "Analyse a recorded game or match: errors, marks, luck, ratings")]
pub struct AnalyseArgs {
    /// The record (text or JSON, records.md).
    pub file: PathBuf,
    /// Search depth for the best play (0-4); the default is the engine's
    /// own (`analyse game` in a session, `hint`), so both rate a game alike.
    #[arg(long, default_value_t = SearchSettings::default().plies)]
    pub plies: u8,
    /// Print the analysis as JSON.
    #[arg(long, conflicts_with = "html")]
    pub json: bool,
    /// Write a self-contained HTML report to OUT (the text report is
    /// printed too).
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,
    /// Evaluator: net (default: the neural net, exact race database),
    /// net-f32 (the same net in f32, not its integer copy) or heuristic.
    /// A Portes record is analysed with the Portes heuristic.
    #[arg(long, default_value = "net")]
    pub evaluator: EvaluatorKind,
    /// Weight file of the net (default: the weights built into the binary).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Why `plakoto analyse` could not analyse the record. The messages name
/// the file or the option.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    /// `--plies` is too deep.
    #[error("--plies is at most {MAX_PLIES}")]
    Plies,
    /// The `--weights` file could not be installed.
    #[error("--weights {}: {source}", path.display())]
    Weights {
        /// The weight file.
        path: PathBuf,
        /// Why.
        source: InstallError,
    },
    /// The evaluator could not be created.
    #[error(transparent)]
    Evaluator(#[from] CreateError),
    /// The record file could not be read (the message names it).
    #[error("{0}")]
    Read(String),
    /// The record is not valid.
    #[error("{}: {source}", path.display())]
    Record {
        /// The record file.
        path: PathBuf,
        /// Why.
        source: Box<RecordError>,
    },
    /// The record's game has no evaluator in this build.
    #[error("{0}")]
    NoEvaluator(String),
    /// The worker threads could not be started.
    #[error(transparent)]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// The analysis could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The HTML report could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The report file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Runs `plakoto analyse`.
pub fn run(args: AnalyseArgs) -> Result<(), AnalyseError> {
    if args.plies > MAX_PLIES {
        return Err(AnalyseError::Plies);
    }
    if let Some(out) = &args.html {
        crate::output_path::prepare_file(out).map_err(|source| AnalyseError::Write {
            path: out.clone(),
            source,
        })?;
    }
    if let Some(path) = &args.weights {
        plakoto_engine::eval::net::install_weights_file(path).map_err(|source| {
            AnalyseError::Weights {
                path: path.clone(),
                source,
            }
        })?;
    }
    let search = SearchHandle::new(args.evaluator.create()?);
    let invalid = |source| AnalyseError::Record {
        path: args.file.clone(),
        source: Box::new(source),
    };
    let record = read_record_file(&args.file).map_err(|error| match error {
        ReadError::Io(message) => AnalyseError::Read(message),
        ReadError::Record(source) => invalid(source),
    })?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()?;
    let analysis = match record.header.game {
        GameKind::Plakoto => {
            let replay = record.replay().map_err(invalid)?;
            let bar = crate::progress::bar(replay.turns.len() as u64, "turns", !args.quiet);
            let analysis = pool.install(|| {
                super::analyse_replay(&record, &replay, &search, args.plies, &|| bar.inc(1))
            });
            bar.finish_and_clear();
            analysis
        }
        GameKind::Portes => {
            // Portes has one evaluator so far, whichever `--evaluator`.
            let replay = record.replay_portes().map_err(invalid)?;
            let bar = crate::progress::bar(replay.turns.len() as u64, "turns", !args.quiet);
            let settings = SearchSettings::default();
            let analysis = pool.install(|| {
                super::table::analyse_table(
                    &record,
                    &replay,
                    &PortesHeuristicEvaluator,
                    &settings,
                    args.plies,
                    &|| bar.inc(1),
                )
            });
            bar.finish_and_clear();
            analysis
        }
        GameKind::Fevga => {
            // Replayed first, so a bad record is reported as such.
            record
                .replay_game::<plakoto_rules::tavli::Fevga>()
                .map_err(invalid)?;
            return Err(AnalyseError::NoEvaluator(
                "Fevga records are read, but this build has no Fevga evaluator to analyse them"
                    .to_string(),
            ));
        }
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&analysis)?);
        return Ok(());
    }
    for line in super::report::text_lines(&analysis) {
        println!("{line}");
    }
    if let Some(out) = &args.html {
        let title = format!("Analysis of {}", args.file.display());
        write_atomic(out, &super::html::report(&analysis, &title)).map_err(|source| {
            AnalyseError::Write {
                path: out.clone(),
                source,
            }
        })?;
    }
    Ok(())
}
