//! `plakoto analyse` as a library call (`analysis::command::run`): the
//! analysis reports a step a turn to the progress sink it is given, from
//! its start to its finish, and options that cannot go together are
//! refused before any work.

use std::sync::Mutex;

use plakoto_engine::progress::{NoProgress, Progress};
use plakoto_records::analysis::command::{AnalyseError, AnalyseOptions, run};

/// The Portes record of records.md: two turns.
const PORTES_RECORD: &str = "; Portes game record, format 1
; [Game \"portes\"]
; [Scoring \"standard\"]
; [Opening \"greek\"]
; [Match \"0\"]
; [X \"X\"]
; [O \"O\"]

Game 1
Score X 0 O 0
Opening 5-3
  1 X 6-4: 24/18 13/9
  2 O 3-1: 8/5 6/5
";

/// A sink that writes down the work started, the steps and the finish.
#[derive(Default)]
struct Recorder {
    events: Mutex<Vec<String>>,
}

impl Progress for Recorder {
    fn start(&self, what: &str, total: u64, unit: &str) {
        let event = format!("start {what} {total} {unit}");
        self.events.lock().unwrap().push(event);
    }
    fn advance(&self, steps: u64) {
        self.events.lock().unwrap().push(format!("advance {steps}"));
    }
    fn finish(&self) {
        self.events.lock().unwrap().push("finish".into());
    }
}

/// Options for the record written into `dir`: 1 ply, the heuristic.
fn options(dir: &tempfile::TempDir) -> AnalyseOptions {
    let file = dir.path().join("portes.txt");
    std::fs::write(&file, PORTES_RECORD).unwrap();
    AnalyseOptions {
        plies: 1,
        evaluator: Some("heuristic".into()),
        threads: Some(2),
        json: true,
        ..AnalyseOptions::new(file)
    }
}

#[test]
fn the_analysis_reports_a_step_a_turn_between_start_and_finish() {
    let dir = tempfile::tempdir().unwrap();
    let recorder = Recorder::default();
    run(&options(&dir), &recorder).unwrap();
    let events = recorder.events.into_inner().unwrap();
    assert_eq!(
        events,
        ["start analysis 2 turns", "advance 1", "advance 1", "finish"]
    );
}

#[test]
fn json_and_html_together_or_too_many_plies_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let both = AnalyseOptions {
        html: Some(dir.path().join("report.html")),
        ..options(&dir)
    };
    let recorder = Recorder::default();
    let error = run(&both, &recorder).unwrap_err();
    assert!(matches!(error, AnalyseError::JsonAndHtml), "{error}");
    assert!(error.to_string().contains("--json and --html"), "{error}");
    let deep = AnalyseOptions {
        plies: 9,
        ..options(&dir)
    };
    let error = run(&deep, &NoProgress).unwrap_err();
    assert!(matches!(error, AnalyseError::Plies), "{error}");
    assert!(recorder.events.into_inner().unwrap().is_empty());
    assert!(!dir.path().join("report.html").exists());
}
