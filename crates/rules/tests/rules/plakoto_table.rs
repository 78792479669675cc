//! Plakoto through the game layer ([`TableGame<Plakoto>`]) against its own
//! state machine ([`Game`]): over seeded random standard and Express
//! games, the two must agree at every turn on the position, the side on
//! roll, the phase, the dice, the numbers passed on (R21), the legal plays
//! and the result; and the layer's refusals of what R21 does not allow.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::scale;

use plakoto_rules::Plakoto;
use plakoto_rules::tavli::{Opening, TableError, TableGame, ToPlay};
use plakoto_rules::{
    Dice, Die, Game, GenLimits, IllegalPlay, MoveGenerator, Numbers, Phase, Play, PlayList,
    Position, Rules, Scoring, Side, StateError, TurnNumbers, Variant, format_play,
};

/// Every game ends well before this many plays.
const PLAY_CAP: usize = 2_000;

/// A generator cap small enough that Express low doubles stay quick: a
/// list cut short is still the same list on both sides.
fn generator() -> MoveGenerator {
    MoveGenerator::new(GenLimits {
        max_positions: 20_000,
    })
}

/// What one game's cross-check saw.
#[derive(Default)]
struct Seen {
    plays: usize,
    /// Turns that began by playing numbers passed on (R21).
    carried_turns: usize,
    /// Lists cut short by the generator's cap.
    truncated: usize,
    finished: bool,
}

/// The two sides' states agree, a finished game included: both keep the
/// board seen from the side that ended it, with that side on roll (the
/// convention of every game, protocol.md `legal`).
fn assert_same_state(old: &Game, table: &TableGame<Plakoto>, at: &str) {
    assert_eq!(table.position(), old.position(), "{at}: position");
    assert_eq!(table.on_roll(), old.on_roll(), "{at}: side on roll");
    assert_eq!(table.phase(), old.phase(), "{at}: phase");
    assert_eq!(table.dice(), old.dice(), "{at}: dice");
    assert_eq!(table.carried(), old.passed(), "{at}: passed numbers");
    assert_eq!(table.result(), old.result(), "{at}: result");
    // Each side converts to the other whole (the protocol keeps its
    // Plakoto game as the table's and converts where the rules core's
    // game is still asked for).
    assert_eq!(
        &TableGame::of_plakoto_game(old),
        table,
        "{at}: to the table"
    );
    assert_eq!(&table.to_plakoto_game(), old, "{at}: from the table");
}

/// The numbers the side on roll plays now, as the old stack says.
fn numbers_of(old: &Game) -> Numbers {
    old.turn_numbers().expect("a turn in play").numbers()
}

/// The play to make: any of the list, or, when the list was cut short, one
/// that is legal whatever the missing plays are (it uses every number or
/// ends the game); `None` when a cut-short list holds none.
fn pick(list: &PlayList, numbers: &Numbers, rng: &mut ChaCha8Rng) -> Option<Play> {
    if !list.truncated {
        return list.plays.choose(rng).copied();
    }
    let sure: Vec<&Play> = list
        .plays
        .iter()
        .filter(|p| p.is_surely_legal(numbers))
        .collect();
    sure.choose(rng).map(|p| **p)
}

