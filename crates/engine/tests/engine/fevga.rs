//! Fevga evaluation: the race's definition checked by play (once the sides
//! cannot meet, the other side's checkers change no play), the race tables
//! checked against searches written with the Fevga move generator (one
//! side's expected turns, and both sides' exact equity with doubles), and
//! the heuristic checked as a player.

use std::collections::{HashMap, HashSet};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::race::{Layout, RaceDb};
use plakoto_engine::game::fevga::{evaluate_fevga_race, fevga_heuristic, fevga_no_contact};
use plakoto_engine::game::{FEVGA_EVALUATORS, fevga_evaluator, game_equity};
use plakoto_rules::Fevga;
use plakoto_rules::fevga::{
    FevgaMoveGenerator, FevgaPlayList, FevgaPosition, FevgaRules, fevga_points, fevga_result,
};
use plakoto_rules::{Dice, Seat};

/// A side's checkers from a home-board layout, the rest borne off or put
/// on `extra` (point, count) pairs, in the side's own numbering.
fn side(layout: Layout, extra: &[(usize, u8)]) -> [u8; 24] {
    let mut s = [0u8; 24];
    s[..6].copy_from_slice(&layout);
    for &(p, n) in extra {
        s[p - 1] += n;
    }
    s
}

fn position(own: [u8; 24], opp: [u8; 24]) -> FevgaPosition {
    FevgaPosition::from_sides(own, opp).expect("a valid Fevga position")
}

/// Every layout of up to `max` checkers on the six home points.
fn layouts(max: u8) -> Vec<Layout> {
    fn fill(point: usize, left: u8, layout: &mut Layout, out: &mut Vec<Layout>) {
        if point == 6 {
            out.push(*layout);
            return;
        }
        for count in 0..=left {
            layout[point] = count;
            fill(point + 1, left - count, layout, out);
        }
        layout[point] = 0;
    }
    let mut out = Vec::new();
    fill(0, max, &mut [0u8; 6], &mut out);
    out
}

/// The opponent's checkers spread over its points 1–12 (the mover's
/// 13–24): out of contact with a mover in its home board, and on the
/// points a careless definition would let interfere.
const BYSTANDER: [(usize, u8); 5] = [(1, 2), (4, 3), (7, 1), (9, 2), (12, 3)];

/// Expected turns for the mover to bear off `layout`, playing each roll
/// the way that minimises it: a plain recursion over the plays the Fevga
/// move generator lists, with the opponent standing on its 1–12.
fn expected_turns(layout: Layout, memo: &mut HashMap<Layout, f64>) -> f64 {
    if layout.iter().all(|&c| c == 0) {
        return 0.0;
    }
    if let Some(&known) = memo.get(&layout) {
        return known;
    }
    let rules = FevgaRules::default();
    let start = position(side(layout, &[]), side([0; 6], &BYSTANDER));
    let mut generator = FevgaMoveGenerator::default();
    let mut list = FevgaPlayList::default();
    let mut total = 1.0;
    for (dice, weight) in Dice::all_rolls() {
        generator.generate(&rules, &start, dice, &mut list);
        let best = list
            .plays
            .iter()
            .map(|play| {
                let (own, _) = play.position.sides();
                assert!(own[6..].iter().all(|&c| c == 0), "a bear-off stays home");
                expected_turns(std::array::from_fn(|i| own[i]), memo)
            })
            .fold(f64::INFINITY, f64::min);
        total += f64::from(weight) / 36.0 * best;
    }
    memo.insert(layout, total);
    total
}

#[test]
fn f11_the_race_tables_are_exact_for_fevga_bear_offs() {
    let db = RaceDb::global();
    let mut memo = HashMap::new();
    let small = layouts(4);
    assert_eq!(small.len(), 210);
    for layout in small {
        let searched = expected_turns(layout, &mut memo);
        let stored = f64::from(db.expected_turns(&layout));
        assert!(
            (searched - stored).abs() < 1e-4 * searched.max(1.0),
            "{layout:?}: the Fevga search gives {searched}, the tables {stored}"
        );
    }
}

/// The exact equity (F13: 1 or 2 points) of the side on roll, both sides
/// playing each roll to maximise it: expectimax over the Fevga generator's
/// plays, memoised by position.
fn exact_equity(
    position: &FevgaPosition,
    memo: &mut HashMap<FevgaPosition, f64>,
    generator: &mut FevgaMoveGenerator,
) -> f64 {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let rules = FevgaRules::default();
    let mut total = 0.0;
    for (dice, weight) in Dice::all_rolls() {
        let mut list = FevgaPlayList::default();
        generator.generate(&rules, position, dice, &mut list);
        let best = list
            .plays
            .iter()
            .map(|play| match fevga_result(&play.position) {
                Some(result) => {
                    assert_eq!(result.winner, Some(Seat::OnRoll));
                    f64::from(fevga_points(result.kind))
                }
                None => -exact_equity(&play.position.flipped(), memo, generator),
            })
            .fold(f64::NEG_INFINITY, f64::max);
        total += f64::from(weight) / 36.0 * best;
    }
    memo.insert(*position, total);
    total
}

