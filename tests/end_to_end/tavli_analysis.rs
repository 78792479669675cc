//! `plakoto analyse` of a Tavli match record written by the arena: every
//! game appears with its kind, analysed by its own game's analysis, its
//! plays valued by the Tavli match equity table at their place; the
//! players' totals over the match are the sums over the games; the text
//! and JSON reports agree; the HTML report runs in headless Chromium,
//! each game's boards drawn by its own game.

use std::path::{Path, PathBuf};

use std::sync::Arc;

use plakoto::analysis::tavli::record_switches;
use plakoto::game::Side;
use plakoto::match_equity::tavli::TavliGameInMatch;
use plakoto::record::{Record, recorded_starter};
use serde_json::Value;

fn plakoto(args: &[&str]) -> std::process::Output {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(args)
        .output()
        .expect("plakoto runs");
    assert!(out.status.success(), "{args:?}: {out:?}");
    out
}

/// A Tavli match to 5 between the heuristic and the random player,
/// written by the arena into `dir`: the record's file.
fn arena_match(dir: &Path) -> PathBuf {
    let records = dir.join("records");
    let records_arg = records.display().to_string();
    plakoto(&[
        "arena",
        "--game",
        "tavli",
        "--match-to",
        "5",
        "--a",
        "builtin:heuristic",
        "--b",
        "builtin:random",
        "--games",
        "1",
        "--seed",
        "11",
        "--records",
        &records_arg,
    ]);
    let file = std::fs::read_dir(&records)
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    file.path()
}

fn analyse(file: &Path, extra: &[&str]) -> String {
    let file = file.display().to_string();
    let mut args = vec![
        "analyse",
        "--plies",
        "0",
        "--evaluator",
        "heuristic",
        "--quiet",
    ];
    args.push(&file);
    args.extend_from_slice(extra);
    String::from_utf8(plakoto(&args).stdout).unwrap()
}

