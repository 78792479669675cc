//! `legal steps` in Fevga: the next steps of F15's worked examples, the
//! refusals in Fevga's terms (F5, F7, F8, F9, F10, R10) that a GUI shows
//! for a refused click, and, over the turns of self-played games, the
//! steps walked one at a time reaching exactly the plays `legal` lists.

use super::support::{answer, set_up};
use plakoto_protocol::Session;
use plakoto_rules::Rules;

fn session() -> Session {
    let mut s = Session::with_heuristic(Rules::default(), 4);
    answer(&mut s, "set game fevga");
    s
}

/// `legal steps <made>` in text: its lines without the framing.
fn steps(s: &mut Session, made: &str) -> String {
    answer(s, format!("legal steps {made}").trim_end())
        .trim_end()
        .to_string()
}

const START: &str = "24:15 / 24:15";

#[test]
fn f15_worked_examples_step_by_step() {
    let mut s = session();
    // (a) 6-5: the runner alone, either number first.
    set_up(&mut s, START, "6 5");
    assert_eq!(steps(&mut s, ""), "= 24/18 (6)\n24/19 (5)\ncan end: no");
    assert_eq!(steps(&mut s, "24/18"), "= 18/13 (5)\ncan end: no");
    assert_eq!(steps(&mut s, "24/18 18/13"), "= can end: yes");
    assert_eq!(steps(&mut s, "24/18/13"), "= can end: yes");
    // (c) 6-6: one six, then nothing more can be played.
    set_up(&mut s, START, "6 6");
    assert_eq!(steps(&mut s, "24/18"), "= can end: yes");
    // (g) runner on 14, 4-2: the 2 cannot go first; after 14/10 (released)
    // a checker may leave 24.
    set_up(&mut s, "24:14 14:1 / 24:15", "4 2");
    assert_eq!(steps(&mut s, ""), "= 14/10 (4)\ncan end: no");
    assert_eq!(steps(&mut s, "14/10"), "= 24/22 (2)\n10/8 (2)\ncan end: no");
    // (h) no legal play: the turn may end at once.
    set_up(&mut s, "24:14 13:1 / 24:14 23:1", "2 1");
    assert_eq!(steps(&mut s, ""), "= can end: yes");
}

#[test]
fn refused_steps_say_why_in_fevgas_terms() {
    let mut s = session();
    set_up(&mut s, START, "6 5");
    // F7: a second checker off the 24-point before release.
    assert_eq!(
        steps(&mut s, "24/18 24/19"),
        "? illegal_move: 24/19: only the runner may move until a checker has passed \
         the opponent's starting point (F7)"
    );
    // F5: one opposing checker closes a point.
    set_up(&mut s, START, "6 6");
    assert_eq!(
        steps(&mut s, "24/18 18/12"),
        "? illegal_move: 18/12: the opponent holds that point: one checker closes a point (F5)"
    );
    // F10: bearing off with a checker still outside the home board.
    set_up(&mut s, "9:1 6:3 5:11 / 24:15", "6 1");
    assert_eq!(
        steps(&mut s, "5/off"),
        "? illegal_move: 5/off: bearing off needs all 15 checkers in the home board (F10)"
    );
    // F8, checked after each step: 24/19 would close 19-24.
    set_up(&mut s, "24:10 23:1 22:1 21:1 20:1 3:1 / 24:15", "5 4");
    assert_eq!(
        steps(&mut s, "24/19"),
        "? illegal_move: 24/19: a side may not hold all six points of its starting quarter (F8)"
    );
    // The numbers cannot make the movement.
    set_up(&mut s, START, "6 5");
    assert_eq!(
        steps(&mut s, "24/12"),
        "? illegal_move: 24/12 is 12 pips: the numbers left (6 5) cannot make it"
    );
}

#[test]
fn whole_play_rules_refuse_steps_that_lead_to_no_play() {
    let mut s = session();
    // F9 (j): X's wall 16-21 in front of all 15 O checkers on O10 (= X22).
    set_up(&mut s, "24:3 21:2 20:2 19:2 18:2 17:2 16:2 / 10:15", "3 1");
    assert_eq!(
        steps(&mut s, "21/18 20/19"),
        "? illegal_move: the play must open the wall in front of the opponent: leave one \
         of your points 21, 20, 19, 18, 17, 16 empty (F9)"
    );
    assert_eq!(steps(&mut s, "21/20"), "= 21/18 (3)\ncan end: no");
    // R10: 16/10 releases X, but then neither 10/5 nor 24/19 is open,
    // while 16/11 leaves 24/18 to play.
    set_up(&mut s, "24:14 16:1 / 24:13 17:1 7:1", "6 5");
    assert_eq!(
        steps(&mut s, "16/10"),
        "? illegal_move: these steps leave numbers unplayed: legal plays use 2 numbers \
         (F6: as many as possible)"
    );
    // R10: only one number can be played (the runner's 20/14/9 and 20/15/9
    // both end on 9, which O holds): the higher.
    set_up(&mut s, "24:14 20:1 / 24:13 21:1 20:1", "6 5");
    assert_eq!(steps(&mut s, ""), "= 20/14 (6)\ncan end: no");
    assert_eq!(
        steps(&mut s, "20/15"),
        "? illegal_move: only one number can be played, so it must be the higher, 6 (F6)"
    );
    // F8 at the end of the play only: 24/19 may close the quarter for a
    // moment, but a play may not end so.
    answer(&mut s, "set fevga.quarter_check end_of_play");
    set_up(&mut s, "24:10 23:1 22:1 21:1 20:1 3:1 / 24:15", "5 4");
    assert!(steps(&mut s, "24/19").contains("19/15 (4)"));
    assert_eq!(
        steps(&mut s, "24/19 24/20"),
        "? illegal_move: the play would end holding all six points of a starting quarter (F8)"
    );
}

#[test]
fn refusals_of_the_state_and_the_syntax() {
    let mut s = session();
    answer(&mut s, "new game");
    let reply = steps(&mut s, "");
    assert!(reply.starts_with("? state: "), "no dice yet: {reply}");
    set_up(&mut s, START, "6 5");
    assert!(steps(&mut s, "24/18*").starts_with("? syntax: "));
    assert!(steps(&mut s, "bar/20").starts_with("? syntax: "));
    // Portes reads its own notation, with a bar and hits: no syntax error.
    answer(&mut s, "new game portes");
    answer(&mut s, "set dice 6 5");
    assert!(steps(&mut s, "bar/20").starts_with("? illegal_move: "));
    assert!(steps(&mut s, "").starts_with("= "));
}

#[test]
fn walked_steps_reach_exactly_the_listed_plays() {
    let mut s = session();
    crate::table_steps::walked_steps_reach_exactly_the_listed_plays(&mut s, 150);
}
