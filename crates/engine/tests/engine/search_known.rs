//! Search on positions with known answers: forced plays, single-candidate
//! rolls, races whose exact result is computable, filters, the time
//! budget, Express (R20, R21) and rollouts.

use std::sync::atomic::{AtomicU32, Ordering};

use crate::plakoto_root::{PlakotoRoot, SearchPlakoto, rollout_plays};
use crate::stand_in;
use plakoto_engine::eval::{GameEvaluator, Probabilities};
use plakoto_engine::game::plakoto_turn::{PlayLists, choose_turn};
use plakoto_engine::game::{Evaluation, FilterPreset, MoveFilter, SearchLimits, SearchSettings};
use plakoto_engine::game::{GameAfter, GameRankedPlay, GameRanking, GameSearch};
use plakoto_rules::Plakoto;
use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::{
    Dice, Game, MoveGenerator, Numbers, Phase, PlayList, Position, Rules, Scoring, Side,
    SideLayout, TurnNumbers, Variant,
};
use stand_in::StandInEvaluator;

fn layout(points: &[(usize, u8)]) -> SideLayout {
    let mut l = SideLayout::default();
    for &(p, n) in points {
        l.counts[p - 1] = n;
    }
    l
}

/// `search` ranking `turn` from `pos` with the stand-in evaluator, searched
/// with `settings` within their own limits.
fn rank_with(
    search: &mut GameSearch<Plakoto>,
    settings: &SearchSettings,
    pos: &Position,
    turn: &TurnNumbers,
    rules: Rules,
    generator: &mut MoveGenerator,
) -> GameRanking<Plakoto> {
    let root = PlakotoRoot::new(pos, turn, rules, &StandInEvaluator);
    search.rank_root(root, generator, settings, settings.limits())
}

fn rolled(a: u8, b: u8, rules: Rules) -> TurnNumbers {
    let dice = Dice::new(a, b).unwrap();
    TurnNumbers::Rolled(dice, dice.numbers(rules.variant))
}

fn express() -> Rules {
    Rules {
        variant: Variant::Express,
        ..Rules::default()
    }
}

#[test]
fn r14_winning_bear_off_is_exact_and_single() {
    // Two checkers on 1 and 2, 13 off; the opponent has borne off none.
    let pos = Position::from_layouts(&layout(&[(1, 1), (2, 1)]), &layout(&[(12, 15)])).unwrap();
    let rules = Rules::default();
    let settings = SearchSettings::with_plies(2);
    let mut search = GameSearch::<Plakoto>::new();
    let ranking = rank_with(
        &mut search,
        &settings,
        &pos,
        &rolled(2, 1, rules),
        rules,
        &mut MoveGenerator::default(),
    );
    // 2/off 1/off wins; 2/1 1/off leaves one checker.
    assert_eq!(ranking.plays.len(), 2);
    let best = ranking.plays[0];
    assert_eq!(best.evaluated_at, Evaluation::Exact { database: None });
    assert_eq!(best.equity, 2.0, "a double: the loser has borne off none");
}

/// Side on roll: one checker on its 6 (14 off); opponent: one checker on
/// its 1 (14 off), which any roll bears off. The side on roll wins exactly
/// when its roll bears off from 6: 22 non-double chances + 5 doubles (2-2
/// to 6-6) = 27/36.
fn race_position() -> Position {
    Position::from_layouts(&layout(&[(6, 1)]), &layout(&[(1, 1)])).unwrap()
}

#[test]
fn r13_r14_race_exact_at_two_plies() {
    let rules = Rules::default();
    let settings = SearchSettings::with_plies(2);
    let limits = settings.limits();
    let mut search = GameSearch::<Plakoto>::new();
    let (p, plies) = search.value_root(
        &race_position(),
        None,
        rules,
        &StandInEvaluator,
        &settings,
        limits,
    );
    assert_eq!(plies, 2);
    assert!((p.win_single - 0.75).abs() < 1e-6, "{p:?}");
    assert!((p.lose_single - 0.25).abs() < 1e-6, "{p:?}");
    assert!((p.equity(rules.scoring) - 0.5).abs() < 1e-6);
    // Express: handed a 6 first, the side bears off before it rolls.
    let six = Numbers::sequence(&[6]);
    let (p, _) = search.value_root(
        &race_position(),
        Some(&six),
        express(),
        &StandInEvaluator,
        &settings,
        limits,
    );
    assert_eq!(p.win_single, 1.0);
    // Handed a 1, it moves 6/5 and then rolls: it wins when its roll bears
    // off from 5 (sum >= 5 or a double), else the opponent wins.
    let one = Numbers::sequence(&[1]);
    let (p, _) = search.value_root(
        &race_position(),
        Some(&one),
        express(),
        &StandInEvaluator,
        &settings,
        limits,
    );
    assert!(
        p.win_single > 0.75 && p.win_single + p.lose_single > 0.999,
        "{p:?}"
    );
}

