//! Fevga (F1–F16 of docs/rules.md) under the default switches: one or
//! more tests a rule, named after it, and the worked examples of F15
//! exactly as the specification writes them. F4 (display) has no
//! behaviour to test. The switches are tested both ways in
//! `fevga_switches`; the generator is compared with a brute-force one in
//! `fevga_reference`.
//!
//! Positions are written as each side numbers its own points (F2); "W" is
//! the side on roll, "O" the other. Every list of plays a test looks at
//! is also checked for R11 and the notation round trip (`fevga_common`).

use std::collections::BTreeSet;

use plakoto_rules::Fevga;
use plakoto_rules::fevga::{
    CHECKERS, FevgaPosition, FevgaPositionError, FevgaRules, FevgaStep, FevgaStepError, check_step,
    fevga_board_text, fevga_points, fevga_result, is_released, other_numbering,
    parse_fevga_board_text, wall_to_open,
};
use plakoto_rules::tavli::{Opening, TableGame};
use plakoto_rules::{Dice, Die, Phase, Point, ResultKind, Seat, Side, TavliGame};

use crate::fevga_common::{fevga, legal, legal_with, lists, named, notations, rules_with};

fn step(from: u8, die: u8) -> FevgaStep {
    FevgaStep {
        from: Point::new(from).unwrap(),
        die: Die::new(die).unwrap(),
    }
}

/// The default rules' verdict on one step (the positional rules checked
/// after it, as `every_step` does).
fn try_step(position: &FevgaPosition, from: u8, die: u8) -> Result<FevgaPosition, FevgaStepError> {
    check_step(position, &FevgaRules::default(), step(from, die), true)
}

/// The mover's checkers, point by point, after each legal play.
fn sides_after(position: &FevgaPosition, a: u8, b: u8) -> BTreeSet<[u8; 24]> {
    legal(position, a, b)
        .plays
        .iter()
        .map(|p| p.position.sides().0)
        .collect()
}

/// Mover's sides from (point, count) lists.
fn sides(lists: &[&[(u8, u8)]]) -> BTreeSet<[u8; 24]> {
    lists
        .iter()
        .map(|list| fevga(list, &[(24, 15)]).sides().0)
        .collect()
}

// ---------------------------------------------------------------------
// F1–F3: board, numbering, setup.

#[test]
fn f1_fifteen_checkers_a_side_one_side_to_a_point_and_no_bar() {
    let start = FevgaPosition::start();
    let (mine, theirs) = start.sides();
    let total = |s: &[u8; 24]| s.iter().map(|&c| u32::from(c)).sum::<u32>();
    assert_eq!((total(&mine), total(&theirs)), (15, 15));
    let mut sixteen = [0u8; 24];
    sixteen[23] = 16;
    assert_eq!(
        FevgaPosition::from_sides(sixteen, theirs),
        Err(FevgaPositionError::TooMany {
            side: "own",
            count: 16
        })
    );
    // No hitting: a point never holds both sides (O's 12 is W's 24).
    let mut o_on_w24 = [0u8; 24];
    o_on_w24[11] = 1;
    assert_eq!(
        FevgaPosition::from_sides(mine, o_on_w24),
        Err(FevgaPositionError::SharedPoint(24))
    );
    // No bar.
    assert!(parse_fevga_board_text("bar:1 24:14 / 24:15").is_err());
    // No draw: both sides cannot have borne off all 15.
    assert_eq!(
        FevgaPosition::from_sides([0; 24], [0; 24]),
        Err(FevgaPositionError::BothOff)
    );
}

#[test]
fn f2_a_sides_point_p_is_the_others_s_of_p() {
    for p in 1..=24u8 {
        assert_eq!(other_numbering(p), (p + 11) % 24 + 1, "S({p})");
        assert_eq!(other_numbering(other_numbering(p)), p, "an involution");
    }
    for (p, q) in [(24, 12), (12, 24), (13, 1), (1, 13)] {
        assert_eq!(other_numbering(p), q);
    }
    // O's checkers on its 3 and its 24 stand on W's 15 and 12 — not on
    // Plakoto's 25 − p (W's 22 and 1).
    let p = fevga(&[(24, 15)], &[(3, 2), (24, 13)]);
    assert_eq!((p.opp_at(15), p.opp_at(12)), (2, 13));
    assert_eq!((p.opp_at(22), p.opp_at(1)), (0, 0));
    // Seen from O the same board reads the other way.
    let seen = p.flipped();
    assert_eq!(
        (seen.own_at(3), seen.own_at(24), seen.opp_at(12)),
        (2, 13, 15)
    );
    assert_eq!(seen.flipped(), p);
}

