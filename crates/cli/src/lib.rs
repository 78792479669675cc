//! The command line of the `plakoto` binary, whose `main` calls [`main`].
//! With no subcommand it is the engine: it reads protocol commands on stdin
//! and answers on stdout (see protocol.md). Logs go to stderr
//! (`RUST_LOG=debug`).
//!
//! It is a crate of its own, compiled with the engine's optimisations,
//! so that the root package (a facade, a one-line `main` and the
//! end-to-end tests) can be compiled for tests without them: whatever
//! generic code the command line instantiates is optimised here.

use std::io::{self, BufWriter, IsTerminal};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use plakoto_engine::eval::EvaluatorKind;
use plakoto_engine::game::{FilterPreset, MoveFilter, SearchSettings, SettingsError};
use plakoto_protocol::Session;
use plakoto_rules::Plakoto;
use plakoto_rules::{GameKind, Rules, Scoring, Variant};

/// What `plakoto --help` says the program is.
const ABOUT: &str = "A Tavli engine (Plakoto, Portes and Fevga, and the Tavli match) speaking a GNU-Backgammon-like text protocol, with an arena, analysis and a browser board";

/// A Tavli (Greek backgammon: Plakoto, Portes, Fevga) engine.
#[derive(Parser, Debug)]
#[command(name = "plakoto", version, about = ABOUT, long_about = None)]
struct Cli {
    /// What to run; the engine on stdin when left out.
    #[command(subcommand)]
    command: Option<Command>,
    /// Engine options (for the default engine mode).
    #[command(flatten)]
    engine: EngineArgs,
}

/// The subcommands. Each variant is one tool built on the library.
#[derive(Subcommand, Debug)]
enum Command {
    /// Run the engine on stdin/stdout (the same as no subcommand).
    Engine(EngineArgs),
    /// Measure speed on fixed, seeded suites (compare runs by the medians).
    #[command(subcommand)]
    Bench(BenchCommand),
    /// Play two engines against each other with duplicate dice.
    Arena(plakoto_tools::arena::cli::ArenaArgs),
    /// Analyse a recorded game or match (records.md).
    Analyse(plakoto_tools::analyse::AnalyseArgs),
    /// Build the strength benchmark of rolled-out decisions (resumable,
    /// in shards) and merge its shards (see crates/lab/benchmarks/FORMAT.md).
    #[command(subcommand)]
    Benchmark(plakoto_lab::benchmark::cli::BenchmarkCommand),
    /// Refine a net on deeper targets: label positions from play with a
    /// deeper search (`targets`) or with rollouts (`labels`), then fit the
    /// net to them (`fit`).
    #[command(subcommand)]
    Refine(plakoto_lab::train::refine::RefineCommand),
    /// Train the neural evaluator by TD(λ) self-play (see crates/lab/README.md).
    Train(plakoto_lab::train::TrainArgs),
    /// Serve a board in the browser (127.0.0.1) that plays and analyses
    /// through the protocol with an engine child process per browser tab.
    Gui(GuiArgs),
    /// Check an engine against protocol.md (exit status 1 when a required check fails).
    Conformance(plakoto_tools::conformance::ConformanceArgs),
    /// Play Portes as GNU Backgammon's external player: listen for gnubg's
    /// `set player N external ADDRESS` and answer each FIBS board with our
    /// play (cubeless: never doubles, always takes).
    External(ExternalCli),
    /// Build every endgame database into the cache now (for installers and
    /// CI), so that no engine waits for a first build.
    Prepare,
}

/// Options of `plakoto external`: the engine's search options and the
/// listener's.
#[derive(Args, Debug, Clone)]
struct ExternalCli {
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    external: plakoto_tools::external::ExternalArgs,
}

