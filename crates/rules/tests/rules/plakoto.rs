//! One or more tests per rule of docs/rules.md (R1–R23), named after the rule,
//! including each worked example and each decision marked there. Positions
//! are written as board text (each side in its own numbering; see
//! `plakoto_rules::parse_board_text`).

use plakoto_rules::{
    BoardTextError, Dice, Die, Game, GameError, IllegalPlay, MatchScore, MoveGenerator,
    NotationError, Numbers, ParsedPlay, Phase, Play, PlayList, Point, Position, PositionError,
    ResultKind, Rules, Scoring, Seat, Side, TokenError, Variant, format_play, game_result,
    parse_board_text, resolve_play,
};

fn pos(text: &str) -> Position {
    parse_board_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn numbers(a: u8, b: u8, variant: Variant) -> Numbers {
    Dice::new(a, b).unwrap().numbers(variant)
}

fn legal(p: &Position, n: &Numbers) -> PlayList {
    let mut out = PlayList::default();
    MoveGenerator::default().generate(p, n, &mut out);
    out
}

fn notations(p: &Position, n: &Numbers) -> Vec<String> {
    let mut v: Vec<String> = legal(p, n)
        .plays
        .iter()
        .map(|play| format_play(p, play))
        .collect();
    v.sort();
    v
}

fn try_play(p: &Position, n: &Numbers, text: &str) -> Result<Play, IllegalPlay> {
    let written: ParsedPlay = text.parse().expect("notation parses");
    resolve_play(p, n, &legal(p, n), &written)
}

fn point(n: u8) -> Point {
    Point::new(n).unwrap()
}

// ---------------------------------------------------------------- R1–R4

#[test]
fn r1_fifteen_checkers_each_and_no_bar() {
    let p = Position::initial();
    assert_eq!(
        Point::all().map(|q| u32::from(p.own_count(q))).sum::<u32>(),
        15
    );
    assert_eq!(
        Point::all().map(|q| u32::from(p.opp_count(q))).sum::<u32>(),
        15
    );
    assert_eq!(
        "bar/20".parse::<ParsedPlay>(),
        Err(NotationError::Token {
            token: "bar/20".into(),
            reason: TokenError::Bar
        })
    );
    assert!(parse_board_text("24:16 / 24:15").is_err());
}

#[test]
fn r1_nothing_is_ever_hit_a_landing_checker_pins() {
    // Opponent blot on its 7 (our 18): 24/18 keeps both checkers on the board.
    let p = pos("24:15 / 24:14 7:1");
    let play = try_play(&p, &numbers(6, 1, Variant::Standard), "24/18* 24/23").unwrap();
    assert_eq!(play.position.opp_count(point(18)), 1);
    assert!(play.position.opp_pinned_at(point(18)));
    assert_eq!(play.position.opp_off(), 0);
}

#[test]
fn r2_each_side_numbers_from_its_own_view() {
    let p = pos("24:14 10:1 / 24:14 20:1");
    // Opponent's 20 is our 5; our 10 is its 15.
    assert_eq!(p.opp_count(point(5)), 1);
    assert_eq!(p.flip().opp_count(point(15)), 1);
    assert_eq!(point(10).mirrored(), point(15));
    assert_eq!(p.flip().flip(), p);
}

#[test]
fn r3_all_checkers_start_on_the_own_24_point() {
    let p = Position::initial();
    assert_eq!(p.own_count(Point::START), 15);
    assert_eq!(p.opp_count(point(1)), 15);
    assert_eq!(parse_board_text("24:15 / 24:15").unwrap(), p);
}

#[test]
fn r4_point_states_blot_block_pin_point() {
    let p = pos("24:11 10:1 8:2 5:1 / 24:13 20:1* 12:1");
    // Our 5 holds our checker over a pinned opponent checker (its 20).
    assert!(p.opp_pinned_at(point(5)));
    assert_eq!((p.own_count(point(5)), p.opp_count(point(5))), (1, 1));
    // A pin point needs one pinned checker under at least one opposing one.
    assert_eq!(
        parse_board_text("24:14 5:1* / 24:15"),
        Err(BoardTextError::Position(PositionError::PinUnderNothing(
            point(5)
        )))
    );
    assert_eq!(
        parse_board_text("24:13 5:2 / 24:13 20:2"),
        Err(BoardTextError::Position(PositionError::BothHold(point(5))))
    );
}

// ---------------------------------------------------------------- R5–R8

#[test]
fn r5_cannot_land_on_a_block() {
    // Opponent block on its 7 = our 18.
    let p = pos("24:15 / 24:13 7:2");
    let err = try_play(&p, &numbers(6, 1, Variant::Standard), "24/18 24/23").unwrap_err();
    assert!(err.to_string().contains("24/18 is blocked"), "{err}");
}

#[test]
fn r5_cannot_land_on_a_pin_point_the_opponent_controls_even_with_one_on_top() {
    // Our checker pinned on our 18 under a single opposing checker.
    let p = pos("24:14 18:1* / 24:14 7:1");
    let n = numbers(6, 1, Variant::Standard);
    let err = try_play(&p, &n, "24/18 24/23").unwrap_err();
    assert!(
        err.to_string().contains("pin point the opponent controls"),
        "{err}"
    );
    assert!(notations(&p, &n).iter().all(|s| !s.contains("/18")));
}

#[test]
fn r5_may_land_on_own_pin_point_and_own_checkers() {
    // We pin the opponent's checker on our 18 (its 7); more may join.
    let p = pos("24:14 18:1 / 24:14 7:1*");
    let play = try_play(&p, &numbers(6, 1, Variant::Standard), "24/18 24/23").unwrap();
    assert_eq!(play.position.own_count(point(18)), 2);
    assert!(play.position.opp_pinned_at(point(18)));
}

#[test]
fn r6_landing_on_a_blot_pins_it_and_more_may_be_added() {
    let p = pos("24:15 / 24:14 7:1");
    let play = try_play(&p, &numbers(6, 6, Variant::Standard), "24/18*(4)").unwrap();
    assert!(play.position.opp_pinned_at(point(18)));
    assert_eq!(play.position.own_count(point(18)), 4);
    assert_eq!(format_play(&p, &play), "24/18*(4)");
}

#[test]
fn r7_a_pinned_checker_cannot_move() {
    let p = pos("24:14 18:1* / 24:14 7:1");
    let n = numbers(5, 2, Variant::Standard);
    let err = try_play(&p, &n, "18/13 24/22").unwrap_err();
    assert!(err.to_string().contains("pinned"), "{err}");
    for play in legal(&p, &n).plays {
        assert!(play.position.own_pinned_at(point(18)));
    }
}

#[test]
fn r7_freed_when_the_last_opposing_checker_leaves_then_a_blot_again() {
    // Two of ours pin its checker on our 18; moving both away frees it.
    let p = pos("24:13 18:2 / 24:14 7:1*");
    let n = numbers(5, 3, Variant::Standard);
    let one = try_play(&p, &n, "18/13 24/21").unwrap();
    assert!(one.position.opp_pinned_at(point(18)));
    let both = try_play(&p, &n, "18/13 18/15").unwrap();
    assert!(!both.position.opp_pinned_at(point(18)));
    assert_eq!(both.position.opp_count(point(18)), 1);
    // Free again, it can be pinned again by the next landing.
    let again = try_play(
        &both.position,
        &numbers(6, 1, Variant::Standard),
        "24/18* 24/23",
    )
    .unwrap();
    assert!(again.position.opp_pinned_at(point(18)));
}

#[test]
fn r8_one_checker_may_take_both_steps_only_through_a_legal_point() {
    // Block on our 18 (its 7): 24/13 with 6-5 must go through 19.
    let p = pos("24:15 / 24:13 7:2");
    let n = numbers(6, 5, Variant::Standard);
    assert!(try_play(&p, &n, "24/13").is_ok());
    assert!(try_play(&p, &n, "24/19/13").is_ok());
    // Both 18 and 19 blocked: nothing at all can move from 24.
    let p = pos("24:15 / 24:11 7:2 6:2");
    assert_eq!(notations(&p, &n), vec!["pass"]);
}

#[test]
fn r8_a_pin_made_midway_is_released_when_the_checker_moves_on() {
    let p = pos("24:15 / 24:14 7:1");
    let n = numbers(6, 5, Variant::Standard);
    let through = try_play(&p, &n, "24/18*/13").unwrap();
    assert!(!through.position.opp_pinned_at(point(18)));
    assert_eq!(format_play(&p, &through), "24/13");
    let stay = try_play(&p, &n, "24/18* 24/19").unwrap();
    assert!(stay.position.opp_pinned_at(point(18)));
    assert_eq!(format_play(&p, &stay), "24/19 24/18*");
}

#[test]
fn r9_doubles_are_played_four_times() {
    let n = numbers(2, 2, Variant::Standard);
    assert_eq!(n.to_vec(), vec![2, 2, 2, 2]);
    let list = legal(&Position::initial(), &n);
    assert_eq!(list.numbers_used, 4);
    assert!(list.plays.iter().all(|p| p.steps.len() == 4));
}

// ---------------------------------------------------------------- R10–R11

#[test]
fn r10_must_use_both_dice_when_possible() {
    let p = Position::initial();
    let n = numbers(3, 1, Variant::Standard);
    let err = try_play(&p, &n, "24/21").unwrap_err();
    assert_eq!(
        err,
        IllegalPlay::TooFewNumbers {
            used: 1,
            required: 2
        }
    );
    assert_eq!(err.to_string(), "must use both dice (R10)");
}

#[test]
fn r10_higher_die_must_be_played_when_only_one_can() {
    // Blocks on our 23, 18 and 3 (its 2, 7, 22): from 10, 6 or 1 alone.
    let p = pos("24:14 10:1 / 24:9 22:2 7:2 2:2");
    let n = numbers(6, 1, Variant::Standard);
    assert_eq!(notations(&p, &n), vec!["10/4"]);
    let err = try_play(&p, &n, "10/9").unwrap_err();
    assert_eq!(err, IllegalPlay::HigherDieRequired(6));
    assert!(err.to_string().starts_with("higher die must be played"));
}

#[test]
fn r10_lower_die_when_the_higher_cannot_be_played() {
    // As above but 10/4 blocked too (its 21 = our 4).
    let p = pos("24:14 10:1 / 24:7 22:2 21:2 7:2 2:2");
    assert_eq!(
        notations(&p, &numbers(6, 1, Variant::Standard)),
        vec!["10/9"]
    );
}

#[test]
fn r10_doubles_as_many_as_possible() {
    // 3-3: from 24, 21 is blocked (its 4); 10/7/4 then 1 is blocked.
    let p = pos("24:14 10:1 / 24:13 4:2");
    let list = legal(&p, &numbers(3, 3, Variant::Standard));
    assert_eq!(list.numbers_used, 2);
    assert_eq!(
        notations(&p, &numbers(3, 3, Variant::Standard)),
        vec!["10/4"]
    );
    let err = try_play(&p, &numbers(3, 3, Variant::Standard), "10/7").unwrap_err();
    assert_eq!(
        err,
        IllegalPlay::TooFewNumbers {
            used: 1,
            required: 2
        }
    );
}

#[test]
fn r10_no_number_playable_the_turn_passes() {
    let p = pos("24:15 / 24:11 7:2 6:2");
    let list = legal(&p, &numbers(6, 5, Variant::Standard));
    assert_eq!(list.len(), 1);
    assert!(list.plays[0].steps.is_empty());
    assert_eq!(list.plays[0].position, p);
    assert!(try_play(&p, &numbers(6, 5, Variant::Standard), "pass").is_ok());
    let err = try_play(
        &Position::initial(),
        &numbers(6, 5, Variant::Standard),
        "pass",
    )
    .unwrap_err();
    assert!(err.to_string().contains("both dice"), "{err}");
}

#[test]
fn r10_decision_a_play_that_ends_the_game_is_legal_with_fewer_numbers() {
    // Our 24 is empty; its mother is a blot on our 1. 7/1* wins at once with
    // the 6 although both dice could be played elsewhere.
    let p = pos("13:14 7:1 / 24:1 6:14");
    let n = numbers(6, 5, Variant::Standard);
    let win = try_play(&p, &n, "7/1*").unwrap();
    assert_eq!(win.steps.len(), 1);
    let r = game_result(&win.position, Scoring::Standard).unwrap();
    assert_eq!((r.kind, r.winner), (ResultKind::Mother, Some(Seat::OnRoll)));
    // Two-dice plays stay legal too: the ending play makes nothing illegal.
    assert!(try_play(&p, &n, "13/7 13/8").is_ok());
    assert_eq!(legal(&p, &n).numbers_used, 2);
}

#[test]
fn r10_decision_one_die_draw_with_the_higher_die_rules_out_lower_die_plays() {
    // Our mother is pinned (under its 1-point checkers); its mother is a blot
    // on our 1. With 6-4: 7/1* (a draw with the 6) or 7/3 (the 4). M is 1
    // and a line uses the higher die (the ending one), so a non-ending play
    // must use the 6: 7/3 is not legal (R10 decision, point 2).
    let p = pos("24:1* 7:1 3:13 / 24:1 10:12 1:2");
    let n = numbers(6, 4, Variant::Standard);
    assert_eq!(notations(&p, &n), vec!["7/1*"]);
    assert_eq!(legal(&p, &n).numbers_used, 1);
    let draw = try_play(&p, &n, "7/1*").unwrap();
    assert_eq!(
        game_result(&draw.position, Scoring::Standard).unwrap().kind,
        ResultKind::Draw
    );
    assert_eq!(
        try_play(&p, &n, "7/3"),
        Err(IllegalPlay::HigherDieRequired(6))
    );
}

#[test]
fn r10_decision_worked_example_a_number_usable_only_by_ending_must_be_played() {
    // docs/rules.md R10 example: X 24:1* 5:1 4:2 2:11, O 24:1 14:1 7:1 3:1 2:4
    // 1:7, X to play 5-4: the only legal play is 5/1* (both mothers pinned:
    // a draw); the pass is illegal.
    let p = pos("24:1* 5:1 4:2 2:11 / 24:1 14:1 7:1 3:1 2:4 1:7");
    let n = numbers(5, 4, Variant::Standard);
    assert_eq!(notations(&p, &n), vec!["5/1*"]);
    assert_eq!(legal(&p, &n).numbers_used, 1);
    let draw = try_play(&p, &n, "5/1*").unwrap();
    assert_eq!(
        game_result(&draw.position, Scoring::Standard).unwrap().kind,
        ResultKind::Draw
    );
    assert!(matches!(
        try_play(&p, &n, "pass"),
        Err(IllegalPlay::TooFewNumbers {
            used: 0,
            required: 1
        })
    ));
}

#[test]
fn r10_decision_passing_is_illegal_when_every_playing_line_ends_the_game() {
    // Only the 5 can be played, and 6/1* ends the game in a draw: M is 1,
    // so the pass (no number used) is not legal.
    let p = pos("24:1* 6:1 5:2 3:5 2:6 / 24:1 23:1* 18:1 4:1 3:1 2:4 1:6");
    let n = numbers(6, 5, Variant::Standard);
    assert_eq!(notations(&p, &n), vec!["6/1*"]);
}

#[test]
fn r10_decision_a_mother_win_with_one_number_rules_out_the_pass() {
    // Our 24 is empty and its mother a blot on our 1. With 6-5 the 20s are
    // blocked (14, 15) and the 5 from 7 lands on its block on 2: the only
    // line that uses a number is 7/1*, which wins by the mother rule (R16).
    let p = pos("20:14 7:1 / 24:1 23:2 11:7 10:5");
    let n = numbers(6, 5, Variant::Standard);
    assert_eq!(notations(&p, &n), vec!["7/1*"]);
    let win = try_play(&p, &n, "7/1*").unwrap();
    let r = game_result(&win.position, Scoring::Standard).unwrap();
    assert_eq!((r.kind, r.winner), (ResultKind::Mother, Some(Seat::OnRoll)));
}

#[test]
fn r10_decision_one_number_plays_are_illegal_beside_a_two_number_ending_line() {
    // Its mother is a blot on our 1 and our 24 is empty. 11/7/1* wins with
    // both dice (11/5 is blocked); 6/2 alone uses the 4 and nothing more
    // can follow it. M is 2 (the ending line), so the
    // one-number play is illegal and the mother win is the only play.
    let p = pos("11:1 6:1 / 24:1 21:1 20:2 17:1 13:1 12:4 10:1 4:3 3:1");
    let n = numbers(6, 4, Variant::Standard);
    assert_eq!(legal(&p, &n).numbers_used, 2);
    assert_eq!(notations(&p, &n), vec!["11/1*"]);
    assert_eq!(
        try_play(&p, &n, "6/2"),
        Err(IllegalPlay::TooFewNumbers {
            used: 1,
            required: 2
        })
    );
}

#[test]
fn r10_decision_r14_bearing_off_the_last_checker_rules_out_the_pass() {
    // Only the 5 can be used, and only by bearing off our last checker,
    // which wins the race (R14): the pass is illegal.
    let p = pos("5:1 / 21:3 11:2 7:2 3:2 2:4 1:2");
    let n = numbers(5, 1, Variant::Standard);
    assert_eq!(notations(&p, &n), vec!["5/off"]);
}

#[test]
fn r20_r10_decision_express_lines_that_end_the_game_set_m() {
    // Express 2-2: four 2s can be played without ending the game, but a
    // line that goes on into the 3s pins its mother on our 1 and wins with
    // five numbers. M is 5: every legal play ends the game.
    let p = pos("6:1 4:3 / 24:1 22:4 18:3 17:1 10:1 7:3 2:1 1:1");
    let n = numbers(2, 2, Variant::Express);
    let list = legal(&p, &n);
    assert_eq!(list.numbers_used, 5);
    assert!(!list.plays.is_empty());
    for play in &list.plays {
        let r = game_result(&play.position, Scoring::Standard);
        assert!(
            r.is_some(),
            "{} does not end the game",
            format_play(&p, play)
        );
    }
}

#[test]
fn r20_r10_decision_r14_express_bearing_off_the_last_checker_sets_m() {
    // Express 2-2 (four 2s, then four 3s, …) with our last three checkers
    // on 4 and its block on our 1. Bearing all three off ends the game (a
    // race win, R14) with the sixth number: 4/2 three times, 2/off with
    // the last 2, then 2/off twice with 3s (nothing higher). The line
    // 4/2/off twice uses four numbers and then sticks: 3s from 4 land on
    // the block and cannot bear off past a higher checker (R13). M counts
    // the ending line (6), so the shorter line is not legal (R10 decision,
    // point 2) and neither is the pass (point 3).
    let p = pos("4:3 / 24:2 1:13");
    let n = numbers(2, 2, Variant::Express);
    let list = legal(&p, &n);
    assert_eq!(list.numbers_used, 6);
    assert_eq!(notations(&p, &n), vec!["4/off(3)"]);
    let win = try_play(&p, &n, "4/off(3)").unwrap();
    assert_eq!(win.steps.len(), 6);
    let r = game_result(&win.position, Scoring::Standard).unwrap();
    assert_eq!((r.kind, r.winner), (ResultKind::Double, Some(Seat::OnRoll)));
    // After 4/2/off twice no number that follows can be played.
    let stuck = pos("4:1 / 24:2 1:13");
    let rest = Numbers::sequence(&[3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6]);
    assert_eq!(legal(&stuck, &rest).numbers_used, 0);
    assert_eq!(
        try_play(&p, &n, "4/off(2)"),
        Err(IllegalPlay::TooFewNumbers {
            used: 4,
            required: 6
        })
    );
    assert!(matches!(
        try_play(&p, &n, "pass"),
        Err(IllegalPlay::TooFewNumbers {
            used: 0,
            required: 6
        })
    ));
}

#[test]
fn r11_sequences_reaching_the_same_position_are_one_play() {
    let p = Position::initial();
    let n = numbers(6, 6, Variant::Standard);
    let a = try_play(&p, &n, "24/18/12 24/18/12").unwrap();
    let b = try_play(&p, &n, "24/12(2)").unwrap();
    let c = try_play(&p, &n, "24/18(2) 18/12(2)").unwrap();
    assert_eq!(a.position, b.position);
    assert_eq!(b.position, c.position);
    let list = legal(&p, &n);
    let mut positions: Vec<_> = list
        .plays
        .iter()
        .map(|p| format!("{:?}", p.position))
        .collect();
    positions.sort();
    positions.dedup();
    assert_eq!(positions.len(), list.len());
}

#[test]
fn r11_distinct_plays_from_the_initial_position_for_all_21_rolls() {
    // Non-doubles: one checker moves both dice or two move one each. Doubles:
    // the partitions of four steps among checkers (6-6 cannot carry one
    // checker 24 pips: that would bear off from outside home).
    let expected = [
        ((1, 1), 5),
        ((2, 1), 2),
        ((2, 2), 5),
        ((3, 1), 2),
        ((3, 2), 2),
        ((3, 3), 5),
        ((4, 1), 2),
        ((4, 2), 2),
        ((4, 3), 2),
        ((4, 4), 5),
        ((5, 1), 2),
        ((5, 2), 2),
        ((5, 3), 2),
        ((5, 4), 2),
        ((5, 5), 5),
        ((6, 1), 2),
        ((6, 2), 2),
        ((6, 3), 2),
        ((6, 4), 2),
        ((6, 5), 2),
        ((6, 6), 4),
    ];
    let mut seen = 0;
    for (dice, _) in Dice::all_rolls() {
        let key = (dice.0.pips(), dice.1.pips());
        let count = expected.iter().find(|(k, _)| *k == key).unwrap().1;
        assert_eq!(
            legal(&Position::initial(), &dice.numbers(Variant::Standard)).len(),
            count,
            "{dice}"
        );
        seen += 1;
    }
    assert_eq!(seen, 21);
}

// ---------------------------------------------------------------- R12–R13

#[test]
fn r12_bear_off_only_with_all_home() {
    let p = pos("8:1 3:14 / 24:15");
    let err = try_play(&p, &numbers(3, 1, Variant::Standard), "3/off 8/7").unwrap_err();
    assert!(err.to_string().contains("cannot bear off"), "{err}");
}

#[test]
fn r12_right_gained_mid_turn_may_be_used_with_the_remaining_die() {
    let p = pos("8:1 3:14 / 24:15");
    let n = numbers(5, 3, Variant::Standard);
    let a = try_play(&p, &n, "8/3 3/off").unwrap();
    let b = try_play(&p, &n, "8/5 5/off").unwrap();
    assert_eq!(a.position.own_off(), 1);
    assert_eq!(a.position, b.position);
}

#[test]
fn r12_right_lost_while_a_checker_is_pinned_tzannes_rule_9() {
    // Our checker on 4 is pinned under its checker (its 21).
    let p = pos("4:1* 3:13 off:1 / 24:14 21:1");
    let n = numbers(3, 3, Variant::Standard);
    let err = try_play(&p, &n, "3/off").unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot bear off: checker pinned on 4 (R12)"
    );
    assert!(
        legal(&p, &n)
            .plays
            .iter()
            .all(|pl| pl.position.own_off() == 1)
    );
}

