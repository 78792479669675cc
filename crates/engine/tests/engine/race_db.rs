//! The exact race database (R12–R14, R17) against brute force over the
//! rules core's own move generator.

use std::collections::HashMap;

use plakoto_engine::eval::race::{self, Layout, RaceDb};
use plakoto_rules::{
    Dice, MoveGenerator, Position, Rules, Scoring, Seat, SideLayout, Variant, game_result,
};

fn side(l: &Layout) -> SideLayout {
    let mut s = SideLayout::default();
    s.counts[..6].copy_from_slice(l);
    s
}

fn position(own: &Layout, opp: &Layout) -> Position {
    Position::from_layouts(&side(own), &side(opp)).expect("a valid race")
}

/// Every layout of at most `n` checkers, the empty one excluded.
fn small_layouts(n: u8) -> Vec<Layout> {
    let mut out = Vec::new();
    for code in 0..7u32.pow(6) {
        let mut l = [0u8; 6];
        let mut c = code;
        for x in l.iter_mut() {
            *x = (c % 7) as u8;
            c /= 7;
        }
        let total: u8 = l.iter().sum();
        if total >= 1 && total <= n {
            out.push(l);
        }
    }
    out
}

/// Chance that the side on roll wins, both sides playing to maximise it:
/// full expectimax over the rules core.
fn brute_win(p: &Position, movegen: &mut MoveGenerator, memo: &mut HashMap<Position, f64>) -> f64 {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let mut total = 0.0;
    for (dice, weight) in Dice::all_rolls() {
        let mut list = Default::default();
        movegen.generate(p, &dice.numbers(Variant::Standard), &mut list);
        let plays: Vec<Position> = list.plays.iter().map(|pl| pl.position).collect();
        let mut best = 0.0f64;
        for after in plays {
            let v = match game_result(&after, Scoring::Standard) {
                Some(r) => {
                    assert_eq!(r.winner, Some(Seat::OnRoll));
                    1.0
                }
                None => 1.0 - brute_win(&after.flip(), movegen, memo),
            };
            best = best.max(v);
        }
        total += f64::from(weight) / 36.0 * best;
    }
    memo.insert(*p, total);
    total
}

/// Chance that the side on roll wins when both sides play the database's
/// bear-off policy (each roll: the resulting layout with the fewest
/// expected turns, the first in layout order on ties), by expectimax over
/// the rules core's plays: checks the database's two-sided arithmetic.
fn policy_win(p: &Position, movegen: &mut MoveGenerator, memo: &mut HashMap<Position, f64>) -> f64 {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let db = RaceDb::global();
    let mut total = 0.0;
    for (dice, weight) in Dice::all_rolls() {
        let mut list = Default::default();
        movegen.generate(p, &dice.numbers(Variant::Standard), &mut list);
        let mut options: Vec<(Layout, Position)> = list
            .plays
            .iter()
            .map(|pl| {
                let mut l = [0u8; 6];
                for (i, x) in l.iter_mut().enumerate() {
                    *x = pl.position.raw_board()[i].max(0) as u8;
                }
                (l, pl.position)
            })
            .collect();
        options.sort_by_key(|o| o.0);
        let (_, after) = options
            .iter()
            .min_by(|a, b| db.expected_turns(&a.0).total_cmp(&db.expected_turns(&b.0)))
            .expect("a bear-off always has a play");
        let v = match game_result(after, Scoring::Standard) {
            Some(_) => 1.0,
            None => 1.0 - policy_win(&after.flip(), movegen, memo),
        };
        total += f64::from(weight) / 36.0 * v;
    }
    memo.insert(*p, total);
    total
}

/// Expected turns to bear off everything, playing to minimise it, over
/// the rules core (the opponent keeps one checker far away, unmoved).
fn brute_turns(l: &Layout, movegen: &mut MoveGenerator, memo: &mut HashMap<Layout, f64>) -> f64 {
    if l.iter().all(|&c| c == 0) {
        return 0.0;
    }
    if let Some(&v) = memo.get(l) {
        return v;
    }
    let p = position(l, &[0, 0, 0, 0, 0, 1]);
    let mut e = 1.0;
    for (dice, weight) in Dice::all_rolls() {
        let mut list = Default::default();
        movegen.generate(&p, &dice.numbers(Variant::Standard), &mut list);
        let best = list
            .plays
            .iter()
            .map(|pl| {
                let mut next = [0u8; 6];
                for (i, x) in next.iter_mut().enumerate() {
                    *x = pl.position.raw_board()[i].max(0) as u8;
                }
                brute_turns(&next, movegen, memo)
            })
            .fold(f64::INFINITY, f64::min);
        e += f64::from(weight) / 36.0 * best;
    }
    memo.insert(*l, e);
    e
}