/// A Portes engine session with the engine options `args` (as `plakoto
/// engine` starts one), for `plakoto external`.
fn portes_session(args: &EngineArgs) -> Result<Session, String> {
    let rules = Rules::new(args.rules, args.scoring).map_err(|e| e.to_string())?;
    let settings = args.search_settings().map_err(|e| e.to_string())?;
    args.evaluator.create().map_err(|e| e.to_string())?;
    let mut session = Session::with_heuristic(rules, args.seed.unwrap_or_else(rand::random));
    set_evaluators(&mut session, args.evaluator);
    session
        .set_search_settings(settings)
        .map_err(|e| e.to_string())?;
    session.handle_line("set game portes");
    Ok(session)
}

/// Searches every game with the evaluator `--evaluator` names: Plakoto's
/// as asked, the other games with their nets unless the heuristic or the
/// pip count was asked for (`net-f32` is Plakoto's alone). A game whose evaluator cannot
/// be made keeps its heuristic, with a warning.
fn set_evaluators(session: &mut Session, evaluator: EvaluatorKind) {
    let others = match evaluator {
        EvaluatorKind::Heuristic => "heuristic",
        EvaluatorKind::PipCount => "pipcount",
        _ => "net",
    };
    let refused = session.set_named_evaluators(others).into_iter().chain(
        session
            .set_game_evaluator(GameKind::Plakoto, &evaluator.to_string())
            .err()
            .map(|e| (GameKind::Plakoto, e)),
    );
    for (game, e) in refused {
        log::warn!("{}: {game} uses its heuristic", e.message);
    }
}

fn run_external(cli: &ExternalCli) -> ExitCode {
    if let Some(path) = &cli.engine.weights
        && let Err(e) = plakoto_engine::eval::net::install_weights_file(path)
    {
        eprintln!("plakoto external: --weights {}: {e}", path.display());
        return ExitCode::from(2);
    }
    // Checked once here, so that each connection's session starts surely.
    if let Err(e) = portes_session(&cli.engine) {
        eprintln!("plakoto external: {e}");
        return ExitCode::from(2);
    }
    let new_session = || portes_session(&cli.engine).expect("checked at start");
    match plakoto_tools::external::serve(&cli.external, new_session) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plakoto external: {e}");
            ExitCode::from(2)
        }
    }
}

/// Options of `plakoto gui`.
#[derive(Args, Debug, Clone)]
struct GuiArgs {
    /// The engine to start for each browser session, a shell command line
    /// (default: this binary in engine mode).
    #[arg(long, value_name = "COMMAND")]
    engine: Option<String>,
    /// The port on 127.0.0.1 (0: a free port, printed on start).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Open the page (its address, token included) in the system's browser;
    /// when none can be started, say so (the address is printed anyway).
    #[arg(long)]
    open: bool,
    /// How many browser sessions (sockets, each with its own engine) may
    /// run at once; one more is refused with a message on its page.
    #[arg(long, value_name = "N", default_value_t = plakoto_gui::DEFAULT_MAX_SESSIONS as u16,
          value_parser = clap::value_parser!(u16).range(1..))]
    max_sessions: u16,
}