#[test]
fn r13_race_candidates_at_one_ply_are_exact_after_the_opponents_roll() {
    // With 2-1 the checker on 6 cannot get off: every play leaves the
    // opponent a certain win (a single: we have borne off 14).
    let rules = Rules::default();
    let settings = SearchSettings::with_plies(1);
    let mut search = GameSearch::<Plakoto>::new();
    let ranking = rank_with(
        &mut search,
        &settings,
        &race_position(),
        &rolled(2, 1, rules),
        rules,
        &mut MoveGenerator::default(),
    );
    for r in &ranking.plays {
        assert_eq!(r.evaluated_at, Evaluation::Plies { plies: 1 });
        assert!((r.equity + 1.0).abs() < 1e-6, "{r:?}");
    }
}

/// A last checker on 10 (14 off) behind opposing blocks on 4–9: nothing
/// can move.
fn blocked_position() -> Position {
    let own = layout(&[(10, 1)]);
    // The opponent's points 16..21 are our 9..4.
    let opp = layout(&[(16, 2), (17, 2), (18, 2), (19, 2), (20, 2), (21, 2), (2, 3)]);
    Position::from_layouts(&own, &opp).unwrap()
}

#[test]
fn r10_forced_pass_is_the_single_candidate() {
    let rules = Rules::default();
    let pos = blocked_position();
    let settings = SearchSettings::with_plies(2);
    let mut search = GameSearch::<Plakoto>::new();
    let mut generator = MoveGenerator::default();
    for (dice, _) in Dice::all_rolls() {
        let turn = TurnNumbers::Rolled(dice, dice.numbers(rules.variant));
        let ranking = rank_with(&mut search, &settings, &pos, &turn, rules, &mut generator);
        assert_eq!(ranking.plays.len(), 1, "{dice}");
        assert!(ranking.plays[0].play.steps.is_empty(), "a pass");
        let root = PlakotoRoot::new(&pos, &turn, rules, &StandInEvaluator);
        let best = search
            .best_play_root(root, &mut generator, &settings, settings.limits())
            .unwrap();
        assert_eq!(best.position, ranking.plays[0].play.position);
    }
    let turn = rolled(2, 1, rules);
    let ranking = rank_with(&mut search, &settings, &pos, &turn, rules, &mut generator);
    assert_eq!(ranking.plays.len(), 1);
    assert!(ranking.plays[0].play.steps.is_empty());
}

#[test]
fn r21_unused_numbers_pass_to_the_opponent_in_search() {
    // Express: the blocked side cannot use 2-1, so the opponent plays 2-1
    // before its own roll; the search says so and values it.
    let rules = express();
    let pos = blocked_position();
    let turn = rolled(2, 1, rules);
    let settings = SearchSettings::with_plies(1);
    let mut search = GameSearch::<Plakoto>::new();
    let ranking = rank_with(
        &mut search,
        &settings,
        &pos,
        &turn,
        rules,
        &mut MoveGenerator::default(),
    );
    assert_eq!(ranking.plays.len(), 1);
    let expected = Dice::new(2, 1).unwrap().numbers(Variant::Express);
    assert_eq!(
        ranking.plays[0].after,
        GameAfter::Opponent {
            pending: Some(expected)
        }
    );
    // The same position under standard rules is valued differently: the
    // opponent gets no free numbers.
    let standard = rank_with(
        &mut GameSearch::<Plakoto>::new(),
        &settings,
        &pos,
        &rolled(2, 1, Rules::default()),
        Rules::default(),
        &mut MoveGenerator::default(),
    );
    assert_ne!(standard.plays[0].equity, ranking.plays[0].equity);
}

