//! `plakoto arena --game tavli --match-to N` end to end (issue 43): Tavli
//! matches between built-ins with the match statistics in the text and
//! JSON reports, Tavli match records that replay, a plot with the
//! match-win rate; an engine that does not play Fevga forfeits its
//! matches with the fault `unsupported_game`; a sharded run merged is the
//! unsharded one.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use plakoto::record::Record;

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .arg("arena")
        .args(args)
        .output()
        .expect("plakoto runs")
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-tavli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

const BASE: [&str; 14] = [
    "--game",
    "tavli",
    "--match-to",
    "3",
    "--games",
    "4",
    "--a",
    "builtin:heuristic",
    "--b",
    "builtin:random",
    "--seed",
    "8",
    "--jobs",
    "2",
];

#[test]
fn tavli_matches_between_builtins_report_match_wins_and_write_records() {
    let dir = temp_dir("run");
    let records = dir.join("records");
    let plot = dir.join("plot.svg");
    let json = ok(&arena(
        &[
            &BASE[..],
            &[
                "--json",
                "--quiet",
                "--records",
                path(&records),
                "--plot",
                path(&plot),
            ],
        ]
        .concat(),
    ));
    let report: serde_json::Value = serde_json::from_str(&json).expect("a JSON report");
    assert_eq!(report["game"], "tavli");
    assert_eq!(report["match_to"], 3);
    assert_eq!(report["tavli_sequence"], "portes,plakoto,fevga");
    assert_eq!(report["tavli_after_draw"], "opening_roll");
    let tavli = &report["tavli"];
    assert_eq!(tavli["matches"], 4);
    assert_eq!(tavli["pairs"], 2);
    let (a, b) = (tavli["a_won"].as_u64(), tavli["b_won"].as_u64());
    assert_eq!(a.unwrap() + b.unwrap(), 4, "{report}");
    assert!(tavli["win_rate_wilson95"].is_array(), "{report}");
    assert!(tavli["win_rate_ci95"].is_number(), "{report}");
    let per_game = tavli["per_game"].as_array().unwrap();
    assert_eq!(per_game[0]["game"], "portes");
    assert_eq!(per_game[1]["game"], "plakoto");
    let played: u64 = per_game.iter().map(|k| k["games"].as_u64().unwrap()).sum();
    assert_eq!(played, report["games"].as_u64().unwrap());
    assert_eq!(report["fault_counts"], serde_json::json!([{}, {}]));

    // One Tavli match record per match, each replayed by the rules core
    // to the match's winner.
    let mut files: Vec<PathBuf> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 4);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.contains("; [Game \"tavli\"]"), "{text}");
        assert!(text.contains("Game 1 portes"), "{text}");
        let record: Record = text.parse().expect("a record");
        let replay = record.replay_tavli().expect("the match replays");
        assert!(replay.tavli.winner().is_some(), "{text}");
    }
    let drawing = std::fs::read_to_string(&plot).unwrap();
    assert!(drawing.contains("match-win rate (A)"), "{drawing}");

    // The text summary says the same.
    let text = ok(&arena(&[&BASE[..], &["--quiet"]].concat()));
    assert!(text.contains("Tavli matches 4 (2 pairs)"), "{text}");
    assert!(text.contains("A match-win rate"), "{text}");
    assert!(text.contains("points per match"), "{text}");
    assert!(text.contains("\nportes "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tavli_refuses_options_it_cannot_play() {
    let out = arena(&[
        "--game",
        "tavli",
        "--a",
        "builtin:random",
        "--b",
        "builtin:random",
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--match-to"), "{stderr}");
    let mut line = BASE.to_vec();
    line[7] = "builtin:ply2";
    let out = arena(&line);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("builtin:ply2"), "{stderr}");
}

/// An engine that refuses `set game fevga` (the real engine behind
/// tests/fake_engines/conformance_proxy.py no-fevga) plays Portes and
/// Plakoto and forfeits every match when it reaches Fevga: game 3 of a
/// match to 5 (two games score at most 4), scored as the points B still
/// needs.
#[test]
fn an_engine_without_fevga_forfeits_its_matches_with_unsupported_game() {
    let engine = format!(
        "python3 {}/tests/fake_engines/conformance_proxy.py no-fevga {} --plies 0",
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_plakoto")
    );
    let dir = temp_dir("nofevga");
    let out_file = dir.join("run.jsonl");
    let args = [
        "--game",
        "tavli",
        "--match-to",
        "5",
        "--games",
        "2",
        "--a",
        &engine,
        "--b",
        "builtin:heuristic",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--quiet",
        "--out",
        path(&out_file),
    ];
    let text = ok(&arena(&args));
    assert!(text.contains("(unsupported_game): A 2  B 0"), "{text}");
    assert!(
        text.contains("A unsupported_game: the engine does not play Fevga"),
        "{text}"
    );
    let lines = std::fs::read_to_string(&out_file).unwrap();
    let games: Vec<serde_json::Value> = lines
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last: Vec<&serde_json::Value> = games.iter().filter(|g| g["unit_over"] == true).collect();
    assert_eq!(last.len(), 2);
    for g in last {
        assert_eq!(g["game_kind"], "fevga", "{g}");
        assert_eq!(g["kind"], "forfeit");
        assert_eq!(g["fault"]["kind"], "unsupported_game");
        assert_eq!(g["winner"], "b");
        assert_eq!(g["score"][1], 5, "{g}");
    }
    // The engine played the games it knows without a fault.
    for g in games.iter().filter(|g| g["unit_over"] == false) {
        assert!(g["fault"].is_null(), "{g}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sharded_tavli_run_merges_to_the_unsharded_one() {
    let dir = temp_dir("shards");
    let whole = dir.join("whole.jsonl");
    let run = |extra: &[&str]| ok(&arena(&[&BASE[..], &["--json", "--quiet"], extra].concat()));
    let summary = |json: &str| {
        let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
        v.as_object_mut().unwrap().remove("ms_per_move");
        v
    };
    let unsharded = summary(&run(&["--out", path(&whole)]));
    let shards: Vec<PathBuf> = (1..=2)
        .map(|k| dir.join(format!("shard{k}.jsonl")))
        .collect();
    for (k, file) in shards.iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        run(&["--shard", &shard, "--out", path(file)]);
    }
    let merged = Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(["arena", "merge", "--json", "--quiet"])
        .args(shards.iter().map(|p| path(p)))
        .output()
        .unwrap();
    let merged = summary(&ok(&merged));
    assert_eq!(merged, unsharded);
    assert_eq!(merged["tavli"]["matches"], 4);
    assert_eq!(merged["game"], "tavli");
    let _ = std::fs::remove_dir_all(&dir);
}
