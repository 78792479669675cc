//! Arena runs: reproducibility from the seed whatever the number of
//! threads, duplicate dice, matches (R19), statistics, and resuming an
//! interrupted run from its results file with the same totals.

use std::path::PathBuf;
use std::process::Command;

use plakoto::arena::player::PlayerOptions;
use plakoto::arena::record::GameRecord;
use plakoto::arena::runner::RunSpec;
use plakoto::arena::tavli_runner::run_units;
use plakoto::arena::turn::Turn;
use plakoto::game::Side;
use plakoto::game::{Rules, Scoring, Variant};
use plakoto::record::{Ending, Roll};

fn spec(a: &str, b: &str, seed: u64) -> RunSpec {
    RunSpec {
        a: a.to_string(),
        b: b.to_string(),
        rules: Rules::default(),
        match_to: None,
        seed,
        turn_cap: 2_000,
        options: PlayerOptions::default(),
        start_positions: Vec::new(),
    }
}

fn run(spec: &RunSpec, games: u64, jobs: usize) -> Vec<GameRecord> {
    let units: Vec<u64> = (0..games).collect();
    let mut records = Vec::new();
    run_units(spec, &units, jobs, |r| {
        records.push(r.without_timing());
        Ok(())
    })
    .expect("the run completes");
    records.sort_by_key(|r| (r.unit, r.game));
    records
}

fn dice_of(turn: &Turn) -> (Side, &Roll) {
    (turn.side, &turn.roll)
}

#[test]
fn same_seed_same_games_with_any_jobs() {
    let s = spec("builtin:pipcount", "builtin:random", 42);
    let one = run(&s, 12, 1);
    let two = run(&s, 12, 2);
    assert_eq!(one.len(), 12);
    assert_eq!(one, two);
    let other = run(&spec("builtin:pipcount", "builtin:random", 43), 12, 2);
    assert_ne!(one, other);
}

#[test]
fn duplicate_pairs_share_the_dice_with_engines_swapped() {
    let records = run(&spec("builtin:random", "builtin:pipcount", 5), 8, 2);
    for pair in records.chunks(2) {
        let (g1, g2) = (&pair[0], &pair[1]);
        assert_eq!(g1.unit + 1, g2.unit);
        assert_eq!(g1.a_side, plakoto::game::Side::X);
        assert_eq!(g2.a_side, plakoto::game::Side::O);
        // R19: the same opening roll, so the same side starts.
        assert!(!g1.opening.is_empty());
        assert_eq!(g1.opening, g2.opening);
        // Turn k rolls the same dice for the same side in both games.
        for (m1, m2) in g1.moves.iter().zip(&g2.moves) {
            assert_eq!(dice_of(m1), dice_of(m2));
        }
    }
}

#[test]
fn r19_matches_winner_starts_next_game() {
    let mut s = spec("builtin:pipcount", "builtin:random", 11);
    s.match_to = Some(5);
    let records = run(&s, 4, 2);
    let mut by_unit = std::collections::BTreeMap::<u64, Vec<&GameRecord>>::new();
    for r in &records {
        by_unit.entry(r.unit).or_default().push(r);
    }
    assert_eq!(by_unit.len(), 4);
    for games in by_unit.values() {
        let last = games.last().unwrap();
        assert!(last.unit_over);
        assert!(last.score.iter().any(|&p| p >= 5), "{:?}", last.score);
        assert!(games[..games.len() - 1].iter().all(|g| !g.unit_over));
        assert!(games[0].score.iter().all(|&p| p < 5) || games.len() == 1);
        for w in games.windows(2) {
            let (prev, next) = (w[0], w[1]);
            match prev.winner {
                Some(engine) => {
                    assert!(
                        next.opening.is_empty(),
                        "the winner starts without an opening roll"
                    );
                    let side = engine.side(next.a_side).to_string();
                    assert_eq!(next.moves[0].side.to_string(), side, "{:?}", next.moves[0]);
                }
                None => assert!(!next.opening.is_empty(), "a draw leads to an opening roll"),
            }
        }
        let total: i32 = games.iter().map(|g| g.a_points).sum();
        assert_eq!(total, i32::from(last.score[0]) - i32::from(last.score[1]));
    }
}

#[test]
fn express_and_tzannes_runs_finish() {
    let mut s = spec("builtin:pipcount", "builtin:random", 3);
    s.rules = Rules::new(Variant::Express, Scoring::Standard).unwrap();
    let express = run(&s, 4, 2);
    assert!(
        express
            .iter()
            .all(|r| r.fault.is_none() && r.kind != Ending::Unfinished)
    );
    s.rules = Rules::new(Variant::Standard, Scoring::Tzannes).unwrap();
    let tz = run(&s, 6, 2);
    assert!(tz.iter().all(|r| r.fault.is_none()));
}