#[test]
fn filters_search_few_candidates_deep_and_off_searches_all() {
    let rules = Rules::default();
    let pos = midgame_suite(7, 1, 12)[0];
    let turn = rolled(5, 3, rules);
    let mut generator = MoveGenerator::default();
    let mut settings = SearchSettings::with_plies(2);
    let mut search = GameSearch::<Plakoto>::new();
    let ranking = rank_with(&mut search, &settings, &pos, &turn, rules, &mut generator);
    let deep = ranking
        .plays
        .iter()
        .filter(|r| r.evaluated_at == Evaluation::Plies { plies: 2 })
        .count();
    assert!(ranking.plays.len() > 9, "a roll with many plays");
    assert!((1..=8).contains(&deep), "normal keeps at most 8: {deep}");
    // The deep ones come first, the rest keep their 0-ply order.
    assert!(
        ranking.plays[..deep]
            .iter()
            .all(|r| r.evaluated_at == Evaluation::Plies { plies: 2 })
    );
    for w in ranking.plays[deep..].windows(2) {
        assert!(w[0].equity >= w[1].equity);
    }
    settings.filter = MoveFilter::preset(FilterPreset::Off);
    let all = rank_with(&mut search, &settings, &pos, &turn, rules, &mut generator);
    assert!(
        all.plays
            .iter()
            .all(|r| r.evaluated_at == Evaluation::Plies { plies: 2 })
    );
    // The unfiltered best is at least as good as the filtered best at 2-ply.
    assert!(all.plays[0].equity >= ranking.plays[0].equity - 1e-6);
}

#[test]
fn an_expired_time_budget_still_answers_with_the_static_ranking() {
    let rules = Rules::default();
    let pos = midgame_suite(3, 1, 10)[0];
    let turn = rolled(6, 2, rules);
    let mut settings = SearchSettings::with_plies(3);
    let mut search = GameSearch::<Plakoto>::new();
    let mut generator = MoveGenerator::default();
    // A budget given to this search only (`hint … time 0`).
    let limits = SearchLimits {
        plies: 3,
        time_ms: Some(0),
    };
    let root = PlakotoRoot::new(&pos, &turn, rules, &StandInEvaluator);
    let ranking = search.rank_root(root, &mut generator, &settings, limits);
    assert_eq!(ranking.limits, limits, "the ranking reports its limits");
    assert!(ranking.timed_out);
    assert_eq!(ranking.plies, 0);
    let mut legal = PlayList::default();
    generator.generate(&pos, &turn.numbers(), &mut legal);
    assert_eq!(ranking.plays.len(), legal.len());
    assert!(ranking.plays.iter().all(|r| matches!(
        r.evaluated_at,
        Evaluation::Plies { plies: 0 } | Evaluation::Exact { .. }
    )));
    // A time budget in the settings works the same way.
    settings.time_ms = Some(0);
    let r = rank_with(&mut search, &settings, &pos, &turn, rules, &mut generator);
    assert!(r.timed_out && r.plies == 0);
    // Without a budget the full depth is reached.
    settings.time_ms = None;
    let r = rank_with(&mut search, &settings, &pos, &turn, rules, &mut generator);
    assert!(!r.timed_out && r.plies == 3);
}

/// Whether `play` is a legal play of all of `numbers` from `start`: its
/// steps replay with `try_step` in the numbers' order and use them all
/// (so R10 holds), or it ends the game.
fn replays_legally(start: &Position, numbers: &Numbers, play: &plakoto_rules::Play) -> bool {
    let mut p = *start;
    let dice: Vec<u8> = play.steps.iter().map(|s| s.die.pips()).collect();
    for step in play.steps.iter() {
        if p.try_step(step).is_err() {
            return false;
        }
    }
    let ended = plakoto_rules::game_result(&p, Scoring::Standard).is_some();
    p == play.position && (ended || dice == numbers.to_vec()) && numbers.to_vec().starts_with(&dice)
}

