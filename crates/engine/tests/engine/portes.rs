//! Portes evaluation (issue 41): the race database checked against a
//! search written with the Portes move generator, and the heuristic
//! checked as a player.

use std::collections::HashMap;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::race::{Layout, RaceDb};
use plakoto_engine::game::portes::{evaluate_portes_race, portes_equity, portes_heuristic};
use plakoto_rules::portes::{
    PortesMoveGenerator, PortesPlayList, PortesPosition, PortesScoring, portes_result,
};
use plakoto_rules::{Dice, Seat};

/// A Portes position with `own` in the mover's home board (points 1–6)
/// and `opponent` in its own, every other checker borne off.
fn race(own: Layout, opponent: Layout) -> PortesPosition {
    let side =
        |layout: Layout| -> [u8; 25] { std::array::from_fn(|i| if i < 6 { layout[i] } else { 0 }) };
    PortesPosition::from_sides(side(own), side(opponent)).expect("a valid race")
}

/// Expected turns for the mover to bear off `layout`, playing each roll
/// the way that minimises it: a plain recursion over the plays the Portes
/// move generator lists (the opponent has borne everything off, so it
/// never interferes).
fn expected_turns(layout: Layout, memo: &mut HashMap<Layout, f64>) -> f64 {
    if layout.iter().all(|&c| c == 0) {
        return 0.0;
    }
    if let Some(&known) = memo.get(&layout) {
        return known;
    }
    let position = race(layout, [0; 6]);
    let mut generator = PortesMoveGenerator::default();
    let mut list = PortesPlayList::default();
    let mut total = 1.0;
    for (dice, weight) in Dice::all_rolls() {
        generator.generate(&position, dice, &mut list);
        let best = list
            .plays
            .iter()
            .map(|play| {
                let (own, _) = play.position.sides();
                let after: Layout = std::array::from_fn(|i| own[i]);
                expected_turns(after, memo)
            })
            .fold(f64::INFINITY, f64::min);
        total += f64::from(weight) / 36.0 * best;
    }
    memo.insert(layout, total);
    total
}

/// Every layout of up to `max` checkers on the six home points.
fn layouts(max: u8) -> Vec<Layout> {
    let mut out = Vec::new();
    let mut layout = [0u8; 6];
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
    fill(0, max, &mut layout, &mut out);
    out
}

#[test]
fn p9_the_race_database_is_exact_for_portes_bear_offs() {
    let db = RaceDb::global();
    let mut memo = HashMap::new();
    let small = layouts(4);
    assert_eq!(small.len(), 210);
    for layout in small {
        let searched = expected_turns(layout, &mut memo);
        let stored = f64::from(db.expected_turns(&layout));
        assert!(
            (searched - stored).abs() < 1e-4 * searched.max(1.0),
            "{layout:?}: the Portes search gives {searched}, the database {stored}"
        );
    }
    // One checker on the 6-point is off in one turn unless the roll is
    // 1-1, 2-1, 3-1, 4-1 or 3-2 (9 of 36), then surely in the next.
    let six = expected_turns([0, 0, 0, 0, 0, 1], &mut memo);
    assert!((six - (1.0 + 9.0 / 36.0)).abs() < 1e-12, "{six}");
}

#[test]
fn p11_a_race_is_answered_exactly_with_doubles_only_before_any_checker_is_off() {
    // The side on roll with one checker on its 1-point cannot lose.
    let sure = evaluate_portes_race(&race([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 15])).unwrap();
    assert!((sure.win() - 1.0).abs() < 1e-6);
    assert!(
        (sure.win_double - 1.0).abs() < 1e-6,
        "the loser has none off"
    );
    let single = evaluate_portes_race(&race([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3])).unwrap();
    assert!(
        (single.win_single - 1.0).abs() < 1e-6,
        "the loser has 12 off"
    );
    // Checkers outside the home board or on the bar: not a race.
    let mut outside = PortesPosition::start();
    assert!(evaluate_portes_race(&outside).is_none());
    outside = outside.flipped();
    assert!(evaluate_portes_race(&outside).is_none());
}

fn total(chances: &Probabilities) -> f32 {
    chances.as_array().iter().sum()
}

/// Plays a seeded game: `heuristic_side` (0 or 1, the side that starts
/// being 0) chooses by the heuristic at 0 ply, the other at random.
/// Returns the heuristic side's points (negative when it loses).
fn heuristic_against_random(seed: u64, heuristic_side: usize) -> i32 {
    let scoring = PortesScoring::Standard;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = PortesMoveGenerator::default();
    let mut list = PortesPlayList::default();
    let mut position = PortesPosition::start();
    for turn in 0..2_000 {
        let dice = Dice::roll(&mut rng);
        generator.generate(&position, dice, &mut list);
        let play = if turn % 2 == heuristic_side {
            let value = |after: &PortesPosition| match portes_result(after, scoring) {
                Some(result) => f32::from(scoring.points(result.kind)),
                None => -portes_equity(&portes_heuristic(&after.flipped()), scoring),
            };
            *list
                .plays
                .iter()
                .max_by(|a, b| value(&a.position).total_cmp(&value(&b.position)))
                .expect("never empty")
        } else {
            *list.plays.choose(&mut rng).expect("never empty")
        };
        if let Some(result) = portes_result(&play.position, scoring) {
            assert_eq!(result.winner, Some(Seat::OnRoll));
            let points = i32::from(scoring.points(result.kind));
            return if turn % 2 == heuristic_side {
                points
            } else {
                -points
            };
        }
        position = play.position.flipped();
    }
    panic!("a game did not end in 2,000 turns");
}

#[test]
fn the_portes_heuristic_gives_chances_and_beats_a_random_player() {
    for position in [PortesPosition::start(), race([2; 6], [2, 2, 2, 3, 3, 3])] {
        let chances = portes_heuristic(&position);
        assert!((total(&chances) - 1.0).abs() < 1e-5, "{chances:?}");
        assert!(chances.as_array().iter().all(|&c| (0.0..=1.0).contains(&c)));
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
