//! The tests of `plakoto_tools::arena::referee`, and of the referee
//! ([`plakoto_tools::arena::tavli_referee`]) playing Plakoto.

use plakoto_records::record::{Ending, Roll};
use plakoto_rules::Plakoto;
use plakoto_rules::{MatchScore, Rules, Scoring, Side, Variant, parse_position_id};
use plakoto_tools::ToolsGame;
use plakoto_tools::arena::referee::*;
use plakoto_tools::arena::tavli_player::TavliRandomPlayer;
use plakoto_tools::arena::tavli_referee::*;

fn setup(seed: u64) -> TavliSetup {
    TavliSetup {
        opening: Opening::Greek,
        dice_seed: seed,
        player_seeds: [1, 2],
        turn_cap: 2_000,
        starter: None,
        score: MatchScore::default(),
        tavli: None,
    }
}

#[test]
fn r19_random_games_end_and_replay_identically() {
    let game = Plakoto::default();
    let mut g = game.referee_generator();
    for seed in 0..5 {
        let mut x = TavliRandomPlayer::new("x");
        let mut o = TavliRandomPlayer::new("o");
        let a = play_tavli_game(&game, &setup(seed), [&mut x, &mut o], &mut g);
        let b = play_tavli_game(&game, &setup(seed), [&mut x, &mut o], &mut g);
        assert_ne!(a.kind, Ending::Unfinished);
        assert!(a.fault.is_none());
        assert!(!a.opening.is_empty());
        let (x_die, o_die) = *a.opening.last().unwrap();
        let starter = if x_die > o_die { "X" } else { "O" };
        assert_eq!(a.moves[0].side.to_string(), starter, "{:?}", a.moves[0]);
        assert_eq!(
            a,
            GameOutcome {
                think_time: a.think_time,
                ..b
            }
        );
    }
}

#[test]
fn turn_cap_stops_a_game_without_result() {
    let game = Plakoto::default();
    let mut g = game.referee_generator();
    let mut x = TavliRandomPlayer::new("x");
    let mut o = TavliRandomPlayer::new("o");
    let s = TavliSetup {
        turn_cap: 3,
        starter: Some(Side::O),
        ..setup(9)
    };
    let out = play_tavli_game(&game, &s, [&mut x, &mut o], &mut g);
    assert_eq!(out.kind, Ending::Unfinished);
    assert_eq!(out.points, 0);
    assert_eq!(out.moves.len(), 3);
    assert_eq!(out.moves[0].side, Side::O);
    assert!(out.opening.is_empty());
}

/// R21: in Express, the numbers a play leaves are played by the opponent
/// as a turn of their own before it rolls, and the game still ends.
#[test]
fn r21_express_numbers_passed_on_are_played_before_the_roll() {
    let game = Plakoto::new(Rules::new(Variant::Express, Scoring::Standard).unwrap());
    let mut g = game.referee_generator();
    let mut passed_turns = 0;
    for seed in 0..10 {
        let mut x = TavliRandomPlayer::new("x");
        let mut o = TavliRandomPlayer::new("o");
        let out = play_tavli_game(&game, &setup(seed), [&mut x, &mut o], &mut g);
        assert_ne!(out.kind, Ending::Unfinished, "seed {seed}");
        for pair in out.moves.windows(2) {
            if let Roll::Passed(numbers) = &pair[1].roll {
                passed_turns += 1;
                assert!(!numbers.is_empty());
                // The side passed to then rolls its own dice.
                assert_ne!(pair[0].side, pair[1].side);
            }
            if matches!(pair[0].roll, Roll::Passed(_)) {
                assert_eq!(pair[0].side, pair[1].side, "{:?}", pair);
                assert!(matches!(pair[1].roll, Roll::Dice(_)));
            }
        }
    }
    assert!(passed_turns > 0, "random Express games pass numbers on");
    // Standard games never do.
    let mut x = TavliRandomPlayer::new("x");
    let mut o = TavliRandomPlayer::new("o");
    let standard = Plakoto::default();
    let out = play_tavli_game(&standard, &setup(3), [&mut x, &mut o], &mut g);
    assert!(out.moves.iter().all(|t| matches!(t.roll, Roll::Dice(_))));
}

/// A game from a start position has no opening roll: X rolls first.
#[test]
fn a_game_from_a_start_position_starts_with_x_to_roll() {
    let game = Plakoto::default();
    let mut g = game.referee_generator();
    let start = parse_position_id("AAGqw/DAAwt5fAAA").unwrap();
    let mut x = TavliRandomPlayer::new("x");
    let mut o = TavliRandomPlayer::new("o");
    let s = TavliSetup {
        starter: Some(Side::O),
        ..setup(4)
    };
    let out = play_game_from(&game, &s, Some(start), [&mut x, &mut o], &mut g);
    assert!(out.opening.is_empty());
    assert_eq!(out.moves[0].side, Side::X);
    assert_ne!(out.kind, Ending::Unfinished);
}

#[test]
fn seeds_mix() {
    assert_ne!(mix_seed(&[1, 0]), mix_seed(&[0, 1]));
    assert_eq!(mix_seed(&[7, 3]), mix_seed(&[7, 3]));
}
