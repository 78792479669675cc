//! Portes (P1–P11 of docs/rules.md) in the rules core: one or more tests a
//! rule, named after it, and the move generator checked against a
//! brute-force generator written here, over 100,000 random positions and
//! rolls.

use std::collections::BTreeSet;

use plakoto_rules::portes::{
    CHECKERS, PortesGameState, PortesMatchId, PortesMatchIdError, PortesMoveGenerator,
    PortesNotation, PortesNotationError, PortesPlayList, PortesPosition, PortesScoring, Source,
    Step, StepError, format_portes_play, parse_portes_board_text, parse_portes_position_id,
    portes_board_text, portes_position_id, portes_result, resolve_portes_play,
};
use plakoto_rules::{Dice, Die, Point, ResultKind, Seat, Side};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::scale;

/// A position from (point, count) lists, each side in its own numbering;
/// point 25 is the bar. Checkers not listed are borne off.
fn portes(own: &[(usize, u8)], opponent: &[(usize, u8)]) -> PortesPosition {
    let side = |list: &[(usize, u8)]| {
        let mut s = [0u8; 25];
        for &(p, c) in list {
            s[p - 1] += c;
        }
        s
    };
    PortesPosition::from_sides(side(own), side(opponent)).expect("a valid Portes position")
}

fn legal(position: &PortesPosition, a: u8, b: u8) -> PortesPlayList {
    let mut out = PortesPlayList::default();
    PortesMoveGenerator::default().generate(position, Dice::new(a, b).unwrap(), &mut out);
    out
}

fn notations(position: &PortesPosition, a: u8, b: u8) -> Vec<String> {
    let mut v: Vec<String> = legal(position, a, b)
        .plays
        .iter()
        .map(|play| format_portes_play(position, play))
        .collect();
    v.sort();
    v
}

fn step(from: u8, die: u8) -> Step {
    Step {
        from: Source::from_number(from).unwrap(),
        die: Die::new(die).unwrap(),
    }
}

#[test]
fn p1_fifteen_checkers_each_and_a_bar() {
    let start = PortesPosition::start();
    let (own, opp) = start.sides();
    assert_eq!(own.iter().map(|&c| u32::from(c)).sum::<u32>(), 15);
    assert_eq!(opp.iter().map(|&c| u32::from(c)).sum::<u32>(), 15);
    let mut too_many = [0u8; 25];
    too_many[5] = 16;
    assert!(PortesPosition::from_sides(too_many, opp).is_err());
    // A hit checker waits on the bar (the 25th slot).
    let hit = portes(&[(6, 1)], &[(25, 1), (1, 14)]);
    assert_eq!(hit.opp_bar(), 1);
}

#[test]
fn p2_a_point_is_the_other_sides_25_minus_p() {
    let p = portes(&[(24, 2), (25, 1)], &[(3, 4)]);
    assert_eq!(p.at(Point::new(24).unwrap()), 2);
    // The opponent's 3-point is the mover's 22-point.
    assert_eq!(p.at(Point::new(22).unwrap()), -4);
    let flipped = p.flipped();
    assert_eq!(flipped.at(Point::new(3).unwrap()), 4);
    assert_eq!(flipped.opp_bar(), 1);
    assert_eq!(flipped.flipped(), p);
}

#[test]
fn p3_the_backgammon_setup() {
    let start = PortesPosition::start();
    for (point, count) in [(24u8, 2i8), (13, 5), (8, 3), (6, 5)] {
        assert_eq!(start.at(Point::new(point).unwrap()), count);
        assert_eq!(start.at(Point::new(25 - point).unwrap()), -count);
    }
    assert_eq!(start.pip_counts(), (167, 167));
    assert_eq!(start.flipped(), start);
}

