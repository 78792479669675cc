//! `plakoto arena`: command-line options, the run (resume, progress bar)
//! and the final report.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::ProgressBar;

use super::error::{ArenaError, PlayerError};
use super::player::{Player, PlayerOptions, ProcessPlayer};
use super::portes_players::{PortesPlayer, make_portes_player, preflight_portes_player};
use super::record::{Contestant, GameRecord};
use super::registry::{BUILTIN_PREFIX, make_player};
use super::results_file::{FORMAT_VERSION, ResultsFile, RunHeader};
use super::runner::{DEFAULT_TURN_CAP, RunSpec, run_units_with};
use super::stats::{Summary, summarize};
use super::tavli_referee::Opening;
use super::tavli_runner::{TavliRunSpec, run_tavli_units};
use plakoto_rules::tavli::Portes;
use plakoto_rules::{GameKind, Rules, Scoring, Variant};

/// Options of `plakoto arena`.
#[derive(Args, Clone, Debug)]
#[command(
    about = "Play two engines against each other with duplicate dice",
    after_help = "Players: builtin:random, builtin:heuristic, builtin:ply1, builtin:ply2, builtin:ply3, builtin:pipcount, \
builtin:net, builtin:net-ply1, builtin:net-ply2, builtin:net-nopin (the net players use the Express weights under --rules express, and $PLAKOTO_WEIGHTS if set), builtin:net-standard (the standard weights under any rules), builtin:net-f32 (the net in f32, not its integer copy), builtin:net@FILE, builtin:net-ply1@FILE, builtin:net-ply2@FILE (those players with the weights in FILE, under any rules: two nets in one run), or any shell \
command that starts an engine speaking the plakoto protocol (e.g. \"plakoto\").

With --game portes: builtin:random, builtin:heuristic (0-ply: the exact race database, else the Portes heuristic), builtin:net (0-ply: the race database, else the Portes net; builtin:net@FILE for Portes weights), or an engine command; \
the engine is sent `set game portes` once it starts (an engine that refuses it does not play Portes), then `set position <gnubg Position ID>:<gnubg Match ID>` and `play` \
(scripts/gnubg_player.py plays GNU Backgammon so).

`plakoto arena merge FILES… [--json] [--plot FILE.svg]` combines the --out files of a run split with --shard."
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
    /// The game: plakoto or portes. Portes runs are single games (no
    /// --match-to, --records, --start-positions), scored 1 or 2 (P11).
    #[arg(long, default_value = "plakoto")]
    pub game: GameKind,
    /// How a Portes game opens (P13): greek (one die each, the winner
    /// rolls both dice for its first turn) or western (the winner plays
    /// the two opening dice). Portes only; default greek.
    #[arg(long)]
    pub opening: Option<Opening>,
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
    /// An engine that misses it (or crashes at start) is tried again, up to
    /// 3 tries, each allowed twice the time of the last, before its game is
    /// forfeited.
    #[arg(long, default_value_t = 10_000)]
    pub start_timeout_ms: u64,
    /// Turns after which a game is stopped without result.
    #[arg(long, default_value_t = DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// Show the engines' stderr (discarded by default).
    #[arg(long)]
    pub engine_stderr: bool,
    /// Write each finished game (each match with --match-to) as a game
    /// record (records.md) into DIR, one file each.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Play only shard K of N (duplicate pairs dealt round-robin); combine
    /// the shards' --out files with `plakoto arena merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<super::shard::Shard>,
    /// Draw the running points per game with its 95% band as SVG.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Start the games from these positions instead of the initial one:
    /// FILE holds one Position ID a line (the side to roll first; `#`
    /// starts a comment), duplicate pair p starts from line p (cycling).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["match_to", "records"])]
    pub start_positions: Option<PathBuf>,
}

/// The JSON report: the run's settings and its summary.
#[derive(serde::Serialize)]
pub(super) struct Report<'a> {
    pub(super) a: &'a str,
    pub(super) b: &'a str,
    pub(super) seed: u64,
    pub(super) rules: Variant,
    pub(super) scoring: Scoring,
    pub(super) match_to: Option<u8>,
    #[serde(skip_serializing_if = "super::results_file::is_plakoto")]
    pub(super) game: GameKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) opening: Option<Opening>,
    #[serde(flatten)]
    pub(super) summary: &'a Summary,
}