#[test]
fn r13_die_matching_an_occupied_point_bears_off_from_it() {
    let p = pos("5:2 3:13 / 24:15");
    let play = try_play(&p, &numbers(3, 1, Variant::Standard), "3/off 5/4").unwrap();
    assert_eq!(play.position.own_off(), 1);
}

#[test]
fn r13_empty_point_with_a_higher_checker_must_move_normally() {
    let p = pos("5:2 3:13 / 10:15");
    let n = numbers(4, 4, Variant::Standard);
    let err = try_play(&p, &n, "3/off(4)").unwrap_err();
    assert!(
        err.to_string().contains("the checker on 5 must move first"),
        "{err}"
    );
    // Normal moves inside home are the alternative: 5/1(2) then the 4s bear
    // off from 3, now the highest point.
    assert!(try_play(&p, &n, "5/1(2) 3/off(2)").is_ok());
}

#[test]
fn r13_empty_point_and_nothing_higher_bears_off_from_the_highest() {
    let p = pos("5:2 3:13 / 24:15");
    let play = try_play(&p, &numbers(6, 6, Variant::Standard), "5/off(2) 3/off(2)").unwrap();
    assert_eq!(play.position.own_off(), 4);
}

#[test]
fn r13_worked_example_a_sum_may_bear_off_when_its_intermediate_step_is_legal() {
    // Primer fig. 3: 6/2/off with 4-2 from a home board, none pinned.
    let p = pos("6:3 4:4 2:8 / 24:15");
    let n = numbers(4, 2, Variant::Standard);
    let play = try_play(&p, &n, "6/2/off").unwrap();
    assert_eq!(play.position.own_off(), 1);
    assert_eq!(format_play(&p, &play), "6/off");
    // ... and not when both intermediate points are blocked (its 23 and 21
    // are our 2 and 4).
    let blocked = pos("6:3 5:12 / 24:11 23:2 21:2");
    let err = try_play(&blocked, &n, "6/2/off").unwrap_err();
    assert!(
        err.to_string().contains("blocked") || err.to_string().contains("cannot"),
        "{err}"
    );
}