fn fevga_equity(p: &Probabilities) -> f64 {
    f64::from(game_equity(&Fevga::default(), p))
}

#[test]
fn f13_race_equity_matches_an_exact_two_sided_search_doubles_included() {
    let mut memo = HashMap::new();
    let mut generator = FevgaMoveGenerator::default();
    let mut worst = 0.0f64;
    let mut compare = |own: [u8; 24], opp: [u8; 24]| {
        let p = position(own, opp);
        let table = evaluate_fevga_race(&p).expect("a home-board race");
        let searched = exact_equity(&p, &mut memo, &mut generator);
        let diff = (fevga_equity(&table) - searched).abs();
        worst = worst.max(diff);
        assert!(
            diff < 1e-4,
            "{p:?}: the tables give {table:?} (equity {}), the search {searched}",
            fevga_equity(&table)
        );
    };
    // Small races on both sides (each has borne off: singles only).
    for own in layouts(2) {
        for opp in layouts(2) {
            if own.iter().sum::<u8>() > 0 && opp.iter().sum::<u8>() > 0 {
                compare(side(own, &[]), side(opp, &[]));
            }
        }
    }
    // Against 15 checkers that have borne off none: the side on roll wins
    // a double when it finishes before the opponent bears a checker off,
    // and the opponent (on roll in the flipped positions the search
    // visits) may lose one.
    for own in layouts(3) {
        if own.iter().sum::<u8>() > 0 {
            compare(side(own, &[]), side([8, 7, 0, 0, 0, 0], &[]));
            compare(side([8, 7, 0, 0, 0, 0], &[]), side(own, &[]));
        }
    }
    assert!(worst < 1e-4, "{worst}");
    // The doubles are there: one checker on the 1-point against 15 that
    // have borne off none is a sure double win.
    let sure = evaluate_fevga_race(&position(
        side([1, 0, 0, 0, 0, 0], &[]),
        side([8, 7, 0, 0, 0, 0], &[]),
    ))
    .expect("a race");
    assert!((sure.win_double - 1.0).abs() < 1e-6, "{sure:?}");
}

#[test]
fn the_race_is_only_answered_where_the_tables_cover_it() {
    // At the start, and with a checker on the 13-point (the opponent's
    // 1-point, on its way), the sides can meet.
    assert!(!fevga_no_contact(&FevgaPosition::start()));
    assert!(evaluate_fevga_race(&FevgaPosition::start()).is_none());
    let touching = position(
        side([2, 0, 0, 0, 0, 0], &[(13, 1)]),
        side([0, 3, 3, 3, 3, 3], &[]),
    );
    assert!(!fevga_no_contact(&touching));
    assert!(evaluate_fevga_race(&touching).is_none());
    // Both on their 1–12 but a checker outside a home board: out of
    // contact, yet not in the tables.
    let outside = position(
        side([2; 6], &[(12, 3)]),
        side([2, 2, 2, 2, 3, 3], &[(7, 1)]),
    );
    assert!(fevga_no_contact(&outside));
    assert!(evaluate_fevga_race(&outside).is_none());
    let home = position(side([2; 6], &[]), side([2, 2, 2, 3, 3, 3], &[]));
    assert!(fevga_no_contact(&home));
    assert!(evaluate_fevga_race(&home).is_some());
}

/// The mover's half of a position (its checkers, own numbering, and off).
fn own_half(p: &FevgaPosition) -> ([u8; 24], u8) {
    (p.sides().0, p.own_off())
}

