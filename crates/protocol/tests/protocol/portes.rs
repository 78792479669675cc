//! Portes through the protocol (issue 41): `set game`, the Greek and
//! Western openings (P13), gnubg's Position and Match IDs, the board with
//! its bar, hints and plays by the generic search, `rollout`, `legal
//! steps` (P4–P9, R10), games played to the end and scored (P11), and
//! `not_in_game` for what Portes has no use for.

use super::support::answer;
use crate::by_mwc::candidates_by_mwc;
use crate::table_rollout::{agrees_with_the_engine, payload};
use crate::transcripts::transcript;
use plakoto_protocol::Session;
use plakoto_rules::Portes;
use plakoto_rules::Rules;

fn session(seed: u64) -> Session {
    Session::with_heuristic(Rules::default(), seed)
}

const SESSION: &str = "\
set game portes
show options
new game
show board
roll
hint 3
play
show position
set position 4HPwATDgc/ABMA:cIkWAAAAAAAE
show board
legal limit 3
move 24/18 13/10
set board 25:0 6:2 / 24:15
set board bar:2 6:13 / 24:2 13:5 8:3 6:5
show board
set dice 6 6
set turn O
set turn X
set dice 3 3
legal steps
legal steps bar/22
legal steps bar/22 6/3
rollout 36
move bar/22(2) 6/3
move bar/22(2) 6/3(2)
show board
rollout
legal steps
set rules express
set scoring tzannes
set scoring triple
set opening western
new game
set evaluator net
set game plakoto
show options";

#[test]
fn portes_session_text() {
    insta::assert_snapshot!(transcript(&mut session(3), SESSION));
}

#[test]
fn portes_session_json() {
    let script = format!("set output json\n{SESSION}");
    let text = transcript(&mut session(3), &script);
    // Every reply of the Portes session names its game; Plakoto's do not.
    let portes_part = text
        .split("> set game portes\n")
        .nth(1)
        .and_then(|rest| rest.split("> set game plakoto\n").next())
        .expect("the script sets the game");
    for block in portes_part.split("\n> ").filter(|b| b.contains("\n= {")) {
        assert!(block.contains("\"game\":\"portes\""), "{block}");
    }
    let plakoto_part = text.split("> set game plakoto\n").nth(1).unwrap();
    assert!(!plakoto_part.contains("\"game\":"), "{plakoto_part}");
    insta::assert_snapshot!(text);
}

#[test]
fn p13_greek_opening_the_starter_rolls_again() {
    let mut s = session(11);
    answer(&mut s, "set game portes");
    let reply = answer(&mut s, "new game");
    assert!(reply.contains("opening greek;"), "{reply}");
    assert!(reply.contains(" to roll"), "{reply}");
    let dice = answer(&mut s, "show dice");
    assert!(dice.contains("to roll"), "{dice}");
    let rolled = answer(&mut s, "roll");
    assert!(rolled.contains("rolled"), "{rolled}");
}

#[test]
fn p13_western_opening_the_starter_plays_the_opening_dice() {
    let mut s = session(11);
    answer(&mut s, "set game portes");
    answer(&mut s, "set opening western");
    let reply = answer(&mut s, "new game");
    // "= opening roll X a O b[, X c O d]: S starts": the last pair decides.
    let opening = reply.lines().next().unwrap();
    let last = opening.rsplit("X ").next().unwrap();
    let words: Vec<&str> = last.split([' ', ':']).filter(|w| !w.is_empty()).collect();
    let (x, o): (u8, u8) = (words[0].parse().unwrap(), words[2].parse().unwrap());
    let (high, low) = (x.max(o), x.min(o));
    assert!(
        reply.contains(&format!("plays the opening dice {high} {low}")),
        "{reply}"
    );
    assert!(answer(&mut s, "roll").starts_with("? state"));
}

