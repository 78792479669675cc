//! `plakoto arena merge FILES…`: the shards of a run (`--shard K/N`, each
//! with its own `--out` file) combined into the summary the unsharded run
//! gives. The files must come from the same run (same header but for the
//! shard); a unit found in two files must be the same games.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;

use super::cli::Report;
use super::error::ArenaError;
use super::record::GameRecord;
use super::results_file::{RunHeader, read};
use super::stats::summarize;

/// Options of `plakoto arena merge`.
#[derive(Args, Clone, Debug)]
#[command(about = "Combine the results files of a sharded arena run into one summary")]
pub struct MergeArgs {
    /// Results files (`--out`) of the shards.
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Draw the running points per game with its 95% band as SVG.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// No notes on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The finished units of several results files of one run, and its header
/// (without the shard).
pub fn merge_files(
    files: &[PathBuf],
) -> Result<(RunHeader, BTreeMap<u64, Vec<GameRecord>>), ArenaError> {
    let mut header: Option<RunHeader> = None;
    let mut units: BTreeMap<u64, Vec<GameRecord>> = BTreeMap::new();
    let mut shards = Vec::new();
    for path in files {
        let (h, loaded) = read(path)?;
        shards.push(h.shard);
        let h = RunHeader { shard: None, ..h };
        match &header {
            None => header = Some(h),
            Some(first) if *first != h => {
                return Err(ArenaError::ShardOfOtherRun(path.clone()));
            }
            Some(_) => {}
        }
        for (unit, games) in loaded.units {
            let same = |a: &[GameRecord], b: &[GameRecord]| {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|(x, y)| x.without_timing() == y.without_timing())
            };
            match units.get(&unit) {
                Some(old) if !same(old, &games) => {
                    return Err(ArenaError::UnitTwice {
                        unit,
                        path: path.clone(),
                    });
                }
                Some(_) => {}
                None => {
                    units.insert(unit, games);
                }
            }
        }
    }
    let header = header.ok_or(ArenaError::NoFiles)?;
    Ok((header, units))
}

/// Which shards of `count` are missing from `found`, for a note.
pub fn missing_shards(found: &[Option<super::shard::Shard>]) -> Vec<String> {
    let Some(count) = found.iter().flatten().map(|s| s.count).max() else {
        return Vec::new();
    };
    (1..=count)
        .filter(|k| !found.iter().flatten().any(|s| s.index == *k))
        .map(|k| format!("{k}/{count}"))
        .collect()
}

/// Runs `plakoto arena merge`.
pub fn run(args: MergeArgs) -> Result<(), ArenaError> {
    if let Some(path) = &args.plot {
        plakoto_records::output_path::prepare_file(path)
            .map_err(ArenaError::file("cannot write", path))?;
    }
    let (header, units) = merge_files(&args.files)?;
    if !args.quiet {
        let shards: Vec<_> = args
            .files
            .iter()
            .filter_map(|p| read(p).ok().map(|(h, _)| h.shard))
            .collect();
        let missing = missing_shards(&shards);
        if !missing.is_empty() {
            eprintln!("note: shards {} are missing", missing.join(", "));
        }
    }
    let matches = header.match_to.is_some();
    let records: Vec<&GameRecord> = units.values().flatten().collect();
    let summary = summarize(records.iter().copied(), matches);
    if let Some(path) = &args.plot {
        super::plot::write_plot(path, records, matches, &header.a, &header.b)?;
    }
    let report = Report {
        a: &header.a,
        b: &header.b,
        seed: header.seed,
        rules: header.rules.parse()?,
        scoring: header.scoring.parse()?,
        match_to: header.match_to,
        game: header.game,
        opening: header.opening,
        switches: header.switches.clone(),
        tavli_sequence: header.tavli_sequence.clone(),
        tavli_after_draw: header.tavli_after_draw.clone(),
        summary: &summary,
    };
    report.print(args.json)
}