/// Plays one seeded game on both stacks, checking them against each other
/// before and after every play.
fn cross_check(seed: u64, rules: Rules) -> Seen {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut old = Game::new(rules);
    let mut table = TableGame::new(Plakoto::new(rules), Opening::Greek);
    let (mut old_gen, mut table_gen) = (generator(), generator());
    let mut seen = Seen::default();
    assert_same_state(&old, &table, "before the opening");
    loop {
        let x = Die::new(rng.gen_range(1..=6)).unwrap();
        let o = Die::new(rng.gen_range(1..=6)).unwrap();
        let starter = old.opening_roll(x, o).unwrap();
        assert_eq!(table.opening_roll(x, o).unwrap(), starter, "opening roll");
        if starter.is_some() {
            break;
        }
    }
    while seen.plays < PLAY_CAP {
        let at = format!("seed {seed}, {rules:?}, play {}", seen.plays);
        assert_same_state(&old, &table, &at);
        if old.phase() == Phase::Over {
            seen.finished = true;
            return seen;
        }
        match old.turn_numbers() {
            Some(TurnNumbers::Passed(passed)) => {
                seen.carried_turns += 1;
                assert_eq!(table.to_play(), Ok(ToPlay::Carried(passed)), "{at}");
                // R21: the passed numbers come first; no roll before them.
                let mut refused = table.clone();
                assert_eq!(
                    refused.set_dice(Dice::new(6, 5).unwrap()),
                    Err(StateError::PassedFirst),
                    "{at}"
                );
            }
            Some(TurnNumbers::Rolled(..)) => unreachable!("{at}: the dice are rolled below"),
            None => {
                let dice = Dice::roll(&mut rng);
                old.set_dice(dice).unwrap();
                table.set_dice(dice).unwrap();
                assert_eq!(table.to_play(), Ok(ToPlay::Dice(dice)), "{at}");
            }
        }
        let numbers = numbers_of(&old);
        let old_list = old.legal_plays(&mut old_gen).unwrap();
        let mut table_list = PlayList::default();
        table.turn_plays(&mut table_gen, &mut table_list).unwrap();
        assert_eq!(table_list.plays, old_list.plays, "{at}: legal plays");
        assert_eq!(table_list.numbers_used, old_list.numbers_used, "{at}");
        assert_eq!(table_list.truncated, old_list.truncated, "{at}");
        seen.truncated += usize::from(old_list.truncated);
        let Some(play) = pick(&old_list, &numbers, &mut rng) else {
            // A cut-short list with no play surely legal: the old stack
            // would check a play by a search the cap does not bound, so
            // the game stops here (counted by the caller).
            return seen;
        };
        let before: Position = *old.position();
        // Every other play goes in written, through each stack's parser
        // and resolver, the others as the play itself.
        let (old_report, table_report) = if seen.plays % 2 == 0 {
            let written = format_play(&before, &play);
            (
                old.play_written(&written, &mut old_gen).unwrap(),
                table.play_written(&written, &mut table_gen).unwrap(),
            )
        } else {
            (old.play(&play, &mut old_gen).unwrap(), table.play(&play))
        };
        assert_eq!(table_report.notation, old_report.notation, "{at}");
        assert_eq!(table_report.result, old_report.result, "{at}");
        if old_report.passed.is_some() {
            assert_eq!(table.carried(), old_report.passed, "{at}: passed on");
        }
        seen.plays += 1;
    }
    seen
}

/// Runs the games of `seeds` under `rules`; returns the totals.
fn run(rules: Rules, seeds: std::ops::Range<u64>) -> Seen {
    let games = seeds.end - seeds.start;
    let mut total = Seen::default();
    let mut finished = 0;
    for seed in seeds {
        let seen = cross_check(seed, rules);
        total.plays += seen.plays;
        total.carried_turns += seen.carried_turns;
        total.truncated += seen.truncated;
        finished += usize::from(seen.finished);
    }
    // Nearly every game runs to its end; one that stops on a cut-short
    // list is rare.
    assert!(
        finished as u64 * 10 >= games * 9,
        "{finished} of {games} games finished"
    );
    total
}

#[test]
fn standard_plakoto_through_the_game_layer_matches_the_game_state() {
    // 40 games a scoring in a full run (`scale`).
    for (scoring, seeds) in [
        (Scoring::Standard, scale::seeds(0, 40)),
        (Scoring::Tzannes, scale::seeds(1_000, 40)),
    ] {
        let games = seeds.clone().count();
        let seen = run(
            Rules {
                variant: Variant::Standard,
                scoring,
            },
            seeds,
        );
        assert!(seen.plays > 50 * games, "{} plays", seen.plays);
        assert_eq!(seen.carried_turns, 0, "standard Plakoto passes nothing on");
    }
}