/// Each turn's equities are its match-winning chances normalised at the
/// turn's own place in the match (its game's index, the score before the
/// game, the mover and the game's starter): a loss in MWC is the loss in
/// normalised equity by the table's scale there, which differs from game
/// to game and side to side.
fn every_play_is_valued_at_its_place_in_the_match(record: &Record, games: &[Value]) {
    let switches = Arc::new(record_switches(record));
    let table = Arc::new(switches.table());
    let mut lossy = 0;
    for (index, (g, recorded)) in games.iter().zip(&record.games).enumerate() {
        let place = TavliGameInMatch {
            switches: Arc::clone(&switches),
            table: Arc::clone(&table),
            game_index: index,
            score: recorded.score,
            starter: recorded_starter(&recorded.start).unwrap(),
        };
        for t in g["turns"].as_array().unwrap() {
            let side = if t["side"] == "X" { Side::X } else { Side::O };
            let context = place.context(side).expect("the match is on");
            let f = |field: &str| t[field].as_f64().unwrap() as f32;
            let mwc_loss = f("best_mwc") - f("played_mwc");
            assert!(mwc_loss >= 0.0, "{t}");
            assert!((f("mwc_loss") - mwc_loss).abs() < 1e-6, "{t}");
            let loss = context.to_equity(mwc_loss);
            assert!((f("loss") - loss).abs() < 1e-3, "{t}: {loss}");
            lossy += usize::from(loss > 0.01);
        }
    }
    assert!(lossy > 0, "the random player loses something somewhere");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_tavli_match_is_analysed_per_game_and_per_player() {
    let dir = temp_dir("tavli-analysis");
    let file = arena_match(&dir);
    let record: Record = std::fs::read_to_string(&file).unwrap().parse().unwrap();
    let json: Value = serde_json::from_str(&analyse(&file, &["--json"])).unwrap();
    assert_eq!(json["game"], "tavli");
    assert_eq!(json["match_length"], 5);
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), record.games.len());
    assert!(games.len() >= 2, "the match has several games");
    for (g, recorded) in games.iter().zip(&record.games) {
        assert_eq!(g["kind"], recorded.kind.unwrap().as_str());
        assert_eq!(g["turns"].as_array().unwrap().len(), recorded.turns.len());
    }
    // Each game by its own game: Portes and Fevga turns carry their game's
    // Position IDs, unlike Plakoto's.
    let kinds: Vec<&str> = games.iter().map(|g| g["kind"].as_str().unwrap()).collect();
    assert!(
        kinds.contains(&"portes") && kinds.contains(&"plakoto"),
        "{kinds:?}"
    );
    let text = analyse(&file, &[]);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("plays valued by match-winning chances from the Tavli match equity table")
    );
    every_play_is_valued_at_its_place_in_the_match(&record, games);
    for (side, player) in json["players"].as_array().unwrap().iter().enumerate() {
        let sum = |field: &str| -> f64 {
            games
                .iter()
                .map(|g| g["players"][side][field].as_f64().unwrap())
                .sum()
        };
        for field in ["moves", "unforced"] {
            assert_eq!(player[field].as_f64().unwrap(), sum(field), "{field}");
        }
        for field in ["total_loss", "luck"] {
            assert!(
                (player[field].as_f64().unwrap() - sum(field)).abs() < 1e-6,
                "{field}"
            );
        }
        for mark in ["doubtful", "bad", "very_bad"] {
            let total: u64 = games
                .iter()
                .map(|g| g["players"][side]["marks"][mark].as_u64().unwrap())
                .sum();
            assert_eq!(player["marks"][mark].as_u64().unwrap(), total, "{mark}");
        }
        let rate = 1000.0 * sum("total_loss") / sum("unforced");
        assert!((player["error_rate"].as_f64().unwrap() - rate).abs() < 1e-6);
        // The text gives the same totals.
        let who = format!(
            "match {} ({})",
            player["side"].as_str().unwrap(),
            player["name"].as_str().unwrap()
        );
        let line = text.lines().find(|l| l.starts_with(&who)).unwrap();
        let expected = format!(
            "{} moves, {} unforced, error rate {:.1} mpp",
            player["moves"],
            player["unforced"],
            player["error_rate"].as_f64().unwrap()
        );
        assert!(line.contains(&expected), "{line} / {expected}");
        assert!(
            line.ends_with(&format!(
                "lost {:.3}",
                player["total_loss"].as_f64().unwrap()
            )),
            "{line}"
        );
    }
    for g in games {
        let head = format!(
            "game {} {} (score X {} - O {}): {}",
            g["number"],
            g["kind"].as_str().unwrap(),
            g["score"][0],
            g["score"][1],
            g["result"].as_str().unwrap()
        );
        assert!(text.lines().any(|l| l == head), "{head}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tavli_html_report_runs_in_headless_chromium() {
    let dir = temp_dir("tavli-html");
    let file = arena_match(&dir);
    let page = dir.join("report.html");
    let page_arg = page.display().to_string();
    let json: Value = serde_json::from_str(&analyse(&file, &["--json"])).unwrap();
    analyse(&file, &["--html", &page_arg]);
    let marked_in = |kind: &str| -> usize {
        json["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["kind"] == kind)
            .flat_map(|g| g["turns"].as_array().unwrap())
            .filter(|t| t["mark"] != "none")
            .count()
    };
    let tables = marked_in("portes") + marked_in("fevga");
    let plakoto_marked = marked_in("plakoto");
    let html = std::fs::read_to_string(&page).unwrap();
    // Issue 62: each Portes or Fevga marked play's board before it has the
    // two dice, and its boards the play made as arrows.
    assert_eq!(html.matches("<g class=\"die\"").count(), 2 * tables);
    assert!(html.matches("class=\"arrow played\"").count() >= tables);
    for g in json["games"].as_array().unwrap() {
        let kind = g["kind"].as_str().unwrap();
        assert!(html.contains(&format!("data-kind=\"{kind}\"")), "{kind}");
        assert!(
            html.contains(&format!("Game {} ({kind})", g["number"])),
            "{kind}"
        );
    }
    let Some(dom) =
        super::analysis::headless_dom("tavli_html_report_runs_in_headless_chromium", &page, &dir)
    else {
        return;
    };
    assert!(
        dom.contains("data-ready=\"yes\""),
        "the script did not run: {dom}"
    );
    let marked = tables + plakoto_marked;
    assert!(marked >= 1);
    assert!(
        dom.contains(&format!("report ready: {marked} marked play(s)")),
        "{dom}"
    );
    // Plakoto's boards by the GUI's drawing, two by the table's drawing
    // (before and after) for each marked play of Portes and Fevga.
    assert_eq!(dom.matches("class=\"board\"").count(), plakoto_marked);
    assert_eq!(dom.matches("class=\"table-board\"").count(), 2 * tables);
    // The words only in the drawing script itself: no board failed.
    assert_eq!(dom.matches("board not drawn").count(), 1, "{dom}");
    let _ = std::fs::remove_dir_all(&dir);
}
