//! Fevga through the protocol (issue 42): `set game fevga`, its switches
//! (`set fevga.…`, F7–F9) and `show options`, the Position ID in Fevga's
//! numbering (F2), the board drawn as F4 says, the worked examples of F15
//! as `legal` lists, games played to the end and scored (F13), records
//! saved and loaded back, and refusals that change nothing.

use super::support::answer;
use crate::table_rollout::{agrees_with_the_engine, payload, race_on_the_one_point};
use crate::transcripts::transcript;
use plakoto_protocol::Session;
use plakoto_rules::Fevga;
use plakoto_rules::Rules;

fn session(seed: u64) -> Session {
    Session::with_heuristic(Rules::default(), seed)
}

const SESSION: &str = "\
set game fevga
show options
new game
show board
roll
hint 3
play
show position
set board 24:14 14:1 / 24:15
set turn X
set dice 4 2
legal
rollout 36
move 14/12/8
move 14/10/8
show board
set board 24:14 13:1 / 24:14 23:1
set dice 2 1
legal
move pass
set fevga.release reach_quarter
set fevga.quarter_rule none
set fevga.prime_rule ahead_required
show options
set fevga.release sometimes
set scoring double
set rules express
rollout
set game plakoto
set fevga.release past_start
show options";

#[test]
fn fevga_session_text() {
    insta::assert_snapshot!(transcript(&mut session(3), SESSION));
}

#[test]
fn fevga_session_json() {
    let script = format!("set output json\n{SESSION}");
    let text = transcript(&mut session(3), &script);
    let fevga_part = text
        .split("> set game fevga\n")
        .nth(1)
        .and_then(|rest| rest.split("> set game plakoto\n").next())
        .expect("the script sets the game");
    for block in fevga_part.split("\n> ").filter(|b| b.contains("\n= {")) {
        assert!(block.contains("\"game\":\"fevga\""), "{block}");
    }
    insta::assert_snapshot!(text);
}

