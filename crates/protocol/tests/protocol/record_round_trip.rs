//! A record saved after any sequence of commands loads back to the same
//! game: random sequences of every command that changes the games
//! (`new game`, `new match`, `roll`, `play`, `move`, `set position`, `set
//! board`, `set matchid`, `set dice`, `set turn`, `set rules`, `set
//! scoring`, `set player`), in Standard and Express, each ending in `save
//! match` (and `save game`), text or JSON, then `load` in a fresh session:
//! the game (position, side on roll, dice, passed numbers, phase), the
//! score, who starts the next game, the Position ID and Match ID and `show
//! game` must be the same.
//!
//! The number of sequences is proptest's (256, and 64 sequences of whole
//! games; `PROPTEST_CASES=5000 cargo test --test record_round_trip` for
//! more).

use proptest::prelude::*;

use plakoto_protocol::Session;
use plakoto_rules::{
    Dice, GenLimits, MatchId, MoveGenerator, Phase, Rules, Side, format_play, parse_position_id,
    position_id,
};

/// One step of a sequence; the number picks its arguments.
#[derive(Clone, Copy, Debug)]
enum Op {
    NewGame,
    NewMatch,
    Roll,
    Play,
    Move,
    /// `roll` and `play` until the game is over (bounded).
    PlayOut,
    SetPosition,
    SetBoard,
    SetMatchId,
    SetDice,
    SetTurn,
    SetRules,
    SetScoring,
    SetPlayer,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        2 => Just(Op::NewGame),
        1 => Just(Op::NewMatch),
        6 => Just(Op::Roll),
        5 => Just(Op::Play),
        4 => Just(Op::Move),
        2 => Just(Op::PlayOut),
        2 => Just(Op::SetPosition),
        2 => Just(Op::SetBoard),
        1 => Just(Op::SetMatchId),
        2 => Just(Op::SetDice),
        1 => Just(Op::SetTurn),
        1 => Just(Op::SetRules),
        1 => Just(Op::SetScoring),
        1 => Just(Op::SetPlayer),
    ]
}

/// Boards besides those the sequence meets: the repro, finished
/// ones (a race won, a mother pinned) and ones about to finish.
const BOARDS: &[&str] = &[
    "ADEYw/DGAQg/fAAA",
    "24:15 / 24:15",
    "- / 24:15",
    "- / 3:2 off:13",
    "2:1 / 24:15",
    "2:1 1:1 / 1:3 2:2 off:10",
    "24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2",
    "1:1 6:14 / 24:1* 5:14",
];

fn reply(s: &mut Session, line: &str) -> String {
    s.handle_line(line).expect("a command").text
}

/// The board of a sequence step: one of [`BOARDS`] or a position met.
fn board(seen: &[String], n: u32) -> String {
    let all = BOARDS.len() + seen.len();
    let i = n as usize % all;
    if i < BOARDS.len() {
        BOARDS[i].to_string()
    } else {
        seen[i - BOARDS.len()].clone()
    }
}

/// A Match ID built from `n`: the session's rules, any length, score,
/// side, dice or none, phase.
fn match_id(s: &Session, n: u32) -> String {
    let game = s.state().plakoto();
    let dice = match n % 3 {
        0 => None,
        _ => Dice::new((n / 3 % 6) as u8 + 1, (n / 18 % 6) as u8 + 1),
    };
    let phase = match n / 108 % 6 {
        0 => Phase::Opening,
        1 => Phase::Over,
        _ => Phase::Playing,
    };
    let length = (n / 648 % 4) as u8;
    let m = MatchId {
        rules: game.rules(),
        match_length: length * 2,
        score: [(n / 2592 % 3) as u8, (n / 7776 % 3) as u8],
        on_roll: if n & 1 << 20 == 0 { Side::X } else { Side::O },
        dice: if phase == Phase::Playing { dice } else { None },
        phase,
        pending: None,
    };
    m.to_string()
}

