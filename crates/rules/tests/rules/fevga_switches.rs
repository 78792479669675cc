//! Fevga's switches (docs/rules.md, variant switches, F7–F9) each tested both ways: for
//! every value of a switch, positions where its answer differs from that
//! of every other value of the same switch.

use plakoto_rules::Dice;
use plakoto_rules::fevga::{FevgaPosition, FevgaRules, is_released, wall_to_open};

use crate::fevga_common::{fevga, legal_with, lists, notations_with, rules_with};

fn holds_all(position: &FevgaPosition, points: impl IntoIterator<Item = u8>) -> bool {
    points.into_iter().all(|p| position.own_at(p) > 0)
}

// ---------------------------------------------------------------------
// fevga.release (F7)

#[test]
fn f7_release_past_start_or_reach_quarter_when_the_runner_lands_on_12() {
    // O has left its start (W's 12) and holds W's 17 and 11 (its 5 and
    // 23). W's runner on 18 rolls 6-1: 18/17 is held, so 18/12 first.
    let p = fevga(&[(24, 14), (18, 1)], &[(5, 8), (23, 7)]);
    let past = rules_with("fevga.release", "past_start");
    let reach = rules_with("fevga.release", "reach_quarter");
    let on_12 = fevga(&[(24, 14), (12, 1)], &[(5, 8), (23, 7)]);
    assert!(!is_released(&on_12, past.release));
    assert!(is_released(&on_12, reach.release));
    // past_start: not yet released on 12, the 1 cannot be played (12/11 is
    // held, 24/23 is a second checker leaving): one number.
    assert_eq!(legal_with(&past, &p, 6, 1).numbers_used, 1);
    assert_eq!(notations_with(&past, &p, 6, 1), vec!["18/12"]);
    // reach_quarter: released on 12, 24/23 plays the 1.
    assert_eq!(legal_with(&reach, &p, 6, 1).numbers_used, 2);
    assert_eq!(notations_with(&reach, &p, 6, 1), vec!["24/23 18/12"]);
}

// ---------------------------------------------------------------------
// fevga.quarter_rule (F8)

/// W holds 24–20 (19 open) and 12–8 (7 open), with a checker on 13; all
/// O on its 16 (W's 4). With 6-5, 24/19 closes W's starting quarter and
/// 13/7 closes its 7–12, the opponent's.
fn both_quarters_open_by_one() -> FevgaPosition {
    fevga(
        &[
            (24, 5),
            (23, 1),
            (22, 1),
            (21, 1),
            (20, 1),
            (13, 1),
            (12, 1),
            (11, 1),
            (10, 1),
            (9, 1),
            (8, 1),
        ],
        &[(16, 15)],
    )
}

#[test]
fn f8_quarter_rule_own_opponent_both_or_none_each_closes_a_different_quarter() {
    let p = both_quarters_open_by_one();
    assert_eq!(wall_to_open(&p), None);
    // For each value: (some play closes W's 19–24, some play closes 7–12).
    let expected = [
        ("own", (false, true)),
        ("opponent", (true, false)),
        ("both", (false, false)),
        ("none", (true, true)),
    ];
    for (value, closes) in expected {
        let rules = rules_with("fevga.quarter_rule", value);
        let list = legal_with(&rules, &p, 6, 5);
        assert_eq!(list.numbers_used, 2, "{value}");
        let own = list.plays.iter().any(|q| holds_all(&q.position, 19..=24));
        let opp = list.plays.iter().any(|q| holds_all(&q.position, 7..=12));
        assert_eq!((own, opp), closes, "fevga.quarter_rule={value}");
    }
    // The plays named: closing one quarter with the other move elsewhere.
    let own = rules_with("fevga.quarter_rule", "own");
    let opponent = rules_with("fevga.quarter_rule", "opponent");
    assert!(lists(&p, &legal_with(&own, &p, 6, 5), "13/7 23/18"));
    assert!(!lists(&p, &legal_with(&opponent, &p, 6, 5), "13/7 23/18"));
    assert!(lists(&p, &legal_with(&opponent, &p, 6, 5), "24/19 24/18"));
    assert!(!lists(&p, &legal_with(&own, &p, 6, 5), "24/19 24/18"));
}

// ---------------------------------------------------------------------
// fevga.quarter_check (F8)

#[test]
fn f8_quarter_check_end_of_play_lets_a_checker_pass_over_the_last_open_point() {
    // W holds 24–20, 19 open; O holds W's 18–15 (its 6–3), so the
    // checkers on 23–20 cannot move fives, and the five on W's 5 may not
    // bear off. With 5-5 the only move is off the 24-point, through 19,
    // which closes the quarter for a moment.
    let p = fevga(
        &[(24, 6), (23, 1), (22, 1), (21, 1), (20, 1), (5, 5)],
        &[(6, 1), (5, 1), (4, 1), (3, 1), (1, 11)],
    );
    let every = rules_with("fevga.quarter_check", "every_step");
    let end = rules_with("fevga.quarter_check", "end_of_play");
    // every_step: 24/19 is refused, and nothing else moves.
    let stepwise = legal_with(&every, &p, 5, 5);
    assert_eq!(stepwise.numbers_used, 0);
    // end_of_play: one checker runs through 19 to 4, or two through 19 to
    // 14, and the quarter is open again; a play ending on 19 is none.
    let at_end = legal_with(&end, &p, 5, 5);
    assert_eq!(at_end.numbers_used, 4);
    assert_eq!(
        notations_with(&end, &p, 5, 5),
        vec!["24/19/14(2)", "24/19/14/9/4"]
    );
    assert!(
        at_end
            .plays
            .iter()
            .all(|q| !holds_all(&q.position, 19..=24))
    );
}