// ---------------------------------------------------------------- R14–R18

#[test]
fn r14_first_to_bear_off_all_wins_and_unused_numbers_are_void() {
    let p = pos("1:1 off:14 / 10:15");
    let n = numbers(6, 5, Variant::Standard);
    let list = legal(&p, &n);
    assert_eq!(list.len(), 1);
    assert_eq!(list.plays[0].steps.len(), 1);
    let r = game_result(&list.plays[0].position, Scoring::Standard).unwrap();
    assert_eq!(
        (r.kind, r.points(Scoring::Standard)),
        (ResultKind::Double, 2)
    );
}

#[test]
fn r15_the_mother_is_the_last_checker_on_the_starting_point() {
    // One checker left on our 24 is our mother; pinning it needs a single one.
    let p = pos("24:1 13:14 / 19:1 6:14");
    // Its checker on its 19 (our 6) may reach our 24? It moves toward its 1:
    // our 24 is its 1. From its 6 (our 19) a 5 lands on its 1 = our 24.
    let opp_view = p.flip();
    let play = try_play(&opp_view, &numbers(5, 1, Variant::Standard), "6/1* 19/18");
    let after = play.unwrap().position.flip();
    assert!(after.own_pinned_at(Point::START), "our mother is pinned");
}

#[test]
fn r16_mother_win_when_the_pinner_has_left_its_starting_point() {
    let p = pos("13:14 7:1 / 24:1 6:14");
    let win = try_play(&p, &numbers(6, 1, Variant::Standard), "7/1*").unwrap();
    let r = game_result(&win.position, Scoring::Standard).unwrap();
    assert_eq!(
        r,
        plakoto_rules::GameResult {
            kind: ResultKind::Mother,
            winner: Some(Seat::OnRoll)
        }
    );
    assert_eq!(r.points(Scoring::Standard), 2);
}

