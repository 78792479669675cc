//! Analysis of recorded games: a side that plays the engine's own best
//! play every turn loses nothing; a blunder put in is marked; snapshots of
//! the text and JSON reports; the HTML report runs in headless Chromium.

use plakoto::analysis::table::analyse_game;
use plakoto::analysis::{Mark, html, report};
use plakoto::eval::GameEvaluator;
use plakoto::eval::HeuristicEvaluator;
use plakoto::game::Plakoto;
use plakoto::game::{Phase, Rules, Side};
use plakoto::protocol::Session;
use plakoto::record::Record;
use plakoto::search::SearchSettings;

fn reply(s: &mut Session, line: &str) -> serde_json::Value {
    let text = s.handle_line(line).unwrap().text;
    let body = text
        .trim_end()
        .strip_prefix("= ")
        .unwrap_or_else(|| panic!("{line}: {text}"));
    serde_json::from_str(body).unwrap()
}

/// A game at 1 ply in which X always plays the engine's choice (`play`)
/// and O plays the engine's choice except at its turn `blunder`, where it
/// plays the worst of the hint's candidates. Returns the session and the
/// blunder's turn number in the game and its loss by the hint.
fn played_game(blunder: usize) -> (Session, usize, f64) {
    let mut s = Session::with_heuristic(Rules::default(), 17);
    for line in ["set output json", "set evaluation plies 1", "new game"] {
        reply(&mut s, line);
    }
    let (mut turn, mut o_turns) = (0, 0);
    let mut blunder_at = (0, 0.0);
    while s.state().score.score == [0, 0] {
        reply(&mut s, "roll");
        turn += 1;
        if s.state().plakoto().on_roll() == Side::O {
            o_turns += 1;
            if o_turns == blunder {
                let hint = reply(&mut s, "hint 1000");
                let worst = hint["candidates"]
                    .as_array()
                    .unwrap()
                    .last()
                    .unwrap()
                    .clone();
                blunder_at = (turn, -worst["difference"].as_f64().unwrap());
                reply(&mut s, &format!("move {}", worst["play"].as_str().unwrap()));
                continue;
            }
        }
        reply(&mut s, "play");
    }
    (s, blunder_at.0, blunder_at.1)
}

#[test]
fn the_engines_own_plays_lose_nothing_and_a_blunder_is_marked() {
    let (mut s, blunder_turn, blunder_loss) = played_game(3);
    assert!(
        blunder_loss >= 0.16,
        "the worst play of turn {blunder_turn} loses {blunder_loss}"
    );
    let a = reply(&mut s, "analyse game");
    let players = a["players"].as_array().unwrap();
    assert_eq!(players[0]["side"], "X");
    assert_eq!(
        players[0]["error_rate"].as_f64(),
        Some(0.0),
        "{}",
        players[0]
    );
    let turns = a["turns"].as_array().unwrap();
    let marked = turns
        .iter()
        .find(|t| t["turn"].as_u64() == Some(blunder_turn as u64))
        .unwrap();
    assert_eq!(marked["side"], "O");
    assert_eq!(marked["mark"], "very_bad", "{marked}");
    // The hint valued the worst play at the depth the filter dropped it;
    // the analysis searches it to the full depth: both call it very bad.
    assert!(marked["loss"].as_f64().unwrap() >= 0.16, "{marked}");
    // Every other O turn is the engine's play: no loss.
    for t in turns
        .iter()
        .filter(|t| t["turn"].as_u64() != Some(blunder_turn as u64))
    {
        assert_eq!(t["loss"].as_f64(), Some(0.0), "{t}");
    }
    assert!(players[1]["error_rate"].as_f64().unwrap() > 0.0);
    assert_eq!(players[1]["marks"]["very_bad"].as_u64(), Some(1));
    // Luck: a value for every rolled turn, finite.
    assert!(
        turns
            .iter()
            .all(|t| t["luck"].as_f64().is_some_and(f64::is_finite))
    );
}

