//! The search over the game layer (`plakoto_engine::game`): its values
//! checked by hand (0 ply, a brute-force 1-ply average over the 21 rolls),
//! its exact plays (a game ended, a race of the database), its stop, its
//! equity against Portes' own, and its rankings against the specialised
//! Plakoto search's on the same evaluator.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_engine::eval::exact::ExactDatabase;
use plakoto_engine::eval::{Probabilities, terminal_probabilities};
use plakoto_engine::game::portes::{evaluate_portes_race, portes_equity, portes_heuristic};
use plakoto_engine::game::{Evaluation, SearchLimits, SearchSettings, Stop};
use plakoto_engine::game::{
    FevgaHeuristicEvaluator, GameRanking, GameSearch, PortesHeuristicEvaluator, game_equity,
    portes_evaluator,
};
use plakoto_rules::portes::{PortesPosition, PortesScoring};
use plakoto_rules::tavli::GameKind;
use plakoto_rules::{Dice, TavliGame};
use plakoto_rules::{Fevga, Portes};

/// `count` Portes positions of seeded random games, each taken at a random
/// turn from 6 on, game not over.
fn portes_positions(seed: u64, count: usize) -> Vec<PortesPosition> {
    game_positions(&Portes::default(), seed, count)
}

/// `count` positions of seeded random games of `game`, each taken at a
/// random turn from 6 on, game not over.
fn game_positions<G: TavliGame>(game: &G, seed: u64, count: usize) -> Vec<G::Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = game.generator();
    let mut list = Default::default();
    let mut out = Vec::new();
    while out.len() < count {
        let turns = rng.gen_range(6..30);
        let mut position = game.start();
        for _ in 0..turns {
            game.generate(&mut generator, &position, Dice::roll(&mut rng), &mut list);
            let play = game.plays(&list).choose(&mut rng).expect("never empty");
            position = game.flip(&game.after(play));
            if game.result(&position).is_some() {
                break;
            }
        }
        if game.result(&position).is_none() {
            out.push(position);
        }
    }
    out
}

/// A side of a Portes position: `(point, checkers)` pairs, point 25 the bar.
fn side(checkers: &[(usize, u8)]) -> [u8; 25] {
    let mut s = [0u8; 25];
    for &(point, n) in checkers {
        s[point - 1] += n;
    }
    s
}

/// The static value for the mover of a play's resulting position, written
/// out: the result if the game is over, else the race database, else the
/// heuristic of the opponent's position, flipped.
fn static_value(game: &Portes, after: &PortesPosition) -> (Probabilities, bool) {
    if let Some(r) = game.result(after) {
        return (terminal_probabilities(&r), true);
    }
    let seen = game.flip(after);
    match evaluate_portes_race(&seen) {
        Some(p) => (p.flipped(), true),
        None => (portes_heuristic(&seen).flipped(), false),
    }
}

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).expect("dice")
}

fn rank_portes(
    game: &Portes,
    position: &PortesPosition,
    roll: Dice,
    settings: &SearchSettings,
    limits: SearchLimits,
) -> GameRanking<Portes> {
    GameSearch::new().rank(
        game,
        &PortesHeuristicEvaluator,
        position,
        roll,
        settings,
        limits,
    )
}

