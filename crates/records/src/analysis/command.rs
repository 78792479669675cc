//! `plakoto analyse` as a library call: [`run`] with [`AnalyseOptions`]
//! (the command line that fills them is the binary's,
//! `plakoto_tools::analyse`).
//!
//! A record of any game (under the switches its header names) is analysed
//! by the generic search with that game's evaluator of the name given; by
//! default its net (built into the binary), or for Portes and Fevga their
//! heuristic where the net does not load. The report names the evaluator
//! used. A Tavli match record (`; [Game "tavli"]`) is analysed game by
//! game, each by its own game's analysis ([`super::tavli`]).

use std::path::PathBuf;

use super::Analysis;
use super::table::analyse_table;
use super::tavli::analyse_tavli;
use crate::GameFns;
use crate::record::{EvaluatorRefused, GameOnRecord, analysis_evaluator};
use crate::record::{ReadError, Record, RecordError, TableReplay, read_record_file, write_atomic};
use plakoto_engine::eval::net::InstallError;
use plakoto_engine::game::{EngineGame, GameEvaluator};
use plakoto_engine::game::{MAX_PLIES, SearchSettings};
use plakoto_engine::match_equity::tavli::TavliGameInMatch;
use plakoto_engine::progress::Progress;
use plakoto_rules::GameKind;

/// What `plakoto analyse` is asked to do (the options of its command line,
/// which names each field's flag).
#[derive(Clone, Debug)]
pub struct AnalyseOptions {
    /// The record (text or JSON, records.md; a Jellyfish `.mat` file is
    /// read as Portes).
    pub file: PathBuf,
    /// Search depth for the best play (at most [`MAX_PLIES`]).
    pub plies: u8,
    /// Print the analysis as JSON instead of the text report (not with
    /// `html`).
    pub json: bool,
    /// Write a self-contained HTML report there (the text report is
    /// printed too).
    pub html: Option<PathBuf>,
    /// The evaluator, by the record's game's name for it; `None`: the
    /// game's net, or its heuristic where the net does not load.
    pub evaluator: Option<String>,
    /// Weight file of the Plakoto net (`None`: the built-in weights).
    pub weights: Option<PathBuf>,
    /// Worker threads (`None`: the number of cores).
    pub threads: Option<usize>,
}

impl AnalyseOptions {
    /// The text report of `file` at the engine's own depth (`analyse game`
    /// in a session, `hint`), with the default evaluator, on every core.
    pub fn new(file: PathBuf) -> AnalyseOptions {
        AnalyseOptions {
            file,
            plies: SearchSettings::default().plies,
            json: false,
            html: None,
            evaluator: None,
            weights: None,
            threads: None,
        }
    }
}

/// Why `plakoto analyse` could not analyse the record. The messages name
/// the file or the option.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    /// `--plies` is too deep.
    #[error("--plies is at most {MAX_PLIES}")]
    Plies,
    /// Both reports were asked for where only one can be printed.
    #[error("--json and --html cannot be used together: the JSON is the whole output")]
    JsonAndHtml,
    /// The `--weights` file could not be installed.
    #[error("--weights {}: {source}", path.display())]
    Weights {
        /// The weight file.
        path: PathBuf,
        /// Why.
        source: InstallError,
    },
    /// The record's game has no evaluator of the name asked for.
    #[error(transparent)]
    Evaluator(#[from] EvaluatorRefused),
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

/// Runs `plakoto analyse`: prints the report on stdout (and writes the
/// HTML one), telling `progress` of each turn analysed.
pub fn run(options: &AnalyseOptions, progress: &dyn Progress) -> Result<(), AnalyseError> {
    if options.plies > MAX_PLIES {
        return Err(AnalyseError::Plies);
    }
    if options.json && options.html.is_some() {
        return Err(AnalyseError::JsonAndHtml);
    }
    if let Some(out) = &options.html {
        crate::output_path::prepare_file(out).map_err(|source| AnalyseError::Write {
            path: out.clone(),
            source,
        })?;
    }
    if let Some(path) = &options.weights {
        plakoto_engine::eval::net::install_weights_file(path).map_err(|source| {
            AnalyseError::Weights {
                path: path.clone(),
                source,
            }
        })?;
    }
    let invalid = |source| AnalyseError::Record {
        path: options.file.clone(),
        source: Box::new(source),
    };
    // A Jellyfish .mat file (a backgammon program's match) is Portes.
    let record = if crate::record::mat::is_mat_path(&options.file) {
        crate::record::mat::read_mat_file(&options.file)
            .map_err(|error| AnalyseError::Read(error.to_string()))?
    } else {
        read_record_file(&options.file).map_err(|error| match error {
            ReadError::Io(message) => AnalyseError::Read(message),
            ReadError::Record(source) => invalid(source),
        })?
    };
    let threads = options
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()?;
    if record.header.tavli.is_some() {
        return run_tavli(&record, options, &pool, progress);
    }
    let name = options.evaluator.as_deref();
    progress.start("analysis", record.turn_count() as u64, "turns");
    let analysis = analyse_one(
        &record,
        record.header.game,
        None,
        name,
        options,
        &pool,
        &|| progress.advance(1),
    );
    progress.finish();
    let analysis = analysis?;
    emit(
        options,
        &analysis,
        super::report::text_lines(&analysis),
        |title: &str| super::html::report(&analysis, title),
    )
}

/// Prints `analysis` as JSON under `--json`, else its text `lines`, and
/// writes its HTML report (`html(title)`) under `--html`.
fn emit(
    options: &AnalyseOptions,
    analysis: &impl serde::Serialize,
    lines: Vec<String>,
    html: impl FnOnce(&str) -> String,
) -> Result<(), AnalyseError> {
    if options.json {
        println!("{}", serde_json::to_string_pretty(analysis)?);
        return Ok(());
    }
    for line in lines {
        println!("{line}");
    }
    if let Some(out) = &options.html {
        let title = format!("Analysis of {}", options.file.display());
        write_atomic(out, &html(&title)).map_err(|source| AnalyseError::Write {
            path: out.clone(),
            source,
        })?;
    }
    Ok(())
}

/// Analyses a record of one game of kind `kind` (its header's, or in a
/// Tavli match the game's, valued by the match's table: `tavli`) with the
/// evaluator `name` of that game, at `--plies`, on `pool`, calling
/// `progress` after each turn.
fn analyse_one(
    record: &Record,
    kind: GameKind,
    tavli: Option<&TavliGameInMatch>,
    name: Option<&str>,
    options: &AnalyseOptions,
    pool: &rayon::ThreadPool,
    progress: &(dyn Fn() + Sync),
) -> Result<Analysis, AnalyseError> {
    let one = OneRecord {
        record,
        tavli,
        name,
        options,
        pool,
        progress,
    };
    (GameFns::of(kind).analyse)(&one)
}

/// A record of one game to analyse, with how ([`analyse_one`]'s
/// arguments).
pub(crate) struct OneRecord<'a> {
    record: &'a Record,
    tavli: Option<&'a TavliGameInMatch>,
    name: Option<&'a str>,
    options: &'a AnalyseOptions,
    pool: &'a rayon::ThreadPool,
    progress: &'a (dyn Fn() + Sync),
}