/// The plays `legal` lists, one a line, in the list's order.
fn legal(s: &mut Session, board: &str, dice: &str) -> Vec<String> {
    for line in [
        format!("set board {board}"),
        "set turn X".to_string(),
        format!("set dice {dice}"),
    ] {
        let reply = answer(s, &line);
        assert!(reply.starts_with("= "), "{line}: {reply}");
    }
    let reply = answer(s, "legal");
    reply
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn f15_worked_examples_are_the_legal_lists() {
    let mut s = session(1);
    answer(&mut s, "set game fevga");
    let start = "24:15 / 24:15";
    assert_eq!(legal(&mut s, start, "6 5"), ["24/18/13"]);
    assert_eq!(legal(&mut s, start, "6 1"), ["24/18/17"]);
    assert_eq!(legal(&mut s, start, "6 6"), ["24/18"]);
    assert_eq!(legal(&mut s, start, "3 3"), ["24/21/18/15"]);
    assert_eq!(legal(&mut s, start, "4 4"), ["24/20/16"]);
    let mut five_five = legal(&mut s, start, "5 5");
    five_five.sort();
    assert_eq!(five_five, ["24/19/14/9 24/19", "24/19/14/9/4"]);
    let mut g = legal(&mut s, "24:14 14:1 / 24:15", "4 2");
    g.sort();
    assert_eq!(g, ["14/10/8", "24/22 14/10"]);
    assert_eq!(legal(&mut s, "24:14 13:1 / 24:14 23:1", "2 1"), ["pass"]);
}

#[test]
fn the_switches_are_set_shown_and_change_the_plays() {
    let mut s = session(1);
    answer(&mut s, "set game fevga");
    // O has left its start (W12) empty: the runner may land there, and
    // only `reach_quarter` releases W on it (F7).
    let board = "24:14 14:1 / 5:15";
    assert_eq!(legal(&mut s, board, "2 1"), ["14/12/11"]);
    assert_eq!(
        answer(&mut s, "set fevga.release reach_quarter"),
        "= fevga.release reach_quarter\n\n"
    );
    let mut released = legal(&mut s, board, "2 1");
    released.sort();
    assert_eq!(released, ["14/12/11", "24/23 14/12"]);
    let options = answer(&mut s, "show options");
    assert!(
        options.contains("fevga.release reach_quarter\n"),
        "{options}"
    );
    assert!(options.contains("fevga.prime_rule unblock\n"), "{options}");
}

#[test]
fn f13_games_played_to_the_end_score_one_or_two_points() {
    let mut s = session(21);
    answer(&mut s, "set game fevga");
    answer(&mut s, "set evaluation plies 0");
    answer(&mut s, "new match 3");
    let mut games = 0;
    for _ in 0..4_000 {
        let dice = answer(&mut s, "show dice");
        if dice.contains("match winner") || dice.contains("game over") {
            if answer(&mut s, "new game").starts_with("? state") {
                break;
            }
            continue;
        }
        if dice.contains("to roll") {
            answer(&mut s, "roll");
            continue;
        }
        let played = answer(&mut s, "play");
        assert!(played.starts_with("= "), "{played}");
        if let Some(line) = played.lines().find(|l| l.contains("game over")) {
            games += 1;
            assert!(
                line.contains("1 point") || line.contains("2 points"),
                "F13: {line}"
            );
        }
    }
    assert!(games >= 1, "no game finished");
    assert!(answer(&mut s, "new game").starts_with("? state: the match is over"));
}

#[test]
fn a_refused_command_changes_nothing() {
    let mut s = session(8);
    answer(&mut s, "set game fevga");
    answer(&mut s, "new game");
    answer(&mut s, "roll");
    let before = answer(&mut s, "show position");
    for line in [
        "move 24/12",
        "move bar/22",
        "move 24/18*",
        "set board 24:16 / 24:15",
        "set board 24:15 / 12:15",
        "set board bar:1 24:14 / 24:15",
        "set position AACA/z8AAMD/Hw:AAAAAAAAAAAA",
        "set scoring triple",
        "set fevga.release later",
        "set fevga.colour red",
        "set rules express",
        "rollout 0",
        "roll",
    ] {
        let reply = answer(&mut s, line);
        assert!(reply.starts_with("? "), "{line}: {reply}");
        assert_eq!(answer(&mut s, "show position"), before, "after '{line}'");
    }
}

#[test]
fn position_and_match_ids_round_trip() {
    let mut s = session(5);
    answer(&mut s, "set game fevga");
    answer(&mut s, "set board 24:10 9:2 4:3 / 24:12 5:3");
    answer(&mut s, "set turn O");
    answer(&mut s, "set dice 6 2");
    let pair = answer(&mut s, "show position");
    let pair = pair.strip_prefix("= ").unwrap().trim().to_string();
    let mut other = session(6);
    answer(&mut other, "set game fevga");
    let set = answer(&mut other, &format!("set position {pair}"));
    assert!(set.starts_with("= "), "{set}");
    assert_eq!(answer(&mut other, "show position"), format!("= {pair}\n\n"));
    assert_eq!(
        answer(&mut other, "show boardtext"),
        answer(&mut s, "show boardtext")
    );
}

/// A temporary file of this test process.
fn temp_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-fevga-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir.join(name)
}

/// Plays `turns` turns by the engine, starting a new game when one ends.
fn play_turns(s: &mut Session, turns: usize) -> usize {
    let mut played = 0;
    while played < turns {
        let dice = answer(s, "show dice");
        if dice.contains("over") || dice.contains("opening") {
            if answer(s, "new game").starts_with("? ") {
                break;
            }
            continue;
        }
        if dice.contains("to roll") {
            answer(s, "roll");
        }
        let reply = answer(s, "play");
        assert!(reply.starts_with("= "), "{reply}");
        played += 1;
    }
    played
}

fn observed(s: &mut Session) -> [String; 3] {
    ["show position", "show game", "show dice"].map(|c| answer(s, c))
}

