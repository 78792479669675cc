//! The tests of `plakoto_tools::external::connection`.

use plakoto_protocol::Session;
use plakoto_rules::Rules;
use plakoto_tools::external::connection::*;

fn portes() -> Session {
    let mut s = Session::with_heuristic(Rules::default(), 1);
    s.handle_line("set game portes");
    s.handle_line("set plies 0");
    s
}

const FROM_GNUBG: &str = "board:gnubg:root:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:1:-5:4:0:0:0:-3:0:-5:0:1:0:0:1:0:-1:4:3:4:3:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1\n\0";

#[test]
fn a_board_is_answered_with_a_legal_play() {
    let mut s = portes();
    let Answer::Play(play) = answer_board(&mut s, FROM_GNUBG) else {
        panic!("no play");
    };
    // The play is one of the legal plays for 4-3 there.
    let legal = s.handle_line("legal").unwrap().text;
    assert!(!play.is_empty());
    let mut check = portes();
    check.handle_line("set board 24:2 13:5 8:3 6:5 / 24:1 21:1 13:4 11:1 8:3 6:5");
    check.handle_line("set turn X");
    check.handle_line("set dice 4 3");
    let moved = check.handle_line(&format!("move {play}")).unwrap().text;
    assert!(moved.starts_with("= "), "{play}: {moved}\n{legal}");
}

#[test]
fn cube_and_roll_questions_and_bad_boards() {
    let mut s = portes();
    let undiced = FROM_GNUBG.replacen(":-1:4:3:4:3:", ":-1:0:0:0:0:", 1);
    assert_eq!(answer_board(&mut s, &undiced), Answer::Roll);
    let doubled = FROM_GNUBG.replacen(":1:1:1:0:1:-1:", ":2:0:0:1:1:-1:", 1);
    assert_eq!(answer_board(&mut s, &doubled), Answer::Take);
    let bad = answer_board(&mut s, "board:1:2");
    assert!(
        bad.to_string().starts_with("Error: a FIBS board has 52"),
        "{bad}"
    );
    assert!(matches!(answer_board(&mut s, FROM_GNUBG), Answer::Play(_)));
}