#[test]
fn gnubg_position_and_match_ids_round_trip() {
    let mut s = session(5);
    answer(&mut s, "set game portes");
    // Match IDs written by gnubg 1.07 (crates/rules/tests: X on roll with
    // 4-1 at 5-2 in a 7-point match; O on roll with 6-2, single games).
    for pair in ["4HPwATDgc/ABMA:cAnmACAAKAAE", "4HPwATDgc/ABMA:MAELAAAAAAAE"] {
        let set = answer(&mut s, &format!("set position {pair}"));
        assert!(set.starts_with("= "), "{pair}: {set}");
        assert_eq!(answer(&mut s, "show position"), format!("= {pair}\n\n"));
    }
}

#[test]
fn p11_games_played_to_the_end_score_one_or_two_points() {
    let mut s = session(21);
    answer(&mut s, "set game portes");
    answer(&mut s, "set evaluation plies 0");
    answer(&mut s, "new match 5");
    let mut games = 0;
    for _ in 0..2_000 {
        let dice = answer(&mut s, "show dice");
        if dice.contains("match winner") || dice.contains("game over") {
            let next = answer(&mut s, "new game");
            if next.starts_with("? state") {
                break; // the match is over
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
                "P11: {line}"
            );
        }
    }
    assert!(games >= 1, "no game finished");
    let options = answer(&mut s, "show options");
    let score = options
        .lines()
        .rev()
        .find(|l| l.starts_with("score"))
        .unwrap();
    assert!(score.contains("match to 5"), "{score}");
    assert!(
        answer(&mut s, "new game").starts_with("? state: the match is over"),
        "the match ends at 5 points"
    );
}

#[test]
fn a_refused_command_changes_nothing() {
    let mut s = session(8);
    answer(&mut s, "set game portes");
    answer(&mut s, "new game");
    answer(&mut s, "roll");
    let before = answer(&mut s, "show position");
    for line in [
        "move 24/1",
        "set board 24:16 / 24:15",
        "set position 4HPwATDgc/ABMA:AAAAAAAAAAAA",
        "set matchid cIkWAAAAAAA",
        "set scoring mother",
        "set rules express",
        "rollout 0",
        "legal steps 24/18*",
        "legal steps 6/1",
        // A file that cannot be written: its folder would be a file.
        "save game /dev/null/x",
        "roll",
    ] {
        let reply = answer(&mut s, line);
        assert!(reply.starts_with("? "), "{line}: {reply}");
        assert_eq!(answer(&mut s, "show position"), before, "after '{line}'");
    }
}

#[test]
fn not_in_game_names_the_game() {
    let mut s = session(8);
    answer(&mut s, "set game portes");
    assert!(
        answer(&mut s, "set rules express")
            .starts_with("? not_in_game: set rules: not in a game of portes")
    );
    answer(&mut s, "set game plakoto");
    assert!(answer(&mut s, "set opening western").starts_with("? not_in_game"));
}

/// A temporary file of this test process.
fn temp_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-portes-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir.join(name)
}

/// Plays `turns` turns of Portes by the engine (`roll`, `play`), starting
/// a new game when one ends; the number of turns played.
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

/// What a session shows of its game: position and Match ID, the game on
/// record, the dice.
fn observed(s: &mut Session) -> [String; 3] {
    ["show position", "show game", "show dice"].map(|c| answer(s, c))
}

