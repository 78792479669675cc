//! `plakoto conformance`: the engine itself passes every check (Plakoto
//! and, with `--game portes`, Portes), and each
//! fault of a faulty engine (tests/fake_engines/conformance_proxy.py, the
//! real engine behind a proxy that breaks one thing) is reported by the
//! check that should find it, quoting the exchange.
//!
//! The proxy and the faulty engines are Python scripts: these tests need
//! `python3`, which `.ci/run` installs where it is missing.

use crate::random_engine::random_engine;
use std::process::Command;

use serde_json::Value;

const PLAKOTO: &str = env!("CARGO_BIN_EXE_plakoto");

/// Runs `plakoto conformance ENGINE --json`; returns the exit code and the report.
fn conformance(engine: &str, extra: &[&str]) -> (i32, Value) {
    let out = Command::new(PLAKOTO)
        .args(["conformance", engine, "--json"])
        .args(extra)
        .output()
        .expect("plakoto conformance runs");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap_or(-1), report)
}

fn statuses(report: &Value) -> Vec<(String, String)> {
    report["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn proxy(mode: &str) -> String {
    format!(
        "python3 {}/tests/fake_engines/conformance_proxy.py {mode} {PLAKOTO} --plies 0",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn plakoto_passes_every_check() {
    let (code, report) = conformance(&format!("{PLAKOTO} --plies 1"), &[]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["passed"], true);
    let all = statuses(&report);
    assert_eq!(all.len(), 10, "{all:?}");
    for (name, status) in &all {
        assert_eq!(status, "passed", "{name}: {report:#}");
    }
    let positions = report["checks"][5]["detail"].as_str().unwrap();
    assert!(positions.contains("300 positions"), "{positions}");
}

#[test]
fn an_engine_from_before_set_position_conforms_with_commands_absent() {
    let (code, report) = conformance(&proxy("old"), &["--positions", "80"]);
    assert_eq!(code, 0, "{report:#}");
    let all = statuses(&report);
    assert!(all.contains(&("legal".into(), "absent".into())), "{all:?}");
    let commands = report["checks"][2]["detail"].as_str().unwrap();
    assert!(
        commands.contains("absent: list_commands, known_command, set position"),
        "{commands}"
    );
    let positions = report["checks"][5]["detail"].as_str().unwrap();
    assert!(
        positions.starts_with("set board + set matchid"),
        "{positions}"
    );
}

#[test]
fn each_fault_is_reported_by_its_check() {
    let faults = [
        ("relay", None, ""),
        ("no-ids", Some("ids"), "> 7 isready"),
        ("comment-reply", Some("framing"), "no reply"),
        ("wrong-code", Some("errors"), "invalid_position"),
        ("dirty-errors", Some("errors"), "the state changed"),
        ("bad-posid", Some("positions"), "show posid"),
        ("bad-legal", Some("legal"), "missing"),
        ("illegal-play", Some("play"), "24/1"),
        ("slow-play", Some("play"), "within 1000 ms"),
        ("unframed", Some("framing"), "my name is fake"),
        ("no-exit", Some("quit"), "still running 10000 ms"),
    ];
    let runs: Vec<_> = faults
        .iter()
        .map(|&(mode, _, _)| {
            std::thread::spawn(move || {
                // Generous limits (a loaded machine must not fail a good
                // engine), short only where the fault is a slow move. The
                // reply limit is also how long 'quit' may take, but
                // no-exit keeps the generous one: the same limit covers
                // its start, which a short one failed on a loaded machine.
                let (move_ms, reply_ms) = match mode {
                    "slow-play" => ("1000", "10000"),
                    _ => ("10000", "10000"),
                };
                let args = ["--positions", "60", "--move-timeout-ms", move_ms];
                conformance(
                    &proxy(mode),
                    &[&args[..], &["--timeout-ms", reply_ms]].concat(),
                )
            })
        })
        .collect();
    for ((mode, failing, quoted), run) in faults.iter().zip(runs) {
        let (code, report) = run.join().expect("the run ends");
        let failed: Vec<&Value> = report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["status"] == "failed")
            .collect();
        match failing {
            None => {
                assert_eq!(code, 0, "{mode}: {report:#}");
                assert!(failed.is_empty(), "{mode}: {report:#}");
            }
            Some(check) => {
                assert_eq!(code, 1, "{mode}: {report:#}");
                let names: Vec<&str> = failed.iter().map(|c| c["name"].as_str().unwrap()).collect();
                // `name` is asked again by the discovery check.
                let expected: &[&str] = match *mode {
                    "unframed" => &["framing", "discovery"],
                    _ => &[check],
                };
                assert_eq!(names, expected, "{mode}: {report:#}");
                let c = failed[0];
                let text = format!("{} {}", c["detail"], c["exchange"]);
                assert!(text.contains(quoted), "{mode}: '{quoted}' not in {text}");
            }
        }
    }
}

#[test]
fn an_engine_that_does_not_start_skips_the_rest() {
    let (code, report) = conformance("/nonexistent/engine", &[]);
    assert_eq!(code, 1);
    let all = statuses(&report);
    assert_eq!(all[0], ("start".into(), "failed".into()));
    assert!(all[1..].iter().all(|(_, s)| s == "skipped"), "{all:?}");
}

#[test]
fn text_report_names_each_check() {
    let out = Command::new(PLAKOTO)
        .args(["conformance", &proxy("bad-legal"), "--positions", "40"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL    legal      (optional)"), "{text}");
    assert!(text.contains("> legal limit 2000"), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("10 checks: 9 passed, 1 failed"),
        "{text}"
    );
}

/// The smallest engine (examples/random_engine.rs: discovery, `set
/// position`/`set board`/`set matchid`, `play`, `quit`) conforms, its
/// optional commands reported absent; without `set position` too.
#[test]
fn the_smallest_engine_conforms() {
    let engine = random_engine().display().to_string();
    for flags in ["", " --no-set-position 1"] {
        let (code, report) = conformance(&format!("{engine}{flags}"), &["--positions", "100"]);
        assert_eq!(code, 0, "{flags}: {report:#}");
        let commands = report["checks"][2]["detail"].as_str().unwrap();
        assert!(
            commands.ends_with("absent: version, show posid, show matchid, legal, set dice, move")
                || commands.contains("absent: version, set position"),
            "{flags}: {commands}"
        );
        assert!(statuses(&report).contains(&("legal".into(), "absent".into())));
    }
}

/// The arena's fake engines (tests/fake_engines/fake_engine.py: framing
/// only, no rules) fail the checks their faults belong to.
#[test]
fn arena_fake_engines_fail_the_check_of_their_fault() {
    let fake = |mode: &str| {
        format!(
            "python3 {}/tests/fake_engines/fake_engine.py {mode}",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let cases = [
        ("noready", "start", "isready"),
        ("hang", "play", "no complete reply within 1000 ms"),
        ("crash", "play", "output closed while answering 'play'"),
        ("garbage", "play", "thinking about it"),
        ("notation", "play", "the best move ever"),
        ("error", "play", "'play' must answer a play"),
        ("fixed 24/1", "play", "'24/1' is not a legal play"),
    ];
    let runs: Vec<_> = cases
        .iter()
        .map(|&(mode, _, _)| {
            let engine = fake(mode);
            std::thread::spawn(move || {
                conformance(&engine, &["--positions", "30", "--move-timeout-ms", "1000"])
            })
        })
        .collect();
    for ((mode, check, text), run) in cases.iter().zip(runs) {
        let (code, report) = run.join().expect("the run ends");
        assert_eq!(code, 1, "{mode}");
        let c = report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == *check)
            .expect("the check ran");
        assert_eq!(c["status"], "failed", "{mode}: {report:#}");
        let said = format!("{} {}", c["detail"], c["exchange"]);
        assert!(said.contains(text), "{mode}: '{text}' not in {said}");
    }
}

/// An engine command the shell cannot find is reported as such, not as
/// the shell's bare exit status.
#[test]
fn a_command_that_does_not_exist_is_reported_as_not_found() {
    let (code, report) = conformance("plakoto-no-such-command-45", &[]);
    assert_ne!(code, 0);
    let start = &report["checks"][0];
    assert_eq!(start["status"], "failed", "{start}");
    let detail = start["detail"].as_str().unwrap();
    assert!(detail.contains("the command was not found"), "{detail}");
}

/// The checks of `--game portes`, in the order run.
const PORTES_CHECKS: [&str; 11] = [
    "start",
    "game",
    "framing",
    "commands",
    "positions",
    "to_roll",
    "errors",
    "legal",
    "play",
    "hint",
    "quit",
];

#[test]
fn plakoto_passes_every_portes_check() {
    let (code, report) = conformance(
        &format!("{PLAKOTO} --plies 0"),
        &["--game", "portes", "--positions", "120"],
    );
    assert_eq!(code, 0, "{report:#}");
    let all = statuses(&report);
    let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, PORTES_CHECKS, "{all:?}");
    for (name, status) in &all {
        assert_eq!(status, "passed", "{name}: {report:#}");
    }
    let positions = report["checks"][4]["detail"].as_str().unwrap();
    assert!(positions.contains("on the bar"), "{positions}");
    assert!(positions.contains("show position"), "{positions}");
    let errors = report["checks"][6]["detail"].as_str().unwrap();
    assert!(errors.contains("unchanged"), "{errors}");
}

/// The gnubg adapter (scripts/gnubg_player.py) speaks what the arena needs:
/// it passes the required checks of playing (positions with dice, `play`)
/// and has no `show position`, `legal` or `hint`; where it differs from
/// protocol.md is reported. Skipped without gnubg (/usr/games/gnubg).
#[test]
fn the_gnubg_adapter_plays_portes_and_its_gaps_are_reported() {
    if !std::path::Path::new("/usr/games/gnubg").is_file() {
        eprintln!("SKIPPED: gnubg is not installed (apt-get install gnubg)");
        return;
    }
    let adapter = format!(
        "python3 {}/scripts/gnubg_player.py",
        env!("CARGO_MANIFEST_DIR")
    );
    let (_, report) = conformance(&adapter, &["--game", "portes", "--positions", "40"]);
    let all = statuses(&report);
    for (name, want) in [
        ("start", "passed"),
        ("game", "passed"),
        ("positions", "passed"),
        ("to_roll", "absent"),
        ("legal", "absent"),
        ("play", "passed"),
        ("hint", "absent"),
        ("quit", "passed"),
    ] {
        assert!(
            all.contains(&(name.to_string(), want.to_string())),
            "{name} {want}: {report:#}"
        );
    }
    let commands = report["checks"][3]["detail"].as_str().unwrap();
    assert!(
        commands.contains("absent: show position, legal, hint"),
        "{commands}"
    );
}

/// The checks of `--game fevga`, in the order run: Portes' and the
/// switches.
const FEVGA_CHECKS: [&str; 12] = [
    "start",
    "game",
    "framing",
    "commands",
    "positions",
    "to_roll",
    "errors",
    "legal",
    "switches",
    "play",
    "hint",
    "quit",
];

#[test]
fn plakoto_passes_every_fevga_check() {
    let (code, report) = conformance(
        &format!("{PLAKOTO} --plies 0"),
        &["--game", "fevga", "--positions", "120"],
    );
    assert_eq!(code, 0, "{report:#}");
    let all = statuses(&report);
    let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, FEVGA_CHECKS, "{all:?}");
    for (name, status) in &all {
        assert_eq!(status, "passed", "{name}: {report:#}");
    }
    let positions = report["checks"][4]["detail"].as_str().unwrap();
    assert!(
        positions.contains("fevga Position:Match IDs"),
        "{positions}"
    );
    assert!(positions.contains("not yet released"), "{positions}");
    let switches = report["checks"][8]["detail"].as_str().unwrap();
    assert!(switches.starts_with("8 switch values"), "{switches}");
    assert!(
        switches.contains("where the value changes the plays"),
        "{switches}"
    );
    // Every value is seen to change the plays somewhere (the witnesses).
    assert!(!switches.contains("no position found"), "{switches}");
}

/// An engine that accepts Fevga's switches but goes on playing the
/// defaults fails the switches check, naming the switch.
#[test]
fn an_engine_deaf_to_the_switches_fails_the_switches_check() {
    let (code, report) = conformance(
        &proxy("deaf-switches"),
        &["--game", "fevga", "--positions", "60"],
    );
    assert_eq!(code, 1, "{report:#}");
    let switches = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "switches")
        .unwrap();
    assert_eq!(switches["status"], "failed", "{report:#}");
    let detail = switches["detail"].as_str().unwrap();
    assert!(detail.starts_with("under fevga."), "{detail}");
    for name in ["legal", "play", "positions"] {
        let check = report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap();
        assert_eq!(check["status"], "passed", "{name}: {report:#}");
    }
}
