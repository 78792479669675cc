//! Analysis of Fevga games (issue 42): a Fevga record saved by a session
//! (under non-default switches, which its header carries) analysed by
//! `plakoto analyse` with Fevga's evaluators by name, its HTML report
//! drawing the marked plays on Fevga's board (no bar, the opponent's tray
//! top left, F4); and `analyse game|match` in a Fevga session, where the
//! engine's own plays lose nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

use plakoto::game::Rules;
use plakoto::protocol::Session;

/// The reply's text (after `= ` or `? `).
fn answer(s: &mut Session, line: &str) -> String {
    s.handle_line(line).expect("a command").text
}

/// A Fevga session at 0 plies under `switches`, a new game started.
fn fevga_session(seed: u64, switches: &[&str]) -> Session {
    let mut s = Session::with_heuristic(Rules::default(), seed);
    answer(&mut s, "set game fevga");
    for line in switches
        .iter()
        .chain(&["set evaluation plies 0", "new game"])
    {
        let reply = answer(&mut s, line);
        assert!(reply.starts_with("= "), "{line}: {reply}");
    }
    s
}

/// Plays until the game is over, at most `turns` turns: the engine's play,
/// except O's turns in `worst` order (every third), where O plays the last
/// play `legal` lists. Returns the turns played.
fn play(s: &mut Session, turns: usize, worst: bool) -> usize {
    let mut played = 0;
    while played < turns {
        let dice = answer(s, "show dice");
        if dice.contains("over") {
            break;
        }
        if dice.contains("to roll") {
            answer(s, "roll");
            continue;
        }
        played += 1;
        // `O rolled 4-2, to play 4 2`.
        let o_turn = dice.trim_start_matches("= ").starts_with('O');
        let reply = if worst && o_turn && played % 3 == 0 {
            let legal = answer(s, "legal");
            let last = legal.lines().rfind(|l| !l.is_empty()).unwrap().to_string();
            answer(s, &format!("move {}", last.trim_start_matches("= ")))
        } else {
            answer(s, "play")
        };
        assert!(reply.starts_with("= "), "{reply}");
    }
    played
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn analyse(file: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(["analyse", "--quiet", "--plies", "0"])
        .arg(file)
        .args(extra)
        .output()
        .expect("plakoto runs")
}

#[test]
fn plakoto_analyse_reads_a_fevga_record_and_draws_its_board() {
    let dir = temp_dir("fevga-analyse");
    let mut s = fevga_session(6, &["set fevga.prime_rule none"]);
    play(&mut s, 400, true);
    let file = dir.join("fevga.txt");
    let saved = answer(&mut s, &format!("save game {}", file.display()));
    assert!(saved.starts_with("= "), "{saved}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("fevga.prime_rule=none"), "{record}");

    let page = dir.join("report.html");
    let out = analyse(
        &file,
        &["--evaluator", "heuristic", "--html", page.to_str().unwrap()],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("analysis at 0 plies (heuristic)"),
        "{text}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("class=\"table-board\""),
        "no board drawn: no marked play"
    );
    assert!(html.contains("class=\"divider\"") && !html.contains("class=\"bar\""));

    // Every evaluator of Fevga by name; the JSON names the one used.
    for name in ["pipcount", "heuristic"] {
        let out = analyse(&file, &["--evaluator", name, "--json"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            (json["game"].as_str(), json["evaluator"].as_str()),
            (Some("fevga"), Some(name))
        );
    }
    // Without a name: the net, or while Fevga has none, the heuristic.
    let out = analyse(&file, &["--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        ["net", "heuristic"].contains(&json["evaluator"].as_str().unwrap()),
        "{json}"
    );
    // A Plakoto evaluator's name is no Fevga evaluator.
    let out = analyse(&file, &["--evaluator", "net-f32"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("Fevga has no evaluator 'net-f32'") && stderr.contains("pipcount"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyse_game_and_match_in_a_fevga_session_find_no_loss_in_the_engine_s_plays() {
    let mut s = fevga_session(9, &["set fevga.release reach_quarter"]);
    answer(&mut s, "new match 3");
    let first = play(&mut s, 400, false);
    answer(&mut s, "new game");
    let second = play(&mut s, 10, false);
    answer(&mut s, "set output json");
    for (scope, turns) in [("game", second), ("match", first + second)] {
        let reply = answer(&mut s, &format!("analyse {scope}"));
        let json: serde_json::Value =
            serde_json::from_str(reply.strip_prefix("= ").unwrap_or(&reply).trim())
                .unwrap_or_else(|e| panic!("analyse {scope}: {e}: {reply}"));
        assert_eq!(json["game"], "fevga");
        let all = json["turns"].as_array().expect("turns");
        assert_eq!(all.len(), turns, "analyse {scope}");
        for t in all {
            assert_eq!(t["loss"], 0.0, "{t}");
            assert_eq!(t["played"], t["best"], "{t}");
        }
    }
}
