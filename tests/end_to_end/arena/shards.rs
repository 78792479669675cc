//! A run split with `--shard K/N` and combined with `plakoto arena merge`
//! is the unsharded run: the same games, game by game, and the same
//! summary (timing aside). `--plot` writes an SVG.

use std::path::{Path, PathBuf};
use std::process::Command;

fn arena(args: &[&str]) -> (String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .arg("arena")
        .args(args)
        .output()
        .expect("plakoto runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.success(),
    )
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-shards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn summary(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).expect("JSON summary");
    v.as_object_mut().unwrap().remove("ms_per_move");
    v
}

/// Game lines of results files, timing removed, in (unit, game) order.
fn games(paths: &[&Path]) -> Vec<serde_json::Value> {
    let mut out: Vec<serde_json::Value> = paths
        .iter()
        .flat_map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            text.lines()
                .skip(1)
                .map(|l| {
                    let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                    v.as_object_mut().unwrap().remove("think_ms");
                    v
                })
                .collect::<Vec<_>>()
        })
        .collect();
    out.sort_by_key(|v| (v["unit"].as_u64(), v["game"].as_u64()));
    out
}

const BASE: [&str; 12] = [
    "--a",
    "builtin:pipcount",
    "--b",
    "builtin:random",
    "--games",
    "14",
    "--seed",
    "21",
    "--jobs",
    "2",
    "--json",
    "--quiet",
];

#[test]
fn sharded_and_merged_equals_unsharded_game_by_game() {
    let dir = temp_dir();
    let whole = dir.join("whole.jsonl");
    let records = dir.join("records");
    let (unsharded, ok) = arena(
        &[
            &BASE[..],
            &[
                "--out",
                whole.to_str().unwrap(),
                "--records",
                records.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    assert!(ok);
    // --records: one game record a game, each replaying to its result.
    for (unit, line) in games(&[&whole]).iter().enumerate() {
        let path = records.join(format!("game-{unit:06}.txt"));
        let record = plakoto::record::read_record_file(&path).unwrap();
        let replay = record
            .replay()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let end = replay.ends[0].expect("a finished game");
        assert_eq!(u64::from(end.points), line["points"].as_u64().unwrap());
        assert_eq!(end.ending.as_str(), line["kind"].as_str().unwrap());
    }
    let shards: Vec<PathBuf> = (1..=3).map(|k| dir.join(format!("s{k}.jsonl"))).collect();
    for (k, path) in shards.iter().enumerate() {
        let shard = format!("{}/3", k + 1);
        let (_, ok) = arena(
            &[
                &BASE[..],
                &["--shard", &shard, "--out", path.to_str().unwrap()],
            ]
            .concat(),
        );
        assert!(ok, "shard {shard}");
    }
    // Each shard played whole pairs only, and not all of them.
    for path in &shards {
        let g = games(&[path]);
        assert!(!g.is_empty() && g.len() < 14);
        for v in &g {
            let unit = v["unit"].as_u64().unwrap();
            assert!(
                g.iter().any(|w| w["unit"].as_u64() == Some(unit ^ 1)),
                "pair of {unit} split"
            );
        }
    }
    let shard_paths: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    assert_eq!(games(&shard_paths), games(&[&whole]));

    let svg = dir.join("merged.svg");
    let mut args = vec![
        "merge",
        "--json",
        "--quiet",
        "--plot",
        svg.to_str().unwrap(),
    ];
    args.extend(shards.iter().map(|p| p.to_str().unwrap()));
    let (merged, ok) = arena(&args);
    assert!(ok);
    assert_eq!(summary(&merged), summary(&unsharded));
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg") && drawing.contains("<polyline"));

    // Files of another run are refused.
    let other = dir.join("other.jsonl");
    let mut other_args = BASE.to_vec();
    other_args[5] = "2";
    other_args[7] = "22";
    let (_, ok) = arena(&[&other_args[..], &["--out", other.to_str().unwrap()]].concat());
    assert!(ok);
    let (_, ok) = arena(&[
        "merge",
        "--quiet",
        shards[0].to_str().unwrap(),
        other.to_str().unwrap(),
    ]);
    assert!(!ok);
    let _ = std::fs::remove_dir_all(&dir);
}