#[test]
fn f2_the_home_board_is_the_opponents_13_to_18_and_7_to_12_its_starting_quarter() {
    for p in 1..=6u8 {
        assert_eq!(other_numbering(p), p + 12);
    }
    for p in 7..=12u8 {
        assert_eq!(other_numbering(p), p + 12, "W's 7–12 is O's 19–24");
    }
    // O's starting point is in W's 7–12: W's 12.
    assert_eq!(FevgaPosition::start().opp_at(12), 15);
}

#[test]
fn f3_all_fifteen_on_each_sides_24_point_diagonally_opposite() {
    let start = FevgaPosition::start();
    assert_eq!(start.own_at(24), 15);
    assert_eq!(start.opp_at(12), 15);
    for p in 1..=24u8 {
        if p != 24 && p != 12 {
            assert_eq!(start.signed_at(p), 0, "point {p}");
        }
    }
    assert_eq!(start.flipped(), start, "the setup is the same for both");
    assert_eq!((start.own_pips(), start.opp_pips()), (360, 360));
    assert_eq!((start.own_off(), start.opp_off()), (0, 0));
    assert_eq!(fevga_board_text(&start), "24:15 / 24:15");
}

// ---------------------------------------------------------------------
// F5–F6: held points, dice.

#[test]
fn f5_a_single_opposing_checker_closes_a_point() {
    // One O checker on its 6 = W's 18.
    let p = fevga(&[(24, 15)], &[(6, 1), (24, 14)]);
    assert_eq!(try_step(&p, 24, 6), Err(FevgaStepError::Held));
    assert!(try_step(&p, 24, 5).is_ok());
    // 6-5 can reach 13 only through the open 19.
    assert_eq!(notations(&p, 6, 5), vec!["24/19/13"]);
}

#[test]
fn f5_every_intermediate_landing_must_be_open() {
    // 6-5 from the start with O on W's 18 and 19 (its 6 and 7): 13 is
    // open, but both ways there touch down on a held point.
    let both = fevga(&[(24, 15)], &[(6, 1), (7, 1), (24, 13)]);
    let list = legal(&both, 6, 5);
    assert_eq!(list.numbers_used, 0);
    assert_eq!(list.plays[0].position, both);
    // A double may not touch down on a held point either: 3-3 with W's 18
    // held stops at 21 (and no second checker may leave, F7).
    let one = fevga(&[(24, 15)], &[(6, 1), (24, 14)]);
    let list = legal(&one, 3, 3);
    assert_eq!(list.numbers_used, 1);
    assert_eq!(notations(&one, 3, 3), vec!["24/21"]);
}

#[test]
fn f5_any_number_of_checkers_may_stand_on_an_own_or_empty_point() {
    // Released by its checker on 7, W may pile four on its 18.
    let p = fevga(&[(24, 14), (7, 1)], &[(24, 15)]);
    let list = legal(&p, 6, 6);
    assert!(lists(&p, &list, "24/18(4)"));
    assert_eq!(named(&p, &list, "24/18(4)").position.own_at(18), 4);
}

#[test]
fn f6_doubles_are_played_four_times() {
    let p = fevga(&[(24, 14), (9, 1)], &[(24, 15)]);
    let list = legal(&p, 2, 2);
    assert_eq!(list.numbers_used, 4);
    assert!(list.plays.iter().all(|play| play.steps.len() == 4));
    // One checker may take all four: 24/22/20/18/16.
    assert_eq!(
        named(&p, &list, "24/22/20/18/16").position.own_at(16),
        1,
        "one checker four times"
    );
}