/// Every value is the one written out by hand, and the ranking is sorted
/// best first with ties in generation order.
#[test]
fn zero_ply_ranking_is_each_play_evaluated_by_hand() {
    let game = Portes::default();
    let mut generator = game.generator();
    let mut list = Default::default();
    for (i, position) in portes_positions(7, 12).iter().enumerate() {
        let roll = dice(1 + (i % 6) as u8, 1 + (i * 5 % 6) as u8);
        let ranking = rank_portes(
            &game,
            position,
            roll,
            &SearchSettings::default(),
            SearchLimits::plies(0),
        );
        game.generate(&mut generator, position, roll, &mut list);
        let plays = game.plays(&list);
        assert_eq!(ranking.plays.len(), plays.len());
        assert_eq!(ranking.plies, 0);
        let mut expected: Vec<(usize, f32)> = Vec::new();
        for (k, play) in plays.iter().enumerate() {
            let (p, exact) = static_value(&game, &game.after(play));
            let equity = portes_equity(&p, PortesScoring::Standard);
            expected.push((k, equity));
            let ranked = ranking
                .plays
                .iter()
                .find(|r| game.after(&r.play) == game.after(play))
                .expect("every play ranked");
            assert_eq!(ranked.probabilities, p);
            assert_eq!(ranked.equity, equity);
            assert_eq!(ranked.evaluated_at.is_exact(), exact);
        }
        expected.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (r, (k, _)) in ranking.plays.iter().zip(&expected) {
            assert_eq!(game.after(&r.play), game.after(&plays[*k]));
        }
    }
}

/// The 1-ply value of a play, written out: over the 21 rolls (doubles
/// 1/36, others 2/36) the opponent's statically best reply, for the mover.
fn one_ply_by_hand(game: &Portes, after: &PortesPosition) -> Probabilities {
    if let Some(r) = game.result(after) {
        return terminal_probabilities(&r);
    }
    let opponent = game.flip(after);
    let mut generator = game.generator();
    let mut list = Default::default();
    let mut sum = Probabilities::default();
    for (roll, weight) in Dice::all_rolls() {
        game.generate(&mut generator, &opponent, roll, &mut list);
        let mut best: Option<(f32, Probabilities)> = None;
        for reply in game.plays(&list) {
            let (v, _) = static_value(game, &game.after(reply));
            let e = portes_equity(&v, PortesScoring::Standard);
            if best.is_none_or(|(b, _)| e > b) {
                best = Some((e, v));
            }
        }
        sum.add_weighted(&best.expect("a reply").1, f32::from(weight) / 36.0);
    }
    sum.flipped()
}

#[test]
fn one_ply_value_is_the_average_over_the_21_rolls() {
    let game = Portes::default();
    for (i, position) in portes_positions(11, 4).iter().enumerate() {
        let roll = dice(6 - (i % 6) as u8, 1 + (i * 2 % 6) as u8);
        // No root filter: every play is searched at 1 ply.
        let ranking = rank_portes(
            &game,
            position,
            roll,
            &SearchSettings::exact(1),
            SearchLimits::plies(1),
        );
        assert_eq!(ranking.plies, 1);
        for r in &ranking.plays {
            let by_hand = one_ply_by_hand(&game, &game.after(&r.play));
            if r.evaluated_at.is_exact() {
                continue;
            }
            assert_eq!(r.evaluated_at, Evaluation::Plies { plies: 1 });
            for (a, b) in r.probabilities.as_array().iter().zip(by_hand.as_array()) {
                assert!((a - b).abs() < 1e-5, "{a} against {b}");
            }
        }
        for pair in ranking.plays.windows(2) {
            assert!(pair[0].equity >= pair[1].equity);
        }
    }
}

/// The mover bears off its last checker with 2-1 (its other play leaves a
/// checker behind); the opponent has borne off nothing and has checkers
/// outside its home board: a double, exact, and the best play at any depth.
#[test]
fn bearing_off_the_last_checker_is_exact_and_best() {
    let position =
        PortesPosition::from_sides(side(&[(1, 1), (2, 1)]), side(&[(6, 5), (12, 5), (13, 5)]))
            .expect("valid");
    for game in [
        Portes::new(PortesScoring::Standard),
        Portes::new(PortesScoring::Triple),
    ] {
        for plies in 0..=2 {
            let ranking = rank_portes(
                &game,
                &position,
                dice(2, 1),
                &SearchSettings::default(),
                SearchLimits::plies(plies),
            );
            assert!(
                ranking.plays.len() >= 2,
                "a play that does not end the game"
            );
            let best = &ranking.plays[0];
            let result = game.result(&game.after(&best.play)).expect("the game ends");
            assert_eq!(best.probabilities, terminal_probabilities(&result));
            assert_eq!(best.evaluated_at, Evaluation::Exact { database: None });
            assert_eq!(best.equity, 2.0);
            assert!(ranking.plays[1..].iter().all(|r| r.equity < 2.0));
        }
    }
}

