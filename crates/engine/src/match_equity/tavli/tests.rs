//! Tests of the Tavli table and context: agreement with the two brute
//! force computations of [`super::brute_force`], Plakoto's table as a
//! special case, symmetry, monotonicity, the value of gammons to the
//! trailer, and the context's valuation of a play.

use super::brute_force::{Start, enumerate, forward};
use super::rates::{ENDINGS, StarterRates};
use super::*;
use crate::eval::Probabilities;
use crate::game::EngineGame;
use crate::match_equity::{MatchEquityTable, STANDARD_RATES};
use plakoto_rules::{GameKind, Scoring, Side};
use plakoto_rules::{Plakoto, Portes};
use std::collections::HashMap;

/// The starter's share of the decided games.
fn starter_share(r: &StarterRates) -> f64 {
    let won: f64 = r.starter.iter().sum();
    won / (won + r.other.iter().sum::<f64>())
}

/// The share of wins, either side's, that are worth more than a single.
fn gammon_share(r: &StarterRates) -> f64 {
    let big = |w: &[f64; 4]| w[1] + w[2] + w[3];
    let all: f64 = r.starter.iter().chain(&r.other).sum();
    (big(&r.starter) + big(&r.other)) / all
}

const STARTERS: [Starter; 3] = [Starter::Player, Starter::Opponent, Starter::OpeningRoll];
const AFTER_DRAW: [AfterDraw; 2] = [AfterDraw::OpeningRoll, AfterDraw::SameStarter];

/// The measured models of `sequence`, default switches.
fn measured(sequence: &[GameKind]) -> Vec<GameModel> {
    TavliSwitches::new(sequence, 7).models()
}

fn model(starter: [f64; 4], other: [f64; 4], draw: f64, points: [u8; 4]) -> GameModel {
    let rates = StarterRates {
        starter,
        other,
        draw,
    };
    let total: f64 = starter.iter().chain(&other).sum::<f64>() + draw;
    assert!((total - 1.0).abs() < 1e-12);
    GameModel { rates, points }
}

/// Made-up games that draw often (so the draw cycles matter), with
/// triples and mothers worth 3.
fn synthetic() -> Vec<GameModel> {
    vec![
        model(
            [0.30, 0.10, 0.0, 0.05],
            [0.25, 0.08, 0.0, 0.02],
            0.20,
            [1, 2, 3, 3],
        ),
        model(
            [0.40, 0.15, 0.0, 0.0],
            [0.35, 0.10, 0.0, 0.0],
            0.0,
            [1, 2, 2, 0],
        ),
        model(
            [0.20, 0.10, 0.05, 0.0],
            [0.20, 0.10, 0.05, 0.0],
            0.30,
            [1, 2, 3, 0],
        ),
    ]
}

/// The sequences the brute force checks: the default, another order with
/// Plakoto twice, and the made-up ones.
fn sequences() -> Vec<Vec<GameModel>> {
    use GameKind::{Fevga, Plakoto, Portes};
    let made_up = synthetic();
    vec![
        measured(&GameKind::ALL),
        measured(&[Fevga, Plakoto, Plakoto, Portes]),
        made_up.clone(),
        vec![made_up[2], made_up[0]],
    ]
}

/// Every state up to `size` away in a sequence of `len` games.
fn states(size: i32, len: usize) -> impl Iterator<Item = Start> {
    (1..=size).flat_map(move |a| {
        (1..=size).flat_map(move |b| (0..len).flat_map(move |g| STARTERS.map(|s| (a, b, g, s))))
    })
}

#[test]
fn table_agrees_with_the_match_played_forward_for_targets_1_to_7() {
    let mut worst: f64 = 0.0;
    for games in sequences() {
        for after_draw in AFTER_DRAW {
            // The brute force does not depend on the target: once per entry.
            let mut expected = HashMap::new();
            for start in states(7, games.len()) {
                let (won, left) = forward(&games, after_draw, start);
                assert!(left < 1e-14, "{left} left in play");
                expected.insert(start, won);
            }
            for target in 1..=7 {
                let table = TavliEquityTable::compute(&games, after_draw, target as u32);
                for (&(a, b, g, s), &won) in &expected {
                    if a <= target && b <= target {
                        worst = worst.max((table.get(a, b, g, s) - won).abs());
                    }
                }
            }
        }
    }
    eprintln!("max |table − forward| = {worst:e}");
    assert!(worst < 1e-12, "max |table − forward| = {worst:e}");
}

#[test]
fn table_agrees_with_every_path_enumerated_up_to_3_away() {
    use GameKind::{Fevga, Plakoto, Portes};
    let mut worst: f64 = 0.0;
    for games in [
        measured(&GameKind::ALL),
        measured(&[Fevga, Plakoto, Plakoto, Portes]),
    ] {
        for after_draw in AFTER_DRAW {
            let table = TavliEquityTable::compute(&games, after_draw, 3);
            for (a, b, g, s) in states(3, games.len()) {
                let (won, dropped) = enumerate(&games, after_draw, (a, b, g, s));
                assert!(dropped < 1e-9, "{dropped} dropped");
                worst = worst.max((table.get(a, b, g, s) - won).abs());
            }
        }
    }
    eprintln!("max |table − paths| = {worst:e}");
    assert!(worst < 1e-9, "max |table − paths| = {worst:e}");
}