#[test]
fn f6_both_numbers_must_be_played_when_they_can() {
    // The runner on 20 can stop on 14 or 15 with one die, but both dice
    // can be played: only 20/9 is legal.
    let p = fevga(&[(24, 14), (20, 1)], &[(24, 15)]);
    let list = legal(&p, 6, 5);
    assert_eq!(list.numbers_used, 2);
    assert_eq!(sides_after(&p, 6, 5), sides(&[&[(24, 14), (9, 1)]]));
    assert!(!lists(&p, &list, "20/14"));
}

#[test]
fn f6_the_higher_die_when_only_one_number_can_be_played() {
    // Runner on 20, O on W's 10 (its 22): 20/14 and 20/16 are open, but
    // both continue to the held 10; the 24-point may not move (F7).
    let p = fevga(&[(24, 14), (20, 1)], &[(22, 1), (24, 14)]);
    let list = legal(&p, 6, 4);
    assert_eq!(list.numbers_used, 1);
    assert_eq!(notations(&p, 6, 4), vec!["20/14"]);
    // With W's 14 held too (O's 2), only the 4 can be played: play it.
    let q = fevga(&[(24, 14), (20, 1)], &[(22, 1), (2, 1), (24, 13)]);
    assert_eq!(notations(&q, 6, 4), vec!["20/16"]);
}

#[test]
fn f6_when_no_number_can_be_played_the_turn_passes() {
    // F15(h) is the rule's example; here the runner on 19 faces O on W's
    // 13 and 14 (its 1 and 2) with 6-5.
    let p = fevga(&[(24, 14), (19, 1)], &[(1, 1), (2, 1), (24, 13)]);
    let list = legal(&p, 6, 5);
    assert_eq!(list.numbers_used, 0);
    assert_eq!(list.plays.len(), 1);
    assert!(list.plays[0].steps.is_empty());
    assert_eq!(list.plays[0].position, p);
    assert_eq!(notations(&p, 6, 5), vec!["pass"]);
}

#[test]
fn f6_a_play_that_ends_the_game_is_one_position() {
    // Two checkers left, 6-6: both off with two sixes; the rest is void.
    let p = fevga(&[(2, 1), (1, 1)], &[(5, 15)]);
    let list = legal(&p, 6, 6);
    assert_eq!(list.plays.len(), 1);
    assert_eq!(list.plays[0].position.own_off(), CHECKERS);
    assert_eq!(list.plays[0].steps.len(), 2);
}

// ---------------------------------------------------------------------
// F7: the runner.

#[test]
fn f7_from_the_start_one_checker_leaves_and_becomes_the_runner() {
    let start = FevgaPosition::start();
    assert!(!is_released(&start, Default::default()));
    let after = try_step(&start, 24, 3).unwrap();
    assert_eq!((after.own_at(24), after.own_at(21)), (14, 1));
    // No second checker may leave the 24-point.
    assert_eq!(try_step(&after, 24, 3), Err(FevgaStepError::RunnerFirst));
}

#[test]
fn f7_until_released_only_the_runner_moves() {
    // Runner on 18 with 2-1: 24/22 or 24/23 would be open, but only the
    // runner moves: 18/16/15 = 18/17/15, one play.
    let p = fevga(&[(24, 14), (18, 1)], &[(24, 15)]);
    assert_eq!(try_step(&p, 24, 2), Err(FevgaStepError::RunnerFirst));
    assert_eq!(sides_after(&p, 2, 1), sides(&[&[(24, 14), (15, 1)]]));
    // A runner on 12 (O having left its start) has not passed it yet.
    let q = fevga(&[(24, 14), (12, 1)], &[(5, 15)]);
    assert!(!is_released(&q, Default::default()));
    assert_eq!(try_step(&q, 24, 1), Err(FevgaStepError::RunnerFirst));
}

#[test]
fn f7_the_runner_may_not_stop_on_the_opponents_starting_point() {
    let p = fevga(&[(24, 14), (18, 1)], &[(24, 15)]);
    assert_eq!(try_step(&p, 18, 6), Err(FevgaStepError::Held));
}

#[test]
fn f7_a_step_that_releases_frees_the_rest_of_the_turn_for_any_checker() {
    // Runner on 16, 5-5: 16/11 releases W, and the three other fives may
    // take three checkers off the 24-point.
    let p = fevga(&[(24, 14), (16, 1)], &[(24, 15)]);
    let list = legal(&p, 5, 5);
    let three = named(&p, &list, "24/19(3) 16/11");
    assert_eq!(
        (three.position.own_at(24), three.position.own_at(19)),
        (11, 3)
    );
    // The release is tested before each step: the first five, made from
    // 24 before the runner has passed, is not a play.
    assert!(!lists(&p, &list, "24/19(4)"));
}

