//! n-ply results checked against an independent brute-force expectimax
//! (no filters, no cache, no batching, no beam) on small positions, under
//! standard and Express rules (R20, R21: numbers passed on are a decision
//! of the opponent before its own roll).

use crate::plakoto_root::{PlakotoRoot, SearchPlakoto};
use crate::stand_in;
use plakoto_engine::eval::{GameEvaluator, Probabilities, terminal_probabilities};
use plakoto_engine::game::GameSearch;
use plakoto_engine::game::{Evaluation, SearchSettings};
use plakoto_rules::Plakoto;
use plakoto_rules::{
    Dice, MoveGenerator, Numbers, Play, Position, Rules, SideLayout, TurnNumbers, Variant,
    game_result,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stand_in::StandInEvaluator;

/// The numbers `play` of `numbers` leaves for the opponent (R21).
fn leftover(rules: Rules, numbers: &Numbers, play: &Play) -> Option<Numbers> {
    if rules.variant != Variant::Express {
        return None;
    }
    let used: Vec<u8> = play.steps.iter().map(|s| s.die.pips()).collect();
    numbers.remainder(&used)
}

fn equity(p: &Probabilities, rules: Rules) -> f32 {
    p.equity(rules.scoring)
}

/// The better of two values by equity (first wins ties).
fn better(a: Option<Probabilities>, b: Probabilities, rules: Rules) -> Option<Probabilities> {
    match a {
        Some(a) if equity(&a, rules) >= equity(&b, rules) => Some(a),
        _ => Some(b),
    }
}

/// Value for the side on roll of `pos` before it rolls, `depth` plies.
fn on_roll(pos: &Position, depth: u8, rules: Rules) -> Probabilities {
    if let Some(r) = game_result(pos, rules.scoring) {
        return terminal_probabilities(&r);
    }
    if depth == 0 {
        return StandInEvaluator.evaluate(&Plakoto::new(rules), pos);
    }
    let mut generator = MoveGenerator::default();
    let mut total = Probabilities::default();
    for (dice, weight) in Dice::all_rolls() {
        let numbers = dice.numbers(rules.variant);
        let mut plays = plakoto_rules::PlayList::default();
        generator.generate(pos, &numbers, &mut plays);
        let mut best = None;
        for play in &plays.plays {
            let v = after_play(
                &play.position,
                leftover(rules, &numbers, play),
                depth - 1,
                rules,
            );
            best = better(best, v, rules);
        }
        total.add_weighted(&best.unwrap(), f32::from(weight) / 36.0);
    }
    total
}

/// Value for the mover of the position its play reached.
fn after_play(pos: &Position, pending: Option<Numbers>, depth: u8, rules: Rules) -> Probabilities {
    if let Some(r) = game_result(pos, rules.scoring) {
        return terminal_probabilities(&r);
    }
    let opp = pos.flip();
    match pending {
        None => on_roll(&opp, depth, rules).flipped(),
        Some(numbers) => {
            let mut generator = MoveGenerator::default();
            let mut plays = plakoto_rules::PlayList::default();
            generator.generate(&opp, &numbers, &mut plays);
            let mut best = None;
            for q in &plays.plays {
                let v = match game_result(&q.position, rules.scoring) {
                    Some(r) => terminal_probabilities(&r),
                    None => on_roll(&q.position, depth, rules),
                };
                best = better(best, v, rules);
            }
            best.unwrap().flipped()
        }
    }
}

/// A small random position: `n` checkers a side (the rest borne off).
fn small_position(rng: &mut ChaCha8Rng, n: u8) -> Position {
    loop {
        let mut own = SideLayout::default();
        let mut opp = SideLayout::default();
        for _ in 0..n {
            own.counts[rng.gen_range(0..24)] += 1;
            opp.counts[rng.gen_range(0..24)] += 1;
        }
        if let Ok(p) = Position::from_layouts(&own, &opp)
            && game_result(&p, Rules::default().scoring).is_none()
        {
            return p;
        }
    }
}

/// Compares every candidate of every roll of a few positions.
fn check(rules: Rules, plies: u8, positions: usize, checkers: u8, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut settings = SearchSettings::exact(plies);
    settings.express_beam = 1_000_000;
    let mut search = GameSearch::<Plakoto>::new();
    let mut generator = MoveGenerator::default();
    let mut compared = 0;
    for _ in 0..positions {
        let pos = small_position(&mut rng, checkers);
        let (dice, _) = Dice::all_rolls().nth(rng.gen_range(0..21)).unwrap();
        let numbers = dice.numbers(rules.variant);
        let turn = TurnNumbers::Rolled(dice, numbers);
        let root = PlakotoRoot::new(&pos, &turn, rules, &StandInEvaluator);
        let ranking = search.rank_root(root, &mut generator, &settings, settings.limits());
        assert!(!ranking.timed_out);
        for r in &ranking.plays {
            let expected = after_play(
                &r.play.position,
                leftover(rules, &numbers, &r.play),
                plies,
                rules,
            );
            let got = r.probabilities;
            assert!(
                (equity(&got, rules) - equity(&expected, rules)).abs() < 2e-4
                    && (got.win() - expected.win()).abs() < 2e-4,
                "{pos:?} {dice}: search {got:?} reference {expected:?}"
            );
            if !r.evaluated_at.is_exact() {
                assert_eq!(r.evaluated_at, Evaluation::Plies { plies });
            }
            compared += 1;
        }
        for w in ranking.plays.windows(2) {
            assert!(w[0].equity >= w[1].equity, "sorted best first");
        }
    }
    assert!(compared >= positions);
}

#[test]
fn one_ply_matches_brute_force_standard() {
    check(Rules::default(), 1, 30, 4, 1);
}

#[test]
fn two_ply_matches_brute_force_standard() {
    check(Rules::default(), 2, 6, 3, 2);
}

#[test]
fn r20_r21_one_ply_matches_brute_force_express() {
    let rules = Rules {
        variant: Variant::Express,
        ..Rules::default()
    };
    check(rules, 1, 30, 4, 3);
}

#[test]
fn r20_r21_two_ply_matches_brute_force_express() {
    let rules = Rules {
        variant: Variant::Express,
        ..Rules::default()
    };
    check(rules, 2, 5, 3, 4);
}

#[test]
fn zero_ply_matches_static_evaluation() {
    check(Rules::default(), 0, 20, 5, 5);
}
