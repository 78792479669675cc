//! `set board fibs board:…` (protocol.md): a FIBS board string sets a
//! Portes game's board, side on roll, dice and match score at once, as
//! GNU Backgammon hands them to an external player; a malformed one is
//! refused with its reason and changes nothing; the other games refuse it.

use super::support::answer;
use plakoto_protocol::Session;
use plakoto_rules::portes::PortesMatchId;
use plakoto_rules::{Dice, Rules, Side};

/// What GNU Backgammon 1.07 sent its external player 0 (X, on roll with
/// 4-3) after O opened 24/21 13/11; money play.
const FROM_GNUBG: &str = "board:gnubg:root:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:1:-5:4:0:0:0:-3:0:-5:0:1:0:0:1:0:-1:4:3:4:3:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";

fn portes() -> Session {
    let mut s = Session::with_heuristic(Rules::default(), 3);
    answer(&mut s, "set game portes");
    s
}

#[test]
fn a_gnubg_board_sets_the_position_turn_and_dice() {
    let mut by_fibs = portes();
    let set = answer(&mut by_fibs, &format!("set board fibs {FROM_GNUBG}"));
    assert!(set.starts_with("= "), "{set}");
    let mut by_hand = portes();
    for line in [
        "set board 24:2 13:5 8:3 6:5 / 24:1 21:1 13:4 11:1 8:3 6:5",
        "set turn X",
        "set dice 4 3",
    ] {
        assert!(answer(&mut by_hand, line).starts_with("= "), "{line}");
    }
    let shown = answer(&mut by_fibs, "show position");
    assert_eq!(shown, answer(&mut by_hand, "show position"));
    let hint = answer(&mut by_fibs, "hint 1");
    assert!(hint.starts_with("= "), "{hint}");
}

#[test]
fn the_match_score_is_the_side_on_rolls() {
    // O (the player, colour 1) on roll with 6-2, 2-4 in a match to 5.
    let board = "board:us:them:5:2:4:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:0:0:0:1:-1:0:25:0:0:0:0:0:0:0:0";
    let mut s = portes();
    let set = answer(&mut s, &format!("set board fibs {board}"));
    assert!(set.starts_with("= "), "{set}");
    let shown = answer(&mut s, "show position");
    let (pid, mid) = shown
        .trim()
        .trim_start_matches("= ")
        .split_once(':')
        .unwrap();
    let m: PortesMatchId = mid.parse().unwrap();
    assert_eq!((m.match_length, m.score, m.turn), (5, [4, 2], Side::O));
    assert_eq!(m.dice, Dice::new(6, 2));
    assert_eq!(pid, "4HPwATDgc/ABMA");
}

#[test]
fn a_malformed_board_is_refused_and_changes_nothing() {
    let mut s = portes();
    answer(&mut s, "new game");
    let before = answer(&mut s, "show position");
    let good = FROM_GNUBG;
    for (line, reason) in [
        ("set board fibs bored:1".to_string(), "begins with 'board:'"),
        (format!("set board fibs {good}:7"), "52 fields"),
        (
            format!("set board fibs {}", good.replacen(":-2:", ":-9:", 1)),
            "22 checkers",
        ),
        (
            format!("set board fibs {}", good.replacen(":-1:4:3:", ":0:4:3:", 1)),
            "game is over",
        ),
    ] {
        let reply = answer(&mut s, &line);
        assert!(
            reply.starts_with("? invalid_position: not a FIBS board of a Portes game")
                && reply.contains(reason),
            "{line}: {reply}"
        );
        assert_eq!(answer(&mut s, "show position"), before, "after {line}");
    }
}

#[test]
fn other_games_refuse_fibs_boards() {
    let mut s = Session::with_heuristic(Rules::default(), 3);
    answer(&mut s, "set game fevga");
    let reply = answer(&mut s, &format!("set board fibs {FROM_GNUBG}"));
    assert!(reply.starts_with("? not_in_game"), "{reply}");
}