#[test]
fn r16_game_goes_on_while_the_pinner_still_has_checkers_on_its_start() {
    let p = pos("24:2 13:12 7:1 / 24:1 6:14");
    let n = numbers(6, 1, Variant::Standard);
    let play = try_play(&p, &n, "7/1* 13/12").unwrap();
    assert_eq!(game_result(&play.position, Scoring::Standard), None);
}

#[test]
fn r16_decision_checked_after_each_step_a_mid_turn_win_ends_the_play() {
    // 6-1 with our last checker on 24: whichever step comes second wins.
    let p = pos("24:1 13:13 7:1 / 24:1 6:14");
    let n = numbers(6, 1, Variant::Standard);
    let a = try_play(&p, &n, "7/1* 24/23").unwrap();
    assert_eq!(
        game_result(&a.position, Scoring::Standard).unwrap().kind,
        ResultKind::Mother
    );
    // With 6-6 the first pin wins at once when our 24 is empty: no play goes
    // on after the step that ended the game.
    let q = pos("13:14 7:1 / 24:1 6:14");
    let list = legal(&q, &numbers(6, 6, Variant::Standard));
    assert!(list.plays.iter().any(|pl| pl.steps.len() == 1));
    for play in &list.plays {
        if game_result(&play.position, Scoring::Standard).is_some() {
            let mut before = q;
            let steps: Vec<_> = play.steps.iter().collect();
            for s in &steps[..steps.len() - 1] {
                before.try_step(*s).unwrap();
                assert!(
                    game_result(&before, Scoring::Standard).is_none(),
                    "a step after the end"
                );
            }
        }
    }
}