#[test]
fn p4_a_step_may_not_land_on_two_opposing_checkers() {
    // The opponent holds the mover's 18 (its 7) with two checkers.
    let p = portes(&[(24, 1), (6, 14)], &[(7, 2), (6, 13)]);
    assert_eq!(p.check_step(step(24, 6)), Err(StepError::Blocked));
    // 6-1: no play moves 24/18, though 24/23/17 (the 1 first) is open.
    let plays = notations(&p, 6, 1);
    assert!(!plays.iter().any(|n| n.starts_with("24/18")));
    assert!(plays.iter().any(|n| n.starts_with("24/17")));
}

#[test]
fn p4_each_intermediate_landing_must_be_open() {
    // 24/13 with 6-5 needs 18 or 19 open; both are held.
    let p = portes(&[(24, 1), (6, 14)], &[(7, 2), (6, 2), (2, 11)]);
    assert!(!notations(&p, 6, 5).contains(&"24/13".to_string()));
    let q = portes(&[(24, 1), (6, 14)], &[(7, 2), (2, 13)]);
    assert!(notations(&q, 6, 5).contains(&"24/13".to_string()));
}

#[test]
fn p5_landing_on_a_blot_hits_it_even_in_passing() {
    // An opposing blot on the mover's 18; 24/13 with 6-5 may pass through it.
    let p = portes(&[(24, 1), (6, 14)], &[(7, 1), (2, 14)]);
    let list = legal(&p, 6, 5);
    let written: PortesNotation = "24/18*/13".parse().unwrap();
    let play = resolve_portes_play(&p, &list.plays, &written).unwrap();
    assert_eq!(play.position.opp_bar(), 1);
    assert!(notations(&p, 6, 5).contains(&"24/18*/13".to_string()));
    // The other way round passes 19 and leaves the blot.
    let other: PortesNotation = "24/19/13".parse().unwrap();
    let quiet = resolve_portes_play(&p, &list.plays, &other).unwrap();
    assert_eq!(quiet.position.opp_bar(), 0);
    // Written bare, it is the quiet play, as gnubg writes that one.
    let bare: PortesNotation = "24/13".parse().unwrap();
    let play = resolve_portes_play(&p, &list.plays, &bare).unwrap();
    assert_eq!(play.position, quiet.position);
    assert!(notations(&p, 6, 5).contains(&"24/13".to_string()));
    // Blots on both 18 and 19: every route hits, `24/13` fits both and
    // says so, naming them.
    let two = portes(&[(24, 1), (6, 14)], &[(7, 1), (6, 1), (2, 13)]);
    let list = legal(&two, 6, 5);
    match resolve_portes_play(&two, &list.plays, &bare) {
        Err(PortesNotationError::Ambiguous(options)) => {
            assert_eq!(options, vec!["24/18*/13", "24/19*/13"])
        }
        other => panic!("expected an ambiguity, got {other:?}"),
    }
}

#[test]
fn p6_a_checker_on_the_bar_enters_first() {
    let p = portes(&[(25, 1), (13, 14)], &[(1, 15)]);
    assert_eq!(p.check_step(step(13, 3)), Err(StepError::BarFirst));
    // bar/19/16 and bar/22/16 reach one position, written once.
    assert_eq!(
        notations(&p, 6, 3),
        vec!["bar/16", "bar/19 13/10", "bar/22 13/7"]
    );
}

#[test]
fn p6_entering_on_a_blot_hits_it() {
    let p = portes(&[(25, 1), (13, 14)], &[(4, 1), (1, 14)]);
    // The opponent's 4-point is the mover's 21: entered with a 4.
    let list = legal(&p, 4, 4);
    assert!(list.plays.iter().all(|play| play.position.opp_bar() <= 1));
    assert!(notations(&p, 4, 4).iter().any(|n| n.starts_with("bar/21*")));
}

#[test]
fn p6_when_no_bar_checker_can_enter_the_turn_is_lost() {
    // The opponent holds its 1–6 points: nothing enters.
    let closed = [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 5)];
    let p = portes(&[(25, 1), (13, 14)], &closed);
    let list = legal(&p, 6, 5);
    assert_eq!(list.numbers_used, 0);
    assert_eq!(list.plays.len(), 1);
    assert_eq!(list.plays[0].position, p);
    assert_eq!(notations(&p, 6, 5), vec!["pass"]);
    // Two on the bar and only one can enter: the rest of the turn is lost.
    let one_open = [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (7, 5)];
    let q = portes(&[(25, 2), (13, 13)], &one_open);
    assert_eq!(notations(&q, 6, 5), vec!["bar/19"]);
}

