//! A whole Tavli match through the binary (issue 43): `new match 3 tavli`
//! played out with `roll` and `play` at 0 plies; the games cycle Portes →
//! Plakoto → Fevga (T1), the winner of each game starts the next (T6),
//! and the match ends once a side reaches 3 (T4).

use std::io::Write;
use std::process::{Command, Stdio};

/// The engine's text output for `input`.
fn engine(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(["--seed", "7", "--plies", "0", "--evaluator", "heuristic"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    // Written beside the reading: the replies outgrow a pipe's buffer.
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the engine ends");
    writer.join().expect("the writer ends");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_tavli_match_to_3_cycles_the_games_and_the_winner_starts_each_next_game() {
    let mut input = String::from("new match 3 tavli\n");
    for _ in 0..3_000 {
        input.push_str("roll\nplay\n");
    }
    input.push_str("show tavli\nquit\n");
    let out = engine(&input);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.iter().any(|l| l.starts_with("new game portes:")),
        "the first game is Portes"
    );
    let mut kinds = vec!["portes".to_string()];
    let mut last_winner = None;
    for line in &lines {
        if let Some(rest) = line.strip_prefix("game over: ") {
            last_winner = rest.split_whitespace().next().map(str::to_string);
        }
        if let Some(rest) = line.strip_prefix("next game ") {
            // `next game 2 plakoto: O starts without an opening roll`
            let words: Vec<&str> = rest.split_whitespace().collect();
            assert_eq!(words[0], kinds.len().saturating_add(1).to_string());
            kinds.push(words[1].trim_end_matches(':').to_string());
            let winner = last_winner.take().expect("a game ended first");
            if winner != "draw," {
                assert_eq!(words[2], winner, "T6: the winner starts: {line}");
                assert!(line.ends_with("without an opening roll"), "{line}");
            }
        }
    }
    let cycle = ["portes", "plakoto", "fevga"];
    let expected: Vec<&str> = (0..kinds.len()).map(|i| cycle[i % 3]).collect();
    assert_eq!(kinds, expected, "T1: the games cycle");
    assert!(kinds.len() >= 2, "{kinds:?}");
    let shown = out
        .rfind("= tavli.target 3")
        .map(|i| &out[i..])
        .expect("show tavli answered");
    assert!(shown.contains("wins the match"), "{shown}");
    assert!(out.contains("wins the match"), "the match ends at 3 points");
}