#[test]
fn r16_both_mothers_pinned_is_a_draw() {
    let p = pos("24:1* 13:13 7:1 / 24:1 6:12 1:2");
    let play = try_play(&p, &numbers(6, 1, Variant::Standard), "7/1*").unwrap();
    let r = game_result(&play.position, Scoring::Standard).unwrap();
    assert_eq!(
        (r.kind, r.winner, r.points(Scoring::Standard)),
        (ResultKind::Draw, None, 0)
    );
}

#[test]
fn r17_standard_scoring_single_double_mother_draw() {
    let single = game_result(&pos("- / 3:14 off:1"), Scoring::Standard).unwrap();
    assert_eq!(
        (single.kind, single.points(Scoring::Standard)),
        (ResultKind::Single, 1)
    );
    let double = game_result(&pos("- / 20:15"), Scoring::Standard).unwrap();
    assert_eq!(
        (double.kind, double.points(Scoring::Standard)),
        (ResultKind::Double, 2)
    );
    let mother = game_result(&pos("13:14 1:1 / 24:1* 6:14"), Scoring::Standard).unwrap();
    assert_eq!(
        (mother.kind, mother.points(Scoring::Standard)),
        (ResultKind::Mother, 2)
    );
}

#[test]
fn r18_tzannes_scoring_triple_and_mother_three() {
    let triple = game_result(&pos("- / 20:1 5:14"), Scoring::Tzannes).unwrap();
    assert_eq!(
        (triple.kind, triple.points(Scoring::Tzannes)),
        (ResultKind::Triple, 3)
    );
    let gammon = game_result(&pos("- / 18:1 5:14"), Scoring::Tzannes).unwrap();
    assert_eq!(gammon.points(Scoring::Tzannes), 2);
    let mother = game_result(&pos("13:14 1:1 / 24:1* 6:14"), Scoring::Tzannes).unwrap();
    assert_eq!(mother.points(Scoring::Tzannes), 3);
}