fn run_gui(args: &GuiArgs) -> ExitCode {
    let engine = match &args.engine {
        Some(line) => plakoto_gui::EngineCommand::Shell(line.clone()),
        None => match plakoto_gui::EngineCommand::this_binary() {
            Ok(e) => e,
            Err(e) => {
                eprintln!("plakoto gui: cannot find this program to start as engine: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let options = plakoto_gui::GuiOptions {
        engine,
        port: args.port,
        open: args.open,
        max_sessions: usize::from(args.max_sessions),
    };
    match plakoto_gui::run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plakoto gui: {e}");
            ExitCode::from(2)
        }
    }
}

/// `plakoto prepare`: reads or builds both endgame databases and says
/// where they are cached.
fn run_prepare() -> ExitCode {
    let started = std::time::Instant::now();
    plakoto_engine::eval::exact::prepare();
    let seconds = started.elapsed().as_secs_f64();
    match plakoto_engine::eval::race::cache_dir() {
        Some(dir) => println!(
            "endgame databases ready in {} ({seconds:.1} s)",
            dir.display()
        ),
        None => println!(
            "endgame databases built ({seconds:.1} s), not cached: set {} or HOME",
            plakoto_engine::eval::race::CACHE_DIR_ENV
        ),
    }
    ExitCode::SUCCESS
}

/// The benchmarks.
#[derive(Subcommand, Debug)]
enum BenchCommand {
    /// Move generation: a seeded suite of mid-game positions x all 21 rolls,
    /// one thread; positions expanded per second and ns per generated play.
    Movegen {
        /// The game whose move generator is measured (plakoto, portes or
        /// fevga).
        #[arg(long, default_value = "plakoto")]
        game: plakoto_rules::GameKind,
        /// Positions in the suite.
        #[arg(long, default_value_t = 10_000)]
        positions: usize,
        /// Timed rounds over the suite (the median is reported).
        #[arg(long, default_value_t = 7)]
        rounds: usize,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Milliseconds per hint at 0-3 plies over a fixed mid-game suite x all
    /// 21 rolls, one thread; also rollout games per second.
    Hint {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Positions in the suite (each with all 21 rolls).
        #[arg(long, default_value_t = 50)]
        positions: usize,
        /// Ply depths to time, comma-separated.
        #[arg(long, value_delimiter = ',', default_values_t = vec![0u8, 1, 2, 3])]
        plies: Vec<u8>,
        /// Suite seed.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Rollout trials per candidate for games/s (0 to skip).
        #[arg(long, default_value_t = 144)]
        rollout_trials: u32,
        /// Plakoto's movement rules to search under: standard or express.
        #[arg(long, default_value = "standard", value_parser = parse_variant)]
        rules: Variant,
        /// Evaluator at the leaves, by the game's name: heuristic, pipcount
        /// or net, and in Plakoto net-f32 (the net in f32, not its integer
        /// copy) (default: the game's net, or where its weights do not
        /// load, the heuristic).
        #[arg(long)]
        evaluator: Option<String>,
        /// The game searched: plakoto, portes or fevga.
        #[arg(long, default_value = "plakoto")]
        game: plakoto_rules::GameKind,
        /// Time these positions (a file of the game's Position IDs,
        /// gnubg's in Portes, one a line; its first --positions) instead
        /// of the seeded suite.
        #[arg(long, value_name = "FILE")]
        positions_file: Option<std::path::PathBuf>,
        /// Only these rolls, each once (e.g. 31,65,42,55,21,64, the rolls
        /// scripts/speed_sitting.py times gnubg on), instead of all 21.
        #[arg(long, value_delimiter = ',', value_parser = parse_roll)]
        rolls: Option<Vec<plakoto_rules::Dice>>,
    },
    /// The pin endgame database: positions and bytes stored, seconds to
    /// build it on one thread and to read it back (and caches it).
    Pindb {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Instead: write N covered positions (Position IDs, the pinner on
        /// roll, drawn uniformly) to stdout, for `arena --start-positions`.
        #[arg(long, value_name = "N")]
        sample: Option<usize>,
        /// Seed of --sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Strength: the equity a player loses per decision of the rolled-out
    /// benchmark (crates/lab/benchmarks/), overall and by phase.
    Strength(plakoto_lab::benchmark::cli::StrengthArgs),
    /// Evaluations per second on one thread, one batch per roll as the
    /// search calls it, over a fixed seeded suite x all 21 rolls.
    Eval {
        /// Print one JSON object (field `evals_per_second`).
        #[arg(long)]
        json: bool,
        /// Positions in the suite.
        #[arg(long, default_value_t = 1_000)]
        positions: usize,
        /// Timed rounds (the median is reported).
        #[arg(long, default_value_t = 5)]
        rounds: usize,
        /// Evaluator, by the game's name: heuristic, pipcount or net, and in
        /// Plakoto net-f32 (the net in f32, not its integer copy) (default:
        /// the game's net, or where its weights do not load, the heuristic).
        #[arg(long)]
        evaluator: Option<String>,
        /// The game whose evaluator is measured (plakoto, portes or fevga).
        #[arg(long, default_value = "plakoto")]
        game: plakoto_rules::GameKind,
        /// Weight file of the Plakoto net (default: the embedded weights).
        #[arg(long)]
        weights: Option<std::path::PathBuf>,
        /// Evaluate after these positions' plays (a file of the game's
        /// Position IDs, gnubg's in Portes, one a line; its first
        /// --positions) instead of the seeded suite.
        #[arg(long, value_name = "FILE")]
        positions_file: Option<std::path::PathBuf>,
    },
}

/// A bench's report piped into a reader that stops early (`plakoto bench
/// … | head -1`) ends the process as other command-line tools end, by
/// the default action of `SIGPIPE`, instead of panicking in `println!`
/// (Rust ignores the signal, so the write fails). Only the benches do
/// this: the engine and the arena write to pipes of child processes and
/// browsers, and must see a closed one as an error they answer.
fn end_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring a signal's default action has no preconditions;
    // called before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Prints a bench's report as one JSON object or as text.
fn print_report(report: &(impl serde::Serialize + std::fmt::Display), json: bool) -> ExitCode {
    if !json {
        println!("{report}");
        return ExitCode::SUCCESS;
    }
    match serde_json::to_string(report) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("plakoto: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_bench(command: &BenchCommand) -> ExitCode {
    end_quietly_on_a_closed_pipe();
    match command {
        BenchCommand::Strength(args) => match plakoto_lab::benchmark::cli::run_strength(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("plakoto bench strength: {e}");
                ExitCode::from(2)
            }
        },
        BenchCommand::Eval {
            json,
            positions,
            rounds,
            evaluator,
            game,
            weights,
            positions_file,
        } => {
            if let Some(path) = weights
                && let Err(e) = plakoto_engine::eval::net::install_weights_file(path)
            {
                eprintln!("plakoto bench eval: --weights {}: {e}", path.display());
                return ExitCode::from(2);
            }
            let options = plakoto_tools::bench::eval::EvalBenchOptions {
                game: *game,
                positions: *positions,
                rounds: *rounds,
                evaluator: evaluator.clone(),
                positions_file: positions_file.clone(),
            };
            match plakoto_tools::bench::eval::run(options) {
                Ok(report) if *json => match serde_json::to_string(&report) {
                    Ok(text) => println!("{text}"),
                    Err(e) => {
                        eprintln!("plakoto: {e}");
                        return ExitCode::FAILURE;
                    }
                },
                Ok(report) => println!("{report}"),
                Err(e) => {
                    eprintln!("plakoto bench eval: {e}");
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        BenchCommand::Pindb {
            sample: Some(count),
            seed,
            ..
        } => {
            for p in plakoto_engine::eval::pin_endgame::sample_positions(*count, *seed) {
                println!("{}", plakoto_rules::position_id(&p));
            }
            ExitCode::SUCCESS
        }
        BenchCommand::Pindb { json, .. } => {
            print_report(&plakoto_tools::bench::pindb::run(), *json)
        }
        BenchCommand::Movegen {
            game,
            positions,
            rounds,
            json,
        } => {
            let options = plakoto_tools::bench::movegen::MovegenBenchOptions {
                game: *game,
                positions: *positions,
                rounds: *rounds,
            };
            print_report(&plakoto_tools::bench::movegen::run(options), *json)
        }
        BenchCommand::Hint {
            json,
            positions,
            plies,
            seed,
            rollout_trials,
            rules,
            evaluator,
            game,
            positions_file,
            rolls,
        } => {
            let options = plakoto_tools::bench::hint::HintBenchOptions {
                game: *game,
                positions: *positions,
                seed: *seed,
                plies: plies.clone(),
                rollout_trials: *rollout_trials,
                json: *json,
                variant: *rules,
                evaluator: evaluator.clone(),
                positions_file: positions_file.clone(),
                rolls: rolls.clone(),
                ..Default::default()
            };
            // The bench prints its own report (text or JSON).
            match plakoto_tools::bench::hint::run(&options) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("plakoto bench hint: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// Options of the engine.
#[derive(Args, Debug, Clone)]
struct EngineArgs {
    /// Seed for the dice (default: a random seed, shown by `show options`).
    #[arg(long)]
    seed: Option<u64>,
    /// Movement rules: standard or express.
    #[arg(long, default_value = "standard", value_parser = parse_variant)]
    rules: Variant,
    /// Scoring: standard or tzannes.
    #[arg(long, default_value = "standard", value_parser = parse_scoring)]
    scoring: Scoring,
    /// Search depth of hint, play and eval (0 = static evaluation; default 2).
    #[arg(long, visible_alias = "ply")]
    plies: Option<u8>,
    /// Move filter: tiny, narrow, normal (default), large, huge or off.
    #[arg(long, value_parser = parse_filter)]
    filter: Option<FilterPreset>,
    /// Time budget per search in milliseconds (default: none).
    #[arg(long)]
    time: Option<u64>,
    /// Worker threads for the search and rollouts (default 1).
    #[arg(long)]
    threads: Option<usize>,
    /// Evaluator: net (default: the neural net, exact race database),
    /// net-f32 (the same net in f32, not its integer copy), heuristic or
    /// pipcount (a weak, fast baseline).
    #[arg(long, default_value = "net", value_parser = parse_evaluator)]
    evaluator: EvaluatorKind,
    /// Weight file of the net (default: the weights built into the binary).
    #[arg(long)]
    weights: Option<std::path::PathBuf>,
}

impl EngineArgs {
    /// The search settings these options ask for, checked.
    fn search_settings(&self) -> Result<SearchSettings, SettingsError> {
        let mut s = SearchSettings::default();
        if let Some(p) = self.plies {
            s.plies = p;
        }
        if let Some(f) = self.filter {
            s.filter = MoveFilter::preset(f);
        }
        if let Some(t) = self.time {
            s.time_ms = Some(t);
        }
        if let Some(n) = self.threads {
            s.threads = n;
        }
        s.validate()?;
        Ok(s)
    }
}

fn parse_filter(s: &str) -> Result<FilterPreset, SettingsError> {
    s.parse()
}

fn parse_evaluator(s: &str) -> Result<EvaluatorKind, plakoto_engine::eval::UnknownEvaluator> {
    s.parse()
}

/// A roll written as two digits (`31`, `65`) or `3-1`.
fn parse_roll(s: &str) -> Result<plakoto_rules::Dice, String> {
    let digits: Vec<u8> = s
        .chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("'{s}' is not a roll like 31 or 3-1"))?;
    match digits[..] {
        [a, b] => plakoto_rules::Dice::new(a, b).ok_or_else(|| format!("'{s}': dice are 1-6")),
        _ => Err(format!("'{s}' is not a roll like 31 or 3-1")),
    }
}

fn parse_variant(s: &str) -> Result<Variant, plakoto_rules::RulesError> {
    s.parse()
}

fn parse_scoring(s: &str) -> Result<Scoring, plakoto_rules::RulesError> {
    s.parse()
}

fn run_engine(args: &EngineArgs) -> ExitCode {
    // At a terminal Ctrl-C stops a search rather than the engine: the
    // signal is blocked before any thread starts (they inherit it).
    let at_terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
    if at_terminal {
        plakoto_protocol::block_interrupts();
    }
    let rules = match Rules::new(args.rules, args.scoring) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("plakoto: {e}");
            return ExitCode::from(2);
        }
    };
    let settings = match args.search_settings() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("plakoto: {e}");
            return ExitCode::from(2);
        }
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    log::info!(
        "engine starting: rules {rules:?}, seed {seed}, {}-ply, movefilter {}",
        settings.plies,
        settings.filter.preset
    );
    if let Some(path) = &args.weights
        && let Err(e) = plakoto_engine::eval::net::install_weights_file(path)
    {
        eprintln!("plakoto: --weights {}: {e}", path.display());
        return ExitCode::from(2);
    }
    let evaluator = match args.evaluator.create() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("plakoto: {e}");
            return ExitCode::from(2);
        }
    };
    let identity = evaluator.identity_in(&Plakoto::new(rules));
    let mut session = Session::with_heuristic(rules, seed);
    set_evaluators(&mut session, args.evaluator);
    if let Err(e) = session.set_search_settings(settings) {
        eprintln!("plakoto: {e}");
        return ExitCode::from(2);
    }
    // A person at a terminal gets told the engine is listening; a program
    // piping commands in gets nothing but replies.
    if io::stdin().is_terminal() {
        eprintln!(
            "plakoto {} ({identity}, {}-ply): ready; type `help` for the commands, `quit` to leave (protocol.md)",
            env!("CARGO_PKG_VERSION"),
            settings.plies
        );
    }
    let stdout = BufWriter::new(io::stdout());
    // A person at a terminal edits lines (history, arrows); a pipe is read
    // byte for byte.
    let result = if at_terminal {
        plakoto_protocol::run_terminal(&mut session, stdout)
    } else {
        plakoto_protocol::run(&mut session, io::BufReader::new(io::stdin()), stdout)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout (the client went away) is the end of the session.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("I/O error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `plakoto arena merge FILES…` (read apart from `plakoto arena`, whose
/// engine options are required).
#[derive(Parser, Debug)]
#[command(name = "plakoto arena merge")]
struct MergeCli {
    #[command(flatten)]
    args: plakoto_tools::arena::merge::MergeArgs,
}

fn arena_merge(rest: &[std::ffi::OsString]) -> ExitCode {
    let name = std::ffi::OsString::from("plakoto arena merge");
    let cli = MergeCli::parse_from(std::iter::once(&name).chain(rest));
    match plakoto_tools::arena::merge::run(cli.args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plakoto arena merge: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs the command line of `plakoto` (the process's arguments) and
/// returns the exit status.
pub fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // Databases the engine builds on first use say so, with a bar, at a
    // terminal (the engine crate draws nothing itself).
    let builds = plakoto_tools::progress_bar::TerminalProgress::for_engine_builds();
    if plakoto_engine::progress::install_global(Box::new(builds)).is_err() {
        log::warn!("a progress sink was installed before main");
    }
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if argv.get(1).is_some_and(|a| a == "arena") && argv.get(2).is_some_and(|a| a == "merge") {
        return arena_merge(&argv[3..]);
    }
    let cli = Cli::parse();
    match &cli.command {
        None => run_engine(&cli.engine),
        Some(Command::Engine(args)) => run_engine(args),
        Some(Command::Bench(command)) => run_bench(command),
        Some(Command::Analyse(args)) => match plakoto_tools::analyse::run(args.clone()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("plakoto analyse: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Gui(args)) => run_gui(args),
        Some(Command::Prepare) => run_prepare(),
        Some(Command::Conformance(args)) => plakoto_tools::conformance::cli(args),
        Some(Command::External(cli)) => run_external(cli),
        Some(Command::Arena(args)) => match plakoto_tools::arena::cli::run(args.clone()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("plakoto arena: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Benchmark(command)) => match plakoto_lab::benchmark::cli::run(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("plakoto benchmark: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Refine(command)) => match plakoto_lab::train::refine::run(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("plakoto refine: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Train(args)) => match plakoto_lab::train::run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("plakoto train: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