#[test]
fn r21_express_through_the_game_layer_matches_the_game_state() {
    let rules = Rules {
        variant: Variant::Express,
        scoring: Scoring::Standard,
    };
    // 60 games in a full run (`scale`).
    let seeds = scale::seeds(0, 60);
    let games = seeds.clone().count();
    let seen = run(rules, seeds);
    assert!(seen.plays > 30 * games, "{} plays", seen.plays);
    // The cross-check must have met R21 often enough to mean something.
    assert!(
        seen.carried_turns >= games / 3,
        "only {} turns began with passed numbers",
        seen.carried_turns
    );
}

/// An Express game played on both stacks from the start, by seeded random
/// plays, up to the first turn that begins with passed numbers (R21);
/// `None` when the game ends first.
fn express_with_passed(rng_seed: u64) -> Option<(Game, TableGame<Plakoto>)> {
    let rules = Rules {
        variant: Variant::Express,
        scoring: Scoring::Standard,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    let mut old = Game::started_by(rules, Side::X);
    let mut table = TableGame::started_by(Plakoto::new(rules), Opening::Greek, Side::X);
    let mut moves = generator();
    for _ in 0..PLAY_CAP {
        if old.passed().is_some() {
            return Some((old, table));
        }
        if old.phase() == Phase::Over {
            break;
        }
        if old.dice().is_none() {
            let dice = Dice::roll(&mut rng);
            old.set_dice(dice).unwrap();
            table.set_dice(dice).unwrap();
        }
        let list = old.legal_plays(&mut moves).unwrap();
        let numbers = numbers_of(&old);
        let play = pick(&list, &numbers, &mut rng).expect("a play");
        old.play(&play, &mut moves).unwrap();
        table.play(&play);
    }
    None
}

#[test]
fn r21_passed_numbers_are_played_first_and_what_they_leave_is_void() {
    let (seed, (old, table)) = (0..50)
        .find_map(|seed| express_with_passed(seed).map(|games| (seed, games)))
        .expect("some seed passes numbers on");
    let passed = old.passed().unwrap();
    assert_eq!(table.carried(), Some(passed), "seed {seed}");
    let mover = table.on_roll();
    // Neither rolling nor asking for the dice's plays comes before them.
    let mut moves = generator();
    let mut list = PlayList::default();
    assert_eq!(
        table.legal_plays(&mut moves, &mut list),
        Err(StateError::PassedFirst)
    );
    assert_eq!(table.require_dice(), Err(StateError::PassedFirst));
    // Dice cannot sit beside them, nor can they be given to a game that
    // carries none.
    let mut rolled = table.with_carried(None).unwrap();
    rolled.set_dice(Dice::new(2, 1).unwrap()).unwrap();
    assert_eq!(
        rolled.with_carried(Some(passed)),
        Err(StateError::DiceAndPassed)
    );
    let standard = TableGame::started_by(Plakoto::new(Rules::default()), Opening::Greek, mover);
    assert_eq!(
        standard.with_carried(Some(passed)),
        Err(StateError::PassedOutsideExpress)
    );
    assert_eq!(
        table.with_game(Plakoto::new(Rules::default())).carried(),
        None
    );
    // A written play that cannot be read is refused, the game unchanged.
    let mut refused = table.clone();
    assert!(matches!(
        refused.play_written("bar/22", &mut moves),
        Err(TableError::Play(IllegalPlay::Notation(_)))
    ));
    assert_eq!(refused, table);
    // Played, the passed numbers leave the turn with the mover, to roll,
    // and nothing is passed back.
    let mut played = table.clone();
    let to_play = played.turn_plays(&mut moves, &mut list).unwrap();
    assert_eq!(to_play, ToPlay::Carried(passed));
    let play = list.plays[0];
    played.play(&play);
    assert_eq!(played.on_roll(), mover);
    assert_eq!(played.carried(), None);
    assert_eq!(played.dice(), None);
    assert_eq!(*played.position(), play.position);
    assert!(played.set_dice(Dice::new(6, 6).unwrap()).is_ok());
}