/// Runs `plakoto arena`.
pub fn run(args: ArenaArgs) -> Result<(), ArenaError> {
    let rules = Rules::new(args.rules, args.scoring)?;
    let opening = check_game_options(&args)?;
    for path in [&args.out, &args.plot].into_iter().flatten() {
        plakoto_records::output_path::prepare_file(path)
            .map_err(ArenaError::file("cannot write", path))?;
    }
    if let Some(dir) = &args.records {
        plakoto_records::output_path::prepare_dir(dir)
            .map_err(ArenaError::file("cannot write in", dir))?;
    }
    let options = PlayerOptions {
        move_timeout: Duration::from_millis(args.move_timeout_ms),
        start_timeout: Duration::from_millis(args.start_timeout_ms),
        show_stderr: args.engine_stderr,
    };
    let ready = match args.game {
        GameKind::Plakoto => Ready::Plakoto(
            preflight(Contestant::A, &args.a, &options)?,
            preflight(Contestant::B, &args.b, &options)?,
        ),
        GameKind::Portes => Ready::Portes(
            preflight_portes(Contestant::A, &args.a, &options)?,
            preflight_portes(Contestant::B, &args.b, &options)?,
        ),
        GameKind::Fevga => {
            return Err(ArenaError::Options(
                "--game fevga: the arena does not referee Fevga yet".into(),
            ));
        }
    };
    let (start_positions, start_note) = match &args.start_positions {
        Some(path) => {
            let positions = super::start_positions::read(path, rules)?;
            let note = super::start_positions::fingerprint(path, &positions);
            (positions, Some(note))
        }
        None => (Vec::new(), None),
    };
    let spec = RunSpec {
        a: args.a.clone(),
        b: args.b.clone(),
        rules,
        match_to: args.match_to,
        seed: args.seed,
        turn_cap: args.turn_cap,
        options,
        start_positions,
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
                shard: args.shard,
                start_positions: start_note.clone(),
                game: args.game,
                opening,
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
    let todo: Vec<u64> = (0..args.games)
        .filter(|u| !done.contains_key(u) && args.shard.is_none_or(|s| s.contains(*u)))
        .collect();
    let run_info = super::records_dir::RunInfo {
        a: spec.a.clone(),
        b: spec.b.clone(),
        rules,
        match_to: spec.match_to,
        seed: spec.seed,
        date: plakoto_records::record::today(),
    };
    let matches = args.match_to.is_some();

    let bar = progress_bar(args.games, done.len() as u64, notes, matches);
    let mut records: Vec<GameRecord> = done.values().flatten().cloned().collect();
    let mut last_message = Instant::now() - Duration::from_secs(1);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut finished: BTreeMap<u64, bool> = BTreeMap::new();
    let on_record = |record: GameRecord| {
        if let Some(f) = file.as_mut() {
            f.append(&record)?;
        }
        if !matches || record.unit_over {
            bar.inc(1);
        }
        finished.insert(record.unit, record.unit_over);
        let (unit, unit_over) = (record.unit, record.unit_over);
        records.push(record);
        if let (Some(dir), true) = (&args.records, unit_over) {
            write_unit_records(dir, &run_info, &records, unit)?;
        }
        if !bar.is_hidden() && last_message.elapsed() > Duration::from_millis(200) {
            last_message = Instant::now();
            bar.set_message(format!("ppg {}", summarize(&records, matches).ppg_text()));
        }
        Ok(())
    };
    let result = match ready {
        Ready::Plakoto(a, b) => run_units_with(&spec, &todo, jobs, Some((a, b)), on_record),
        Ready::Portes(a, b) => {
            let portes = TavliRunSpec {
                game: Portes::default(),
                opening: opening.unwrap_or_default(),
                a: spec.a.clone(),
                b: spec.b.clone(),
                seed: spec.seed,
                turn_cap: spec.turn_cap,
                options: spec.options.clone(),
            };
            run_tavli_units(
                &portes,
                make_portes_player,
                &todo,
                jobs,
                Some((a, b)),
                on_record,
            )
        }
    };
    bar.finish_and_clear();
    result?;

    // Only whole units count (a match cut short is replayed on resume).
    let complete =
        |r: &&GameRecord| done.contains_key(&r.unit) || finished.get(&r.unit) == Some(&true);
    let summary = summarize(records.iter().filter(complete), matches);
    if let Some(path) = &args.plot {
        let counted: Vec<&GameRecord> = records.iter().filter(complete).collect();
        super::plot::write_plot(path, counted, matches, &args.a, &args.b)?;
    }
    let report = Report {
        a: &args.a,
        b: &args.b,
        seed: args.seed,
        rules: args.rules,
        scoring: args.scoring,
        match_to: args.match_to,
        game: args.game,
        opening,
        summary: &summary,
    };
    report.print(args.json)
}

impl Report<'_> {
    /// Prints the final report (the same for a run and for `arena merge`).
    pub(super) fn print(&self, json: bool) -> Result<(), ArenaError> {
        if json {
            println!("{}", serde_json::to_string_pretty(self)?);
        } else {
            print!("{}", self.summary.to_text(self.a, self.b));
        }
        Ok(())
    }
}