#[test]
fn f7_a_blocked_runner_loses_the_numbers_no_other_checker_may_take_them() {
    // Runner on 19, O on W's 13 and 14: neither die moves the runner, and
    // 24/18 and 24/19, though open, may not be played.
    let p = fevga(&[(24, 14), (19, 1)], &[(1, 1), (2, 1), (24, 13)]);
    assert_eq!(try_step(&p, 24, 6), Err(FevgaStepError::RunnerFirst));
    assert_eq!(legal(&p, 6, 5).numbers_used, 0);
    // With 5-4 the runner goes 19/15/10 through the open 15 (19/14 is
    // held): one play.
    assert_eq!(notations(&p, 5, 4), vec!["19/15/10"]);
}

#[test]
fn f7_a_checker_borne_off_releases_the_side() {
    let p = fevga(&[(24, 14)], &[(5, 15)]);
    assert_eq!(p.own_off(), 1);
    assert!(is_released(&p, Default::default()));
    assert!(try_step(&p, 24, 6).is_ok());
}

// ---------------------------------------------------------------------
// F8: the starting quarter.

#[test]
fn f8_no_step_may_close_all_six_points_of_the_own_starting_quarter() {
    // W holds 24, 23, 22, 21, 20; 24/19 would close 19–24.
    let p = fevga(
        &[(24, 10), (23, 1), (22, 1), (21, 1), (20, 1), (8, 1)],
        &[(16, 15)],
    );
    assert_eq!(try_step(&p, 24, 5), Err(FevgaStepError::QuarterClosed));
    let list = legal(&p, 5, 1);
    assert_eq!(list.numbers_used, 2);
    for play in &list.plays {
        assert!(
            (19..=24).any(|q| play.position.own_at(q) == 0),
            "{:?} closes the quarter",
            play.steps
        );
    }
    // Shifting inside the quarter keeps a gap and is legal: 20/19 first,
    // then 24/19.
    assert!(lists(&p, &list, "24/19 20/19"));
    assert!(!lists(&p, &list, "24/19 8/7"));
    // Without the rule (`fevga.quarter_rule=none`) that play is legal.
    let none = rules_with("fevga.quarter_rule", "none");
    assert!(lists(&p, &legal_with(&none, &p, 5, 1), "24/19 8/7"));
}

#[test]
fn f8_the_quarter_rule_binds_even_with_no_opponent_behind() {
    // Every O checker is past W's quarter (on its 2 and 3 = W's 14, 15):
    // 24/19 still may not close it.
    let p = fevga(
        &[(24, 9), (23, 1), (22, 1), (21, 1), (20, 1), (5, 2)],
        &[(3, 5), (2, 10)],
    );
    assert_eq!(try_step(&p, 24, 5), Err(FevgaStepError::QuarterClosed));
    assert!(!lists(&p, &legal(&p, 5, 1), "24/19 5/4"));
    let none = rules_with("fevga.quarter_rule", "none");
    assert!(lists(&p, &legal_with(&none, &p, 5, 1), "24/19 5/4"));
}

// ---------------------------------------------------------------------
// F9: primes and the unblocking duty.

/// All 15 O checkers on O's 9 (W's 21); W holds O's 8–3 (W's 20–15) with
/// two checkers each and three on its 5.
fn gathered_behind_a_wall() -> FevgaPosition {
    fevga(
        &[(20, 2), (19, 2), (18, 2), (17, 2), (16, 2), (15, 2), (5, 3)],
        &[(9, 15)],
    )
}

fn keeps(position: &FevgaPosition, wall: &[u8]) -> bool {
    wall.iter().all(|&p| position.own_at(p) > 0)
}