#[test]
fn p7_doubles_are_played_four_times() {
    let start = PortesPosition::start();
    let list = legal(&start, 3, 3);
    assert_eq!(list.numbers_used, 4);
    assert!(notations(&start, 3, 3).contains(&"8/5(2) 6/3(2)".to_string()));
}

#[test]
fn p7_both_numbers_must_be_played_when_they_can() {
    // 6-1 from the start: every play uses both dice.
    let start = PortesPosition::start();
    let list = legal(&start, 6, 1);
    assert_eq!(list.numbers_used, 2);
    assert!(list.plays.iter().all(|p| p.steps.len() == 2));
    assert!(notations(&start, 6, 1).contains(&"13/7 8/7".to_string()));
}

#[test]
fn p7_the_higher_die_when_only_one_can_be_played() {
    // 6-4 with one checker out, on 24: 24/18 and 24/20 are open, but both
    // continue to 14, which the opponent holds (its 11); the checkers on 1
    // cannot bear off while 24's is out. Either die alone, not both: the 6.
    let walled = portes(&[(24, 1), (1, 14)], &[(11, 2), (3, 13)]);
    assert_eq!(legal(&walled, 6, 4).numbers_used, 1);
    assert_eq!(notations(&walled, 6, 4), vec!["24/18"]);
    // With 18 held too, the 4 is the only number that can be played.
    let only_low = portes(&[(24, 1), (1, 14)], &[(11, 2), (7, 2), (3, 11)]);
    assert_eq!(notations(&only_low, 6, 4), vec!["24/20"]);
}

#[test]
fn p7_a_play_bearing_off_the_last_checker_still_uses_every_number() {
    // P7's worked decision: last checker on 3, an opposing blot on 2, 6-1:
    // only 3/2*/off, not 3/off.
    let p = portes(&[(3, 1)], &[(23, 1), (1, 14)]);
    assert_eq!(notations(&p, 6, 1), vec!["3/2*/off"]);
}

#[test]
fn p7a_position_ids_are_gnubgs() {
    let start = PortesPosition::start();
    assert_eq!(portes_position_id(&start), "4HPwATDgc/ABMA");
    // After one side opens 24/13, the other side is on roll.
    let list = legal(&start, 6, 5);
    let written: PortesNotation = "24/13".parse().unwrap();
    let opened = resolve_portes_play(&start, &list.plays, &written).unwrap();
    let next = opened.position.flipped();
    assert_eq!(portes_position_id(&next), "4HPwAyDgc/ABMA");
    assert_eq!(parse_portes_position_id("4HPwAyDgc/ABMA"), Ok(next));
    assert!(parse_portes_position_id("4HPwAyDgc/ABM").is_err());
    assert!(parse_portes_position_id("4HPwAyDgc/AB!A").is_err());
    assert!(parse_portes_position_id("//////////////").is_err());
}