#[test]
fn r18_decision_tzannes_is_an_option_standard_the_default() {
    assert_eq!(Rules::default().scoring, Scoring::Standard);
    assert!(Rules::new(Variant::Standard, Scoring::Tzannes).is_ok());
}

// ---------------------------------------------------------------- R19

#[test]
fn r19_opening_roll_higher_die_starts_equal_rolls_again() {
    let mut g = Game::new(Rules::default());
    assert_eq!(
        g.opening_roll(Die::new(3).unwrap(), Die::new(3).unwrap())
            .unwrap(),
        None
    );
    assert_eq!(g.phase(), Phase::Opening);
    assert_eq!(
        g.opening_roll(Die::new(2).unwrap(), Die::new(5).unwrap())
            .unwrap(),
        Some(Side::O)
    );
    assert_eq!(
        (g.on_roll(), g.phase(), g.dice()),
        (Side::O, Phase::Playing, None)
    );
    // The opening roll is not played: the starter now rolls both dice.
    assert!(matches!(
        g.legal_plays(&mut MoveGenerator::default()),
        Err(GameError::State(_))
    ));
    g.set_dice(Dice::new(6, 4).unwrap()).unwrap();
    assert!(
        g.play_written("24/14", &mut MoveGenerator::default())
            .is_ok()
    );
}