/// `builtin:net@FILE` plays the net in FILE: with the shipped weights'
/// file it makes every move the embedded net makes; a file that is no
/// weight file is refused before any game, naming the player.
#[test]
fn a_net_player_with_a_weight_file_plays_that_net() {
    let shipped = format!(
        "{}/crates/engine/weights/default.net",
        env!("CARGO_MANIFEST_DIR")
    );
    let from_file = run(
        &spec(&format!("builtin:net@{shipped}"), "builtin:heuristic", 7),
        4,
        2,
    );
    let embedded = run(&spec("builtin:net", "builtin:heuristic", 7), 4, 2);
    let moves = |r: &[GameRecord]| r.iter().map(|g| g.moves.clone()).collect::<Vec<_>>();
    assert_eq!(moves(&from_file), moves(&embedded));

    let (_, stderr, ok) = arena(&[
        "--a",
        "builtin:net-ply1@Cargo.toml",
        "--b",
        "builtin:random",
        "--games",
        "2",
        "-q",
    ]);
    assert!(!ok);
    assert!(stderr.contains("builtin:net-ply1@Cargo.toml"), "{stderr}");
    let (_, stderr, ok) = arena(&["--a", "builtin:heuristic@x", "--b", "builtin:random", "-q"]);
    assert!(!ok);
    assert!(stderr.contains("builtin:net@FILE"), "{stderr}");
}

// ---- The command line: JSON summary and resume ----

fn arena(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .arg("arena")
        .args(args)
        .output()
        .expect("plakoto runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-arena-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn summary(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).expect("JSON summary");
    // Timing differs between runs; everything else must not.
    v.as_object_mut().unwrap().remove("ms_per_move");
    v
}

fn game_lines(path: &PathBuf) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games: Vec<serde_json::Value> = text
        .lines()
        .skip(1)
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("think_ms");
            v
        })
        .collect();
    games.sort_by_key(|v| (v["unit"].as_u64(), v["game"].as_u64()));
    games
}

const BASE: [&str; 10] = [
    "--a",
    "builtin:pipcount",
    "--b",
    "builtin:random",
    "--games",
    "16",
    "--seed",
    "9",
    "--json",
    "--quiet",
];

#[test]
fn output_folders_are_created_and_a_bad_output_path_stops_the_run_before_it_starts() {
    let root = temp_file("outputs");
    let _ = std::fs::remove_dir_all(&root);
    let out = root.join("runs/deep/x.jsonl");
    let plot = root.join("plots/x.svg");
    let records = root.join("records/here");
    let (stdout, stderr, ok) = arena(
        &[
            &BASE[..],
            &[
                "--out",
                out.to_str().unwrap(),
                "--plot",
                plot.to_str().unwrap(),
                "--records",
                records.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    assert!(ok, "{stderr}");
    assert_eq!(summary(&stdout)["games"], 16);
    assert_eq!(game_lines(&out).len(), 16);
    assert!(plot.is_file() && records.join("game-000000.txt").is_file());

    // A file where a folder must be: refused before any game is played
    // (no summary), naming the path and what is wrong.
    for flag in ["--out", "--plot", "--records"] {
        let blocked = out.join("x");
        let (stdout, stderr, ok) = arena(&[&BASE[..], &[flag, blocked.to_str().unwrap()]].concat());
        assert!(!ok, "{flag}: {stdout}");
        assert!(stdout.is_empty(), "{flag}: games were played: {stdout}");
        assert!(
            stderr.contains(&format!("{} is a file, not a folder", out.display())),
            "{flag}: {stderr}"
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn json_summary_has_the_promised_fields() {
    let (stdout, stderr, ok) = arena(&BASE);
    assert!(ok, "{stderr}");
    let v = summary(&stdout);
    assert_eq!(v["games"], 16);
    assert!(v["ppg"].is_number());
    assert!(v["ci95"].is_number());
    for kind in [
        "single",
        "double",
        "triple",
        "mother",
        "draw",
        "forfeit",
        "unfinished",
    ] {
        assert!(v["kinds"][kind].is_u64(), "{kind}");
    }
    assert!(v["a_wins"]["mother"].is_u64());
    assert_eq!(v["faults"], serde_json::json!([]));
}

#[test]
fn interrupted_run_resumes_to_the_same_totals() {
    let full = temp_file("full.jsonl");
    let cut = temp_file("cut.jsonl");
    let with = |path: &PathBuf, extra: &[&str]| {
        let mut a: Vec<String> = BASE.iter().map(|s| s.to_string()).collect();
        a.extend(["--out".to_string(), path.display().to_string()]);
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let args = with(&full, &["--jobs", "2"]);
    let (uninterrupted, stderr, ok) = arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(ok, "{stderr}");

    // An interrupted run: the header, six finished games, and a line torn
    // in the middle by the crash.
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut partial = lines[..7].join("\n");
    partial.push('\n');
    partial.push_str(&lines[7][..lines[7].len() / 2]);
    std::fs::write(&cut, partial).unwrap();

    // Without --resume the file is refused rather than mixed.
    let args = with(&cut, &[]);
    let (_, stderr, ok) = arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(!ok);
    assert!(stderr.contains("--resume"), "{stderr}");

    let args = with(&cut, &["--resume", "--jobs", "1"]);
    let (resumed, stderr, ok) = arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(ok, "{stderr}");
    assert_eq!(summary(&resumed), summary(&uninterrupted));
    assert_eq!(game_lines(&cut), game_lines(&full));

    // A different run cannot resume that file.
    let mut args = with(&cut, &["--resume"]);
    args[7] = "10".into(); // --seed
    let (_, stderr, ok) = arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(!ok);
    assert!(stderr.contains("different run"), "{stderr}");
}
