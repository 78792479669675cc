//! `plakoto arena --game portes|fevga --records DIR` end to end: one game
//! record a game, `DIR/game-000012.txt` as in Plakoto runs, each naming
//! its game, switches, opening, seed and players, and replaying through
//! the records crate to the result and points the results file gives that
//! game; `plakoto analyse` reads them; a run split into shards, or
//! stopped and resumed, writes the same records as the whole run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use plakoto::game::Side;
use plakoto::game::{Fevga, Portes};
use plakoto::record::{GameEnd, GameOnRecord, Record, TableReplay, read_record_file};
use serde_json::Value;

fn plakoto(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(args)
        .output()
        .expect("plakoto runs")
}

fn ok(args: &[&str]) -> String {
    let out = plakoto(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "plakoto-table-records-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The results file's game lines, by unit.
fn result_lines(file: &Path) -> BTreeMap<u64, Value> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["unit"].as_u64().unwrap(), v)
        })
        .collect()
}

/// The files in `dir`, sorted, each with its text (the `Date` header
/// line, the day the record was written, left out).
fn files(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let text = std::fs::read_to_string(e.path()).unwrap();
            let text: Vec<&str> = text.lines().filter(|l| !l.contains("[Date ")).collect();
            (e.file_name().into_string().unwrap(), text.join("\n"))
        })
        .collect();
    out.sort();
    out
}

