//! The tests of `plakoto_tools::arena::tavli_referee`.

use plakoto_records::record::{Ending, Roll};
use plakoto_rules::Portes;
use plakoto_rules::ResultKind;
use plakoto_rules::TavliGame;
use plakoto_rules::{MatchScore, Side};
use plakoto_tools::arena::referee::GameOutcome;
use plakoto_tools::arena::tavli_player::TavliRandomPlayer;
use plakoto_tools::arena::tavli_referee::*;

fn setup(seed: u64, opening: Opening) -> TavliSetup {
    TavliSetup {
        opening,
        dice_seed: seed,
        player_seeds: [seed, seed + 1],
        turn_cap: 2_000,
        starter: None,
        score: MatchScore::default(),
        tavli: None,
    }
}

#[test]
fn random_portes_games_end_scored_by_p11_and_replay() {
    let game = Portes::default();
    let mut generator = game.generator();
    for seed in 0..20 {
        let mut x = TavliRandomPlayer::new("x");
        let mut o = TavliRandomPlayer::new("o");
        let s = setup(seed, Opening::Greek);
        let a = play_tavli_game(&game, &s, [&mut x, &mut o], &mut generator);
        let b = play_tavli_game(&game, &s, [&mut x, &mut o], &mut generator);
        assert!(a.fault.is_none());
        match a.kind {
            Ending::Board(ResultKind::Single) => assert_eq!(a.points, 1),
            Ending::Board(ResultKind::Double) => assert_eq!(a.points, 2),
            other => panic!("a Portes game ended {other:?}"),
        }
        // P13 greek: the higher single die starts, and its first
        // turn is a fresh roll of two dice.
        let &(x_die, o_die) = a.opening.last().unwrap();
        assert_ne!(x_die, o_die);
        assert!(a.opening[..a.opening.len() - 1].iter().all(|(x, o)| x == o));
        let starter = if x_die > o_die { Side::X } else { Side::O };
        assert_eq!(a.moves[0].side, starter);
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
fn western_opening_plays_the_opening_dice() {
    let game = Portes::default();
    let mut generator = game.generator();
    for seed in 0..10 {
        let mut x = TavliRandomPlayer::new("x");
        let mut o = TavliRandomPlayer::new("o");
        let out = play_tavli_game(
            &game,
            &setup(seed, Opening::Western),
            [&mut x, &mut o],
            &mut generator,
        );
        // The starter's die first, as the rules core has it (a
        // record's replay checks it).
        let &(x_die, o_die) = out.opening.last().unwrap();
        let (starter, dice) = if x_die > o_die {
            (Side::X, [x_die, o_die])
        } else {
            (Side::O, [o_die, x_die])
        };
        assert_eq!(
            (out.moves[0].side, &out.moves[0].roll),
            (starter, &Roll::Dice(dice))
        );
    }
}

#[test]
fn turn_cap_leaves_a_portes_game_unfinished() {
    let game = Portes::default();
    let mut x = TavliRandomPlayer::new("x");
    let mut o = TavliRandomPlayer::new("o");
    let s = TavliSetup {
        turn_cap: 4,
        ..setup(3, Opening::Greek)
    };
    let out = play_tavli_game(&game, &s, [&mut x, &mut o], &mut game.generator());
    assert_eq!(out.kind, Ending::Unfinished);
    assert_eq!((out.points, out.winner, out.moves.len()), (0, None, 4));
}
