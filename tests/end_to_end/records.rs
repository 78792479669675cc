//! Game records (records.md): games played by the arena written, read
//! back and replayed through the rules core give the same plays and
//! results; each kind of malformed record gets its documented error, with
//! its line, and changes nothing in a session; save/load/show game in the
//! protocol.

use plakoto::arena::player::PlayerOptions;
use plakoto::arena::record::GameRecord;
use plakoto::arena::records_dir::{RunInfo, unit_record};
use plakoto::arena::runner::RunSpec;
use plakoto::arena::tavli_runner::run_units;
use plakoto::game::{Rules, Scoring, Side, Variant};
use plakoto::protocol::Session;
use plakoto::record::{Record, RecordErrorKind};

fn run(rules: Rules, match_to: Option<u8>, units: u64, seed: u64) -> (RunInfo, Vec<GameRecord>) {
    let spec = RunSpec {
        a: "builtin:pipcount".into(),
        b: "builtin:random".into(),
        rules,
        match_to,
        seed,
        turn_cap: 2_000,
        options: PlayerOptions::default(),
        start_positions: Vec::new(),
    };
    let mut records = Vec::new();
    let all: Vec<u64> = (0..units).collect();
    run_units(&spec, &all, 2, |r| {
        records.push(r);
        Ok(())
    })
    .unwrap();
    records.sort_by_key(|r| (r.unit, r.game));
    let info = RunInfo {
        a: spec.a.clone(),
        b: spec.b.clone(),
        rules,
        match_to,
        seed,
        date: "2026-11-22".into(),
    };
    (info, records)
}

fn check_round_trip(info: &RunInfo, records: &[GameRecord], units: u64) {
    for unit in 0..units {
        let games: Vec<&GameRecord> = records.iter().filter(|r| r.unit == unit).collect();
        let record = unit_record(info, &games).unwrap();
        let text = record.to_string();
        let read: Record = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        let json = Record::from_json(&record.to_json()).unwrap();
        assert_eq!(json, record);
        let replay = read.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        // The same plays, in the same order, each checked by the core.
        let played: Vec<String> = games
            .iter()
            .flat_map(|g| {
                g.moves
                    .iter()
                    .map(|m| m.notation().expect("no faults").to_string())
            })
            .collect();
        let replayed: Vec<String> = replay.turns.iter().map(|t| t.notation.clone()).collect();
        assert_eq!(replayed, played, "unit {unit}");
        // The same results and final score.
        for (g, end) in games.iter().zip(&replay.ends) {
            let end = end.expect("every arena game has a result");
            assert_eq!(end.points, g.points);
            assert_eq!(end.winner, g.winner.map(|w| w.side(g.a_side)));
        }
        if info.match_to.is_some() {
            let last = games.last().unwrap();
            let a = last.a_side.index();
            assert_eq!(replay.score.score[a], u32::from(last.score[0]));
            assert_eq!(replay.score.score[1 - a], u32::from(last.score[1]));
        }
        // The positions: every turn's position follows from the previous play.
        for w in replay.turns.windows(2) {
            if w[0].game == w[1].game {
                let mover = w[0].before.on_roll();
                let next = w[1].before.position();
                let expected = if w[1].before.on_roll() == mover {
                    w[0].after
                } else {
                    w[0].after.flip()
                };
                assert_eq!(*next, expected);
            }
        }
    }
}

#[test]
fn arena_games_round_trip_through_the_record() {
    let (info, records) = run(Rules::default(), None, 6, 11);
    check_round_trip(&info, &records, 6);
}

#[test]
fn arena_matches_and_express_round_trip() {
    let (info, records) = run(Rules::default(), Some(3), 2, 12);
    assert!(records.len() > 2, "matches of several games");
    check_round_trip(&info, &records, 2);
    let express = Rules::new(Variant::Express, Scoring::Standard).unwrap();
    let (info, records) = run(express, None, 4, 13);
    assert!(
        records
            .iter()
            .any(|r| r.moves.iter().any(|m| m.to_string().contains("passed")))
    );
    check_round_trip(&info, &records, 4);
    let tzannes = Rules::new(Variant::Standard, Scoring::Tzannes).unwrap();
    let (info, records) = run(tzannes, Some(5), 2, 14);
    check_round_trip(&info, &records, 2);
}

#[test]
fn a_record_snapshot() {
    let (info, records) = run(Rules::default(), Some(2), 1, 5);
    let games: Vec<&GameRecord> = records.iter().collect();
    let record = unit_record(&info, &games).unwrap();
    insta::assert_snapshot!(record.to_string());
}

