//! Arena fault handling, with deliberately faulty engines: every fault
//! kind loses the game for the faulty engine with the reason recorded,
//! the engine is restarted and the run goes on.
//!
//! The faulty engines are Python scripts (tests/fake_engines): these tests
//! need `python3`, which `.ci/run` installs where it is missing.

use std::time::Duration;

use plakoto::arena::fault::FaultKind;
use plakoto::arena::player::PlayerOptions;
use plakoto::arena::record::{Contestant, GameRecord};
use plakoto::arena::runner::RunSpec;
use plakoto::arena::stats::summarize;
use plakoto::arena::tavli_runner::run_units;
use plakoto::game::Rules;
use plakoto::record::Ending;

fn fake(mode: &str) -> String {
    format!(
        "python3 {}/tests/fake_engines/fake_engine.py {mode}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn spec(a: &str, b: &str) -> RunSpec {
    RunSpec {
        a: a.to_string(),
        b: b.to_string(),
        rules: Rules::default(),
        match_to: None,
        seed: 7,
        turn_cap: 2_000,
        options: PlayerOptions {
            move_timeout: Duration::from_millis(300),
            start_timeout: Duration::from_millis(5_000),
            show_stderr: false,
        },
        start_positions: Vec::new(),
    }
}

fn run(spec: &RunSpec, games: u64, jobs: usize) -> Vec<GameRecord> {
    let units: Vec<u64> = (0..games).collect();
    let mut records = Vec::new();
    run_units(spec, &units, jobs, |r| {
        records.push(r);
        Ok(())
    })
    .expect("the run completes");
    records.sort_by_key(|r| (r.unit, r.game));
    records
}

/// Every game is lost by the faulty engine (as A, and as B), with the
/// expected kind and a reason; the engine is restarted for each game.
fn check_fault(mode: &str, kind: FaultKind, reason: &str) {
    for faulty in [Contestant::A, Contestant::B] {
        let s = match faulty {
            Contestant::A => spec(&fake(mode), "builtin:random"),
            Contestant::B => spec("builtin:random", &fake(mode)),
        };
        let records = run(&s, 2, 1);
        assert_eq!(records.len(), 2, "{mode}: the run goes on after a fault");
        for r in &records {
            assert_eq!(r.kind, Ending::Forfeit, "{mode}: {r:?}");
            let f = r.fault.as_ref().expect("the fault is recorded");
            assert_eq!(f.engine, faulty, "{mode}");
            assert_eq!(f.kind, kind, "{mode}: {}", f.message);
            assert!(f.message.contains(reason), "{mode}: {}", f.message);
            let expected = if faulty == Contestant::A { -2 } else { 2 };
            assert_eq!(r.a_points, expected);
            assert_ne!(r.winner, Some(faulty));
        }
        let summary = summarize(&records, false);
        assert_eq!(summary.faults.len(), 2);
        assert_eq!(summary.fault_counts[faulty.index()][&kind], 2);
    }
}

#[test]
fn crashing_engine_forfeits() {
    check_fault("crash", FaultKind::Crash, "play");
}

#[test]
fn hanging_engine_times_out() {
    check_fault("hang", FaultKind::Timeout, "in time");
}

#[test]
fn unframed_reply_is_garbage() {
    check_fault("garbage", FaultKind::Garbage, "thinking about it");
}

#[test]
fn unreadable_play_is_garbage() {
    check_fault("notation", FaultKind::Garbage, "the best move ever");
}

#[test]
fn illegal_play_forfeits() {
    check_fault("fixed 24/1", FaultKind::Illegal, "24/1");
}

#[test]
fn error_reply_forfeits() {
    check_fault("error", FaultKind::ErrorReply, "refuses to play");
}

#[test]
fn engine_failing_at_start_forfeits() {
    check_fault("noready", FaultKind::Garbage, "isready");
}

#[test]
fn command_that_does_not_exist_forfeits() {
    let s = spec("/nonexistent/plakoto-engine", "builtin:random");
    let records = run(&s, 2, 1);
    for r in &records {
        assert_eq!(r.kind, Ending::Forfeit);
        assert_eq!(r.fault.as_ref().unwrap().engine, Contestant::A);
        assert_eq!(r.fault.as_ref().unwrap().kind, FaultKind::Crash);
    }
}

#[test]
fn faults_do_not_stop_parallel_runs() {
    let s = spec("builtin:pipcount", &fake("crash"));
    let records = run(&s, 6, 2);
    assert_eq!(records.len(), 6);
    assert!(records.iter().all(|r| r.a_points == 2));
}