/// In a bear-off race every play is answered by the race database (or ends
/// the game), at any depth, and never searched deeper.
#[test]
fn race_positions_are_exact() {
    let game = Portes::default();
    let position = PortesPosition::from_sides(
        side(&[(1, 3), (3, 2), (5, 4), (6, 2)]),
        side(&[(2, 4), (4, 3), (6, 3)]),
    )
    .expect("valid");
    for plies in [0, 1, 2] {
        let ranking = rank_portes(
            &game,
            &position,
            dice(5, 3),
            &SearchSettings::default(),
            SearchLimits::plies(plies),
        );
        for r in &ranking.plays {
            let seen = game.flip(&game.after(&r.play));
            let exact = evaluate_portes_race(&seen).expect("a race");
            assert_eq!(
                r.evaluated_at,
                Evaluation::Exact {
                    database: Some(ExactDatabase::Race)
                }
            );
            assert_eq!(r.probabilities, exact.flipped());
        }
        assert_eq!(ranking.stats.chance_nodes, 0);
    }
    // The position itself, for `eval`.
    let (p, how) = GameSearch::new().evaluate_position(
        &game,
        &PortesHeuristicEvaluator,
        &position,
        &SearchSettings::default(),
        SearchLimits::plies(2),
    );
    assert_eq!(p, evaluate_portes_race(&position).expect("a race"));
    assert_eq!(
        how,
        Evaluation::Exact {
            database: Some(ExactDatabase::Race)
        }
    );
}

/// A search whose stop is already set answers with the deepest complete
/// level, 0 ply: the same ranking a 0-ply search gives.
#[test]
fn a_stopped_search_returns_the_complete_shallower_ranking() {
    let game = Portes::default();
    let position = portes_positions(3, 1)[0];
    let settings = SearchSettings::default();
    let shallow = rank_portes(
        &game,
        &position,
        dice(4, 2),
        &settings,
        SearchLimits::plies(0),
    );
    let mut search = GameSearch::new();
    search.set_stop(Stop::after_line(Arc::new(AtomicU64::new(2)), 1));
    for limits in [
        SearchLimits::plies(1),
        SearchLimits::plies(2),
        SearchLimits::plies(2).with_time(Some(60_000)),
    ] {
        let ranking = search.rank(
            &game,
            &PortesHeuristicEvaluator,
            &position,
            dice(4, 2),
            &settings,
            limits,
        );
        assert!(ranking.timed_out);
        assert_eq!(ranking.plies, 0);
        assert_eq!(ranking.plays.len(), shallow.plays.len());
        for (a, b) in ranking.plays.iter().zip(&shallow.plays) {
            assert_eq!(game.after(&a.play), game.after(&b.play));
            assert_eq!(a.probabilities, b.probabilities);
            assert_eq!(a.evaluated_at, b.evaluated_at);
        }
    }
}

