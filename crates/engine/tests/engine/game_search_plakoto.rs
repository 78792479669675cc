//! The Plakoto search's shell ([`SearchHandle`], `Search`, the Plakoto
//! rollout) answers as the generic search it delegates to
//! ([`GameSearch<Plakoto>`] with [`PlakotoGameEvaluator`]): both over the
//! shipped net with the default settings (filters, reply filter, Express
//! bounds), on fixed positions of seeded random games, standard and
//! Express, rank the same plays in the same order with the same values at
//! 0, 1 and 2 plies, so the shell's conversions (turns, what follows a
//! play, the root's list and its cut) lose nothing. The Express positions
//! include turns of numbers carried to the side on roll (R21) and rolls
//! with plays that carry numbers on.
//!
//! (Written when the two were separate searches, these tests proved them
//! equal before the Plakoto one was deleted; that Plakoto's play and
//! figures did not move is held by the protocol's snapshots and
//! transcripts, `search_known.rs` and `search_reference.rs`.)
//!
//! Express doubles, played in stages (R20), are among the roots: ranked
//! through the root beam, and inside the tree through the narrower beam.
//!
//! The rollouts agree too: the candidates of an Express roll that carries
//! numbers on, played out by both rollouts' 0-ply players on the same
//! dice, give the same figures.
//!
//! And what the Plakoto shell's callers rely on: a root listed by the
//! caller's bounded generator is cut and said to be cut, `trim` gives back
//! the buffers an Express low double grew, and a rollout cut short plays
//! the numbers carried to the side to act before scoring.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_engine::eval::{Evaluator, EvaluatorKind, HeuristicEvaluator};
use plakoto_engine::game::{
    GameAfter, GameRanking, GameSearch, PlakotoGameEvaluator, Root, rollout_plays,
};
use plakoto_engine::game::{SearchLimits, SearchSettings, Stop, Valuation};
use plakoto_engine::search::{After, Ranking, Search, SearchHandle, rollout_paired};
use plakoto_rules::tavli::{Plakoto, ToPlay};
use plakoto_rules::{
    Dice, GenLimits, MoveGenerator, Numbers, PlayList, Position, Rules, TavliGame, TurnNumbers,
    Variant,
};

/// Largest difference allowed between the two searches' probabilities
/// and equities (both run the same evaluator on the same batches, so
/// they agree to the last bit in practice).
const TOLERANCE: f32 = 1e-6;

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

/// The Plakoto search's `After` in the game layer's terms.
fn game_after(after: After) -> GameAfter<Numbers> {
    match after {
        After::Opponent { pending } => GameAfter::Opponent { pending },
        After::MoverRolls => GameAfter::MoverRolls,
    }
}

/// Asserts the two rankings of `case` at `plies` agree: the same plays in
/// the same order, each with what follows it, how it was valued and its
/// values within [`TOLERANCE`].
fn assert_same(ours: &GameRanking<Plakoto>, theirs: &Ranking, case: &Case, plies: u8) {
    let at = format!("{plies} ply, {case:?}");
    assert_eq!(ours.plies, theirs.plies, "{at}");
    assert_eq!(ours.truncated, theirs.truncated, "{at}");
    assert_eq!(ours.plays.len(), theirs.plays.len(), "{at}");
    for (k, (a, b)) in ours.plays.iter().zip(&theirs.plays).enumerate() {
        assert_eq!(a.play.position, b.play.position, "{at}: play {k}");
        assert_eq!(a.after, game_after(b.after), "{at}: play {k}");
        assert_eq!(a.evaluated_at, b.evaluated_at, "{at}: play {k}");
        assert!(
            (a.equity - b.equity).abs() <= TOLERANCE,
            "{at}: play {k}: equity {} against {}",
            a.equity,
            b.equity
        );
        for (x, y) in a
            .probabilities
            .as_array()
            .iter()
            .zip(b.probabilities.as_array())
        {
            assert!((x - y).abs() <= TOLERANCE, "{at}: play {k}");
        }
    }
}

/// Ranks every case at 0, 1 and 2 plies with both searches and compares;
/// returns how many ranked plays (all depths) carried numbers on, how
/// many were plays of carried numbers, and how many rankings a beam cut.
fn compare(rules: Rules, cases: &[Case]) -> (usize, usize, usize) {
    let (mut passing, mut of_carried, mut cut) = (0, 0, 0);
    let game = Plakoto::new(rules);
    let net: Box<dyn Evaluator> = EvaluatorKind::Net.create().expect("the shipped net");
    let adapter = PlakotoGameEvaluator(EvaluatorKind::Net.create().expect("the shipped net"));
    let mut handle = SearchHandle::new(net);
    let settings = *handle.settings();
    let mut generic = GameSearch::new();
    for case in cases {
        let turn = case.turn_numbers(rules);
        for plies in [0, 1, 2] {
            let limits = SearchLimits::plies(plies);
            let theirs = handle.rank_roll(&case.position, &turn, rules, limits);
            let ours = generic.rank_turn(
                &game,
                &adapter,
                &case.position,
                &case.turn,
                &settings,
                limits,
            );
            assert_same(&ours, &theirs, case, plies);
            cut += usize::from(ours.truncated);
            passing += ours.plays.iter().filter(|r| r.after.passes_on()).count();
            of_carried += ours
                .plays
                .iter()
                .filter(|r| r.after == GameAfter::MoverRolls)
                .count();
        }
    }
    (passing, of_carried, cut)
}

