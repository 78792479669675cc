//! `plakoto arena`: the run (resume, progress bar) and the final report;
//! its options are [`super::args`], checked per game by
//! [`super::game_options`]. A run of one game (Portes, Plakoto, Fevga) is
//! played by [`super::tavli_runner`], Tavli matches by
//! [`super::tavli_match_runner`].

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;

use super::arena_game::ArenaGame;
pub use super::args::ArenaArgs;
use super::error::ArenaError;
use super::game_options::tavli_rules;
use super::match_players::preflight_match_players;
use super::player::PlayerOptions;
use super::record::{Contestant, GameRecord};
use super::records_dir::RecordsHeader;
use super::results_file::{FORMAT_VERSION, ResultsFile, RunHeader};
use super::run_game::{Launch, check_game_options};
use super::runner::RunSpec;
use super::stats::{Summary, summarize};
use super::tavli_match_runner::{TavliMatchSpec, run_tavli_matches, sequence_kinds};
use super::tavli_records::TavliRecordInfo;
use super::tavli_referee::Opening;
use crate::ToolsGameFns;
use plakoto_rules::Plakoto;
use plakoto_rules::{Rules, Scoring, Variant};

/// The JSON report: the run's settings and its summary.
#[derive(serde::Serialize)]
pub struct Report<'a> {
    pub(super) a: &'a str,
    pub(super) b: &'a str,
    pub(super) seed: u64,
    pub(super) rules: Variant,
    pub(super) scoring: Scoring,
    pub(super) match_to: Option<u8>,
    #[serde(skip_serializing_if = "super::results_file::is_default_game")]
    pub(super) game: ArenaGame,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) opening: Option<Opening>,
    /// Fevga's switches, `name=value` words (defaults included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) switches: Option<String>,
    /// A Tavli run's sequence of games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) tavli_sequence: Option<String>,
    /// A Tavli run's starter after a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) tavli_after_draw: Option<String>,
    #[serde(flatten)]
    pub(super) summary: &'a Summary,
}

/// Runs `plakoto arena`.
pub fn run(args: ArenaArgs) -> Result<(), ArenaError> {
    let rules = Rules::new(args.rules, args.scoring)?;
    let table = check_game_options(&args)?;
    let opening = table.map(|t| t.opening);
    // Every game under its switches (those given, else the defaults),
    // and the switches written into the results where the run plays a
    // game that has them.
    let switched = table.and_then(|t| t.switched);
    let switches = switched.and_then(|games| games.switch_words());
    let tavli = tavli_rules(&args);
    let tavli_games = switched.unwrap_or_default().with(Plakoto::new(rules));
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
    // The game picked: its players, checked, and its records' header.
    let table_opening = opening.unwrap_or_default();
    let (launch, records_game): (Launch, Box<dyn RecordsHeader>) = match (args.game.kind(), &tavli)
    {
        (Some(kind), _) => {
            (ToolsGameFns::of(kind).prepare)(&tavli_games, &args, &options, table_opening)?
        }
        (None, tavli) => {
            let tavli = tavli.clone().expect("a Tavli run has its rules");
            let kinds = sequence_kinds(&tavli);
            let one = |contestant, spec: &str| {
                preflight_match_players(&tavli_games, &kinds, spec, &options)
                    .map_err(|source| ArenaError::Engine { contestant, source })
            };
            let ready = (one(Contestant::A, &args.a)?, one(Contestant::B, &args.b)?);
            let records = TavliRecordInfo {
                rules: tavli.clone(),
                games: tavli_games,
                opening: table_opening,
            };
            let launch: Launch = Box::new(move |spec, todo, jobs, on_record| {
                let matches = TavliMatchSpec {
                    games: tavli_games,
                    opening: table_opening,
                    rules: tavli,
                    a: spec.a.clone(),
                    b: spec.b.clone(),
                    seed: spec.seed,
                    turn_cap: spec.turn_cap,
                    options: spec.options.clone(),
                };
                run_tavli_matches(&matches, todo, jobs, Some(ready), on_record)
            });
            (launch, Box::new(records))
        }
    };
    let tavli_sequence = tavli.as_ref().map(|t| t.sequence.to_string());
    let tavli_after_draw = tavli.as_ref().map(|t| t.after_draw.to_string());
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
                switches: switches.clone(),
                tavli_sequence: tavli_sequence.clone(),
                tavli_after_draw: tavli_after_draw.clone(),
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
    let mut on_record = |record: GameRecord| {
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
            write_unit_records(dir, &run_info, records_game.as_ref(), &records, unit)?;
        }
        if !bar.is_hidden() && last_message.elapsed() > Duration::from_millis(200) {
            last_message = Instant::now();
            bar.set_message(format!("ppg {}", summarize(&records, matches).ppg_text()));
        }
        Ok(())
    };
    let result = launch(&spec, &todo, jobs, &mut on_record);
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
        switches,
        tavli_sequence,
        tavli_after_draw,
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

/// Writes the record of `unit` (its latest attempt's games) of `game`
/// into `dir`.
fn write_unit_records(
    dir: &std::path::Path,
    run: &super::records_dir::RunInfo,
    game: &dyn RecordsHeader,
    records: &[GameRecord],
    unit: u64,
) -> Result<(), ArenaError> {
    let mut games: Vec<&GameRecord> = records.iter().filter(|r| r.unit == unit).collect();
    // A unit replayed after a resume restarts at its game 0: keep the last.
    if let Some(start) = games.iter().rposition(|r| r.game == 0) {
        games.drain(..start);
    }
    super::records_dir::write_unit(dir, run, game, &games)?;
    Ok(())
}

fn progress_bar(total: u64, done: u64, shown: bool, matches: bool) -> ProgressBar {
    let unit = if matches { "matches" } else { "games" };
    crate::progress_bar::resumed_bar(total, done, unit, shown)
}