/// A time budget that does not run out gives the ranking of the search
/// without one; several threads give the single thread's values.
#[test]
fn time_budget_and_threads_change_no_value() {
    let game = Portes::default();
    let position = portes_positions(5, 1)[0];
    let settings = SearchSettings::default();
    let plain = rank_portes(
        &game,
        &position,
        dice(6, 5),
        &settings,
        SearchLimits::plies(2),
    );
    assert_eq!(plain.plies, 2);
    let timed = rank_portes(
        &game,
        &position,
        dice(6, 5),
        &settings,
        SearchLimits::plies(2).with_time(Some(600_000)),
    );
    let threaded = rank_portes(
        &game,
        &position,
        dice(6, 5),
        &SearchSettings {
            threads: 2,
            ..settings
        },
        SearchLimits::plies(2),
    );
    for other in [&timed, &threaded] {
        assert_eq!(other.plies, 2);
        assert!(!other.timed_out);
        for (a, b) in plain.plays.iter().zip(&other.plays) {
            assert_eq!(game.after(&a.play), game.after(&b.play));
            assert_eq!(a.probabilities, b.probabilities);
            assert_eq!(a.evaluated_at, b.evaluated_at);
        }
    }
    // `choose` plays the ranking's best.
    let chosen = GameSearch::new()
        .choose(
            &game,
            &PortesHeuristicEvaluator,
            &position,
            dice(6, 5),
            &settings,
            SearchLimits::plies(2),
        )
        .expect("a play");
    assert_eq!(game.after(&chosen), game.after(&plain.plays[0].play));
}

#[test]
fn equity_agrees_with_portes_equity() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut chances: Vec<Probabilities> = portes_positions(13, 20)
        .iter()
        .map(portes_heuristic)
        .collect();
    for _ in 0..50 {
        let mut p = Probabilities {
            win_single: rng.r#gen(),
            win_double: rng.r#gen(),
            win_triple: rng.r#gen(),
            lose_single: rng.r#gen(),
            lose_double: rng.r#gen(),
            lose_triple: rng.r#gen(),
            ..Probabilities::default()
        };
        let total: f32 = p.as_array().iter().sum();
        for v in [
            &mut p.win_single,
            &mut p.win_double,
            &mut p.win_triple,
            &mut p.lose_single,
            &mut p.lose_double,
            &mut p.lose_triple,
        ] {
            *v /= total;
        }
        chances.push(p);
    }
    for scoring in [PortesScoring::Standard, PortesScoring::Triple] {
        for p in &chances {
            assert_eq!(
                game_equity(&Portes::new(scoring), p),
                portes_equity(p, scoring)
            );
        }
    }
}

#[test]
fn portes_evaluators_are_chosen_by_name() {
    let game = Portes::default();
    let position = portes_positions(17, 1)[0];
    let heuristic = portes_evaluator("heuristic").expect("known");
    assert_eq!(heuristic.name(), "heuristic");
    assert_eq!(
        heuristic.evaluate(&game, &position),
        portes_heuristic(&position)
    );
    let pipcount = portes_evaluator("pipcount").expect("known");
    assert_eq!(pipcount.name(), "pipcount");
    let p = pipcount.evaluate(&game, &position);
    assert!((p.win() + p.lose() - 1.0).abs() < 1e-6);
    let net = portes_evaluator("net").expect("the Portes net");
    assert_eq!(net.name(), "net");
    let p = net.evaluate(&game, &position);
    assert!((p.win() + p.lose() - 1.0).abs() < 1e-5);
    assert!(portes_evaluator("gnubg").is_none());
}