#[test]
fn r13_one_sided_expected_turns_equal_brute_force() {
    let db = RaceDb::global();
    let mut movegen = MoveGenerator::default();
    let mut memo = HashMap::new();
    for l in small_layouts(4) {
        let brute = brute_turns(&l, &mut movegen, &mut memo);
        let table = f64::from(db.expected_turns(&l));
        assert!(
            (brute - table).abs() < 1e-4,
            "{l:?}: brute {brute}, table {table}"
        );
    }
    // A few larger layouts through the same recursion (memoised).
    for l in [[0, 0, 0, 0, 0, 7], [2, 1, 2, 1, 0, 1], [9, 0, 0, 0, 0, 0]] {
        let brute = brute_turns(&l, &mut movegen, &mut memo);
        let table = f64::from(db.expected_turns(&l));
        assert!(
            (brute - table).abs() < 1e-3,
            "{l:?}: brute {brute}, table {table}"
        );
    }
}

#[test]
fn r14_race_win_chances_equal_brute_force_expectimax() {
    let mut movegen = MoveGenerator::default();
    let mut memo = HashMap::new();
    let mut policy_memo = HashMap::new();
    let mut worst: f64 = 0.0;
    let layouts = small_layouts(3);
    let mut checked = 0;
    for own in layouts.iter().step_by(3) {
        for opp in layouts.iter().step_by(5) {
            let p = position(own, opp);
            let exact = race::evaluate(&p, Rules::default()).expect("a covered race");
            let win = f64::from(exact.win());
            // Exact for the database's policy...
            let policy = policy_win(&p, &mut movegen, &mut policy_memo);
            assert!(
                (win - policy).abs() < 2e-5,
                "{own:?} vs {opp:?}: table {win}, expectimax {policy}"
            );
            // ...which is within a hair of perfect play for win chances
            // (it minimises expected turns instead).
            let optimal = brute_win(&p, &mut movegen, &mut memo);
            worst = worst.max((win - optimal).abs());
            let total = exact.win() + exact.lose();
            assert!((total - 1.0).abs() < 1e-5);
            // Both sides have borne off checkers: no doubles (R17).
            assert_eq!(exact.win_double + exact.lose_double, 0.0);
            checked += 1;
        }
    }
    assert!(checked > 400);
    assert!(worst < 5e-3, "largest gap to perfect play {worst}");
}

#[test]
fn r17_race_doubles_need_a_loser_with_nothing_off() {
    // One checker left against fifteen on the six point: the side on roll
    // bears off at once; the loser has borne off nothing: a double.
    let p = position(&[1, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 15]);
    let r = race::evaluate(&p, Rules::default()).expect("a covered race");
    assert!((r.win_double - 1.0).abs() < 1e-6, "{r:?}");
    // Fifteen on the one point against a single checker on the one
    // point: the side on roll bears off 2 (or 4) checkers, then loses.
    let p = position(&[15, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]);
    let r = race::evaluate(&p, Rules::default()).expect("a covered race");
    assert!((r.lose_single - 1.0).abs() < 1e-6, "{r:?}");
    // Fifteen each on the six point: the loser's doubles are rare but
    // possible; every chance is a valid probability.
    let p = position(&[0, 0, 0, 0, 0, 15], &[0, 0, 0, 0, 0, 15]);
    let r = race::evaluate(&p, Rules::default()).expect("a covered race");
    let sum = r.win_single + r.win_double + r.lose_single + r.lose_double;
    assert!((sum - 1.0).abs() < 1e-5 && r.win() > 0.5, "{r:?}");
    assert!(r.win_double >= 0.0 && r.win_double < r.win_single);
}

#[test]
fn races_with_contact_pins_or_express_are_not_covered() {
    let own = side(&[2, 2, 2, 2, 2, 2]);
    let mut opp = side(&[0, 0, 0, 0, 0, 0]);
    opp.counts[10] = 3;
    let p = Position::from_layouts(&own, &opp).expect("valid");
    assert!(race::evaluate(&p, Rules::default()).is_none());
    let p = position(&[2, 2, 2, 2, 2, 2], &[3, 0, 0, 0, 0, 0]);
    assert!(race::evaluate(&p, Rules::default()).is_some());
    let express = Rules::new(Variant::Express, Scoring::Standard).expect("valid rules");
    assert!(race::evaluate(&p, express).is_none());
}
