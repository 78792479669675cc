//! The generic search on Plakoto's turns ([`GameSearch<Plakoto>`] with
//! the heuristic), on fixed positions of seeded random games,
//! standard and Express: the play it makes is one the game accepts where
//! its lists fall short (R10), a root listed by the caller's bounded
//! generator is cut and said to be cut, `trim` gives back the buffers an
//! Express low double grew, and a rollout cut short plays the numbers
//! carried to the side to act before scoring. The Express positions
//! include turns of numbers carried to the side on roll (R21), rolls with
//! plays that carry numbers on, and doubles played in stages (R20).
//!
//! (The file once compared the generic search with Plakoto's own search
//! and then with its shell; that Plakoto's play and figures did not move
//! is held by the protocol's snapshots and transcripts, `search_known.rs`
//! and `search_reference.rs`.)

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_engine::eval::{GameEvaluator, HeuristicEvaluator};
use plakoto_engine::game::{GameRanking, GameSearch, Root, rollout_plays};
use plakoto_engine::game::{SearchLimits, SearchSettings, Stop, Valuation};
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{
    Dice, GenLimits, MoveGenerator, Numbers, PlayList, Position, Rules, TavliGame, TurnNumbers,
    Variant,
};

/// A root of the comparison: the position (side on roll) and its turn.
#[derive(Clone, Copy, Debug)]
struct Case {
    position: Position,
    turn: ToPlay<Numbers>,
}

impl Case {
    /// The turn as the Plakoto search is given it.
    fn turn_numbers(&self, rules: Rules) -> TurnNumbers {
        match self.turn {
            ToPlay::Dice(dice) => TurnNumbers::Rolled(dice, dice.numbers(rules.variant)),
            ToPlay::Carried(numbers) => TurnNumbers::Passed(numbers),
        }
    }
}

/// Whether `numbers` is one group of equal numbers or a pair: what both
/// searches list in full at the root.
fn one_group(numbers: &Numbers) -> bool {
    match numbers {
        Numbers::Pair(..) => true,
        Numbers::Sequence(_) => {
            let v = numbers.to_vec();
            v.iter().all(|n| *n == v[0])
        }
    }
}

/// Roots from seeded random games of `game`, from the 6th turn on: up to
/// `ordinary` rolls whose plays all use every number, up to `passing`
/// rolls some play of which carries numbers on (Express only), up to
/// `carried` turns of carried numbers (Express only) and up to `doubles`
/// rolls of a double played in stages (Express only). The random games
/// play a double's plays from a bounded list (an Express low double has
/// millions): the roots stay legal turns, whatever the lines to them.
fn cases(
    game: Plakoto,
    seed: u64,
    ordinary: usize,
    passing: usize,
    carried: usize,
    doubles: usize,
) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = MoveGenerator::new(GenLimits {
        max_positions: 5_000,
    });
    let mut list = PlayList::default();
    let (mut rolls, mut passes, mut carries) = (Vec::new(), Vec::new(), Vec::new());
    let mut staged = Vec::new();
    for _ in 0..200 {
        let mut position = game.start();
        let mut pending: Option<Numbers> = None;
        for turn in 0..120 {
            if let Some(numbers) = pending.take() {
                if turn >= 6 && carries.len() < carried && one_group(&numbers) {
                    carries.push(Case {
                        position,
                        turn: ToPlay::Carried(numbers),
                    });
                }
                game.generate_carried(&mut generator, &position, &numbers, &mut list);
                let play = *game.plays(&list).choose(&mut rng).expect("never empty");
                position = game.after(&play);
                if game.result(&position).is_some() {
                    break;
                }
            }
            let dice = Dice::roll(&mut rng);
            game.generate(&mut generator, &position, dice, &mut list);
            let plays = game.plays(&list);
            let numbers = dice.numbers(game.rules.variant);
            if turn >= 6 && !one_group(&numbers) && staged.len() < doubles && rng.gen_bool(0.3) {
                staged.push(Case {
                    position,
                    turn: ToPlay::Dice(dice),
                });
            }
            if turn >= 6 && one_group(&dice.numbers(game.rules.variant)) && !list.truncated {
                let case = Case {
                    position,
                    turn: ToPlay::Dice(dice),
                };
                if plays.iter().any(|p| game.carried_after(dice, p).is_some()) {
                    if passes.len() < passing {
                        passes.push(case);
                    }
                } else if rolls.len() < ordinary && rng.gen_bool(0.2) {
                    rolls.push(case);
                }
            }
            let play = *plays.choose(&mut rng).expect("never empty");
            pending = game.carried_after(dice, &play);
            let after = game.after(&play);
            if game.result(&after).is_some() {
                break;
            }
            position = game.flip(&after);
        }
        let counts = (rolls.len(), passes.len(), carries.len(), staged.len());
        if counts == (ordinary, passing, carried, doubles) {
            break;
        }
    }
    assert_eq!(
        (rolls.len(), passes.len(), carries.len(), staged.len()),
        (ordinary, passing, carried, doubles),
        "the random games gave too few roots"
    );
    let all = rolls.into_iter().chain(passes).chain(carries);
    all.chain(staged).collect()
}