#[test]
fn f9_a_wall_in_front_of_an_opponent_gathered_on_one_point_must_be_opened() {
    let p = gathered_behind_a_wall();
    let mut wall = wall_to_open(&p).expect("the duty applies");
    wall.sort();
    assert_eq!(wall, [15, 16, 17, 18, 19, 20]);
    let none = rules_with("fevga.prime_rule", "none");
    let mut kept_without_the_duty = 0;
    for (dice, _) in Dice::all_rolls() {
        let (a, b) = (dice.0.pips(), dice.1.pips());
        let list = legal(&p, a, b);
        assert!(list.numbers_used > 0);
        for play in &list.plays {
            assert!(!keeps(&play.position, &wall), "{a}-{b}: {:?}", play.steps);
        }
        let free = legal_with(&none, &p, a, b);
        kept_without_the_duty += usize::from(free.plays.iter().any(|q| keeps(&q.position, &wall)));
    }
    assert!(kept_without_the_duty > 10, "the duty removed plays");
}

#[test]
fn f9_the_duty_needs_the_whole_army_on_the_one_point_right_behind_the_wall() {
    let keeps_some = |p: &FevgaPosition| {
        legal(p, 2, 1)
            .plays
            .iter()
            .any(|q| keeps(&q.position, &[15, 16, 17, 18, 19, 20]))
    };
    let wall = [(20, 2), (19, 2), (18, 2), (17, 2), (16, 2), (15, 2), (5, 3)];
    // One O checker elsewhere: no duty.
    let split = fevga(&wall, &[(9, 14), (2, 1)]);
    assert_eq!(wall_to_open(&split), None);
    assert!(keeps_some(&split));
    // The army one point further back (O's 10): a gap in front, no duty.
    let back = fevga(&wall, &[(10, 15)]);
    assert_eq!(wall_to_open(&back), None);
    assert!(keeps_some(&back));
    assert!(!keeps_some(&gathered_behind_a_wall()));
}

#[test]
fn f9_the_duty_lapses_when_no_play_r10_allows_opens_the_wall() {
    // W home on 1–6 with 1, 2, 3, 3, 3, 3; all O on its 19 (W's 7), right
    // behind them. 6-5 cannot empty any of W's points: the play is free.
    let p = fevga(
        &[(1, 1), (2, 2), (3, 3), (4, 3), (5, 3), (6, 3)],
        &[(19, 15)],
    );
    let wall = [1, 2, 3, 4, 5, 6];
    assert!(wall_to_open(&p).is_some());
    let list = legal(&p, 6, 5);
    assert_eq!(list.numbers_used, 2);
    assert!(list.plays.iter().all(|q| keeps(&q.position, &wall)));
    assert!(lists(&p, &list, "6/off 5/off"));
    // 1-1 and 2-1 can bear the single checker off W's 1: every play must.
    for (a, b) in [(1, 1), (2, 1)] {
        let list = legal(&p, a, b);
        assert!(
            list.plays.iter().all(|q| !keeps(&q.position, &wall)),
            "{a}-{b}"
        );
    }
}

#[test]
fn f9_the_duty_yields_to_r10_most_numbers_first() {
    // All O on its 19 (W's 7), right behind W's 1–6; four W checkers on
    // its 13, not home, so nothing bears off. With 6-1 the wall opens only
    // by 2/1, after which the 6 cannot be played (13/7 is held, nothing
    // may bear off); 13/12/6 plays both numbers and keeps the wall. R10
    // comes first: 13/12/6 is the only play, and the duty lapses.
    let p = fevga(
        &[(13, 4), (6, 2), (5, 2), (4, 2), (3, 2), (2, 1), (1, 2)],
        &[(19, 15)],
    );
    assert!(wall_to_open(&p).is_some());
    let list = legal(&p, 6, 1);
    assert_eq!(list.numbers_used, 2);
    assert_eq!(notations(&p, 6, 1), vec!["13/12/6"]);
    assert!(keeps(&list.plays[0].position, &[1, 2, 3, 4, 5, 6]));
}

// ---------------------------------------------------------------------
// F10–F13: bearing off, end, scoring.

#[test]
fn f10_bearing_off_needs_all_fifteen_home() {
    let p = fevga(&[(7, 1), (6, 14)], &[(5, 15)]);
    assert_eq!(try_step(&p, 6, 6), Err(FevgaStepError::NotAllHome));
    // Bringing the last checker home with one die lets the other bear off.
    let list = legal(&p, 6, 1);
    assert!(list.plays.iter().any(|q| q.position.own_off() == 1));
    assert!(lists(&p, &list, "7/6 6/off"));
}