#[test]
fn out_of_contact_the_other_sides_checkers_change_no_play() {
    // Random games under the default rules; wherever the definition says
    // the sides cannot meet, the mover's plays for every roll are the same
    // with the opponent's checkers gathered on its 1-point instead.
    let rules = FevgaRules::default();
    let mut generator = FevgaMoveGenerator::default();
    let (mut list, mut alone) = (FevgaPlayList::default(), FevgaPlayList::default());
    let mut checked = 0;
    for seed in 0..60u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut p = FevgaPosition::start();
        let mut was_race = false;
        for _ in 0..3_000 {
            let race = fevga_no_contact(&p);
            assert!(!was_race || race, "contact came back: {p:?}");
            was_race = race;
            if race {
                let (own, _) = p.sides();
                let mut opp = [0u8; 24];
                opp[0] = 15 - p.opp_off();
                let lone = position(own, opp);
                for (dice, _) in Dice::all_rolls() {
                    generator.generate(&rules, &p, dice, &mut list);
                    generator.generate(&rules, &lone, dice, &mut alone);
                    let a: HashSet<_> = list.plays.iter().map(|x| own_half(&x.position)).collect();
                    let b: HashSet<_> = alone.plays.iter().map(|x| own_half(&x.position)).collect();
                    assert_eq!(a, b, "{p:?} {dice:?}");
                }
                checked += 1;
            }
            let dice = Dice::roll(&mut rng);
            generator.generate(&rules, &p, dice, &mut list);
            let play = *list.plays.choose(&mut rng).expect("never empty");
            if fevga_result(&play.position).is_some() {
                break;
            }
            // Out of contact the race stays so from the other side too.
            p = play.position.flipped();
        }
    }
    assert!(checked > 100, "only {checked} race positions were reached");
}

fn total(chances: &Probabilities) -> f32 {
    chances.as_array().iter().sum()
}

/// Plays a seeded game: `heuristic_side` (0 or 1, the side that starts
/// being 0) chooses by the heuristic at 0 ply, the other at random.
/// Returns the heuristic side's points (negative when it loses).
fn heuristic_against_random(seed: u64, heuristic_side: usize) -> i32 {
    let rules = FevgaRules::default();
    let game = Fevga::new(rules);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = FevgaMoveGenerator::default();
    let mut list = FevgaPlayList::default();
    let mut position = FevgaPosition::start();
    for turn in 0..3_000 {
        let dice = Dice::roll(&mut rng);
        generator.generate(&rules, &position, dice, &mut list);
        let play = if turn % 2 == heuristic_side {
            let value = |after: &FevgaPosition| match fevga_result(after) {
                Some(result) => f32::from(fevga_points(result.kind)),
                None => -game_equity(&game, &fevga_heuristic(&after.flipped(), &rules)),
            };
            *list
                .plays
                .iter()
                .max_by(|a, b| value(&a.position).total_cmp(&value(&b.position)))
                .expect("never empty")
        } else {
            *list.plays.choose(&mut rng).expect("never empty")
        };
        if let Some(result) = fevga_result(&play.position) {
            assert_eq!(result.winner, Some(Seat::OnRoll));
            let points = i32::from(fevga_points(result.kind));
            return if turn % 2 == heuristic_side {
                points
            } else {
                -points
            };
        }
        position = play.position.flipped();
    }
    panic!("a game did not end in 3,000 turns");
}

#[test]
fn the_fevga_heuristic_gives_chances_and_beats_a_random_player() {
    let rules = FevgaRules::default();
    for p in [
        FevgaPosition::start(),
        position(side([2; 6], &[]), side([2, 2, 2, 3, 3, 3], &[])),
        position(
            side([2; 6], &[(12, 3)]),
            side([2, 2, 2, 2, 3, 3], &[(7, 1)]),
        ),
    ] {
        let chances = fevga_heuristic(&p, &rules);
        assert!((total(&chances) - 1.0).abs() < 1e-5, "{chances:?}");
        assert!(chances.as_array().iter().all(|&c| (0.0..=1.0).contains(&c)));
        assert_eq!(chances.win_triple + chances.lose_triple, 0.0);
    }
    let games = 100;
    let (mut won, mut points) = (0, 0);
    for seed in 0..games {
        let result = heuristic_against_random(seed, (seed % 2) as usize);
        won += i32::from(result > 0);
        points += result;
    }
    assert!(
        won >= 90,
        "the heuristic won {won} of {games} against random play ({points} points)"
    );
}

#[test]
fn the_evaluators_are_found_by_name() {
    let game = Fevga::default();
    for name in ["heuristic", "pipcount"] {
        let e = fevga_evaluator(name).expect(name);
        assert_eq!(e.name(), name);
        let chances = e.evaluate(&game, &FevgaPosition::start());
        assert!((total(&chances) - 1.0).abs() < 1e-5);
    }
    assert_eq!(FEVGA_EVALUATORS, ["heuristic", "pipcount", "net"]);
    assert!(fevga_evaluator("gnubg").is_none());
    // The heuristic's exact values are the race tables'.
    let race = position(side([2; 6], &[]), side([2, 2, 2, 3, 3, 3], &[]));
    let heuristic = fevga_evaluator("heuristic").expect("heuristic");
    assert_eq!(
        heuristic.exact_value(&game, &race).map(|(p, _)| p),
        evaluate_fevga_race(&race)
    );
    assert!(
        fevga_evaluator("pipcount")
            .expect("pipcount")
            .exact_value(&game, &race)
            .is_none()
    );
}
