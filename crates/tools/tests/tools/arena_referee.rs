//! The tests of `plakoto_tools::arena::referee`.

use plakoto_records::record::Ending;
use plakoto_rules::{MoveGenerator, Rules, Side};
use plakoto_tools::arena::player::RandomPlayer;
use plakoto_tools::arena::referee::*;

fn setup(seed: u64) -> GameSetup {
    GameSetup {
        rules: Rules::default(),
        match_length: 0,
        score: [0, 0],
        starter: None,
        dice_seed: seed,
        player_seeds: [1, 2],
        turn_cap: 2_000,
        start: None,
    }
}

#[test]
fn r19_random_games_end_and_replay_identically() {
    let mut g = MoveGenerator::default();
    for seed in 0..5 {
        let mut x = RandomPlayer::new("x");
        let mut o = RandomPlayer::new("o");
        let a = play_game(&setup(seed), [&mut x, &mut o], &mut g);
        let b = play_game(&setup(seed), [&mut x, &mut o], &mut g);
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
    let mut g = MoveGenerator::default();
    let mut x = RandomPlayer::new("x");
    let mut o = RandomPlayer::new("o");
    let s = GameSetup {
        turn_cap: 3,
        starter: Some(Side::O),
        ..setup(9)
    };
    let out = play_game(&s, [&mut x, &mut o], &mut g);
    assert_eq!(out.kind, Ending::Unfinished);
    assert_eq!(out.points, 0);
    assert_eq!(out.moves.len(), 3);
    assert_eq!(out.moves[0].side, Side::O);
    assert!(out.opening.is_empty());
}

#[test]
fn seeds_mix() {
    assert_ne!(mix_seed(&[1, 0]), mix_seed(&[0, 1]));
    assert_eq!(mix_seed(&[7, 3]), mix_seed(&[7, 3]));
}