#[test]
fn p7a_match_ids_are_gnubgs() {
    // IDs gnubg 1.07 printed, with the state it showed beside them (its
    // player 0, drawn O, is our O; player 1 is X), and the ID we write
    // back: gnubg sets bit 66 ("no Jacoby rule") in matches and with
    // Jacoby off, and clears it in money sessions with Jacoby on, which
    // reads the same in Portes (no cube, P12); we always set it.
    let dice = |a, b| Some(Dice::new(a, b).unwrap());
    let id = |match_length, score, turn, dice_owner, dice, resignation| PortesMatchId {
        match_length,
        score,
        turn,
        dice_owner,
        dice,
        state: PortesGameState::Playing,
        resignation,
    };
    let (x, o) = (Side::X, Side::O);
    let cases = [
        // 7-point match, gnubg (O) 2, root (X) 5, X on roll with 4-1.
        (
            "cAnmACAAKAAE",
            "cAnmACAAKAAE",
            id(7, [5, 2], x, x, dice(4, 1), None),
        ),
        // Single games, O on roll with 6-2 (Jacoby off), 6-1 (Jacoby on).
        (
            "MAELAAAAAAAE",
            "MAELAAAAAAAE",
            id(0, [0, 0], o, o, dice(6, 2), None),
        ),
        (
            "MAEHAAAAAAAA",
            "MAEHAAAAAAAE",
            id(0, [0, 0], o, o, dice(6, 1), None),
        ),
        // 7-point match, O 6, X 2, O to roll.
        (
            "MAHgAGAAEAAE",
            "MAHgAGAAEAAE",
            id(7, [2, 6], o, o, None, None),
        ),
        // O rolled 6-6 and offers a double game: X to answer.
        (
            "MEn7AGAAEAAE",
            "MEn7AGAAEAAE",
            id(7, [2, 6], x, o, dice(6, 6), Some(ResultKind::Double)),
        ),
        // The start of P7a's example: X on roll with 5-4.
        (
            "cIkSAAAAAAAA",
            "cIkSAAAAAAAE",
            id(0, [0, 0], x, x, dice(5, 4), None),
        ),
    ];
    for (gnubg, written, expected) in cases {
        let read: PortesMatchId = gnubg.parse().unwrap();
        assert_eq!(read, expected, "{gnubg}");
        assert_eq!(read.to_string(), written);
        assert_eq!(written.parse::<PortesMatchId>(), Ok(expected));
    }
    // P12: an ID with a doubling cube in play is refused, with the reason.
    for (text, what) in [
        ("MQEAAAAAAAAA", "a cube above 1"),
        ("AAEAAAAAAAAA", "an owned cube"),
        ("sAEAAAAAAAAA", "a Crawford game"),
        ("MBEAAAAAAAAA", "a double offered"),
    ] {
        assert_eq!(
            text.parse::<PortesMatchId>(),
            Err(PortesMatchIdError::Cube(what)),
            "{text}"
        );
    }
    assert_eq!(
        "MAEH".parse::<PortesMatchId>(),
        Err(PortesMatchIdError::Length(4))
    );
    // Every state round-trips.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..2_000 {
        let side = |b: bool| if b { Side::X } else { Side::O };
        let id = PortesMatchId {
            match_length: rng.gen_range(0..=25),
            score: [rng.gen_range(0..40), rng.gen_range(0..40)],
            turn: side(rng.r#gen()),
            dice_owner: side(rng.r#gen()),
            dice: rng.r#gen::<bool>().then(|| Dice::roll(&mut rng)),
            state: [
                PortesGameState::NoGame,
                PortesGameState::Playing,
                PortesGameState::Over,
                PortesGameState::Resigned,
            ][rng.gen_range(0..4)],
            resignation: [None, Some(ResultKind::Single), Some(ResultKind::Double)]
                [rng.gen_range(0..3)],
        };
        assert_eq!(id.to_string().parse::<PortesMatchId>(), Ok(id));
    }
}

#[test]
fn p8_bearing_off_needs_every_checker_home() {
    let p = portes(&[(7, 1), (6, 14)], &[(24, 15)]);
    assert_eq!(p.check_step(step(6, 6)), Err(StepError::NotAllHome));
    // A checker on the bar is not home either.
    let q = portes(&[(25, 1), (6, 14)], &[(12, 15)]);
    assert_eq!(q.check_step(step(6, 6)), Err(StepError::BarFirst));
    let home = portes(&[(6, 15)], &[(24, 15)]);
    assert!(home.check_step(step(6, 6)).is_ok());
}

#[test]
fn p9_a_higher_die_bears_off_only_from_the_highest_point() {
    let p = portes(&[(5, 1), (3, 1)], &[(24, 15)]);
    assert_eq!(p.check_step(step(3, 6)), Err(StepError::HigherCheckerFirst));
    assert!(p.check_step(step(5, 6)).is_ok());
    assert_eq!(notations(&p, 6, 6), vec!["5/off 3/off"]);
    // An exact number bears off from its point even with a higher checker.
    assert!(p.check_step(step(3, 3)).is_ok());
}

#[test]
fn p10_the_first_side_to_bear_off_all_fifteen_wins() {
    let p = portes(&[(2, 1)], &[(24, 15)]);
    assert_eq!(portes_result(&p, PortesScoring::Standard), None);
    let list = legal(&p, 6, 5);
    let done = list.plays[0].position;
    assert_eq!(done.own_off(), CHECKERS);
    let result = portes_result(&done, PortesScoring::Standard).unwrap();
    assert_eq!(result.winner, Some(Seat::OnRoll));
    // Seen from the loser, on roll next.
    let seen = portes_result(&done.flipped(), PortesScoring::Standard).unwrap();
    assert_eq!(seen.winner, Some(Seat::Opponent));
}

#[test]
fn p11_single_double_and_no_triple_by_default() {
    let score = |p: &PortesPosition, s| {
        let r = portes_result(p, s).unwrap();
        (r.kind, s.points(r.kind))
    };
    // The loser bore off one: single.
    let single = portes(&[], &[(6, 14)]);
    assert_eq!(
        score(&single, PortesScoring::Standard),
        (ResultKind::Single, 1)
    );
    // None off: double (diplo).
    let double = portes(&[], &[(6, 15)]);
    assert_eq!(
        score(&double, PortesScoring::Standard),
        (ResultKind::Double, 2)
    );
    // None off and a checker in the winner's home board: still 2 by default…
    let western = portes(&[], &[(20, 1), (6, 14)]);
    assert_eq!(
        score(&western, PortesScoring::Standard),
        (ResultKind::Double, 2)
    );
    // …and 3 under the `triple` switch; a bar checker counts too.
    assert_eq!(
        score(&western, PortesScoring::Triple),
        (ResultKind::Triple, 3)
    );
    let on_bar = portes(&[], &[(25, 1), (6, 14)]);
    assert_eq!(
        score(&on_bar, PortesScoring::Triple),
        (ResultKind::Triple, 3)
    );
    assert_eq!(
        score(&double, PortesScoring::Triple),
        (ResultKind::Double, 2)
    );
}

#[test]
fn p_notation_round_trips_and_refuses_what_is_not_a_move() {
    for text in [
        "bar/22",
        "13/7*",
        "24/18*/13",
        "6/off",
        "13/11(2)",
        "pass",
        "bar/22 13/7*(2)",
    ] {
        let parsed: PortesNotation = text.parse().unwrap();
        assert_eq!(parsed.to_string(), text);
    }
    for bad in [
        "", "13", "13/", "off/3", "13/7(5)", "26/20", "13/off/2", "x/y",
    ] {
        assert!(bad.parse::<PortesNotation>().is_err(), "{bad:?}");
    }
}

#[test]
fn p5_a_route_written_without_a_star_is_the_quiet_one() {
    // 5-4 from the 11-point to the 2-point: through the 6-point (quiet) or
    // the 7-point (hitting the blot there). gnubg writes them `11/2` and
    // `11/7*/2`, and each text names its own play.
    let p = portes(&[(11, 1), (1, 14)], &[(18, 1), (1, 14)]);
    let list = legal(&p, 5, 4);
    assert_eq!(notations(&p, 5, 4), vec!["11/2", "11/7*/2"]);
    for text in ["11/2", "11/7*/2"] {
        let written: PortesNotation = text.parse().unwrap();
        let play = resolve_portes_play(&p, &list.plays, &written).unwrap();
        assert_eq!(format_portes_play(&p, play), text);
    }
    // With no quiet route, an unmarked hit is still understood.
    let blocked = portes(&[(11, 1), (1, 14)], &[(18, 1), (19, 2), (1, 12)]);
    let list = legal(&blocked, 5, 4);
    let written: PortesNotation = "11/2".parse().unwrap();
    let play = resolve_portes_play(&blocked, &list.plays, &written).unwrap();
    assert_eq!(format_portes_play(&blocked, play), "11/7*/2");
}

// ---------------------------------------------------------------------
// The brute-force reference: written separately from the generator, with
// gnubg's layout (per side: index 0–23 its points 1–24, 24 its bar), every
// order of every step tried, no pruning.

type Sides = ([u8; 25], [u8; 25]);

/// One step of the mover in the reference representation, or `None`.
fn reference_step((mover, opp): Sides, from: usize, die: usize) -> Option<Sides> {
    let (mut m, mut o) = (mover, opp);
    if m[from - 1] == 0 || (m[24] > 0 && from != 25) {
        return None;
    }
    m[from - 1] -= 1;
    if from > die {
        let to = from - die;
        // The opponent's point 25 - to, at its index 24 - to.
        match o[24 - to] {
            0 => {}
            1 => {
                o[24 - to] = 0;
                o[24] += 1;
            }
            _ => return None,
        }
        m[to - 1] += 1;
    } else {
        let outside: u8 = mover[6..25].iter().sum();
        let above: u8 = mover[from..24].iter().sum();
        if outside > 0 || (from < die && above > 0) {
            return None;
        }
    }
    Some((m, o))
}

/// Every line of steps through `dice`, as (numbers used, first die, result).
fn reference_lines(
    s: Sides,
    dice: &[usize],
    used: usize,
    first: usize,
    out: &mut Vec<(usize, usize, Sides)>,
) {
    let Some((&die, rest)) = dice.split_first() else {
        out.push((used, first, s));
        return;
    };
    let mut moved = false;
    for from in 1..=25 {
        if let Some(next) = reference_step(s, from, die) {
            moved = true;
            reference_lines(
                next,
                rest,
                used + 1,
                if used == 0 { die } else { first },
                out,
            );
        }
    }
    if !moved {
        out.push((used, first, s));
    }
}

fn reference_plays(s: Sides, a: usize, b: usize) -> BTreeSet<Sides> {
    let mut lines = Vec::new();
    if a == b {
        reference_lines(s, &[a; 4], 0, 0, &mut lines);
    } else {
        reference_lines(s, &[a, b], 0, 0, &mut lines);
        reference_lines(s, &[b, a], 0, 0, &mut lines);
    }
    let most = lines.iter().map(|l| l.0).max().unwrap_or(0);
    let mut kept: Vec<_> = lines.into_iter().filter(|l| l.0 == most).collect();
    if most == 1 && a != b {
        let high = a.max(b);
        if kept.iter().any(|l| l.1 == high) {
            kept.retain(|l| l.1 == high);
        }
    }
    kept.into_iter().map(|l| l.2).collect()
}

/// A random position: each side's 15 checkers spread over its bar, points
/// and off, in one of several shapes so every rule is reached.
fn random_sides(rng: &mut ChaCha8Rng) -> Sides {
    loop {
        let mut sides = [[0u8; 25]; 2];
        for side in sides.iter_mut() {
            let shape = rng.gen_range(0..4);
            let on_board = rng.gen_range(1..=15);
            for _ in 0..on_board {
                let slot = match shape {
                    0 => rng.gen_range(0..24),
                    1 => rng.gen_range(0..6),
                    2 => rng.gen_range(0..9),
                    _ => {
                        if rng.gen_bool(0.15) {
                            24
                        } else {
                            rng.gen_range(0..24)
                        }
                    }
                };
                side[slot] += 1;
            }
        }
        let [m, o] = sides;
        let clash = (0..24).any(|i| m[i] > 0 && o[23 - i] > 0);
        if !clash {
            return (m, o);
        }
    }
}

#[test]
/// 100,000 positions in a full run (`scale`).
fn p7_generator_matches_a_brute_force_reference_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut generator = PortesMoveGenerator::default();
    let mut list = PortesPlayList::default();
    let mut checked = 0;
    let (mut with_bar, mut bearing_off, mut passes) = (0, 0, 0);
    let positions = scale::sample(100_000);
    while checked < positions {
        let sides = random_sides(&mut rng);
        let position = PortesPosition::from_sides(sides.0, sides.1).unwrap();
        let (a, b) = (rng.gen_range(1..=6u8), rng.gen_range(1..=6u8));
        generator.generate(&position, Dice::new(a, b).unwrap(), &mut list);
        let generated: Vec<Sides> = list.plays.iter().map(|p| p.position.sides()).collect();
        let distinct: BTreeSet<Sides> = generated.iter().copied().collect();
        assert_eq!(
            distinct.len(),
            generated.len(),
            "duplicate plays: {position:?} {a}-{b}"
        );
        let mut expected = reference_plays(sides, usize::from(a), usize::from(b));
        if expected.is_empty() {
            expected.insert(sides);
        }
        assert_eq!(distinct, expected, "{position:?} rolled {a}-{b}");
        // Each play's steps replay to its position.
        for play in &list.plays {
            let mut replayed = position;
            for s in play.steps.iter() {
                assert!(replayed.check_step(s).is_ok());
                replayed = replayed.apply_step(s);
            }
            assert_eq!(replayed, play.position);
        }
        with_bar += usize::from(sides.0[24] > 0);
        bearing_off += usize::from(position.own_all_home());
        passes += usize::from(list.numbers_used == 0);
        checked += 1;
    }
    // The sample reaches the bar, the bear-off and blocked turns (in a
    // full run, over 5,000, 5,000 and 100 of them).
    assert!(
        with_bar > positions / 20 && bearing_off > positions / 20 && passes > positions / 1_000,
        "{with_bar} {bearing_off} {passes}"
    );
}