/// The line for one step (`None`: nothing to do).
fn line_for(s: &Session, seen: &[String], op: Op, n: u32) -> Option<String> {
    let game = s.state().plakoto();
    Some(match op {
        Op::NewGame => "new game".into(),
        Op::NewMatch => format!("new match {}", n % 5 + 1),
        Op::Roll => "roll".into(),
        Op::Play => "play".into(),
        Op::Move => {
            let mut generator = MoveGenerator::new(GenLimits {
                max_positions: 2_000,
            });
            let list = game.legal_plays(&mut generator).ok()?;
            let play = list.plays.get(n as usize % list.plays.len().max(1))?;
            format!("move {}", format_play(game.position(), play))
        }
        Op::PlayOut => return None,
        Op::SetPosition => {
            let b = board(seen, n);
            let position = parse_position_id(&b)
                .ok()
                .or_else(|| plakoto_rules::parse_board_text(&b).ok())?;
            format!(
                "set position {}:{}",
                position_id(&position),
                match_id(s, n / 7)
            )
        }
        Op::SetBoard => format!("set board {}", board(seen, n)),
        Op::SetMatchId => format!("set matchid {}", match_id(s, n)),
        Op::SetDice => format!("set dice {} {}", n % 6 + 1, n / 6 % 6 + 1),
        Op::SetTurn => format!("set turn {}", if n.is_multiple_of(2) { "X" } else { "O" }),
        Op::SetRules => format!(
            "set rules {}",
            if n.is_multiple_of(2) {
                "standard"
            } else {
                "express"
            }
        ),
        Op::SetScoring => format!(
            "set scoring {}",
            if n.is_multiple_of(2) {
                "standard"
            } else {
                "tzannes"
            }
        ),
        Op::SetPlayer => format!(
            "set player {} name Player {}",
            if n.is_multiple_of(2) { "X" } else { "O" },
            n % 100
        ),
    })
}

/// Runs the steps, keeping the positions met for later `set board`s.
fn run_steps(s: &mut Session, steps: &[(Op, u32)]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut lines = Vec::new();
    for &(op, n) in steps {
        if let Op::PlayOut = op {
            for _ in 0..300 {
                if s.state().plakoto().phase() != Phase::Playing {
                    break;
                }
                if s.state().plakoto().turn_numbers().is_none() {
                    lines.push("roll".to_string());
                    reply(s, "roll");
                }
                lines.push("play".to_string());
                reply(s, "play");
            }
        } else if let Some(line) = line_for(s, &seen, op, n) {
            reply(s, &line);
            lines.push(line);
        }
        let p = position_id(s.state().plakoto().position());
        if !seen.contains(&p) && seen.len() < 32 {
            seen.push(p);
        }
    }
    lines
}

/// A session as the tests use it: the heuristic at 0 plies, fast.
fn session(express: bool, seed: u64) -> Session {
    let mut s = Session::with_heuristic(Rules::default(), seed);
    assert!(reply(&mut s, "set evaluation plies 0").starts_with('='));
    if express {
        assert!(reply(&mut s, "set rules express").starts_with('='));
    }
    s
}

fn temp_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-roundtrip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// What must come back after save and load.
fn observed(s: &mut Session) -> (String, String, plakoto_rules::MatchScore, Option<Side>) {
    (
        reply(s, "show position"),
        reply(s, "show game"),
        s.state().score,
        s.state().next_starter,
    )
}

/// Saves `scope`, loads it in a fresh session and compares; `Ok(false)`
/// when there was nothing to save.
fn round_trip(s: &mut Session, scope: &str, json: bool, lines: &[String]) -> Result<bool, String> {
    static FILES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = FILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let ext = if json { "json" } else { "txt" };
    let file = temp_file(&format!("{scope}-{n}.{ext}"));
    let saved = reply(s, &format!("save {scope} {}", file.display()));
    if saved.starts_with("? state: no game to save") {
        return Ok(false);
    }
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let context = || format!("{}\n--- saved:\n{text}", lines.join("\n"));
    if !saved.starts_with('=') {
        return Err(format!("{saved}\n{}", context()));
    }
    let mut t = session(false, 99);
    let loaded = reply(&mut t, &format!("load {scope} {}", file.display()));
    if !loaded.starts_with('=') {
        return Err(format!("{loaded}\n{}", context()));
    }
    let (mut before, mut after) = (observed(s), observed(&mut t));
    if scope == "game" {
        // The game saved alone is game 1 of its record.
        for listing in [&mut before.1, &mut after.1] {
            *listing = listing.lines().skip(1).collect::<Vec<_>>().join("\n");
        }
    }
    let _ = std::fs::remove_file(&file);
    if before != after || t.state().plakoto() != s.state().plakoto() {
        return Err(format!(
            "before {before:?}\nafter  {after:?}\n{:?}\n{:?}\n{}",
            s.state().plakoto(),
            t.state().plakoto(),
            context()
        ));
    }
    Ok(true)
}