#[test]
fn f10_opposing_checkers_in_the_home_board_do_not_stop_bearing_off() {
    // O on its 15 and 14 (W's 3 and 2), passing through W's home board.
    let p = fevga(&[(6, 3), (4, 4), (1, 8)], &[(15, 2), (14, 1), (5, 12)]);
    assert!(try_step(&p, 6, 6).is_ok());
    let list = legal(&p, 6, 4);
    assert!(lists(&p, &list, "6/off 4/off"));
    // They still close W's 3 and 2 to moves inside home (F11).
    assert_eq!(try_step(&p, 4, 2), Err(FevgaStepError::Held));
    assert_eq!(try_step(&p, 6, 3), Err(FevgaStepError::Held));
}

#[test]
fn f11_a_die_bears_off_from_its_own_point() {
    let p = fevga(&[(5, 1), (3, 1)], &[(5, 15)]);
    // Exact: from the 3 with a 3, though a checker stands higher.
    assert!(try_step(&p, 3, 3).is_ok());
}

#[test]
fn f11_a_higher_die_bears_off_only_from_the_highest_point() {
    let p = fevga(&[(5, 1), (3, 1)], &[(5, 15)]);
    assert_eq!(try_step(&p, 3, 6), Err(FevgaStepError::HigherCheckerFirst));
    assert!(try_step(&p, 5, 6).is_ok());
    // 6-6: 5/off, then 3 is the highest: 3/off; the game is over.
    let list = legal(&p, 6, 6);
    assert_eq!(list.plays.len(), 1);
    assert_eq!(list.plays[0].position.own_off(), CHECKERS);
}

#[test]
fn f11_with_the_point_empty_and_a_checker_higher_the_die_moves_normally() {
    // 4-4 with checkers on 6 and 2: the 4 moves 6/2, it cannot bear off
    // the 2; then the 2s go off with 4s (the highest point).
    let p = fevga(&[(6, 1), (2, 1)], &[(5, 15)]);
    assert_eq!(try_step(&p, 2, 4), Err(FevgaStepError::HigherCheckerFirst));
    let list = legal(&p, 4, 4);
    assert_eq!(list.plays.len(), 1);
    assert_eq!(list.plays[0].position.own_off(), CHECKERS);
    assert_eq!(list.plays[0].steps.len(), 3);
    // When that normal move is blocked (O on its 13 = W's 1), a higher die
    // still does not bear off from a lower point (LUDII's loose wording is
    // not the rule): 5-5 has no play.
    let q = fevga(&[(6, 1), (2, 1)], &[(13, 1), (5, 14)]);
    assert_eq!(try_step(&q, 6, 5), Err(FevgaStepError::Held));
    assert_eq!(try_step(&q, 2, 5), Err(FevgaStepError::HigherCheckerFirst));
    assert_eq!(legal(&q, 5, 5).numbers_used, 0);
}

#[test]
fn f12_the_first_side_to_bear_off_all_fifteen_wins_and_the_rest_is_void() {
    let p = fevga(&[(3, 1)], &[(5, 14)]);
    assert_eq!(fevga_result(&p), None);
    let list = legal(&p, 6, 5);
    assert_eq!(list.plays.len(), 1);
    let done = list.plays[0].position;
    assert_eq!(done.own_off(), CHECKERS);
    assert_eq!(list.plays[0].steps.len(), 1, "the other number is void");
    let result = fevga_result(&done).unwrap();
    assert_eq!(result.winner, Some(Seat::OnRoll));
    // Seen from the loser, on roll next.
    assert_eq!(
        fevga_result(&done.flipped()).unwrap().winner,
        Some(Seat::Opponent)
    );
}