#[test]
fn plakoto_alone_with_shared_rates_is_plakotos_table() {
    let games = [GameModel {
        rates: StarterRates::symmetric(&STANDARD_RATES),
        points: ENDINGS.map(|e| Scoring::Standard.points(e)),
    }];
    let plakoto = MatchEquityTable::compute(&STANDARD_RATES, Scoring::Standard, 9);
    for after_draw in AFTER_DRAW {
        let table = TavliEquityTable::compute(&games, after_draw, 9);
        for a in 1..=9 {
            for b in 1..=9 {
                for s in STARTERS {
                    let diff = table.get(a, b, 0, s) - plakoto.get(a, b);
                    assert!(diff.abs() < 1e-12, "({a}, {b}) {s:?}: {diff}");
                }
            }
        }
    }
}

#[test]
fn table_is_symmetric_and_monotone() {
    for games in sequences() {
        for after_draw in AFTER_DRAW {
            let t = TavliEquityTable::compute(&games, after_draw, 9);
            for (g, game) in games.iter().enumerate() {
                for a in 1..=9 {
                    let roll = t.get(a, a, g, Starter::OpeningRoll);
                    assert!((roll - 0.5).abs() < 1e-12);
                    for b in 1..=9 {
                        for s in STARTERS {
                            let e = t.get(a, b, g, s);
                            // The opponent's chance is the player's complement.
                            let theirs = t.get(b, a, g, s.swapped());
                            assert!((e + theirs - 1.0).abs() < 1e-12, "({a}, {b}, {g}, {s:?})");
                            assert!(t.get(a - 1, b, g, s) >= e, "fewer to go is better");
                            assert!(t.get(a, b - 1, g, s) <= e, "the opponent nearer is worse");
                        }
                        // Starting is worth something where the starter wins more.
                        if starter_share(&game.rates) > 0.5 {
                            assert!(
                                t.get(a, b, g, Starter::Player) > t.get(a, b, g, Starter::Opponent)
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A game's rates with its wins all single or all double, the starter's
/// share kept.
fn with_gammons(rates: StarterRates, share: f64) -> StarterRates {
    let split = |w: [f64; 4]| {
        let won: f64 = w.iter().sum();
        [won * (1.0 - share), won * share, 0.0, 0.0]
    };
    StarterRates {
        starter: split(rates.starter),
        other: split(rates.other),
        draw: rates.draw,
    }
}

#[test]
fn a_gammon_prone_portes_game_next_is_worth_more_to_the_trailer() {
    // Portes and Plakoto made alike but for the gammons: Portes' wins are
    // 40% doubles, Plakoto's 10%; Fevga as measured.
    let mut games = measured(&GameKind::ALL);
    games[0].rates = with_gammons(Portes::default().starter_rates(), 0.4);
    games[1].rates = with_gammons(Portes::default().starter_rates(), 0.1);
    games[1].points = games[0].points;
    let t = TavliEquityTable::compute(&games, AfterDraw::OpeningRoll, 7);
    for (a, b) in [(2, 1), (3, 1), (4, 2), (5, 3), (7, 5)] {
        let portes = t.get(a, b, 0, Starter::OpeningRoll);
        let plakoto = t.get(a, b, 1, Starter::OpeningRoll);
        assert!(portes > plakoto, "({a}, {b}): {portes} ≤ {plakoto}");
        // And the leader would rather the quiet game.
        assert!(t.get(b, a, 0, Starter::OpeningRoll) < t.get(b, a, 1, Starter::OpeningRoll));
    }
}

#[test]
fn measured_gammons_decide_which_game_the_trailer_wants_at_2_away_1() {
    // At 2-away against 1-away, after an opening roll, the trailer wins
    // the match with any win worth 2 or more (half the game's rate B of
    // such wins), reaches 1-all starting the next game with a single win
    // (half the singles S), and loses with any loss, so
    // E = B/2 + S/2 · E(1, 1, next, P) + d · E(2, 1, next, R).
    let games = measured(&GameKind::ALL);
    let t = TavliEquityTable::compute(&games, AfterDraw::OpeningRoll, 2);
    for (g, game) in games.iter().enumerate() {
        let r = &game.rates;
        let big: f64 = (1..4).map(|k| r.starter[k] + r.other[k]).sum();
        let single = r.starter[0] + r.other[0];
        let expected = big / 2.0
            + single / 2.0 * t.get(1, 1, g + 1, Starter::Player)
            + r.draw * t.get(2, 1, g + 1, Starter::OpeningRoll);
        assert!((t.get(2, 1, g, Starter::OpeningRoll) - expected).abs() < 1e-12);
    }
    // As measured, Plakoto (doubles and mothers, 42% of wins) is the
    // gammon-prone game, not Portes (27%): the trailer would rather play
    // Plakoto next. (Reaching 1-all also helps more before Fevga, whose
    // starter wins 58%, than before Plakoto, 53%: both terms agree.)
    let (plakoto, portes) = (
        Plakoto::default().starter_rates(),
        Portes::default().starter_rates(),
    );
    assert!(gammon_share(&plakoto) > gammon_share(&portes) + 0.1);
    let (portes, plakoto) = (
        t.get(2, 1, 0, Starter::OpeningRoll),
        t.get(2, 1, 1, Starter::OpeningRoll),
    );
    assert!(plakoto > portes + 0.02, "{plakoto} against {portes}");
}

/// A sure win (or loss) of ending `kind` ([`ENDINGS`]' order).
fn sure(win: bool, kind: usize) -> Probabilities {
    let won = match kind {
        0 => Probabilities {
            win_single: 1.0,
            ..Default::default()
        },
        1 => Probabilities {
            win_double: 1.0,
            ..Default::default()
        },
        2 => Probabilities {
            win_triple: 1.0,
            ..Default::default()
        },
        _ => Probabilities {
            win_mother: 1.0,
            ..Default::default()
        },
    };
    if win { won } else { won.flipped() }
}

#[test]
fn context_values_each_ending_at_the_next_games_start() {
    // Game 4 of the default sequence is Plakoto; X has 1, O has 3 of 5.
    let ctx = TavliMatchContext::of(&GameKind::ALL, 5, 4, [1, 3], Side::O, Side::X).unwrap();
    assert_eq!((ctx.mover_away, ctx.opponent_away), (2, 4));
    let t = TavliSwitches::default().table();
    let near = |x: f32, y: f64| (f64::from(x) - y).abs() < 1e-6;
    // A single win: O needs 1 and starts game 5 (Fevga).
    assert!(near(
        ctx.mwc(&sure(true, 0)),
        t.get(1, 4, 5, Starter::Player)
    ));
    // Any double or mother win reaches the target.
    assert!(near(ctx.mwc(&sure(true, 3)), 1.0));
    // A double lost: X needs 2, X starts.
    assert!(near(
        ctx.mwc(&sure(false, 1)),
        t.get(2, 2, 5, Starter::Opponent)
    ));
    // A draw: the next game at the same score, with an opening roll.
    let draw = Probabilities {
        draw: 1.0,
        ..Default::default()
    };
    assert!(near(ctx.mwc(&draw), t.get(2, 4, 5, Starter::OpeningRoll)));
    // Under same_starter X, who started, starts again.
    let switches = TavliSwitches {
        after_draw: AfterDraw::SameStarter,
        ..TavliSwitches::default()
    };
    let place = TavliPlace {
        game_index: 4,
        score: [1, 3],
        mover: Side::O,
        starter: Side::X,
    };
    let ctx = TavliMatchContext::new(&switches, &place).unwrap();
    let t = switches.table();
    assert!(near(ctx.mwc(&draw), t.get(2, 4, 5, Starter::Opponent)));
    // Over: no context.
    assert!(TavliMatchContext::of(&GameKind::ALL, 5, 4, [5, 3], Side::O, Side::X).is_none());
}

#[test]
fn context_normalises_single_results_to_plus_and_minus_one() {
    let ctx = TavliMatchContext::of(&GameKind::ALL, 5, 0, [0, 0], Side::X, Side::X).unwrap();
    assert!((ctx.normalised(&sure(true, 0)) - 1.0).abs() < 1e-5);
    assert!((ctx.normalised(&sure(false, 0)) + 1.0).abs() < 1e-5);
    // A Portes gammon counts 2 points; its MWC is above a single's.
    assert!(ctx.mwc(&sure(true, 1)) > ctx.mwc(&sure(true, 0)));
    // Double match point: W − L = 1, so 0.1 MWC is 0.2 points.
    let ctx = TavliMatchContext::of(&GameKind::ALL, 5, 2, [4, 4], Side::X, Side::O).unwrap();
    assert!((ctx.to_equity(0.1) - 0.2).abs() < 1e-6);
}

#[test]
fn table_matches_the_documented_numbers() {
    // records.md, "Tavli match equity": default switches.
    let t = TavliSwitches::default().table();
    let near = |x: f64, y: f64| (x - y).abs() < 5e-4;
    assert!(near(t.get(1, 2, 0, Starter::OpeningRoll), 0.672));
    assert!(near(t.get(5, 4, 0, Starter::OpeningRoll), 0.399));
    assert!(near(t.get(2, 1, 1, Starter::OpeningRoll), 0.378));
    assert!(near(t.get(2, 1, 2, Starter::Opponent), 0.246));
    assert!(near(t.get(5, 5, 2, Starter::Player), 0.524));
}