/// The heuristic, as the generic search is given it.
fn heuristic_adapter() -> HeuristicEvaluator {
    HeuristicEvaluator
}

/// Plakoto Express, and the heuristic seen by the generic search.
fn express_with_heuristic() -> (Plakoto, HeuristicEvaluator) {
    let rules = Rules {
        variant: Variant::Express,
        ..Rules::default()
    };
    (Plakoto::new(rules), heuristic_adapter())
}

#[test]
fn the_generic_choice_is_legal_where_lists_fall_short() {
    // The play the search makes (not only its ranking), in a match or
    // not, is one the game accepts: on the Express doubles the beam lists,
    // a play that uses every number replays step by step, and any other
    // play stands against a complete list (R10: no play uses more
    // numbers), or, from a list cut short, as its steps written down.
    let rules = Rules {
        variant: Variant::Express,
        ..Rules::default()
    };
    let game = Plakoto::new(rules);
    let cases = cases(game, 61, 3, 3, 3, 8);
    let evaluator = heuristic_adapter();
    let mut search = GameSearch::new();
    let mut generator = MoveGenerator::new(GenLimits {
        max_positions: plakoto_engine::game::express::CHOICE_LIMIT,
    });
    let mut referee = MoveGenerator::new(GenLimits {
        max_positions: 200_000,
    });
    let favour_doubles = |p: &plakoto_engine::eval::Probabilities| p.win_double - p.lose_single;
    let (mut every, mut short) = (0, 0);
    for case in &cases {
        let (dice, passed) = match case.turn {
            ToPlay::Dice(dice) => (Some(dice), None),
            ToPlay::Carried(numbers) => (None, Some(numbers)),
        };
        let state = plakoto_rules::Game::from_parts(
            rules,
            case.position,
            plakoto_rules::Side::X,
            dice,
            passed,
            plakoto_rules::Phase::Playing,
        )
        .expect("a turn of a game in progress");
        let numbers = case.turn_numbers(rules).numbers().len();
        for plies in [0, 1] {
            let settings = SearchSettings::with_plies(plies);
            for valued in [false, true] {
                let valuation: Option<&Valuation> = valued.then_some(&favour_doubles);
                let root = Root::new(&game, &evaluator, &case.position, &case.turn);
                let limits = SearchLimits::plies(plies);
                let play = search
                    .choose_legal(root, &mut generator, &settings, limits, valuation)
                    .expect("a play");
                let mut made = state.clone();
                let accepted = if play.steps.len() == numbers {
                    every += 1;
                    made.play_using_every_number(&play)
                } else {
                    short += 1;
                    made.play(&play, &mut referee)
                };
                assert!(accepted.is_ok(), "{case:?} at {plies} plies: {accepted:?}");
            }
        }
    }
    // Both kinds were made: plays of every number, and plays of rolls
    // that cannot all be played.
    assert!(every > 0 && short > 0, "{every} {short}");
}

/// A root listed by the caller's generator: its bound on plays cuts the
/// list, and the ranking says it is cut; the search's own generator would
/// list them all.
#[test]
fn a_callers_bounded_generator_cuts_the_root() {
    let rules = Rules::default();
    let game = Plakoto::new(rules);
    let adapter = heuristic_adapter();
    let settings = SearchSettings::default();
    // A standard double: one group of four numbers, listed by the
    // generator at the root of both searches.
    let position = game.start();
    let dice = Dice::new(3, 3).unwrap();
    let turn = ToPlay::Dice(dice);
    let bound = GenLimits { max_positions: 3 };
    let mut complete = PlayList::default();
    game.generate(&mut game.generator(), &position, dice, &mut complete);
    assert!(
        complete.len() > bound.max_positions && !complete.truncated,
        "{} plays",
        complete.len()
    );
    let mut generic = GameSearch::new();
    for plies in [0, 1] {
        let limits = SearchLimits::plies(plies);
        let root = Root::new(&game, &adapter, &position, &turn);
        let ours =
            generic.rank_turn_generated(root, &mut MoveGenerator::new(bound), &settings, limits);
        assert!(ours.truncated, "{plies} ply");
        assert_eq!(ours.plays.len(), bound.max_positions);
        // The generator's choice agrees with the ranking's best.
        let chosen =
            generic.choose_turn_generated(root, &mut MoveGenerator::new(bound), &settings, limits);
        assert_eq!(
            chosen.map(|p| p.position),
            Some(ours.plays[0].play.position)
        );
    }
    // Without the caller's generator the root is complete.
    let all = generic.rank_turn(
        &game,
        &adapter,
        &position,
        &turn,
        &settings,
        SearchLimits::plies(0),
    );
    assert!(!all.truncated);
    assert_eq!(all.plays.len(), complete.len());
}