impl OneRecord<'_> {
    /// The error of a record that does not replay.
    fn invalid(&self, source: RecordError) -> AnalyseError {
        AnalyseError::Record {
            path: self.options.file.clone(),
            source: Box::new(source),
        }
    }
}

/// Replays `one`'s record, a record of the game `G`, and analyses every
/// turn with the game's evaluator of the name given, as [`analyse_one`]
/// says.
pub(crate) fn analyse_with<G: GameOnRecord + EngineGame>(
    one: &OneRecord,
) -> Result<Analysis, AnalyseError> {
    let evaluator = analysis_evaluator::<G>(one.name)?;
    let replay = one.record.replay_game::<G>().map_err(|e| one.invalid(e))?;
    let game = TableAnalysis {
        record: one.record,
        replay: &replay,
        tavli: one.tavli,
    };
    Ok(game.run(evaluator.as_ref(), one.options, one.pool, one.progress))
}

/// A replayed record to analyse, and its place in a Tavli match, if any.
struct TableAnalysis<'a, G: GameOnRecord> {
    record: &'a Record,
    replay: &'a TableReplay<G>,
    tavli: Option<&'a TavliGameInMatch>,
}

impl<G: GameOnRecord> TableAnalysis<'_, G> {
    /// Analyses every turn with `evaluator` at `--plies`, default move
    /// filters, on `pool`.
    fn run(
        &self,
        evaluator: &dyn GameEvaluator<G>,
        options: &AnalyseOptions,
        pool: &rayon::ThreadPool,
        progress: &(dyn Fn() + Sync),
    ) -> Analysis {
        let settings = SearchSettings::default();
        let (record, replay, tavli) = (self.record, self.replay, self.tavli);
        pool.install(|| {
            analyse_table(
                record,
                replay,
                evaluator,
                &settings,
                options.plies,
                tavli,
                progress,
            )
        })
    }
}

/// `plakoto analyse` of a Tavli match record: each game by its own game's
/// analysis, with the evaluator named (one every game of the match knows)
/// or each game's default; the report per game and over the match.
fn run_tavli(
    record: &Record,
    options: &AnalyseOptions,
    pool: &rayon::ThreadPool,
    progress: &dyn Progress,
) -> Result<(), AnalyseError> {
    progress.start("analysis", record.turn_count() as u64, "turns");
    let invalid = |source| AnalyseError::Record {
        path: options.file.clone(),
        source: Box::new(source),
    };
    let analysis = analyse_tavli(
        record,
        options.plies,
        invalid,
        |kind, game: &Record, tavli| {
            let name = options.evaluator.as_deref();
            analyse_one(game, kind, Some(tavli), name, options, pool, &|| {
                progress.advance(1)
            })
        },
    );
    progress.finish();
    let analysis = analysis?;
    emit(
        options,
        &analysis,
        super::report::tavli_lines(&analysis),
        |title: &str| super::html::tavli_report(&analysis, title),
    )
}
