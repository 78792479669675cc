//! The command line of `plakoto analyse FILE [--plies N] [--json | --html
//! OUT] [--evaluator NAME] [--weights FILE]`: clap reads it into the
//! records' [`AnalyseOptions`], and the analysis reports its progress to a
//! bar at the terminal ([`crate::progress_bar`]).

use std::path::PathBuf;

use clap::Args;
use plakoto_engine::game::SearchSettings;
use plakoto_records::analysis::command::{self, AnalyseError, AnalyseOptions};

use crate::progress_bar::TerminalProgress;

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
    /// Evaluator, by the record's game's name for it: Plakoto net (the
    /// neural net, exact race database), net-f32 (the same net in f32, not
    /// its integer copy) or heuristic; Portes and Fevga heuristic,
    /// pipcount or net. Default: the game's net (each game's weights are
    /// built in), or its heuristic where the net does not load.
    #[arg(long, value_name = "NAME")]
    pub evaluator: Option<String>,
    /// Weight file of the Plakoto net (default: the weights built into the
    /// binary).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

impl From<AnalyseArgs> for AnalyseOptions {
    fn from(args: AnalyseArgs) -> AnalyseOptions {
        AnalyseOptions {
            file: args.file,
            plies: args.plies,
            json: args.json,
            html: args.html,
            evaluator: args.evaluator,
            weights: args.weights,
            threads: args.threads,
        }
    }
}

/// Runs `plakoto analyse`, with a progress bar at a terminal unless
/// `--quiet`.
pub fn run(args: AnalyseArgs) -> Result<(), AnalyseError> {
    let progress = TerminalProgress::for_command(!args.quiet);
    command::run(&args.into(), &progress)
}