/// Runs the steps, then saves the match and the game and loads each back.
fn check_sequence(express: bool, seed: u64, json: bool, steps: &[(Op, u32)]) -> Result<(), String> {
    let mut s = session(express, seed);
    let lines = run_steps(&mut s, steps);
    for scope in ["match", "game"] {
        round_trip(&mut s, scope, json, &lines).map_err(|e| format!("{scope}: {e}"))?;
    }
    Ok(())
}

/// Only the commands of play, so that records hold several games.
fn play_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        2 => Just(Op::NewGame),
        1 => Just(Op::NewMatch),
        2 => Just(Op::Roll),
        2 => Just(Op::Play),
        2 => Just(Op::Move),
        4 => Just(Op::PlayOut),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_saved_record_loads_back_to_the_same_game(
        express in any::<bool>(),
        seed in 0u64..1_000,
        json in any::<bool>(),
        steps in prop::collection::vec((op(), any::<u32>()), 1..24),
    ) {
        let checked = check_sequence(express, seed, json, &steps);
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}

/// Cases of the slower property (whole games played): a quarter of
/// `PROPTEST_CASES`, 64 by default.
fn match_cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .map_or(64, |n| (n / 4).max(1))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: match_cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_saved_match_of_several_games_loads_back(
        express in any::<bool>(),
        seed in 0u64..1_000,
        json in any::<bool>(),
        steps in prop::collection::vec((play_op(), any::<u32>()), 1..16),
    ) {
        let checked = check_sequence(express, seed, json, &steps);
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}

/// The example: a position set in the middle of a game, then
/// played, saves and loads back.
#[test]
fn a_position_set_mid_game_is_on_record() {
    let mut s = session(false, 5);
    let lines: Vec<String> = [
        "new game",
        "roll",
        "play",
        "set position ADEYw/DGAQg/fAAA:ZBAAAAAA",
        "play",
    ]
    .iter()
    .map(|l| l.to_string())
    .collect();
    for line in &lines {
        let r = reply(&mut s, line);
        assert!(r.starts_with('='), "{line}: {r}");
    }
    assert_eq!(round_trip(&mut s, "match", false, &lines), Ok(true));
    let listing = reply(&mut s, "show game");
    assert!(
        listing.contains("Position ADEYw/DGAQg/fAAA X\n  1 X 3-1: "),
        "{listing}"
    );
}

/// Dice rolled and not played yet, passed numbers waiting, a game set up
/// before its opening roll and one set up finished: each comes back.
#[test]
fn states_between_turns_come_back() {
    let opening = MatchId {
        rules: Rules::default(),
        match_length: 5,
        score: [1, 2],
        on_roll: Side::O,
        dice: None,
        phase: Phase::Opening,
        pending: None,
    };
    let set_opening = format!("set matchid {opening}");
    for (rules, script) in [
        ("standard", &["new game", "roll"][..]),
        ("standard", &["new game", "roll", "play", "set dice 6 6"]),
        ("express", &["new game", "roll", "play", "roll", "play"]),
        ("standard", &[set_opening.as_str()]),
        ("standard", &["set board - / 24:15"]),
        (
            "standard",
            &["new match 3", "set board 2:1 / 24:15", "roll"],
        ),
    ] {
        let mut s = session(rules == "express", 3);
        for line in script {
            let r = reply(&mut s, line);
            assert!(r.starts_with('='), "{line}: {r}");
        }
        let lines: Vec<String> = script.iter().map(|l| l.to_string()).collect();
        for json in [false, true] {
            let r = round_trip(&mut s, "match", json, &lines);
            assert_eq!(r, Ok(true));
        }
    }
}