const GOOD: &str = "; Plakoto game record, format 1
; [Rules \"standard\"]
; [Scoring \"standard\"]
; [Match \"3\"]
; [X \"alice\"]
; [O \"bob\"]

Game 1
Score X 0 O 0
Opening 3-3 2-5
  1 O 5-2: 24/19 24/22
  2 X 6-1: 24/18 24/23
";

fn error_of(text: &str) -> plakoto::record::RecordError {
    match Record::read(text) {
        Err(e) => e,
        Ok(r) => r.replay().expect_err("the record must be refused"),
    }
}

#[test]
fn good_record_replays() {
    let r: Record = GOOD.parse().unwrap();
    let replay = r.replay().unwrap();
    assert_eq!(replay.turns.len(), 2);
    assert_eq!(replay.game.on_roll(), Side::O);
    assert_eq!(r.to_string().parse::<Record>().unwrap(), r);
}

#[test]
fn records_may_begin_after_a_won_game_and_end_between_roll_and_play() {
    // A game saved alone from a match: its winner-starts line is the first.
    let r: Record = GOOD.replace("Opening 3-3 2-5", "Starts O").parse().unwrap();
    let replay = r.replay().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replay.turns.len(), 2);
    // Dice rolled and not played yet: a turn line without its play.
    let text = format!("{GOOD}  3 O 2-1\n");
    let r: Record = text.parse().unwrap();
    let replay = r.replay().unwrap();
    assert_eq!(
        replay.game.dice(),
        Some(plakoto::game::Dice::new(2, 1).unwrap())
    );
    assert_eq!(r.to_string().parse::<Record>().unwrap(), r);
    assert!(r.to_string().ends_with("  3 O 2-1\n"), "{r}");
    let json = r.to_json();
    assert!(json.contains("\"pending\""), "{json}");
    assert_eq!(Record::from_json(&json).unwrap().to_json(), json);
    // A game set up before its opening roll, and one set up finished.
    let finished = plakoto::game::parse_board_text("- / 24:15").unwrap();
    let finished = format!("Position {} X", plakoto::game::position_id(&finished));
    for (start, phase) in [
        (
            "Position AAAg//DAAA8/fAAA O opening",
            plakoto::game::Phase::Opening,
        ),
        (finished.as_str(), plakoto::game::Phase::Over),
    ] {
        let text = GOOD
            .replace("Opening 3-3 2-5", start)
            .split("  1 O")
            .next()
            .unwrap()
            .to_string();
        let r: Record = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        let replay = r.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(replay.game.phase(), phase, "{text}");
        assert_eq!(replay.score.score, [0, 0]);
        assert_eq!(r.to_string().parse::<Record>().unwrap(), r);
    }
}

/// Whether an error is of the expected kind.
type KindCheck = fn(&RecordErrorKind) -> bool;

#[test]
fn each_kind_of_malformed_record_names_its_line() {
    let cases: Vec<(String, usize, KindCheck)> = vec![
        (GOOD.replace("Score X 0 O 0", "Sc0re"), 9, |k| {
            matches!(k, RecordErrorKind::Syntax(_))
        }),
        (GOOD.replace("[Match \"3\"]", "[Match \"three\"]"), 4, |k| {
            matches!(k, RecordErrorKind::Header { .. })
        }),
        (GOOD.replace("[X \"alice\"]", "[Colour \"red\"]"), 5, |k| {
            matches!(k, RecordErrorKind::UnknownHeader(_))
        }),
        (GOOD.replace("; [O \"bob\"]\n", ""), 7, |k| {
            matches!(k, RecordErrorKind::MissingHeader("O"))
        }),
        (GOOD.replace("  2 X", "  3 X"), 12, |k| {
            matches!(
                k,
                RecordErrorKind::TurnNumber {
                    expected: 2,
                    found: 3
                }
            )
        }),
        (GOOD.replace("  2 X", "  2 O"), 12, |k| {
            matches!(k, RecordErrorKind::WrongSide { .. })
        }),
        (GOOD.replace("6-1:", "7-1:"), 12, |k| {
            matches!(k, RecordErrorKind::Numbers { .. })
        }),
        (GOOD.replace("24/18 24/23", "24/16"), 12, |k| {
            matches!(k, RecordErrorKind::Play(_))
        }),
        (GOOD.replace("24/18 24/23", "banana"), 12, |k| {
            matches!(k, RecordErrorKind::Play(_))
        }),
        (
            GOOD.replace("Score X 0 O 0", "Score X 0 O 0\nOpening 3-3"),
            11,
            |k| matches!(k, RecordErrorKind::Syntax(_)),
        ),
        (GOOD.replace("Opening 3-3 2-5", "Opening 3-3"), 8, |k| {
            matches!(k, RecordErrorKind::Start(_))
        }),
        (
            GOOD.replace("Opening 3-3 2-5", "Position ADEYw/DGAQg/fAAA X opening"),
            8,
            |k| matches!(k, RecordErrorKind::Start(_)),
        ),
        (format!("{GOOD}  3 O 2-1\n  4 X 3-1\n"), 14, |k| {
            matches!(k, RecordErrorKind::Syntax(_))
        }),
        (format!("{GOOD}  3 X 2-1\n"), 13, |k| {
            matches!(k, RecordErrorKind::WrongSide { .. })
        }),
        (format!("{GOOD}Result X single 1\n"), 13, |k| {
            matches!(k, RecordErrorKind::Result { .. })
        }),
        (
            format!("{GOOD}Result X unfinished 0\n  3 O 1-1: 24/23(4)\n"),
            14,
            |k| matches!(k, RecordErrorKind::AfterEnd(_)),
        ),
        (
            format!("{GOOD}\nGame 2\nScore X 0 O 0\nOpening 1-2\n"),
            14,
            |k| matches!(k, RecordErrorKind::AfterEnd(_)),
        ),
    ];
    for (text, line, kind) in cases {
        let e = error_of(&text);
        assert!(kind(&e.kind), "{e:?}\n{text}");
        assert_eq!(e.line, Some(line), "{e}\n{text}");
        assert!(e.to_string().starts_with(&format!("line {line}: ")), "{e}");
    }
    // JSON records name the game and turn.
    let mut r: Record = GOOD.parse().unwrap();
    r.games[0].turns[1].play = "24/16".into();
    let r = Record::from_json(&r.to_json()).unwrap();
    let e = r.replay().unwrap_err();
    assert!(e.to_string().starts_with("game 1, turn 2: "), "{e}");
    assert!(matches!(
        Record::from_json("{\"header\":").unwrap_err().kind,
        RecordErrorKind::Json(_)
    ));
    assert!(matches!(
        error_of("; [Rules \"standard\"]\n").kind,
        RecordErrorKind::MissingHeader(_) | RecordErrorKind::NoGames
    ));
}

fn session_reply(s: &mut Session, line: &str) -> String {
    s.handle_line(line).unwrap().text
}

/// A fresh directory of this test process called `name`, and the path of
/// `file` in it.
fn test_dir(name: &str, file: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("plakoto-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file).to_str().unwrap().to_string();
    (dir, path)
}

#[test]
fn save_load_and_show_game_in_the_protocol() {
    let (dir, file) = test_dir("records", "m.txt");
    let file = file.as_str();
    let mut s = Session::with_heuristic(Rules::default(), 7);
    for line in ["new match 1", "roll", "play", "roll", "play"] {
        assert!(session_reply(&mut s, line).starts_with('='), "{line}");
    }
    // Play the match out.
    while s.state().score.winner().is_none() {
        let r = session_reply(&mut s, "roll");
        assert!(r.starts_with('='), "{r}");
        let r = session_reply(&mut s, "play");
        assert!(r.starts_with('='), "{r}");
    }
    let listing = session_reply(&mut s, "show game");
    assert!(listing.contains("Result "), "{listing}");
    assert!(session_reply(&mut s, &format!("save match {file}")).starts_with("= saved 1 game(s)"));
    let json_file = dir.join("m.json");
    let json_file = json_file.to_str().unwrap();
    assert!(session_reply(&mut s, &format!("save game {json_file}")).starts_with('='));

    let mut t = Session::with_heuristic(Rules::default(), 99);
    let r = session_reply(&mut t, &format!("load match {file}"));
    assert!(r.starts_with("= loaded 1 game(s)"), "{r}");
    assert_eq!(t.state().plakoto(), s.state().plakoto());
    assert_eq!(t.state().score, s.state().score);
    assert_eq!(session_reply(&mut t, "show game"), listing);
    let mut u = Session::with_heuristic(Rules::default(), 99);
    assert!(session_reply(&mut u, &format!("load game {json_file}")).starts_with('='));
    assert_eq!(u.state().plakoto(), s.state().plakoto());

    // A bad record or a missing file changes nothing.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, GOOD.replace("24/18 24/23", "24/16")).unwrap();
    let before = t.state().clone();
    let r = session_reply(&mut t, &format!("load match {}", bad.display()));
    assert!(
        r.starts_with("? bad_record: ") && r.contains("line 12: "),
        "{r}"
    );
    assert_eq!(*t.state(), before);
    let r = session_reply(
        &mut t,
        &format!("load game {}", dir.join("none.txt").display()),
    );
    assert!(r.starts_with("? io: "), "{r}");
    assert_eq!(*t.state(), before);
    let r = session_reply(&mut t, "save game");
    assert!(r.starts_with("? syntax: "), "{r}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn player_names_are_set_saved_loaded_and_shown() {
    let (dir, file) = test_dir("names", "named.txt");
    let file = file.as_str();
    let mut s = Session::with_heuristic(Rules::default(), 7);
    assert_eq!(
        session_reply(&mut s, "set player x name Alice Smith  "),
        "= player X name Alice Smith\n\n"
    );
    for line in ["new match 3", "roll", "play"] {
        assert!(session_reply(&mut s, line).starts_with('='), "{line}");
    }
    // Named in the middle of the game: the record in progress takes it.
    assert!(session_reply(&mut s, "set player O name Bob").starts_with('='));
    assert!(session_reply(&mut s, &format!("save match {file}")).starts_with('='));
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains("; [X \"Alice Smith\"]"), "{text}");
    assert!(text.contains("; [O \"Bob\"]"), "{text}");

    // Refusals change nothing.
    let before = s.state().clone();
    let long = "n".repeat(65);
    for (line, code) in [
        (
            "set player Z name Zed",
            "? invalid_argument: 'z' is not a side",
        ),
        (
            "set player X",
            "? syntax: usage: set player <X|O> name <name>",
        ),
        ("set player X name", "? syntax: "),
        ("set player X nom Alice", "? syntax: "),
        (
            &format!("set player X name {long}"),
            "? invalid_argument: a player name has at most 64",
        ),
    ] {
        let r = session_reply(&mut s, line);
        assert!(r.starts_with(code), "{line}: {r}");
        assert_eq!(*s.state(), before, "{line}");
    }

    // Loaded: the names come back, and show options lists them.
    let mut t = Session::with_heuristic(Rules::default(), 99);
    assert!(session_reply(&mut t, &format!("load match {file}")).starts_with('='));
    let options = session_reply(&mut t, "show options");
    assert!(
        options.contains("player X name Alice Smith\nplayer O name Bob\n"),
        "{options}"
    );
    assert!(session_reply(&mut t, "set output json").starts_with('='));
    let options = session_reply(&mut t, "show options");
    assert!(
        options.contains(r#""players":{"X":"Alice Smith","O":"Bob"}"#),
        "{options}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_and_load_take_any_path() {
    let (dir, _) = test_dir("paths", "x");
    let mut s = Session::with_heuristic(Rules::default(), 7);
    for line in ["new game", "roll", "play", "roll"] {
        assert!(session_reply(&mut s, line).starts_with('='), "{line}");
    }
    let listing = session_reply(&mut s, "show game");
    let odd = dir.join("a#b c é ünï.txt");
    let quoted_name = dir.join(" lead \"q\" trail ");
    let quoted = serde_json::to_string(quoted_name.to_str().unwrap()).unwrap();
    for (save, load, path) in [
        (
            format!("save match {}", odd.display()),
            format!("load match {}", odd.display()),
            odd.clone(),
        ),
        (
            format!("7 save game {quoted} # a comment"),
            format!("load game {quoted}"),
            quoted_name.clone(),
        ),
    ] {
        let r = session_reply(&mut s, &save);
        assert!(r.starts_with('='), "{save}: {r}");
        assert!(path.exists(), "{save}: {}", path.display());
        let mut t = Session::with_heuristic(Rules::default(), 1);
        let r = session_reply(&mut t, &load);
        assert!(r.starts_with("= loaded"), "{load}: {r}");
        assert_eq!(t.state().plakoto(), s.state().plakoto());
        assert_eq!(session_reply(&mut t, "show game"), listing);
    }
    // `#` no longer cuts the name: nothing was written to the part before it.
    assert!(!dir.join("a").exists());

    // A failed save leaves what was there as it was, and no temporary file.
    let there = dir.join("there.txt");
    std::fs::write(&there, "keep me").unwrap();
    let mut fresh = Session::with_heuristic(Rules::default(), 1);
    let r = session_reply(&mut fresh, &format!("save match {}", there.display()));
    assert!(r.starts_with("? state: "), "{r}");
    let a_dir = dir.join("a directory");
    std::fs::create_dir_all(a_dir.join("inside")).unwrap();
    let r = session_reply(&mut s, &format!("save match {}", a_dir.display()));
    assert!(r.starts_with("? io: "), "{r}");
    assert!(a_dir.join("inside").is_dir());
    assert_eq!(std::fs::read_to_string(&there).unwrap(), "keep me");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");

    // Folders on the way to the file are created; a file in their way is
    // an io error.
    let deep = dir.join("new/deeper/game.txt");
    let r = session_reply(&mut s, &format!("save game {}", deep.display()));
    assert!(r.starts_with("= saved"), "{r}");
    assert!(deep.is_file());
    let blocked = there.join("game.txt");
    let r = session_reply(&mut s, &format!("save game {}", blocked.display()));
    assert!(r.starts_with("? io: "), "{r}");
    assert_eq!(std::fs::read_to_string(&there).unwrap(), "keep me");
    let _ = std::fs::remove_dir_all(&dir);
}