#[test]
fn a_portes_match_saved_and_loaded_back_text_and_json() {
    let mut s = session(21);
    for line in [
        "set game portes",
        "set scoring triple",
        "set evaluation plies 0",
        "new match 3",
    ] {
        assert!(answer(&mut s, line).starts_with("= "), "{line}");
    }
    play_turns(&mut s, 70);
    let seen = observed(&mut s);
    for ext in ["txt", "json"] {
        let file = temp_file(&format!("match.{ext}"));
        let saved = answer(&mut s, &format!("save match {}", file.display()));
        assert!(saved.starts_with("= "), "{saved}");
        let text = std::fs::read_to_string(&file).unwrap();
        if ext == "txt" {
            assert!(text.contains("; [Game \"portes\"]"), "{text}");
            assert!(text.contains("; [Scoring \"triple\"]"), "{text}");
        } else {
            assert!(text.contains("\"game\": \"portes\""), "{text}");
        }
        let mut loaded = session(99);
        answer(&mut loaded, "set game portes");
        let reply = answer(&mut loaded, &format!("load match {}", file.display()));
        assert!(reply.starts_with("= loaded"), "{reply}");
        assert_eq!(observed(&mut loaded), seen, "{ext}");
        let options = answer(&mut loaded, "show options");
        assert!(options.contains("scoring triple"), "{options}");
        // Saved again, the record is the same (its date aside).
        let again = temp_file(&format!("again.{ext}"));
        answer(&mut loaded, &format!("save match {}", again.display()));
        assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    }
}