/// Writes the record of `unit` (its latest attempt's games) into `dir`.
fn write_unit_records(
    dir: &std::path::Path,
    run: &super::records_dir::RunInfo,
    records: &[GameRecord],
    unit: u64,
) -> Result<(), ArenaError> {
    let mut games: Vec<&GameRecord> = records.iter().filter(|r| r.unit == unit).collect();
    // A unit replayed after a resume restarts at its game 0: keep the last.
    if let Some(start) = games.iter().rposition(|r| r.game == 0) {
        games.drain(..start);
    }
    Ok(super::records_dir::write_unit(dir, run, &games)?)
}

/// The players checked before a run, of the game played.
enum Ready {
    Plakoto(Box<dyn Player>, Box<dyn Player>),
    Portes(PortesPlayer, PortesPlayer),
}

/// Refuses options that do not go with `--game`; the opening of a game
/// other than Plakoto (`None` for Plakoto).
fn check_game_options(args: &ArenaArgs) -> Result<Option<Opening>, ArenaError> {
    if args.game == GameKind::Plakoto {
        if args.opening.is_some() {
            return Err(ArenaError::Options(
                "--opening is Portes' (P13): Plakoto opens by R19".into(),
            ));
        }
        return Ok(None);
    }
    let refused = [
        (
            args.records.is_some(),
            "--records (game records are not written for Portes yet)",
        ),
        (
            args.match_to.is_some(),
            "--match-to (Portes runs are single games)",
        ),
        (
            args.start_positions.is_some(),
            "--start-positions (a file of Plakoto positions)",
        ),
        (
            args.rules != Variant::Standard,
            "--rules (Plakoto's rule sets)",
        ),
        (
            args.scoring != Scoring::Standard,
            "--scoring (Plakoto's scorings; Portes scores P11)",
        ),
    ];
    match refused.iter().find(|(given, _)| *given) {
        Some((_, option)) => Err(ArenaError::Options(format!(
            "--game {} does not take {option}",
            args.game
        ))),
        None => Ok(Some(args.opening.unwrap_or_default())),
    }
}

/// As [`preflight`], for a Portes run: an engine is started and sent
/// `set game portes`, which it must accept.
fn preflight_portes(
    contestant: Contestant,
    spec: &str,
    options: &PlayerOptions,
) -> Result<PortesPlayer, ArenaError> {
    preflight_portes_player(spec, options)
        .map_err(|source| ArenaError::Engine { contestant, source })
}

/// Checks a player spec before the run: built-ins exist, and an engine
/// command starts and answers `isready`. The player made (its engine
/// running) plays the first games, so no engine is started only to be
/// checked.
fn preflight(
    contestant: Contestant,
    spec: &str,
    options: &PlayerOptions,
) -> Result<Box<dyn Player>, ArenaError> {
    let engine = |source| ArenaError::Engine { contestant, source };
    let player = make_player(spec, options).map_err(engine)?;
    if spec.trim().starts_with(BUILTIN_PREFIX) {
        return Ok(player);
    }
    ProcessPlayer::started(spec.trim(), options.clone())
        .map(|p| Box::new(p) as Box<dyn Player>)
        .map_err(|fault| engine(PlayerError::Start(fault)))
}

fn progress_bar(total: u64, done: u64, shown: bool, matches: bool) -> ProgressBar {
    let unit = if matches { "matches" } else { "games" };
    plakoto_records::progress::resumed_bar(total, done, unit, shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        args: ArenaArgs,
    }

    fn options(extra: &[&str]) -> Result<Option<Opening>, String> {
        let mut line = vec!["arena", "--a", "builtin:random", "--b", "builtin:random"];
        line.extend_from_slice(extra);
        let args = Command::try_parse_from(line).expect("the line parses").args;
        check_game_options(&args).map_err(|e| e.to_string())
    }

    #[test]
    fn game_options_go_together() {
        assert_eq!(options(&[]), Ok(None));
        assert_eq!(options(&["--game", "portes"]), Ok(Some(Opening::Greek)));
        assert_eq!(
            options(&["--game", "Portes", "--opening", "western"]),
            Ok(Some(Opening::Western))
        );
        for (extra, named) in [
            (&["--records", "dir"][..], "--records"),
            (&["--match-to", "3"][..], "--match-to"),
            (&["--rules", "express"][..], "--rules"),
            (&["--scoring", "tzannes"][..], "--scoring"),
        ] {
            let line = [&["--game", "portes"][..], extra].concat();
            let error = options(&line).unwrap_err();
            assert!(error.contains(named) && error.contains("portes"), "{error}");
        }
        assert!(
            options(&["--opening", "greek"])
                .unwrap_err()
                .contains("Plakoto")
        );
        assert!(
            Command::try_parse_from(["arena", "--a", "x", "--b", "y", "--game", "chess"]).is_err()
        );
    }
}