/// Match play over the game layer: ordering a ranking by a valuation (a
/// Tavli match's match-winning chances) sorts the candidates searched
/// deepest by that value and leaves the ones dropped earlier where they
/// were.
#[test]
fn a_ranking_ordered_by_a_valuation_puts_its_best_first() {
    let game = Portes::default();
    let evaluator = PortesHeuristicEvaluator;
    let mut search = GameSearch::<Portes>::new();
    let settings = SearchSettings::with_plies(1);
    let mut reordered = 0;
    for position in portes_positions(17, 6) {
        let mut ranking = search.rank(
            &game,
            &evaluator,
            &position,
            Dice::new(5, 3).unwrap(),
            &settings,
            SearchLimits::plies(1),
        );
        let deepest = |r: &GameRanking<Portes>| {
            let level = r
                .plays
                .iter()
                .map(|p| p.evaluated_at)
                .find(|e| !e.is_exact());
            r.plays
                .iter()
                .take_while(|p| p.evaluated_at.is_exact() || Some(p.evaluated_at) == level)
                .count()
        };
        let before: Vec<f32> = ranking.plays.iter().map(|p| p.equity).collect();
        let searched = deepest(&ranking);
        // A valuation unlike money equity: the chance of losing.
        let losing = |p: &Probabilities| p.lose_single + p.lose_double + p.lose_triple;
        let first = ranking.plays[0].play;
        ranking.order_deepest_by(&losing);
        reordered += usize::from(ranking.plays[0].play != first);
        let values: Vec<f32> = ranking.plays[..searched]
            .iter()
            .map(|p| losing(&p.probabilities))
            .collect();
        assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
        let after: Vec<f32> = ranking.plays[searched..].iter().map(|p| p.equity).collect();
        assert_eq!(after, before[searched..], "the dropped keep their order");
    }
    assert!(reordered > 0, "the valuation changed no best play: no test");
}

/// A Fevga 2-ply search under a named preset filters again at 1 ply
/// (`MoveFilter::in_game`): the candidates valued at 2 plies are exactly
/// the best of the 1-ply ranking that the 1-ply level keeps, and the
/// others keep their 1-ply values. Plakoto's and Portes' 2-ply searches
/// go straight from 0 plies to 2.
#[test]
fn fevga_two_ply_searches_the_survivors_of_a_one_ply_level() {
    let game = Fevga::default();
    let evaluator = FevgaHeuristicEvaluator;
    let settings = SearchSettings::with_plies(2);
    let second = settings.filter.in_game(GameKind::Fevga).row(2)[1];
    assert!(!second.is_skip());
    let (mut narrowed, mut checked) = (0, 0);
    for position in game_positions(&game, 42, 12) {
        for roll in [dice(6, 5), dice(4, 2), dice(3, 3)] {
            let mut search = GameSearch::new();
            let one = search.rank(
                &game,
                &evaluator,
                &position,
                roll,
                &settings,
                SearchLimits::plies(1),
            );
            if one.plays.iter().any(|c| c.evaluated_at.is_exact()) {
                // Exact plays join the levels unsearched: kept simple here.
                continue;
            }
            let two = search.rank(
                &game,
                &evaluator,
                &position,
                roll,
                &settings,
                SearchLimits::plies(2),
            );
            let searched = |r: &GameRanking<Fevga>, plies| {
                r.plays
                    .iter()
                    .filter(|c| c.evaluated_at == Evaluation::Plies { plies })
                    .map(|c| game.after(&c.play))
                    .collect::<Vec<_>>()
            };
            // The 1-ply survivors, best first, exact plays left as they are.
            let at_one = searched(&one, 1);
            let equities: Vec<f32> = one
                .plays
                .iter()
                .filter(|c| c.evaluated_at == Evaluation::Plies { plies: 1 })
                .map(|c| c.equity)
                .collect();
            let keep = second.survivors(&equities);
            let mut expected = at_one[..keep].to_vec();
            let mut at_two = searched(&two, 2);
            assert_eq!(at_two.len(), keep, "{}", game.position_id(&position));
            expected.sort_by_key(|p| game.position_id(p));
            at_two.sort_by_key(|p| game.position_id(p));
            assert_eq!(at_two, expected);
            // The rest of the 1-ply level keeps its 1-ply values.
            assert_eq!(searched(&two, 1).len(), at_one.len() - keep);
            narrowed += usize::from(keep < at_one.len());
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} decisions checked");
    assert!(
        narrowed > 0,
        "the 1-ply level never narrowed the candidates"
    );
    // Plakoto's and Portes' tables have no 1-ply level at 2 plies.
    for kind in [GameKind::Plakoto, GameKind::Portes] {
        assert!(settings.filter.in_game(kind).row(2)[1].is_skip());
    }
}
