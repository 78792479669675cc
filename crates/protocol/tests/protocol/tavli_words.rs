//! The words a tavli player reads (issue 62): a hint shows only the
//! results its game has, `new game tavli` points to `new match N tavli`,
//! `roll` after the match says the match is over, and `show game` in a
//! Tavli match names the game.

use super::support::answer;
use plakoto_protocol::Session;
use plakoto_rules::Rules;

fn session() -> Session {
    Session::with_heuristic(Rules::default(), 7)
}

/// The chances line of `hint 1` in `game` at its start with 6-5 (X on roll).
fn hint_chances(game: &str, board: &str) -> String {
    let mut s = session();
    for line in [
        format!("set game {game}"),
        format!("set board {board}"),
        "set turn X".to_string(),
        "set dice 6 5".to_string(),
    ] {
        assert!(answer(&mut s, &line).starts_with("= "), "{line}");
    }
    let reply = answer(&mut s, "hint 1");
    reply
        .lines()
        .find(|l| l.trim_start().starts_with("W "))
        .unwrap_or_else(|| panic!("{reply}"))
        .trim()
        .to_string()
}

#[test]
fn a_hint_shows_the_results_of_its_game_only() {
    let fevga = hint_chances("fevga", "24:15 / 24:15");
    assert!(fevga.starts_with("W ") && fevga.contains(" d "), "{fevga}");
    for absent in [" t ", " m ", "D "] {
        assert!(!fevga.contains(absent), "Fevga has no '{absent}': {fevga}");
    }
    let portes = hint_chances("portes", "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5");
    assert!(portes.contains(" t "), "{portes}");
    for absent in [" m ", "D "] {
        assert!(
            !portes.contains(absent),
            "Portes has no '{absent}': {portes}"
        );
    }
    let plakoto = hint_chances("plakoto", "24:15 / 24:15");
    for present in [" t ", " m ", "D "] {
        assert!(
            plakoto.contains(present),
            "Plakoto has '{present}': {plakoto}"
        );
    }
}

#[test]
fn tavli_is_a_match_not_a_game() {
    let mut s = session();
    for line in ["new game tavli", "set game tavli"] {
        let reply = answer(&mut s, line);
        assert!(
            reply.starts_with("? invalid_argument: unknown game 'tavli'"),
            "{reply}"
        );
        assert!(reply.contains("'new match N tavli'"), "{reply}");
    }
    let reply = answer(&mut s, "new game chess");
    assert!(!reply.contains("tavli'"), "{reply}");
}

#[test]
fn roll_after_the_match_says_the_match_is_over() {
    let mut s = session();
    for line in [
        "set game portes",
        "new match 1",
        "set turn X",
        "set board 2:1 off:14 / 24:15",
        "set dice 6 5",
        "move 2/off",
    ] {
        assert!(answer(&mut s, line).starts_with("= "), "{line}");
    }
    assert_eq!(
        answer(&mut s, "roll").trim_end(),
        "? state: the match is over: X won 2-0; start another with 'new match N'"
    );
}

#[test]
fn show_game_in_a_tavli_match_names_the_game() {
    let mut s = session();
    for line in ["new match 3 tavli", "roll", "play"] {
        assert!(answer(&mut s, line).starts_with("= "), "{line}");
    }
    let reply = answer(&mut s, "show game");
    assert!(reply.starts_with("= Game 1 portes\n"), "{reply}");
}