#[test]
fn r19_winner_of_a_game_starts_the_next_and_a_draw_rerolls() {
    let mut score = MatchScore::new(5);
    let win = plakoto_rules::FinalResult {
        kind: ResultKind::Single,
        winner: Some(Side::O),
        points: 1,
    };
    let starter = score.record(&win);
    assert_eq!(starter, Some(Side::O));
    let next = Game::started_by(Rules::default(), Side::O);
    assert_eq!((next.on_roll(), next.phase()), (Side::O, Phase::Playing));
    let draw = plakoto_rules::FinalResult {
        kind: ResultKind::Draw,
        winner: None,
        points: 0,
    };
    assert_eq!(score.record(&draw), None);
    assert_eq!(Game::new(Rules::default()).phase(), Phase::Opening);
}

// ---------------------------------------------------------------- R20–R22

#[test]
fn r20_escalating_doubles_counts_from_the_initial_position() {
    for (die, count) in [(6, 4), (5, 74), (4, 2_578), (3, 59_810), (2, 627_658)] {
        let list = legal(&Position::initial(), &numbers(die, die, Variant::Express));
        assert_eq!((list.len(), list.truncated), (count, false), "{die}-{die}");
    }
}

#[test]
#[ignore = "half a minute for one list: run with the full checks (tests/rules/scale.rs)"]
fn r20_escalating_one_one_reaches_four_million_plays() {
    let list = legal(&Position::initial(), &numbers(1, 1, Variant::Express));
    assert_eq!(
        (list.len(), list.truncated, list.numbers_used),
        (4_148_343, false, 24)
    );
}

#[test]
fn r20_limits_are_reported_when_hit() {
    let mut g = MoveGenerator::new(plakoto_rules::GenLimits {
        max_positions: 1_000,
    });
    let mut out = PlayList::default();
    g.generate(
        &Position::initial(),
        &numbers(3, 3, Variant::Express),
        &mut out,
    );
    assert!(out.truncated);
    assert!(out.len() <= 1_000);
}

#[test]
fn r20_numbers_are_played_in_order_stopping_at_the_first_unplayable() {
    // 5-5 Express: four 5s then four 6s. From our 24 only: 24/19/14/9/4
    // uses the 5s; 6s land on 18, 13, 8 (blocked: its 17 = our 8).
    let p = pos("24:15 / 24:13 17:2");
    let list = legal(&p, &numbers(5, 5, Variant::Express));
    assert!(list.numbers_used >= 4);
    for play in &list.plays {
        let dice = play.steps.dice();
        let expected: Vec<u8> = [5, 5, 5, 5, 6, 6, 6, 6][..dice.len()].to_vec();
        assert_eq!(dice, expected, "numbers out of order");
    }
}

#[test]
fn r20_worked_example_five_five_carries_one_checker_round_to_pin() {
    // Primer fig. 5: 24/19/14/9/4 pins an opposing blot on our 4 (its 21).
    let p = pos("24:15 / 24:14 21:1");
    let n = numbers(5, 5, Variant::Standard);
    let play = try_play(&p, &n, "24/19/14/9/4").unwrap();
    assert!(play.position.opp_pinned_at(point(4)));
    assert_eq!(format_play(&p, &play), "24/4*");
}

#[test]
fn r21_unused_numbers_pass_to_the_opponent_who_plays_them_then_rolls() {
    // X on roll, Express, 6-1: only the 6 can be played (blocks on our 23
    // and 3); the 1 passes to O, who plays it and then rolls.
    let start = pos("24:14 10:1 / 24:9 22:2 7:2 2:2");
    let mut g = Game::from_parts(
        Rules {
            variant: Variant::Express,
            scoring: Scoring::Standard,
        },
        start,
        Side::X,
        Dice::new(6, 1),
        None,
        Phase::Playing,
    )
    .unwrap();
    let mut generator = MoveGenerator::default();
    let report = g.play_written("10/4", &mut generator).unwrap();
    assert_eq!(report.passed.unwrap().to_vec(), vec![1]);
    assert_eq!(
        (g.on_roll(), g.passed().unwrap().to_vec(), g.dice()),
        (Side::O, vec![1], None)
    );
    // O must play the passed 1 before rolling.
    assert!(g.set_dice(Dice::new(3, 2).unwrap()).is_err());
    let list = g.legal_plays(&mut generator).unwrap();
    assert_eq!(list.numbers_used, 1);
    let play = list.plays[0];
    g.play(&play, &mut generator).unwrap();
    assert_eq!((g.on_roll(), g.passed()), (Side::O, None));
    assert!(g.set_dice(Dice::new(3, 2).unwrap()).is_ok());
}