#[test]
fn a_fevga_match_saved_and_loaded_back_text_and_json_keeps_its_switches() {
    let mut s = session(21);
    for line in [
        "set game fevga",
        "set fevga.quarter_check end_of_play",
        "set evaluation plies 0",
        "new match 3",
    ] {
        assert!(answer(&mut s, line).starts_with("= "), "{line}");
    }
    play_turns(&mut s, 80);
    let seen = observed(&mut s);
    for ext in ["txt", "json"] {
        let file = temp_file(&format!("match.{ext}"));
        let saved = answer(&mut s, &format!("save match {}", file.display()));
        assert!(saved.starts_with("= "), "{saved}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("fevga.quarter_check=end_of_play"), "{text}");
        let mut loaded = session(99);
        answer(&mut loaded, "set game fevga");
        let reply = answer(&mut loaded, &format!("load match {}", file.display()));
        assert!(reply.starts_with("= loaded"), "{reply}");
        assert_eq!(observed(&mut loaded), seen, "{ext}");
        let options = answer(&mut loaded, "show options");
        assert!(
            options.contains("fevga.quarter_check end_of_play"),
            "{options}"
        );
        let again = temp_file(&format!("again.{ext}"));
        answer(&mut loaded, &format!("save match {}", again.display()));
        assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    }
    // A Portes session refuses a Fevga record by its game.
    let mut portes = session(4);
    answer(&mut portes, "set game portes");
    let file = temp_file("match.txt");
    let reply = answer(&mut portes, &format!("load match {}", file.display()));
    assert!(reply.contains("a record of fevga"), "{reply}");
}

#[test]
fn a_refused_move_says_which_rule_refuses_it() {
    let mut s = session(2);
    answer(&mut s, "set game fevga");
    let cases = [
        // F7: the runner alone moves until it is past the opponent's start.
        ("24:14 14:1 / 24:15", "4 2", "24/20 24/22", "(F7)"),
        // F5: the opponent's start (X12) is closed, also to a step in passing.
        (
            "24:14 14:1 / 24:15",
            "4 2",
            "14/12/8",
            "14/12: the opponent holds that point: one checker closes a point (F5)",
        ),
        // F8: 24/23 first would close X19-X24.
        (
            "24:2 22:2 21:2 20:2 19:2 10:5 / 24:15",
            "2 1",
            "24/23 10/8",
            "(F8)",
        ),
        (
            "24:14 14:1 / 24:15",
            "4 2",
            "13/9",
            "no checker of yours on 13",
        ),
        (
            "24:14 14:1 / 24:15",
            "4 2",
            "14/11",
            "14/11 is 3 pips: the numbers left (4 2) cannot make it",
        ),
    ];
    for (board, dice, play, why) in cases {
        for line in [
            format!("set board {board}"),
            "set turn X".to_string(),
            format!("set dice {dice}"),
        ] {
            assert!(answer(&mut s, &line).starts_with("= "), "{line}");
        }
        let reply = answer(&mut s, &format!("move {play}"));
        assert!(reply.starts_with("? illegal_move: "), "{play}: {reply}");
        assert!(reply.contains(why), "{play}: {reply}");
    }
}

#[test]
fn rollout_answers_what_the_engine_s_rollout_gives_under_the_session_s_settings() {
    let mut s = session(6);
    for line in [
        "set game fevga",
        "set board 24:14 14:1 / 24:15",
        "set turn X",
        "set dice 6 4",
        "set rollout seed 5",
        "set rollout trials 36",
        "set output json",
    ] {
        assert!(answer(&mut s, line).starts_with("= "), "{line}");
    }
    let before = answer(&mut s, "show position");
    let reply = payload(&answer(&mut s, "rollout"));
    assert_eq!(
        answer(&mut s, "show position"),
        before,
        "a rollout changes nothing"
    );
    assert_eq!(reply["reply"], "rollout");
    assert_eq!(reply["game"], "fevga");
    assert_eq!(reply["rollout"]["trials"], 36);
    assert_eq!(reply["rollout"]["seed"], 5);
    assert_eq!(reply["rollout"]["evaluator"], "heuristic");
    let evaluator = plakoto_engine::game::fevga_evaluator("heuristic").expect("the heuristic");
    let table = s.state().table::<Fevga>().clone();
    agrees_with_the_engine(&s, &table, evaluator.as_ref(), &reply);
    // Another seed, other dice: other figures.
    answer(&mut s, "set rollout seed 6");
    let other = payload(&answer(&mut s, "rollout"));
    assert_ne!(other["candidates"], reply["candidates"]);
    agrees_with_the_engine(&s, &table, evaluator.as_ref(), &other);
}

#[test]
fn rollout_of_a_bear_off_race_finds_the_exact_database_s_value() {
    let evaluator = plakoto_engine::game::fevga_evaluator("heuristic").expect("the heuristic");
    race_on_the_one_point("fevga", |s| s.state().table::<Fevga>(), evaluator.as_ref());
}