#[test]
fn f13_one_point_or_two_when_the_loser_has_borne_off_none_never_three() {
    let score = |p: &FevgaPosition| {
        let r = fevga_result(p).unwrap();
        (r.kind, fevga_points(r.kind))
    };
    let single = fevga(&[], &[(6, 14)]);
    assert_eq!(score(&single), (ResultKind::Single, 1));
    let double = fevga(&[], &[(6, 15)]);
    assert_eq!(score(&double), (ResultKind::Double, 2));
    // Still two with checkers on the loser's 24 and in the winner's home
    // board (its 13–18): there is no triple game.
    let far_back = fevga(&[], &[(24, 10), (15, 5)]);
    assert_eq!(score(&far_back), (ResultKind::Double, 2));
    let game = Fevga::default();
    assert_eq!(game.points(ResultKind::Single), 1);
    assert_eq!(game.points(ResultKind::Double), 2);
}

#[test]
fn f14_the_opening_roll_and_later_games_start_as_in_portes() {
    let game = Fevga::default();
    let mut table = TableGame::new(game, Opening::Greek);
    let die = |n| Die::new(n).unwrap();
    assert_eq!(table.opening_roll(die(3), die(3)), Ok(None));
    assert_eq!(table.opening_roll(die(2), die(5)), Ok(Some(Side::O)));
    // The starter rolls both dice afresh.
    assert_eq!(table.dice(), None);
    table.set_dice(Dice::new(6, 5).unwrap()).unwrap();
    let report = table.play_written("24/13", &mut game.generator()).unwrap();
    assert!(report.notation.starts_with("24/1"));
    assert_eq!(table.on_roll(), Side::X);
    // A later game: the last winner starts, with no opening roll.
    let later = TableGame::started_by(game, Opening::Greek, Side::O);
    assert_eq!((later.on_roll(), later.phase()), (Side::O, Phase::Playing));
    assert_eq!(*later.position(), FevgaPosition::start());
}

// ---------------------------------------------------------------------
// F15: the worked examples, exactly as written.

#[test]
fn f15_a_opening_6_5_one_play_the_runner_to_13() {
    let start = FevgaPosition::start();
    let list = legal(&start, 6, 5);
    assert_eq!(list.plays.len(), 1);
    assert_eq!(list.numbers_used, 2);
    assert_eq!(sides_after(&start, 6, 5), sides(&[&[(24, 14), (13, 1)]]));
    for written in ["24/18/13", "24/19/13", "24/13"] {
        assert_eq!(
            named(&start, &list, written).position,
            list.plays[0].position
        );
    }
}

#[test]
fn f15_b_opening_6_1_one_play_the_runner_to_17() {
    let start = FevgaPosition::start();
    assert_eq!(sides_after(&start, 6, 1), sides(&[&[(24, 14), (17, 1)]]));
}

#[test]
fn f15_c_opening_6_6_only_24_18_three_sixes_lost() {
    let start = FevgaPosition::start();
    let list = legal(&start, 6, 6);
    assert_eq!(list.numbers_used, 1);
    assert_eq!(notations(&start, 6, 6), vec!["24/18"]);
}

#[test]
fn f15_d_opening_3_3_three_threes_to_15() {
    let start = FevgaPosition::start();
    assert_eq!(legal(&start, 3, 3).numbers_used, 3);
    assert_eq!(notations(&start, 3, 3), vec!["24/21/18/15"]);
}

#[test]
fn f15_e_opening_4_4_two_fours_to_16() {
    let start = FevgaPosition::start();
    assert_eq!(legal(&start, 4, 4).numbers_used, 2);
    assert_eq!(notations(&start, 4, 4), vec!["24/20/16"]);
}

#[test]
fn f15_f_opening_5_5_releases_at_9_then_9_4_or_24_19() {
    let start = FevgaPosition::start();
    assert_eq!(legal(&start, 5, 5).numbers_used, 4);
    assert_eq!(
        sides_after(&start, 5, 5),
        sides(&[&[(24, 14), (4, 1)], &[(24, 13), (19, 1), (9, 1)]])
    );
    let list = legal(&start, 5, 5);
    assert!(lists(&start, &list, "24/19/14/9/4"));
    assert!(lists(&start, &list, "24/19/14/9 24/19"));
}