/// An Express low double's long list ranked at the root grows the
/// search's buffers past what a standard game's rolls need; `trim` gives
/// them back, and the next search ranks as before.
#[test]
fn trim_frees_the_buffers_an_express_low_double_grew() {
    let (game, adapter) = express_with_heuristic();
    let settings = SearchSettings::default();
    let dice = Dice::new(1, 1).unwrap();
    let mut long = PlayList::default();
    let mut generator = MoveGenerator::new(GenLimits {
        max_positions: 10_000,
    });
    game.generate(&mut generator, &game.start(), dice, &mut long);
    assert_eq!(long.len(), 10_000, "1-1 has more plays than the bound");
    let turn = ToPlay::Dice(dice);
    let mut search = GameSearch::new();
    let limits = SearchLimits::plies(0);
    let first = search.rank_plays(&game, &adapter, &turn, game.plays(&long), &settings, limits);
    assert!(search.widest_buffer() >= 10_000);
    search.trim();
    assert!(
        search.widest_buffer() <= 4_096,
        "{}",
        search.widest_buffer()
    );
    let again = search.rank_plays(&game, &adapter, &turn, game.plays(&long), &settings, limits);
    let order = |r: &GameRanking<Plakoto>| -> Vec<Position> {
        r.plays.iter().map(|p| p.play.position).collect()
    };
    assert_eq!(order(&first), order(&again));
    search.trim();
    assert!(
        search.widest_buffer() <= 4_096,
        "{}",
        search.widest_buffer()
    );
    // A standard game's buffers are kept: nothing to give back. (An
    // Express search of 1 ply grows its levels past the bound too: the
    // replies include low doubles.)
    let standard = Plakoto::new(Rules::default());
    search.rank(
        &standard,
        &adapter,
        &standard.start(),
        Dice::new(6, 5).unwrap(),
        &settings,
        SearchLimits::plies(1),
    );
    let ordinary = search.widest_buffer();
    assert!(ordinary > 0);
    search.trim();
    assert_eq!(search.widest_buffer(), ordinary);
}

/// `trim` keeps the caches (a search sized them to its budget), so the
/// next command does not map them afresh; `release_caches` frees them, and
/// a search after it ranks as before.
#[test]
fn trim_keeps_the_caches_and_release_caches_frees_them() {
    let adapter = heuristic_adapter();
    let game = Plakoto::new(Rules::default());
    let settings = SearchSettings::default();
    let dice = Dice::new(6, 5).unwrap();
    let mut search = GameSearch::new();
    let rank = |search: &mut GameSearch<Plakoto>| {
        let ranking = search.rank(
            &game,
            &adapter,
            &game.start(),
            dice,
            &settings,
            SearchLimits::plies(1),
        );
        let values: Vec<(Position, f32)> = ranking
            .plays
            .iter()
            .map(|p| (p.play.position, p.equity))
            .collect();
        values
    };
    assert_eq!(search.cache_bytes_held(), 0);
    let first = rank(&mut search);
    let held = search.cache_bytes_held();
    assert!(held > 0);
    search.trim();
    assert_eq!(search.cache_bytes_held(), held);
    assert_eq!(rank(&mut search), first, "kept caches change no value");
    search.release_caches();
    assert_eq!(search.cache_bytes_held(), 0);
    assert_eq!(rank(&mut search), first);
}

/// A rollout cut before the opponent played the numbers a candidate
/// carried on to it: they are played first (the player's 0-ply choice),
/// so a cut at once gives the candidate's 0-ply value, which values them
/// the same way, and not the value of a position whose numbers are lost.
#[test]
fn a_rollout_cut_plays_the_numbers_carried_to_the_side_to_act() {
    let (game, adapter) = express_with_heuristic();
    let mut settings = SearchSettings::default();
    settings.rollout.trials = 36;
    settings.rollout.max_turns = 0;
    let mut differs = 0;
    for case in &cases(game, 7, 0, 2, 0, 0) {
        let ranking = GameSearch::new().rank_turn(
            &game,
            &adapter,
            &case.position,
            &case.turn,
            &settings,
            SearchLimits::plies(0),
        );
        let passing: Vec<_> = ranking
            .plays
            .iter()
            .filter(|r| r.after.passes_on())
            .copied()
            .take(4)
            .collect();
        assert!(!passing.is_empty(), "{case:?}");
        let rolled = rollout_plays(
            &game,
            &adapter,
            &passing,
            &settings,
            &|_| {},
            &Stop::never(),
        )
        .expect("a rollout");
        for r in &rolled {
            let ranked = passing
                .iter()
                .find(|p| p.play.position == r.play.position)
                .expect("a candidate");
            assert_eq!(r.probabilities, ranked.probabilities, "{case:?}");
            // The numbers' play counted: the opponent on roll without
            // them is valued otherwise.
            let lost = adapter.evaluate(&game, &r.play.position.flip()).flipped();
            differs += usize::from(lost != r.probabilities);
        }
    }
    assert!(differs > 0);
}