#[test]
fn r21_two_unused_dice_pass_as_a_normal_roll_and_unusable_ones_are_void() {
    let n = numbers(5, 2, Variant::Express);
    assert_eq!(n.remainder(&[]), Some(n));
    // Passed numbers the receiver cannot use are void: no pass back.
    let start = pos("24:15 / 24:11 7:2 6:2");
    let mut g = Game::from_parts(
        Rules {
            variant: Variant::Express,
            scoring: Scoring::Standard,
        },
        start.flip(),
        Side::O,
        None,
        Some(numbers(6, 5, Variant::Express)),
        Phase::Playing,
    )
    .unwrap();
    let mut generator = MoveGenerator::default();
    // O (on roll, seen from its side) has passed 6-5; whatever it plays, the
    // turn then stays with O, which rolls next.
    let list = g.legal_plays(&mut generator).unwrap();
    let play = list.plays[0];
    let report = g.play(&play, &mut generator).unwrap();
    assert_eq!(report.passed, None);
    assert_eq!((g.on_roll(), g.passed()), (Side::O, None));
}

#[test]
fn r22_express_scores_as_standard_and_keeps_the_mother_rule() {
    assert!(Rules::new(Variant::Express, Scoring::Tzannes).is_err());
    let p = pos("13:14 7:1 / 24:1 6:14");
    let n = numbers(6, 6, Variant::Express);
    let win = try_play(&p, &n, "7/1*").unwrap();
    let r = game_result(&win.position, Scoring::Standard).unwrap();
    assert_eq!(
        (r.kind, r.points(Scoring::Standard)),
        (ResultKind::Mother, 2)
    );
}

// ---------------------------------------------------------------- worked examples

#[test]
fn worked_example_opening_six_six_makes_a_block_on_12() {
    let p = Position::initial();
    let play = try_play(&p, &numbers(6, 6, Variant::Standard), "24/18(2) 18/12(2)").unwrap();
    assert_eq!(play.position.own_count(point(12)), 2);
    assert_eq!(play.position.own_count(point(24)), 13);
    assert_eq!(format_play(&p, &play), "24/12(2)");
}

#[test]
fn worked_example_opening_three_one_leaves_two_builders() {
    let p = Position::initial();
    let play = try_play(&p, &numbers(3, 1, Variant::Standard), "24/23 24/21").unwrap();
    assert_eq!(
        (
            play.position.own_count(point(23)),
            play.position.own_count(point(21))
        ),
        (1, 1)
    );
    assert_eq!(format_play(&p, &play), "24/23 24/21");
}

#[test]
fn r23_orientation_never_changes_the_position_or_its_id() {
    // Drawing in both orientations is tested with the protocol's board; the
    // position and its ID are independent of how it is drawn.
    let p = pos("24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2");
    let id = plakoto_rules::position_id(&p);
    assert_eq!(plakoto_rules::parse_position_id(&id).unwrap(), p);
}

#[test]
fn r20_a_play_missing_from_a_truncated_list_is_checked_step_by_step() {
    // Express 3-3 has 59,810 plays from the start; list only the first 500.
    let p = Position::initial();
    let n = numbers(3, 3, Variant::Express);
    let mut capped = PlayList::default();
    MoveGenerator::new(plakoto_rules::GenLimits { max_positions: 500 }).generate(
        &p,
        &n,
        &mut capped,
    );
    assert!(capped.truncated);
    let full = legal(&p, &n);
    let missing: Vec<&Play> = full
        .plays
        .iter()
        .filter(|pl| capped.find(&pl.position).is_none())
        .take(50)
        .collect();
    assert!(!missing.is_empty());
    for play in missing {
        let text = format_play(&p, play);
        let parsed: ParsedPlay = text.parse().unwrap();
        let got = resolve_play(&p, &n, &capped, &parsed).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(got.position, play.position, "{text}");
        assert_eq!(got.steps.len(), 16, "{text}");
    }
    // A play that stops early is still refused (R10): all 16 numbers can be used.
    let short: ParsedPlay = "24/21 24/21".parse().unwrap();
    assert!(resolve_play(&p, &n, &capped, &short).is_err());
}

#[test]
fn r20_a_play_using_every_number_is_made_without_listing_plays() {
    // Express 1-1 from the start (4,148,343 plays): four checkers carried
    // 24/23/21/18/14/9/3 one number at a time, in order.
    let rules = Rules {
        variant: Variant::Express,
        scoring: Scoring::Standard,
    };
    let mut g = Game::from_parts(
        rules,
        Position::initial(),
        Side::X,
        Dice::new(1, 1),
        None,
        Phase::Playing,
    )
    .unwrap();
    let mut play = Play {
        position: Position::initial(),
        steps: plakoto_rules::StepList::EMPTY,
    };
    for die in 1..=6u8 {
        for _ in 0..4 {
            let from = 25 - (1..die).sum::<u8>() - 1;
            let step = plakoto_rules::Step {
                from: point(from),
                die: Die::new(die).unwrap(),
            };
            play.position.try_step(step).unwrap();
            play.steps.push(step);
        }
    }
    let before = g.clone();
    let mut short = play;
    short.steps.pop();
    assert!(g.play_using_every_number(&short).is_err());
    assert_eq!(g, before, "a refused play changes nothing");
    let report = g.play_using_every_number(&play).unwrap();
    assert_eq!(report.notation, "24/3(4)");
    assert_eq!((g.on_roll(), g.passed()), (Side::O, None));
}