/// The heuristic, seen by the generic search.
fn heuristic_adapter() -> PlakotoGameEvaluator<Box<dyn Evaluator>> {
    PlakotoGameEvaluator(Box::new(HeuristicEvaluator))
}

/// Plakoto Express, and the heuristic seen by the generic search.
fn express_with_heuristic() -> (Plakoto, PlakotoGameEvaluator<Box<dyn Evaluator>>) {
    let rules = Rules {
        variant: Variant::Express,
        ..Rules::default()
    };
    (Plakoto::new(rules), heuristic_adapter())
}

#[test]
fn generic_search_ranks_standard_plakoto_as_the_plakoto_search_on_the_net() {
    let rules = Rules::default();
    assert_eq!(rules.variant, Variant::Standard);
    let counts = compare(rules, &cases(Plakoto::new(rules), 59, 6, 0, 0, 0));
    assert_eq!(counts, (0, 0, 0));
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

#[test]
fn generic_search_ranks_express_as_the_plakoto_search_on_the_net() {
    let rules = Rules {
        variant: Variant::Express,
        ..Rules::default()
    };
    let cases = cases(Plakoto::new(rules), 59, 3, 3, 3, 2);
    // Some root play of the passing rolls carries numbers on, and the
    // carried turns are played before a roll: both kinds are searched.
    let (passing, of_carried, cut) = compare(rules, &cases);
    assert!(passing > 0 && of_carried > 0, "{passing} {of_carried}");
    // The doubles' roots went through the beam on both sides.
    assert!(cut > 0);
}

#[test]
fn generic_rollout_plays_express_out_as_the_plakoto_rollout() {
    let (game, adapter) = express_with_heuristic();
    let mut settings = SearchSettings::default();
    settings.rollout.trials = 72;
    settings.rollout.luck_adjust = true;
    let passing = cases(game, 7, 0, 2, 0, 0);
    for case in &passing {
        let ranking = GameSearch::new().rank_turn(
            &game,
            &adapter,
            &case.position,
            &case.turn,
            &settings,
            SearchLimits::plies(0),
        );
        // The best plays and every play that carries numbers on.
        let candidates: Vec<_> = ranking
            .plays
            .iter()
            .enumerate()
            .filter(|(k, r)| *k < 2 || r.after.passes_on())
            .map(|(_, r)| *r)
            .take(4)
            .collect();
        assert!(candidates.iter().any(|r| r.after.passes_on()), "{case:?}");
        let ours = rollout_plays(
            &game,
            &adapter,
            &candidates,
            &settings,
            &|_| {},
            &Stop::never(),
        )
        .expect("a rollout");
        let starts: Vec<(Position, After)> = candidates
            .iter()
            .map(|r| {
                let after = match r.after {
                    GameAfter::Opponent { pending } => After::Opponent { pending },
                    GameAfter::MoverRolls => After::MoverRolls,
                };
                (r.play.position, after)
            })
            .collect();
        let theirs = rollout_paired(&starts, game.rules, &HeuristicEvaluator, &settings, &|_| {})
            .expect("a rollout")
            .results;
        // `rollout_plays` re-ranks by the means: match by position.
        for r in &ours {
            let k = starts
                .iter()
                .position(|(p, _)| *p == r.play.position)
                .expect("a candidate");
            assert!(
                (r.equity - theirs[k].mean).abs() <= TOLERANCE,
                "{case:?}: {} against {}",
                r.equity,
                theirs[k].mean
            );
            assert_eq!(r.probabilities, theirs[k].probabilities, "{case:?}");
        }
    }
}

/// A root listed by the caller's generator: its bound on plays cuts the
/// list, and both entries (the generic search's and the Plakoto shell's
/// `Search`) rank the same cut list alike and say it is cut; the generic
/// search's own generator would list them all.
#[test]
fn a_callers_bounded_generator_cuts_the_root_as_in_the_plakoto_search() {
    let rules = Rules::default();
    let game = Plakoto::new(rules);
    let evaluator = HeuristicEvaluator;
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
    let mut theirs_search = Search::new();
    for plies in [0, 1] {
        let limits = SearchLimits::plies(plies);
        let root = Root::new(&game, &adapter, &position, &turn);
        let ours =
            generic.rank_turn_generated(root, &mut MoveGenerator::new(bound), &settings, limits);
        let numbers = TurnNumbers::Rolled(dice, dice.numbers(rules.variant));
        let old_root = plakoto_engine::search::Root::new(&position, &numbers, rules, &evaluator);
        let theirs =
            theirs_search.rank(old_root, &mut MoveGenerator::new(bound), &settings, limits);
        assert!(ours.truncated, "{plies} ply");
        assert_eq!(ours.plays.len(), bound.max_positions);
        let case = Case { position, turn };
        assert_same(&ours, &theirs, &case, plies);
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
            let lost = adapter
                .0
                .evaluate(&r.play.position.flip(), game.rules)
                .flipped();
            differs += usize::from(lost != r.probabilities);
        }
    }
    assert!(differs > 0);
}