#[test]
fn r20_express_low_doubles_search_terminates_with_a_legal_play() {
    let rules = express();
    let mut generator = MoveGenerator::default();
    let settings = SearchSettings::with_plies(2);
    let mut search = GameSearch::<Plakoto>::new();
    for pos in midgame_suite(11, 3, 8) {
        for die in [1u8, 2, 3] {
            let turn = rolled(die, die, rules);
            let ranking = rank_with(&mut search, &settings, &pos, &turn, rules, &mut generator);
            assert!(ranking.plies == 2 && ranking.truncated);
            let root = PlakotoRoot::new(&pos, &turn, rules, &StandInEvaluator);
            let best = search
                .best_play_root(root, &mut generator, &settings, settings.limits())
                .expect("a play");
            assert!(replays_legally(&pos, &turn.numbers(), &best), "{best:?}");
            assert_eq!(best.position, ranking.plays[0].play.position);
        }
        // Numbers passed on: the rest of a 1-1 chain, played before rolling.
        let passed = TurnNumbers::Passed(Numbers::sequence(&[2, 2, 3, 3, 3, 3, 4, 4, 4, 4]));
        let ranking = rank_with(&mut search, &settings, &pos, &passed, rules, &mut generator);
        assert!(!ranking.plays.is_empty());
        assert!(
            ranking
                .plays
                .iter()
                .all(|r| r.after == GameAfter::MoverRolls)
        );
    }
}

#[test]
fn tzannes_scoring_and_the_handles_choice() {
    let rules = Rules::new(Variant::Standard, Scoring::Tzannes).unwrap();
    let pos = midgame_suite(5, 1, 10)[0];
    let turn = rolled(4, 1, rules);
    let dice = Dice::new(4, 1).unwrap();
    let game = Game::from_parts(rules, pos, Side::X, Some(dice), None, Phase::Playing).unwrap();
    let settings = SearchSettings::with_plies(1);
    let play = choose_turn(
        &mut GameSearch::new(),
        &StandInEvaluator,
        &game,
        &settings,
        settings.limits(),
        &mut PlayLists::bounded(),
        None,
    )
    .expect("a play")
    .play();
    let mut legal = PlayList::default();
    MoveGenerator::default().generate(&pos, &turn.numbers(), &mut legal);
    assert!(legal.find(&play.position).is_some());
}

#[test]
fn rollouts_are_reproducible_across_threads_and_report_errors() {
    let rules = Rules::default();
    let pos = midgame_suite(9, 1, 14)[0];
    let turn = rolled(6, 4, rules);
    let mut settings = SearchSettings::with_plies(0);
    let mut search = GameSearch::<Plakoto>::new();
    let ranking = rank_with(
        &mut search,
        &settings,
        &pos,
        &turn,
        rules,
        &mut MoveGenerator::default(),
    );
    let top = &ranking.plays[..ranking.plays.len().min(2)];
    settings.rollout.trials = 72;
    settings.threads = 1;
    let calls = AtomicU32::new(0);
    let last = AtomicU32::new(0);
    let one = rollout_plays(top, rules, &StandInEvaluator, &settings, &|p| {
        calls.fetch_add(1, Ordering::Relaxed);
        last.fetch_max(p.done, Ordering::Relaxed);
    })
    .unwrap();
    assert!(calls.load(Ordering::Relaxed) >= 2);
    assert_eq!(last.load(Ordering::Relaxed), 72);
    settings.threads = 2;
    let two = rollout_plays(top, rules, &StandInEvaluator, &settings, &|_| {}).unwrap();
    assert_eq!(one, two, "same seed, same figures on any thread count");
    for r in &one {
        let Evaluation::Rollout {
            trials, std_error, ..
        } = r.evaluated_at
        else {
            panic!("not a rollout")
        };
        assert_eq!(trials, 72);
        assert!(std_error > 0.0 && std_error < 1.0);
        let p = r.probabilities;
        assert!((p.win() + p.lose() + p.draw - 1.0).abs() < 1e-4);
    }
    settings.rollout.seed = 99;
    let other = rollout_plays(top, rules, &StandInEvaluator, &settings, &|_| {}).unwrap();
    assert_ne!(one, other, "another seed, other dice");
}

#[test]
fn rollout_of_a_certain_win_has_no_error() {
    // Race position: every roll of the opponent bears off its last
    // checker, so after our non-bearing-off play we lose every game.
    let rules = Rules::default();
    let mut settings = SearchSettings::with_plies(0);
    let mut search = GameSearch::<Plakoto>::new();
    let ranking = rank_with(
        &mut search,
        &settings,
        &race_position(),
        &rolled(2, 1, rules),
        rules,
        &mut MoveGenerator::default(),
    );
    settings.rollout.trials = 36;
    let r = rollout_plays(&ranking.plays, rules, &StandInEvaluator, &settings, &|_| {}).unwrap();
    for c in &r {
        assert_eq!(c.equity, -1.0);
        assert_eq!(
            c.probabilities,
            Probabilities {
                lose_single: 1.0,
                ..Default::default()
            }
        );
    }
    let _ = StandInEvaluator.name();
}

