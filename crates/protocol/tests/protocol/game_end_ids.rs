//! The Position ID after a play that ends the game follows one convention
//! in every game (protocol.md, `legal`): the mover stays on roll. It is
//! checked where a client reads it: `legal`'s `position_id`, the reply to
//! `move` and `play`, `show posid` and `show board`, in Plakoto, Portes
//! and Fevga alone and within a Tavli match; `set position` reads the
//! finished game back seen from either side.

use super::support::answer;
use plakoto_protocol::Session;
use plakoto_rules::Rules;
use plakoto_rules::fevga::parse_fevga_position_id;
use plakoto_rules::parse_position_id;
use plakoto_rules::portes::parse_portes_position_id;
use serde_json::Value;

/// A game of the engine, with a board where X, on roll, bears off its last
/// checker (from its 1-point) with any roll, and how its IDs are read.
struct Ending {
    game: &'static str,
    /// X's last checker on its 1-point; O's fifteen elsewhere, none off.
    board: &'static str,
    /// Checkers borne off by the side the Position ID is seen from.
    own_off: fn(&str) -> u8,
}

fn plakoto_off(id: &str) -> u8 {
    parse_position_id(id).expect("a Plakoto ID").own_off()
}

fn portes_off(id: &str) -> u8 {
    parse_portes_position_id(id).expect("a Portes ID").own_off()
}

fn fevga_off(id: &str) -> u8 {
    parse_fevga_position_id(id).expect("a Fevga ID").own_off()
}

const PLAKOTO: Ending = Ending {
    game: "plakoto",
    board: "1:1 / 6:15",
    own_off: plakoto_off,
};

const PORTES: Ending = Ending {
    game: "portes",
    board: "1:1 / 6:15",
    own_off: portes_off,
};

const FEVGA: Ending = Ending {
    game: "fevga",
    board: "1:1 / 24:15",
    own_off: fevga_off,
};

/// How the ending play is made.
#[derive(Clone, Copy, Debug)]
enum Verb {
    /// `move 1/off`, the play written by the client.
    Move,
    /// `play`, the engine's choice.
    Play,
}

fn session() -> Session {
    let mut session = Session::with_heuristic(Rules::default(), 62);
    ok(&mut session, "set evaluation plies 0");
    session
}

/// The reply's JSON, after checking it is not an error.
fn json(session: &mut Session, line: &str) -> Value {
    let text = ok(session, line);
    serde_json::from_str(text.trim_start_matches("= ").trim()).expect("a JSON reply")
}

fn ok(session: &mut Session, line: &str) -> String {
    let text = answer(session, line);
    assert!(text.starts_with('='), "{line}: {text}");
    text
}

/// Sets up `ending`'s board with X on roll and 6-5 rolled, then makes the
/// ending play by `verb`: the IDs `legal` listed for it and the reply
/// gave, each checked to be seen from X (its fifteen checkers off).
fn end_the_game(session: &mut Session, ending: &Ending, verb: Verb) -> (String, Value) {
    // The turn first: `set turn` keeps the board on the table, seen from
    // the other side.
    for line in [
        "set turn X".into(),
        format!("set board {}", ending.board),
        "set dice 6 5".into(),
        "set output json".into(),
    ] {
        ok(session, &line);
    }
    let legal = json(session, "legal");
    let plays = legal["plays"].as_array().expect("plays");
    assert_eq!(plays.len(), 1, "{}: {legal}", ending.game);
    assert_eq!(plays[0]["play"], "1/off", "{}", ending.game);
    let listed = plays[0]["position_id"]
        .as_str()
        .expect("position_id")
        .to_string();
    let played = json(
        session,
        match verb {
            Verb::Move => "move 1/off",
            Verb::Play => "play",
        },
    );
    assert_eq!(played["result"]["winner"], "X", "{}: {played}", ending.game);
    let shown = played["position_id"].as_str().expect("position_id");
    assert_eq!(
        shown, listed,
        "{} {verb:?}: legal and the play agree",
        ending.game
    );
    assert_eq!(
        (ending.own_off)(shown),
        15,
        "{} {verb:?}: {shown} is seen from the mover",
        ending.game
    );
    (listed, played)
}

#[test]
fn a_single_game_ended_by_a_play_shows_the_mover_on_roll() {
    for ending in [PLAKOTO, PORTES, FEVGA] {
        for verb in [Verb::Move, Verb::Play] {
            let mut s = session();
            ok(&mut s, &format!("set game {}", ending.game));
            ok(&mut s, "new game");
            let (listed, _) = end_the_game(&mut s, &ending, verb);
            let posid = json(&mut s, "show posid");
            assert_eq!(posid["position_id"], listed.as_str(), "{}", ending.game);
            let board = json(&mut s, "show board");
            assert_eq!(board["position_id"], listed.as_str(), "{}", ending.game);
            assert_eq!(board["board"]["on_roll"], "X", "{}: {board}", ending.game);
            // The ID is read back by `set position` as the same finished game.
            let pair = json(&mut s, "show position");
            let position = pair["position"].as_str().expect("position");
            ok(&mut s, &format!("set position {position}"));
            let again = json(&mut s, "show position");
            assert_eq!(again["position"], position, "{}", ending.game);
            // So is the same board seen from the loser, as GNU Backgammon
            // writes a finished game: the same winner.
            let mut loser = session();
            let opponent = ending.board.split(" / ").nth(1).expect("O's side");
            for line in [
                format!("set game {}", ending.game),
                "set turn O".into(),
                format!("set board {opponent} / -"),
                "set output json".into(),
            ] {
                ok(&mut loser, &line);
            }
            let seen = json(&mut loser, "show position");
            let loser_id = seen["position_id"].as_str().expect("position_id");
            assert_eq!((ending.own_off)(loser_id), 0, "{}", ending.game);
            let pair = seen["position"].as_str().expect("position");
            let state = json(&mut s, &format!("set position {pair}"));
            assert_eq!(
                state["turn"]["result"]["winner"], "X",
                "{}: {state}",
                ending.game
            );
        }
    }
}

#[test]
fn each_game_of_a_tavli_match_ended_by_a_play_shows_the_mover_on_roll() {
    // The match to 15 runs Portes, Plakoto, Fevga; X wins each game, so
    // starts the next, and the match goes on to the third.
    for verb in [Verb::Move, Verb::Play] {
        let mut s = session();
        ok(&mut s, "new match 15 tavli");
        for (number, ending) in [PORTES, PLAKOTO, FEVGA].iter().enumerate() {
            let (_, played) = end_the_game(&mut s, ending, verb);
            let ended = played["game"].as_str().unwrap_or("plakoto");
            assert_eq!(ended, ending.game, "game {}: {played}", number + 1);
            assert_eq!(
                played["next_game"]["starts"],
                "X",
                "game {}: {played}",
                number + 1
            );
            ok(&mut s, "set output text");
        }
    }
}