#[test]
fn f8_quarter_check_end_of_play_applies_r10_among_the_allowed_final_positions() {
    // W: 24:2, 23–20 one each, 7:1, 1:8. O holds W's 13–18 (its 1–6) and
    // W's 8. With 6-5 the only line of both numbers is 24/19 with 7/1,
    // which ends with the quarter closed: under end_of_play it is no play,
    // and R10 then chooses among the one-number plays 7/1 and 7/2 — the
    // higher die, 7/1. (Applying R10 first would leave no play at all.)
    let p = fevga(
        &[(24, 2), (23, 1), (22, 1), (21, 1), (20, 1), (7, 1), (1, 8)],
        &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (20, 9)],
    );
    let end = rules_with("fevga.quarter_check", "end_of_play");
    let list = legal_with(&end, &p, 6, 5);
    assert_eq!(list.numbers_used, 1);
    assert_eq!(notations_with(&end, &p, 6, 5), vec!["7/1"]);
    // Without the quarter rule the two-number line is the play.
    let none = rules_with("fevga.quarter_rule", "none");
    assert_eq!(notations_with(&none, &p, 6, 5), vec!["24/19 7/1"]);
}

// ---------------------------------------------------------------------
// fevga.prime_rule (F9)

fn keeps(position: &FevgaPosition, wall: &[u8]) -> bool {
    holds_all(position, wall.iter().copied())
}

/// Whether, for every roll, every legal play under `rules` opens `wall`.
fn always_opens(rules: &FevgaRules, p: &FevgaPosition, wall: &[u8]) -> bool {
    Dice::all_rolls().all(|(dice, _)| {
        legal_with(rules, p, dice.0.pips(), dice.1.pips())
            .plays
            .iter()
            .all(|q| !keeps(&q.position, wall))
    })
}

#[test]
fn f9_prime_rule_a_wall_before_an_opponent_gathered_on_one_point() {
    // All O on its 9 (W's 21), W on its 20–15 (O's 8–3): O has no step.
    let p = fevga(
        &[(20, 2), (19, 2), (18, 2), (17, 2), (16, 2), (15, 2), (5, 3)],
        &[(9, 15)],
    );
    let wall = [15, 16, 17, 18, 19, 20];
    assert!(always_opens(
        &rules_with("fevga.prime_rule", "unblock"),
        &p,
        &wall
    ));
    assert!(always_opens(
        &rules_with("fevga.prime_rule", "unblock_if_frozen"),
        &p,
        &wall
    ));
    assert!(!always_opens(
        &rules_with("fevga.prime_rule", "none"),
        &p,
        &wall
    ));
    // (Under ahead_required this position cannot arise: the wall is a
    // six-prime with no O checker ahead of it.)
}

#[test]
fn f9_prime_rule_unblock_if_frozen_frees_a_trapped_runner_unblock_does_not() {
    // O not released: 14 on its 24 (W's 12) and its runner on its 20 (W's
    // 8), facing W on its 7–2 (O's 19–14). O has no step for any die,
    // but its checkers are on two points, so `unblock` has no duty.
    let p = fevga(
        &[(24, 9), (7, 1), (6, 1), (5, 1), (4, 1), (3, 1), (2, 1)],
        &[(24, 14), (20, 1)],
    );
    let wall = [2, 3, 4, 5, 6, 7];
    assert_eq!(wall_to_open(&p), None);
    let frozen = rules_with("fevga.prime_rule", "unblock_if_frozen");
    assert!(always_opens(&frozen, &p, &wall));
    for value in ["unblock", "none"] {
        let rules = rules_with("fevga.prime_rule", value);
        assert!(!always_opens(&rules, &p, &wall), "{value}");
        assert!(lists(&p, &legal_with(&rules, &p, 6, 5), "24/18 24/19"));
    }
    assert!(!lists(&p, &legal_with(&frozen, &p, 6, 5), "24/18 24/19"));
}

#[test]
fn f9_prime_rule_ahead_required_refuses_a_six_prime_with_no_opponent_ahead() {
    // W on 24 and 20–16; 24/21 completes 21–16 (O's 9–4).
    let w = [(24, 9), (20, 1), (19, 1), (18, 1), (17, 1), (16, 1), (5, 1)];
    let behind = fevga(&w, &[(24, 15)]);
    let one_ahead = fevga(&w, &[(24, 14), (2, 1)]);
    let ahead = rules_with("fevga.prime_rule", "ahead_required");
    assert!(!lists(
        &behind,
        &legal_with(&ahead, &behind, 3, 1),
        "24/21 5/4"
    ));
    assert!(lists(
        &one_ahead,
        &legal_with(&ahead, &one_ahead, 3, 1),
        "24/21 5/4"
    ));
    for value in ["unblock", "unblock_if_frozen", "none"] {
        let rules = rules_with("fevga.prime_rule", value);
        assert!(
            lists(&behind, &legal_with(&rules, &behind, 3, 1), "24/21 5/4"),
            "{value}"
        );
    }
}