#[test]
fn f15_g_runner_on_14_with_4_2_the_2_cannot_come_first() {
    let p = fevga(&[(24, 14), (14, 1)], &[(24, 15)]);
    assert_eq!(try_step(&p, 14, 2), Err(FevgaStepError::Held));
    assert_eq!(try_step(&p, 24, 2), Err(FevgaStepError::RunnerFirst));
    assert_eq!(
        sides_after(&p, 4, 2),
        sides(&[&[(24, 13), (22, 1), (10, 1)], &[(24, 14), (8, 1)]])
    );
    let list = legal(&p, 4, 2);
    assert!(lists(&p, &list, "14/10/8"));
    assert!(lists(&p, &list, "14/10 24/22"));
}

#[test]
fn f15_h_runner_on_13_facing_12_and_11_with_2_1_passes() {
    let p = fevga(&[(24, 14), (13, 1)], &[(24, 14), (23, 1)]);
    let list = legal(&p, 2, 1);
    assert_eq!(list.numbers_used, 0);
    assert_eq!(list.plays.len(), 1);
    assert_eq!(list.plays[0].position, p);
}

#[test]
fn f15_i_runner_on_13_with_6_6_releases_then_24_takes_the_sixes() {
    let p = fevga(&[(24, 14), (13, 1)], &[(24, 15)]);
    assert_eq!(legal(&p, 6, 6).numbers_used, 4);
    assert_eq!(
        sides_after(&p, 6, 6),
        sides(&[&[(24, 12), (18, 2), (1, 1)], &[(24, 11), (18, 3), (7, 1)]])
    );
}

#[test]
fn f15_j_every_play_of_every_roll_opens_a_wall_of_16_to_21_for_both_layouts() {
    let wall = [16, 17, 18, 19, 20, 21];
    let layouts = [
        // Two checkers on each wall point, the rest on W24.
        fevga(
            &[
                (24, 3),
                (21, 2),
                (20, 2),
                (19, 2),
                (18, 2),
                (17, 2),
                (16, 2),
            ],
            &[(10, 15)],
        ),
        // Single checkers on the wall points.
        fevga(
            &[
                (24, 9),
                (21, 1),
                (20, 1),
                (19, 1),
                (18, 1),
                (17, 1),
                (16, 1),
            ],
            &[(10, 15)],
        ),
    ];
    let none = rules_with("fevga.prime_rule", "none");
    for p in &layouts {
        assert_eq!(p.opp_at(22), 15, "O's 10 is W's 22");
        assert!(wall_to_open(p).is_some());
        let mut kept_without_the_duty = false;
        for (dice, _) in Dice::all_rolls() {
            let (a, b) = (dice.0.pips(), dice.1.pips());
            let list = legal(p, a, b);
            assert!(list.numbers_used > 0, "{a}-{b}");
            for play in &list.plays {
                assert!(
                    !keeps(&play.position, &wall),
                    "{a}-{b}: {:?} keeps the wall",
                    play.steps
                );
            }
            kept_without_the_duty |= legal_with(&none, p, a, b)
                .plays
                .iter()
                .any(|q| keeps(&q.position, &wall));
        }
        assert!(
            kept_without_the_duty,
            "the test bites: without the duty some play keeps it"
        );
    }
}

// ---------------------------------------------------------------------
// F16: Narde's rules are not Fevga's.

#[test]
fn f16_several_checkers_may_leave_the_24_point_in_one_turn_after_release() {
    let p = fevga(&[(24, 14), (9, 1)], &[(24, 15)]);
    let list = legal(&p, 3, 3);
    assert!(lists(&p, &list, "24/21(4)"));
    assert!(lists(&p, &list, "24/21(2) 24/18"));
    // And on a later roll, not only the first (no "one off the head").
    let q = fevga(&[(24, 12), (21, 2), (9, 1)], &[(24, 15)]);
    assert!(lists(&q, &legal(&q, 2, 1), "24/22 24/23"));
}

#[test]
fn f16_a_six_prime_with_no_opposing_checker_ahead_is_legal_by_default() {
    // As in the F9 test: O all behind W's new prime 21–16 (its 9–4).
    let p = fevga(
        &[(24, 9), (20, 1), (19, 1), (18, 1), (17, 1), (16, 1), (5, 1)],
        &[(24, 15)],
    );
    let list = legal(&p, 3, 1);
    let prime = named(&p, &list, "24/21 5/4");
    assert!((16..=21).all(|q| prime.position.own_at(q) > 0));
    assert!((1..=3).all(|q| prime.position.flipped().own_at(q) == 0));
}