#[test]
fn a_damaged_portes_record_is_refused_with_its_line() {
    let mut s = session(4);
    for line in ["set game portes", "set evaluation plies 0", "new game"] {
        answer(&mut s, line);
    }
    play_turns(&mut s, 6);
    let file = temp_file("damaged.txt");
    answer(&mut s, &format!("save game {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    // Turn 3's play moved from a point with no checker of the mover.
    let (number, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.trim_start().starts_with("3 "))
        .expect("a third turn");
    let (head, _) = line.split_once(':').unwrap();
    let damaged = text.replace(line, &format!("{head}: 1/off"));
    std::fs::write(&file, damaged).unwrap();
    let before = answer(&mut s, "show position");
    let reply = answer(&mut s, &format!("load game {}", file.display()));
    assert!(reply.starts_with("? bad_record"), "{reply}");
    assert!(
        reply.contains(&format!("line {}: the play is refused", number + 1)),
        "{reply}"
    );
    assert_eq!(answer(&mut s, "show position"), before);
    // A Plakoto session refuses a Portes record by its game.
    let mut plakoto = session(4);
    let file = temp_file("portes-game.txt");
    answer(&mut s, &format!("save game {}", file.display()));
    let reply = answer(&mut plakoto, &format!("load game {}", file.display()));
    assert!(reply.contains("a record of portes"), "{reply}");
}

#[test]
fn the_analysis_of_a_portes_game_finds_no_loss_in_the_engine_s_own_plays() {
    let mut s = session(8);
    for line in ["set game portes", "set evaluation plies 1", "new game"] {
        answer(&mut s, line);
    }
    let played = play_turns(&mut s, 12);
    answer(&mut s, "set output json");
    let reply = answer(&mut s, "analyse game");
    let json: serde_json::Value =
        serde_json::from_str(reply.strip_prefix("= ").unwrap().trim()).expect("JSON");
    assert_eq!(json["game"], "portes");
    let turns = json["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), played);
    for t in turns {
        assert_eq!(t["loss"], 0.0, "{t}");
        assert_eq!(t["played"], t["best"], "{t}");
    }
    assert_eq!(json["players"][0]["total_loss"], 0.0);
}

/// A Portes match outside Tavli (`new match 3` in Portes) is played and
/// analysed by match-winning chances, from the Tavli table of a sequence
/// of Portes alone: each hint candidate has its MWC, ordered by it, `play`
/// makes the first, and the analysis of the engine's own plays finds no
/// loss in MWC.
#[test]
fn a_portes_match_is_played_and_analysed_by_match_winning_chances() {
    let mut s = session(9);
    for line in [
        "set game portes",
        "set evaluation plies 0",
        "new match 3",
        "set output json",
    ] {
        answer(&mut s, line);
    }
    let payload = |reply: String| -> serde_json::Value {
        serde_json::from_str(reply.strip_prefix("= ").unwrap().trim()).expect("JSON")
    };
    for _ in 0..8 {
        answer(&mut s, "roll");
        let hint = payload(answer(&mut s, "hint 50"));
        let candidates = candidates_by_mwc(&hint);
        let played = payload(answer(&mut s, "play"));
        assert_eq!(played["play"], candidates[0]["play"], "{played}");
    }
    let analysis = payload(answer(&mut s, "analyse game"));
    for t in analysis["turns"].as_array().unwrap() {
        let mwc = t["played_mwc"].as_f64().expect("valued by MWC");
        assert!((0.0..=1.0).contains(&mwc), "{t}");
        assert!(t["mwc_loss"].as_f64().unwrap().abs() < 1e-6, "{t}");
    }
    assert!(analysis["players"][0]["mwc_loss"].as_f64().is_some());
}

/// X on roll with `dice` at `board` (board text, X's side first).
fn set_up(s: &mut Session, board: &str, dice: &str) {
    for line in [
        "set game portes".to_string(),
        format!("set board {board}"),
        "set turn X".to_string(),
        format!("set dice {dice}"),
    ] {
        let reply = answer(s, &line);
        assert!(reply.starts_with("= "), "{line}: {reply}");
    }
}

const START: &str = "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5";

#[test]
fn rollout_answers_what_the_engine_s_rollout_gives_under_the_session_s_settings() {
    let mut s = session(6);
    set_up(&mut s, START, "6 4");
    for line in [
        "set rollout seed 11",
        "set rollout luckadjust on",
        "set threads 2",
    ] {
        assert!(answer(&mut s, line).starts_with("= "), "{line}");
    }
    let before = observed(&mut s);
    let text = answer(&mut s, "rollout 72");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("= X to play 6 4: rollout of the best 5 of ")
            && lines[0].ends_with(" candidate plays (2-ply heuristic, movefilter normal)"),
        "{text}"
    );
    assert_eq!(
        lines[1], "72 trials each, 0-ply heuristic, seed 11, luck adjustment on",
        "{text}"
    );
    assert!(lines[2].contains(" rollout 72x0-ply ±"), "{text}");
    assert_eq!(observed(&mut s), before, "a rollout changes nothing");
    answer(&mut s, "set output json");
    let reply = payload(&answer(&mut s, "rollout 72"));
    assert_eq!(reply["reply"], "rollout");
    assert_eq!(reply["game"], "portes");
    assert_eq!(reply["numbers"], serde_json::json!([6, 4]));
    assert_eq!(reply["rollout"]["luck_adjust"], true);
    assert_eq!(reply["candidates"].as_array().unwrap().len(), 5);
    let table = s.state().table::<Portes>().clone();
    agrees_with_the_engine(
        &s,
        &table,
        &plakoto_engine::game::PortesHeuristicEvaluator,
        &reply,
    );
    // `set rollout trials` is the default of a bare `rollout`.
    answer(&mut s, "set rollout trials 36");
    let reply = payload(&answer(&mut s, "rollout"));
    assert_eq!(reply["rollout"]["trials"], 36);
    assert_eq!(reply["candidates"][0]["evaluated_at"]["trials"], 36);
}

#[test]
fn rollout_of_a_bear_off_race_finds_the_exact_database_s_value() {
    crate::table_rollout::race_on_the_one_point(
        "portes",
        |s| s.state().table::<Portes>(),
        &plakoto_engine::game::PortesHeuristicEvaluator,
    );
}

#[test]
fn rollout_needs_the_dice_and_changes_nothing_when_refused() {
    let mut s = session(6);
    answer(&mut s, "set game portes");
    assert!(answer(&mut s, "rollout").starts_with("? state: "));
    set_up(&mut s, START, "6 4");
    answer(&mut s, "move 24/18 13/9");
    let before = observed(&mut s);
    for line in ["rollout", "rollout 0", "rollout 2000000", "rollout x"] {
        assert!(answer(&mut s, line).starts_with("? "), "{line}");
        assert_eq!(observed(&mut s), before, "{line}");
    }
    assert!(answer(&mut s, "rollout 36").starts_with("? state: no dice"));
}

/// `legal steps <made>` in text: its lines without the framing.
fn steps(s: &mut Session, made: &str) -> String {
    answer(s, format!("legal steps {made}").trim_end())
        .trim_end()
        .to_string()
}

#[test]
fn legal_steps_from_the_start_continue_to_the_plays_legal_lists() {
    let mut s = session(2);
    set_up(&mut s, START, "6 5");
    // 24/19 and 6/1 land on O's points (P4); 6/off is no bear-off (P8).
    assert_eq!(
        steps(&mut s, ""),
        "= 24/18 (6)\n13/7 (6)\n8/2 (6)\n13/8 (5)\n8/3 (5)\ncan end: no"
    );
    assert_eq!(
        steps(&mut s, "24/18"),
        "= 18/13 (5)\n13/8 (5)\n8/3 (5)\ncan end: no"
    );
    assert_eq!(steps(&mut s, "24/18 18/13"), "= can end: yes");
    assert_eq!(steps(&mut s, "24/13"), "= can end: yes");
    assert_eq!(
        steps(&mut s, "6/1"),
        "? illegal_move: 6/1: the opponent holds the landing point with 2 or more checkers (P4)"
    );
    assert_eq!(
        steps(&mut s, "24/19"),
        "? illegal_move: 24/19: the opponent holds the landing point with 2 or more checkers (P4)"
    );
    assert!(
        steps(&mut s, "6/off").starts_with(
            "? illegal_move: 6/off: bearing off needs every checker in the home board (P8)"
        ),
        "{}",
        steps(&mut s, "6/off")
    );
    assert!(steps(&mut s, "24/20").starts_with("? illegal_move: 24/20 is 4 pips: "));
    assert!(steps(&mut s, "24/18/x").starts_with("? syntax: "));
    // The JSON reply: the board after the steps, the numbers left.
    answer(&mut s, "set output json");
    let reply = payload(&answer(&mut s, "legal steps 24/18"));
    assert_eq!(reply["game"], "portes");
    assert_eq!(reply["numbers_left"], serde_json::json!([5]));
    assert_eq!(
        reply["made"],
        serde_json::json!([{"from":24,"to":18,"die":6,"pins":false,"frees":false}])
    );
    assert_eq!(reply["can_end"], false);
    answer(&mut s, "set output text");
    let after = answer(&mut s, "move 24/18 18/13");
    assert!(after.starts_with("= "), "{after}");
}

#[test]
fn legal_steps_enter_from_the_bar_first() {
    let mut s = session(2);
    // X has a checker on the bar; O holds X's 19 (its 6-point).
    set_up(&mut s, "bar:1 24:1 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5", "6 4");
    assert_eq!(steps(&mut s, ""), "= bar/21 (4)\ncan end: no");
    assert_eq!(
        steps(&mut s, "bar/21"),
        "= 24/18 (6)\n21/15 (6)\n13/7 (6)\n8/2 (6)\ncan end: no"
    );
    assert_eq!(
        steps(&mut s, "13/7"),
        "? illegal_move: 13/7: a checker on the bar must enter first (P6)"
    );
    assert_eq!(
        steps(&mut s, "bar/19"),
        "? illegal_move: bar/19: the opponent holds the landing point with 2 or more checkers (P6)"
    );
    assert_eq!(steps(&mut s, "bar/21 21/15"), "= can end: yes");
    assert_eq!(steps(&mut s, "bar/15"), "= can end: yes");
}

#[test]
fn legal_steps_mark_hits_as_gnubg_writes_them() {
    let mut s = session(2);
    // O's blot on its 7-point is X's 18; 19 is open.
    set_up(&mut s, "24:2 13:5 8:3 6:5 / 24:2 13:5 8:2 7:1 5:5", "6 5");
    assert_eq!(
        steps(&mut s, ""),
        "= 24/18* (6)\n13/7 (6)\n8/2 (6)\n24/19 (5)\n13/8 (5)\n8/3 (5)\ncan end: no"
    );
    assert_eq!(
        steps(&mut s, "24/18*"),
        "= 24/19 (5)\n18/13 (5)\n13/8 (5)\n8/3 (5)\ncan end: no"
    );
    // An unmarked hit is read as one; a `*` where nothing is hit is refused.
    assert!(steps(&mut s, "24/18").starts_with("= 24/19 (5)\n"));
    assert_eq!(
        steps(&mut s, "13/7*"),
        "? illegal_move: 13/7*: there is no opposing checker alone on 7 to hit (P5)"
    );
    answer(&mut s, "set output json");
    let made = |s: &mut Session, line: &str| payload(&answer(s, line))["made"].clone();
    let hit = serde_json::json!({"from":24,"to":18,"die":6,"pins":false,"frees":false,"hit":true});
    let quiet = |from: u8, to: u8, die: u8| serde_json::json!({"from":from,"to":to,"die":die,"pins":false,"frees":false});
    assert_eq!(made(&mut s, "legal steps 24/18*"), serde_json::json!([hit]));
    // 24/13 can go by 19 or by 18 (hitting): the quiet way, as `move`
    // reads it; the hit when it is written.
    assert_eq!(
        made(&mut s, "legal steps 24/13"),
        serde_json::json!([quiet(24, 19, 5), quiet(19, 13, 6)])
    );
    assert_eq!(
        made(&mut s, "legal steps 24/18*/13"),
        serde_json::json!([hit, quiet(18, 13, 5)])
    );
}

#[test]
fn legal_steps_refusals_name_p7_portes_r10() {
    let mut s = session(2);
    // X enters with 6 or 5; after entering with 5 the 6 cannot be played
    // (20/14 and 7/1 are O's), after entering with 6 the 5 can (7/2).
    set_up(&mut s, "bar:1 7:14 / 24:2 13:11 11:2", "6 5");
    assert_eq!(steps(&mut s, ""), "= bar/19 (6)\ncan end: no");
    assert_eq!(
        steps(&mut s, "bar/20"),
        "? illegal_move: these steps leave numbers unplayed: legal plays use 2 numbers (P7: as many as possible)"
    );
    assert_eq!(steps(&mut s, "bar/19"), "= 7/2 (5)\ncan end: no");
    // Now 7/2 is O's too: one number only, the higher (R10).
    set_up(&mut s, "bar:1 7:14 / 24:2 23:2 13:9 11:2", "6 5");
    assert_eq!(steps(&mut s, ""), "= bar/19 (6)\ncan end: no");
    assert_eq!(steps(&mut s, "bar/19"), "= can end: yes");
    assert_eq!(
        steps(&mut s, "bar/20"),
        "? illegal_move: only one number can be played, so it must be the higher, 6 (P7)"
    );
}

#[test]
fn legal_steps_bear_off_as_p8_and_p9_say() {
    let mut s = session(2);
    set_up(&mut s, "6:1 3:2 / 13:5 8:5 6:5", "5 4");
    // Both numbers move the checker on 6 first: 3/off with a 5 or a 4
    // while a checker stands higher is refused (P9).
    let first = steps(&mut s, "");
    assert_eq!(first, "= 6/1 (5)\n6/2 (4)\ncan end: no", "{first}");
    assert_eq!(
        steps(&mut s, "3/off"),
        "? illegal_move: 3/off: a checker on a higher point must be moved with that die first (P9)"
    );
    assert_eq!(steps(&mut s, "6/1"), "= 3/off (4)\ncan end: no");
    assert_eq!(steps(&mut s, "6/1 3/off"), "= can end: yes");
    // Every line of steps walked one at a time reaches a play of `legal`.
    assert!(answer(&mut s, "move 6/1 3/off").starts_with("= "));
}

#[test]
fn walked_steps_reach_exactly_the_listed_plays() {
    let mut s = session(12);
    answer(&mut s, "set game portes");
    crate::table_steps::walked_steps_reach_exactly_the_listed_plays(&mut s, 150);
}