#[test]
fn one_searcher_follows_the_settings_each_search_is_given() {
    // Settings come with each search: after a search whose tree keeps one
    // play a roll, the same searcher ranks as a fresh one does; on two
    // threads it ranks as on one.
    let rules = Rules::default();
    let pos = midgame_suite(21, 1, 12)[0];
    let turn = rolled(4, 3, rules);
    let mut generator = MoveGenerator::default();
    let normal = SearchSettings::with_plies(2);
    let cut = SearchSettings {
        inner_max_plays: 1,
        ..normal
    };
    let two_threads = SearchSettings {
        threads: 2,
        ..normal
    };
    let mut fresh = GameSearch::<Plakoto>::new();
    let expected = rank_with(&mut fresh, &normal, &pos, &turn, rules, &mut generator);
    let mut search = GameSearch::<Plakoto>::new();
    let narrow = rank_with(&mut search, &cut, &pos, &turn, rules, &mut generator);
    assert_ne!(narrow.plays, expected.plays, "the cut changes the values");
    for settings in [normal, two_threads] {
        let again = rank_with(&mut search, &settings, &pos, &turn, rules, &mut generator);
        assert_eq!(again.plays, expected.plays, "threads {}", settings.threads);
    }
}

#[test]
fn out_of_range_settings_do_not_panic() {
    let rules = express();
    let pos = midgame_suite(4, 1, 10)[0];
    let settings = SearchSettings {
        plies: 9,
        inner_max_plays: 0,
        express_beam: 0,
        express_root_beam: 0,
        time_ms: Some(50),
        ..SearchSettings::with_plies(1)
    };
    assert!(settings.validate().is_err());
    let mut search = GameSearch::<Plakoto>::new();
    let ranking = rank_with(
        &mut search,
        &settings,
        &pos,
        &rolled(2, 2, rules),
        rules,
        &mut MoveGenerator::default(),
    );
    assert!(!ranking.plays.is_empty());
    assert!(ranking.plies <= plakoto_engine::game::MAX_PLIES);
}

#[test]
fn luck_adjusted_rollouts_play_the_same_games_and_agree() {
    let rules = Rules::default();
    let pos = midgame_suite(13, 1, 16)[0];
    let turn = rolled(3, 1, rules);
    let mut settings = SearchSettings::with_plies(0);
    let mut search = GameSearch::<Plakoto>::new();
    let ranking = rank_with(
        &mut search,
        &settings,
        &pos,
        &turn,
        rules,
        &mut MoveGenerator::default(),
    );
    let top = &ranking.plays[..1];
    settings.rollout.trials = 144;
    let plain = rollout_plays(top, rules, &StandInEvaluator, &settings, &|_| {}).unwrap()[0];
    settings.rollout.luck_adjust = true;
    let adjusted = rollout_plays(top, rules, &StandInEvaluator, &settings, &|_| {}).unwrap()[0];
    let se = |r: &GameRankedPlay<Plakoto>| match r.evaluated_at {
        Evaluation::Rollout { std_error, .. } => std_error,
        _ => panic!("not a rollout"),
    };
    // Whether the error shrinks depends on how well the evaluator tracks
    // the outcome (the stand-in evaluator does not); it must stay finite.
    assert!(se(&adjusted) > 0.0 && se(&adjusted) < 1.0);
    // The same games (same dice), so the same raw outcomes.
    assert_eq!(adjusted.probabilities, plain.probabilities);
    assert!((adjusted.equity - plain.equity).abs() < 4.0 * se(&plain));
}

#[test]
fn stand_in_sums_to_one_and_favours_the_side_on_roll_at_the_start() {
    let p = StandInEvaluator.evaluate(&Plakoto::new(Rules::default()), &Position::initial());
    let total = p.win() + p.lose() + p.draw;
    assert!((total - 1.0).abs() < 1e-5, "{total}");
    assert!(p.win() > p.lose());
}