/// Checks the records in `dir` of a run of `game` whose results file is
/// `results`, of `units` games played by `a` and `b` with `seed`: one
/// record a game, named by its unit, each replaying to the winner, ending
/// and points of its results line; `header` text each must hold. Returns
/// the games' replays.
fn check_records<G: GameOnRecord>(
    dir: &Path,
    results: &Path,
    units: u64,
    (a, b, seed): (&str, &str, u64),
    header: &[&str],
) -> Vec<TableReplay<G>> {
    let lines = result_lines(results);
    assert_eq!(lines.len() as u64, units);
    let names: Vec<String> = files(dir).into_iter().map(|(name, _)| name).collect();
    let expected: Vec<String> = (0..units).map(|u| format!("game-{u:06}.txt")).collect();
    assert_eq!(names, expected, "one record a game, nothing else");
    let mut replays = Vec::new();
    for (unit, line) in &lines {
        let file = dir.join(format!("game-{unit:06}.txt"));
        let text = std::fs::read_to_string(&file).unwrap();
        for words in header {
            assert!(
                text.contains(words),
                "{}: no {words}\n{text}",
                file.display()
            );
        }
        let record: Record = read_record_file(&file).unwrap();
        let a_side = match line["a_side"].as_str() {
            Some("X") => Side::X,
            Some("O") => Side::O,
            other => panic!("a_side {other:?}"),
        };
        let (x, o) = if a_side == Side::X { (a, b) } else { (b, a) };
        assert_eq!((record.header.x.as_str(), record.header.o.as_str()), (x, o));
        assert_eq!(record.header.seed, Some(seed));
        let replay = record
            .replay_game::<G>()
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let winner = match line["winner"].as_str() {
            Some("a") => Some(a_side),
            Some("b") => Some(a_side.other()),
            None => None,
            other => panic!("winner {other:?}"),
        };
        let end: GameEnd = replay.ends[0].expect("a finished game");
        assert_eq!(end.winner, winner, "{}", file.display());
        assert_eq!(end.ending.as_str(), line["kind"].as_str().unwrap());
        assert_eq!(u64::from(end.points), line["points"].as_u64().unwrap());
        // A's points as the results file gives them.
        let a_points = match end.winner {
            Some(w) if w == a_side => i64::from(end.points),
            Some(_) => -i64::from(end.points),
            None => 0,
        };
        assert_eq!(a_points, line["a_points"].as_i64().unwrap());
        // Every turn's dice and play, as the results file has them (a
        // fault is the game's end, not a turn of the record).
        let moves: Vec<&str> = line["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .filter(|m| !m.ends_with(": fault"))
            .collect();
        let turns: Vec<String> = record.games[0]
            .turns
            .iter()
            .map(|t| format!("{} {}: {}", t.side, t.roll, t.play))
            .collect();
        assert_eq!(turns, moves, "{}", file.display());
        assert_eq!(replay.turns.len(), moves.len());
        replays.push(replay);
    }
    replays
}

/// `plakoto analyse` reads the record of `game` and reports its every
/// turn.
fn analyses(file: &Path, game: &str) {
    let json = ok(&["analyse", "--quiet", "--plies", "0", "--json", path(file)]);
    let report: Value = serde_json::from_str(&json).expect("a JSON analysis");
    assert_eq!(report["game"], game);
    let record = read_record_file(file).unwrap();
    let turns = report["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), record.turn_count(), "{}", file.display());
}

#[test]
fn portes_games_are_written_as_records_that_replay_to_their_results() {
    let dir = temp_dir("portes");
    let (records, results) = (dir.join("records"), dir.join("run.jsonl"));
    let (a, b) = ("builtin:heuristic", "builtin:pipcount");
    let json = ok(&[
        "arena",
        "--game",
        "portes",
        "--a",
        a,
        "--b",
        b,
        "--games",
        "6",
        "--seed",
        "3",
        "--jobs",
        "2",
        "--json",
        "--quiet",
        "--records",
        path(&records),
        "--out",
        path(&results),
    ]);
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["games"], 6);
    let header = [
        "; Portes game record, format 1",
        "; [Game \"portes\"]",
        "; [Scoring \"standard\"]",
        "; [Opening \"greek\"]",
        "; [Match \"0\"]",
        "; [Seed \"3\"]",
    ];
    let replays = check_records::<Portes>(&records, &results, 6, (a, b, 3), &header);
    let a_points: i64 = result_lines(&results)
        .values()
        .map(|l| l["a_points"].as_i64().unwrap())
        .sum();
    assert_eq!(report["a_points"].as_i64(), Some(a_points));
    assert!(replays.iter().all(|r| r.game.result().is_some()));
    analyses(&records.join("game-000000.txt"), "portes");
    analyses(&records.join("game-000005.txt"), "portes");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Under switches and the Western opening; with a turn cap that stops
/// some games unfinished; split into shards, and stopped and resumed,
/// the records are the whole run's.
#[test]
fn fevga_records_carry_the_switches_and_shards_and_resume_write_the_same() {
    let dir = temp_dir("fevga");
    let (a, b) = ("builtin:pipcount", "builtin:heuristic");
    let switches = "fevga.release=reach_quarter prime_rule=none";
    let run = |records: &Path, results: &Path, extra: &[&str]| {
        let line = [
            &[
                "arena",
                "--game",
                "fevga",
                "--a",
                a,
                "--b",
                b,
                "--seed",
                "5",
                "--jobs",
                "2",
                "--quiet",
                "--opening",
                "western",
                "--fevga-switches",
                switches,
                "--records",
                path(records),
                "--out",
                path(results),
            ][..],
            extra,
        ]
        .concat();
        ok(&line);
    };
    let (records, results) = (dir.join("whole"), dir.join("whole.jsonl"));
    run(&records, &results, &["--games", "6", "--turn-cap", "90"]);
    let header = [
        "; Fevga game record, format 1",
        "; [Game \"fevga\"]",
        "; [Switches \"fevga.release=reach_quarter fevga.quarter_rule=own fevga.quarter_check=every_step fevga.prime_rule=none\"]",
        "; [Opening \"western\"]",
    ];
    check_records::<Fevga>(&records, &results, 6, (a, b, 5), &header);
    let kinds: Vec<String> = result_lines(&results)
        .values()
        .map(|l| l["kind"].as_str().unwrap().to_string())
        .collect();
    assert!(
        kinds.iter().any(|k| k == "unfinished") && kinds.iter().any(|k| k != "unfinished"),
        "the cap stops some games, not all: {kinds:?}"
    );
    analyses(&records.join("game-000001.txt"), "fevga");

    // Two shards writing into one folder.
    let sharded = dir.join("sharded");
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let results = dir.join(format!("shard{k}.jsonl"));
        run(
            &sharded,
            &results,
            &["--games", "6", "--turn-cap", "90", "--shard", &shard],
        );
    }
    assert_eq!(files(&sharded), files(&records));

    // Four games, then resumed to six: the first four are not written
    // again, the last two are.
    let (resumed, resumed_results) = (dir.join("resumed"), dir.join("resumed.jsonl"));
    run(
        &resumed,
        &resumed_results,
        &["--games", "4", "--turn-cap", "90"],
    );
    assert_eq!(files(&resumed).len(), 4);
    run(
        &resumed,
        &resumed_results,
        &["--games", "6", "--turn-cap", "90", "--resume"],
    );
    assert_eq!(files(&resumed), files(&records));
    let _ = std::fs::remove_dir_all(&dir);
}