const RECORD: &str = "; Plakoto game record, format 1
; [Rules \"standard\"]
; [Scoring \"standard\"]
; [Match \"0\"]
; [X \"alice\"]
; [O \"bob\"]

Game 1
Score X 0 O 0
Opening 2-5
  1 O 5-2: 24/19 24/22
  2 X 6-1: 24/18 24/23
  3 O 6-6: 24/18(2) 19/13 22/16
  4 X 3-1: 18/15 23/22
  5 O 4-2: 24/20 24/22
  6 X 5-5: 24/19(2) 19/14(2)
";

fn small_analysis() -> plakoto::analysis::Analysis {
    heuristic_analysis(&RECORD.parse().unwrap())
}

/// `record` analysed at 1 ply with the heuristic evaluator.
fn heuristic_analysis(record: &Record) -> plakoto::analysis::Analysis {
    plakoto_analysis(
        record,
        &HeuristicEvaluator::new(),
        &SearchSettings::default(),
        1,
    )
}

/// The analysis of the Plakoto `record` at `plies` with `evaluator` under
/// `settings`, through the generic analysis.
pub(crate) fn plakoto_analysis(
    record: &Record,
    evaluator: &dyn GameEvaluator<Plakoto>,
    settings: &SearchSettings,
    plies: u8,
) -> plakoto::analysis::Analysis {
    analyse_game::<Plakoto>(record, evaluator, settings, plies, &|| {}).unwrap()
}

/// Runs `plakoto analyse ARGS…` with the heuristic evaluator.
fn analyse_command(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(["analyse", "--evaluator", "heuristic", "--quiet"])
        .args(args)
        .output()
        .expect("plakoto runs")
}

#[test]
fn analyse_html_creates_its_folders_and_a_bad_path_fails_before_the_analysis() {
    let dir = std::env::temp_dir().join(format!("plakoto-analyse-out-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("game.txt");
    std::fs::write(&game, RECORD).unwrap();
    let page = dir.join("new/deeper/report.html");
    let out = analyse_command(&[
        game.to_str().unwrap(),
        "--plies",
        "0",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(std::fs::read_to_string(&page).unwrap().contains("<html"));

    // Without --plies the depth is the engine's own (the protocol's
    // `analyse game` at its default settings), and the report says it.
    let out = analyse_command(&[game.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    let mut s = Session::with_heuristic(Rules::default(), 1);
    let engine = s.handle_line("show options").unwrap().text;
    assert!(engine.contains("evaluation plies 2"), "{engine}");
    assert!(
        text.starts_with("analysis at 2 plies (heuristic)"),
        "{text}"
    );

    // The record named does not even exist: the output path is refused
    // first, with what is wrong with it.
    let blocked = game.join("report.html");
    let out = analyse_command(&[
        dir.join("absent.txt").to_str().unwrap(),
        "--html",
        blocked.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains(&format!("cannot write {}", blocked.display()))
            && stderr.contains("is a file, not a folder"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A match to 7 of two whole games, the engine playing both sides at 0
/// ply, saved and read back as a record.
fn two_game_match() -> Record {
    let mut s = Session::with_heuristic(Rules::default(), 5);
    for line in ["set output json", "set evaluation plies 0", "new match 7"] {
        reply(&mut s, line);
    }
    for game in 0..2 {
        if game > 0 {
            reply(&mut s, "new game");
        }
        while s.state().plakoto().phase() != Phase::Over {
            reply(&mut s, "roll");
            if s.state().plakoto().phase() != Phase::Over {
                reply(&mut s, "play");
            }
        }
    }
    let file = std::env::temp_dir().join(format!("plakoto-match-{}.txt", std::process::id()));
    reply(&mut s, &format!("save match {}", file.display()));
    let record = plakoto::record::read_record_file(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    record
}

#[test]
fn html_match_report_shows_games_results_board_links_and_mwc() {
    let record = two_game_match();
    assert_eq!(record.games.len(), 2);
    let a = heuristic_analysis(&record);
    let page = html::report(&a, "match");
    // One line a game in the chart, a boundary between them, and each
    // game's result, as the record has it, in the chart and the table.
    assert_eq!(page.matches("<g class=\"game\"").count(), 2);
    assert_eq!(page.matches("class=\"boundary\"").count(), 1);
    let text = record.to_string();
    for (game, line) in text
        .lines()
        .filter(|l| l.starts_with("Result "))
        .enumerate()
    {
        let words: Vec<&str> = line.split(' ').collect();
        let (winner, kind, points) = (words[1], words[2], words[3]);
        let game = game + 1;
        assert!(
            page.contains(&format!(
                "Game {game}: {winner} wins {points} ({kind})</th>"
            )),
            "game {game}: {line}"
        );
        assert!(
            page.contains(&format!(">{winner} +{points}</text>")),
            "{line}"
        );
    }
    // The final score, summed from the record's results, and the match's outcome.
    let mut score = [0u32; 2];
    for line in text.lines().filter(|l| l.starts_with("Result ")) {
        let words: Vec<&str> = line.split(' ').collect();
        let points: u32 = words[3].parse().unwrap();
        score[usize::from(words[1] == "O")] += points;
    }
    let length = u32::from(a.match_length);
    let outcome = match (score[0] >= length, score[1] >= length) {
        (true, _) => "X wins the match",
        (_, true) => "O wins the match",
        _ => "the match is not finished",
    };
    let expected = format!(
        "Final score: X {} – O {} (match to {length}: {outcome})",
        score[0], score[1]
    );
    assert!(page.contains(&expected), "{expected}");
    // Every marked play's row links to its board, and the board back.
    let marked: Vec<_> = a.turns.iter().filter(|t| t.mark != Mark::None).collect();
    assert!(!marked.is_empty(), "1 ply marks some of the 0-ply plays");
    for t in &marked {
        let (row, board) = (
            format!("turn-{}-{}", t.game, t.turn),
            format!("board-{}-{}", t.game, t.turn),
        );
        assert!(page.contains(&format!("<tr id=\"{row}\"")), "{row}");
        assert!(page.contains(&format!("href=\"#{board}\"")), "{board}");
        assert!(page.contains(&format!("id=\"{board}\"")), "{board}");
        assert!(page.contains(&format!("href=\"#{row}\"")), "{row}");
    }
    // The match-winning chances of the text report's totals.
    assert!(page.contains("<th>MWC lost</th><th>Luck (MWC)</th>"));
    let lines = report::text_lines(&a);
    for p in &a.players {
        let lost = format!("{:.2}%", 100.0 * p.mwc_loss.unwrap());
        let luck = format!("{:+.2}%", 100.0 * p.luck_mwc.unwrap());
        assert!(
            lines
                .iter()
                .any(|l| l.contains(&format!("mwc lost {lost}, luck {luck} mwc")))
        );
        assert!(
            page.contains(&format!("<td>{lost}</td><td>{luck}</td>")),
            "{lost} {luck}"
        );
    }
}

#[test]
fn analysis_snapshots_text_and_json() {
    let a = small_analysis();
    insta::assert_snapshot!(report::text_lines(&a).join("\n"));
    insta::assert_snapshot!(serde_json::to_string_pretty(&a).unwrap());
}

#[test]
fn marks_follow_the_documented_thresholds() {
    assert_eq!(Mark::of(0.039), Mark::None);
    assert_eq!(Mark::of(0.04), Mark::Doubtful);
    assert_eq!(Mark::of(0.08), Mark::Bad);
    assert_eq!(Mark::of(0.16), Mark::VeryBad);
    assert_eq!(plakoto::analysis::rating(0.0), "supernatural");
    assert_eq!(plakoto::analysis::rating(12.0), "intermediate");
    assert_eq!(plakoto::analysis::rating(400.0), "awful");
}

/// The HTML report opens in headless Chromium and its script runs. Under
/// CI (`CI=true`) a missing browser fails the test; elsewhere it is skipped
/// with a note.
/// The DOM of `page` after its scripts ran in headless Chromium (a
/// profile under `dir`); `None`, said on stderr, where Chromium is not
/// installed (under CI=true that fails).
pub(crate) fn headless_dom(
    test: &str,
    page: &std::path::Path,
    dir: &std::path::Path,
) -> Option<String> {
    let browser = ["chromium", "chromium-browser"].into_iter().find(|b| {
        std::process::Command::new(b)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let Some(browser) = browser else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "chromium is missing under CI"
        );
        // On the real stderr: the harness does not capture it, so the skip
        // shows in `cargo test`'s output.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "\nSKIPPED {test}: chromium not installed; the HTML report was not opened in a browser (under CI=true this fails)"
        );
        return None;
    };
    let profile = dir.join("profile");
    let out = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
            &format!("--user-data-dir={}", profile.display()),
            "--dump-dom",
            &format!("file://{}", page.display()),
        ])
        .output()
        .unwrap();
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn html_report_runs_in_headless_chromium() {
    let (mut s, _, _) = played_game(2);
    let dir = std::env::temp_dir().join(format!("plakoto-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record_file = dir.join("g.txt");
    reply(&mut s, &format!("save game {}", record_file.display()));
    let record: Record = std::fs::read_to_string(&record_file)
        .unwrap()
        .parse()
        .unwrap();
    let a = heuristic_analysis(&record);
    let marked = a.turns.iter().filter(|t| t.mark != Mark::None).count();
    assert!(marked >= 1);
    let page = dir.join("report.html");
    std::fs::write(&page, html::report(&a, "test <report>")).unwrap();
    let Some(dom) = headless_dom("html_report_runs_in_headless_chromium", &page, &dir) else {
        return;
    };
    assert!(
        dom.contains("data-ready=\"yes\""),
        "the script did not run: {dom}"
    );
    assert!(
        dom.contains(&format!("report ready: {marked} marked play(s)")),
        "{dom}"
    );
    assert_eq!(dom.matches("class=\"board\"").count(), marked);
    // Drawn by the GUI's board drawing: checkers, the best play (green,
    // rank 1) and the play made (red) as arrows on every marked board.
    assert!(dom.matches("class=\"chk-X\"").count() >= marked, "{dom}");
    assert!(dom.matches("class=\"arrow r1\"").count() >= marked, "{dom}");
    assert!(
        dom.matches("class=\"arrow played\"").count() >= marked,
        "{dom}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
