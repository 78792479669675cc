//! `plakoto arena`: command-line options, the run (resume, progress bar)
//! and the final report.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::engine_process::EngineProcess;
use super::player::{BUILTIN_PREFIX, PlayerOptions, make_player};
use super::record::GameRecord;
use super::results_file::{FORMAT_VERSION, ResultsFile, RunHeader};
use super::runner::{DEFAULT_TURN_CAP, RunSpec, run_units};
use super::stats::{Summary, summarize};
use crate::game::{Rules, Scoring, Variant};

/// Options of `plakoto arena`.
#[derive(Args, Clone, Debug)]
#[command(
    about = "Play two engines against each other with duplicate dice",
    after_help = "Players: builtin:random, builtin:heuristic, builtin:ply1, builtin:ply2, builtin:ply3, builtin:pipcount, or any shell \
command that starts an engine speaking the plakoto protocol (e.g. \"plakoto\")."
)]
pub struct ArenaArgs {
    /// Engine A (its points are reported): `builtin:NAME` or a command.
    #[arg(long = "a", value_name = "ENGINE")]
    pub a: String,
    /// Engine B: `builtin:NAME` or a command.
    #[arg(long = "b", value_name = "ENGINE")]
    pub b: String,
    /// Games to play (matches with --match-to). Consecutive games form
    /// duplicate pairs: use an even number.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Play matches to N points instead of single games.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=127))]
    pub match_to: Option<u8>,
    /// Rules: standard or express.
    #[arg(long, default_value = "standard")]
    pub rules: Variant,
    /// Scoring: standard or tzannes.
    #[arg(long, default_value = "standard")]
    pub scoring: Scoring,
    /// Seed of the whole run (dice and built-in players).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played in parallel (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Append one JSON line per finished game to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Continue the run recorded in --out: finished games are kept.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Print the final summary as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// No progress bar or notes on stderr.
    #[arg(long, short)]
    pub quiet: bool,
    /// Time an engine has for one move, in milliseconds.
    #[arg(long, default_value_t = 5_000)]
    pub move_timeout_ms: u64,
    /// Time an engine has to start and answer `isready`, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub start_timeout_ms: u64,
    /// Turns after which a game is stopped without result.
    #[arg(long, default_value_t = DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// Show the engines' stderr (discarded by default).
    #[arg(long)]
    pub engine_stderr: bool,
}

/// The JSON report: the run's settings and its summary.
#[derive(serde::Serialize)]
struct Report<'a> {
    a: &'a str,
    b: &'a str,
    seed: u64,
    rules: Variant,
    scoring: Scoring,
    match_to: Option<u8>,
    #[serde(flatten)]
    summary: &'a Summary,
}

/// Runs `plakoto arena`.
pub fn run(args: ArenaArgs) -> Result<(), String> {
    let rules = Rules::new(args.rules, args.scoring).map_err(|e| e.to_string())?;
    let options = PlayerOptions {
        move_timeout: Duration::from_millis(args.move_timeout_ms),
        start_timeout: Duration::from_millis(args.start_timeout_ms),
        show_stderr: args.engine_stderr,
    };
    for (label, spec) in [("A", &args.a), ("B", &args.b)] {
        preflight(spec, &options).map_err(|e| format!("engine {label}: {e}"))?;
    }
    let spec = RunSpec {
        a: args.a.clone(),
        b: args.b.clone(),
        rules,
        match_to: args.match_to,
        seed: args.seed,
        turn_cap: args.turn_cap,
        options,
    };
    let notes = !args.quiet;
    if notes && args.games % 2 == 1 {
        eprintln!("note: an odd number of games leaves the last duplicate pair with one game");
    }
    let (mut file, mut done) = match &args.out {
        None => (None, BTreeMap::new()),
        Some(path) => {
            let header = RunHeader {
                version: FORMAT_VERSION,
                a: spec.a.clone(),
                b: spec.b.clone(),
                seed: spec.seed,
                rules: args.rules.to_string(),
                scoring: args.scoring.to_string(),
                match_to: spec.match_to,
                turn_cap: spec.turn_cap,
            };
            let (file, loaded) = ResultsFile::open(path, &header, args.resume)?;
            if notes && args.resume {
                eprintln!(
                    "resuming {}: {} finished, {} partial game lines replayed{}",
                    path.display(),
                    loaded.units.len(),
                    loaded.partial_lines,
                    if loaded.torn_tail {
                        ", a torn last line dropped"
                    } else {
                        ""
                    }
                );
            }
            (Some(file), loaded.units)
        }
    };
    done.retain(|&unit, _| unit < args.games);
    let todo: Vec<u64> = (0..args.games).filter(|u| !done.contains_key(u)).collect();
    let matches = args.match_to.is_some();

    let bar = progress_bar(args.games, done.len() as u64, notes, matches);
    let mut records: Vec<GameRecord> = done.values().flatten().cloned().collect();
    let mut last_message = Instant::now() - Duration::from_secs(1);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut finished: BTreeMap<u64, bool> = BTreeMap::new();
    let result = run_units(&spec, &todo, jobs, |record| {
        if let Some(f) = file.as_mut() {
            f.append(&record)?;
        }
        if !matches || record.unit_over {
            bar.inc(1);
        }
        finished.insert(record.unit, record.unit_over);
        records.push(record);
        if !bar.is_hidden() && last_message.elapsed() > Duration::from_millis(200) {
            last_message = Instant::now();
            bar.set_message(format!("ppg {}", summarize(&records, matches).ppg_text()));
        }
        Ok(())
    });
    bar.finish_and_clear();
    result?;

    // Only whole units count (a match cut short is replayed on resume).
    let complete =
        |r: &&GameRecord| done.contains_key(&r.unit) || finished.get(&r.unit) == Some(&true);
    let summary = summarize(records.iter().filter(complete), matches);
    if args.json {
        let report = Report {
            a: &args.a,
            b: &args.b,
            seed: args.seed,
            rules: args.rules,
            scoring: args.scoring,
            match_to: args.match_to,
            summary: &summary,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        print!("{}", summary.to_text(&args.a, &args.b));
    }
    Ok(())
}

/// Checks a player spec before the run: built-ins exist, and an engine
/// command starts and answers `isready`.
fn preflight(spec: &str, options: &PlayerOptions) -> Result<(), String> {
    make_player(spec, options)?;
    if !spec.trim().starts_with(BUILTIN_PREFIX) {
        EngineProcess::start(spec, options.start_timeout, options.show_stderr)
            .map_err(|f| f.to_string())?;
    }
    Ok(())
}

fn progress_bar(total: u64, done: u64, shown: bool, matches: bool) -> ProgressBar {
    if !shown || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let unit = if matches { "matches" } else { "games" };
    let style = ProgressStyle::with_template(&format!(
        "{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit} {{msg}} (eta {{eta}})"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_position(done);
    bar
}