#[test]
fn p8_both_sides_all_home_is_read_off_the_unpacked_sides() {
    // The board-level answer the race evaluators ask first must be the
    // one each side's own numbering gives: nothing on the bar or past 6.
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let (mut races, mut others) = (0, 0);
    for _ in 0..20_000 {
        let (m, o) = random_sides(&mut rng);
        let position = PortesPosition::from_sides(m, o).unwrap();
        let home = |side: &[u8; 25]| side[6..].iter().all(|&c| c == 0);
        let expected = home(&m) && home(&o);
        assert_eq!(position.both_all_home(), expected, "{m:?} / {o:?}");
        races += usize::from(expected);
        others += usize::from(!expected);
    }
    assert!(
        races > 500 && others > 500,
        "{races} races, {others} others"
    );
    assert!(!PortesPosition::start().both_all_home());
}

#[test]
fn p7a_position_ids_round_trip_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..10_000 {
        let (m, o) = random_sides(&mut rng);
        let position = PortesPosition::from_sides(m, o).unwrap();
        let id = portes_position_id(&position);
        assert_eq!(id.len(), 14);
        assert_eq!(parse_portes_position_id(&id), Ok(position), "{id}");
    }
}

#[test]
fn p2_board_text_round_trips_and_refuses_what_is_wrong() {
    let start = PortesPosition::start();
    assert_eq!(
        portes_board_text(&start),
        "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5"
    );
    let p = portes(&[(25, 1), (6, 3)], &[]);
    assert_eq!(portes_board_text(&p), "bar:1 6:3 / -");
    assert_eq!(parse_portes_board_text("bar:1 6:3 off:11 / -"), Ok(p));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..2_000 {
        let (m, o) = random_sides(&mut rng);
        let q = PortesPosition::from_sides(m, o).unwrap();
        assert_eq!(parse_portes_board_text(&portes_board_text(&q)), Ok(q));
    }
    for bad in [
        "24:2",
        "24:16 / -",
        "25:1 / -",
        "6:1 6:1 / -",
        "6:1 off:3 / -",
        "24:1 / 1:1",
        "x / -",
        " / -",
    ] {
        assert!(parse_portes_board_text(bad).is_err(), "{bad:?}");
    }
}
