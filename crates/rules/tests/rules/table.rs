//! [`TableGame`]: a game of any Tavli game in progress — the opening roll
//! (P13, both switches), turns, dice, plays and the result (P11) — checked
//! on Portes through nothing but the game layer.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use plakoto_rules::Portes;
use plakoto_rules::portes::{PortesPosition, PortesScoring, parse_portes_board_text};
use plakoto_rules::tavli::{Opening, TableError, TableGame};
use plakoto_rules::{Dice, Die, Phase, ResultKind, Side, StateError, TavliGame};

fn die(n: u8) -> Die {
    Die::new(n).unwrap()
}

fn portes() -> Portes {
    Portes::new(PortesScoring::Standard)
}

#[test]
fn p13_greek_opening_the_higher_die_starts_and_rolls_both_dice() {
    let mut table = TableGame::new(portes(), Opening::Greek);
    assert_eq!(table.phase(), Phase::Opening);
    assert_eq!(table.opening_roll(die(2), die(5)), Ok(Some(Side::O)));
    assert_eq!(table.on_roll(), Side::O);
    assert_eq!(table.phase(), Phase::Playing);
    // The opening dice are not played: O rolls both dice, a double allowed.
    assert_eq!(table.dice(), None);
    table.set_dice(Dice::new(4, 4).unwrap()).unwrap();
    assert_eq!(table.dice(), Dice::new(4, 4));
}

#[test]
fn p13_equal_opening_dice_are_rolled_again() {
    let mut table = TableGame::new(portes(), Opening::Greek);
    assert_eq!(table.opening_roll(die(3), die(3)), Ok(None));
    assert_eq!(table.phase(), Phase::Opening);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (starter, rolls) = table.roll_opening(&mut rng).unwrap();
    let (x, o) = *rolls.last().unwrap();
    assert!(rolls[..rolls.len() - 1].iter().all(|(x, o)| x == o));
    assert_eq!(starter, if x > o { Side::X } else { Side::O });
    assert_eq!(
        table.roll_opening(&mut rng),
        Err(StateError::OpeningRollMade)
    );
}

#[test]
fn p13_western_opening_the_starter_plays_the_two_opening_dice() {
    let mut table = TableGame::new(portes(), Opening::Western);
    assert_eq!(table.opening_roll(die(6), die(1)), Ok(Some(Side::X)));
    assert_eq!(table.dice(), Dice::new(6, 1));
    let mut table = TableGame::new(portes(), Opening::Western);
    table.opening_roll(die(3), die(5)).unwrap();
    // The starter's own die first.
    assert_eq!(table.dice(), Dice::new(5, 3));
}

#[test]
fn a_play_hands_the_turn_over_with_the_board_seen_from_the_next_side() {
    let game = portes();
    let mut table = TableGame::started_by(game, Opening::Greek, Side::X);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(
        table.play_written("24/18 13/10", &mut game.generator()),
        Err(TableError::State(StateError::NoDice))
    );
    table.set_dice(Dice::new(6, 3).unwrap()).unwrap();
    assert_eq!(table.roll(&mut rng), Err(StateError::AlreadyRolled));
    let before = table.clone();
    assert!(matches!(
        table.play_written("24/18 13/9", &mut game.generator()),
        Err(TableError::Play(_))
    ));
    assert_eq!(table, before, "a refused play changes nothing");
    let report = table
        .play_written("24/18 13/10", &mut game.generator())
        .unwrap();
    assert_eq!(report.notation, "24/18 13/10");
    assert_eq!(report.result, None);
    assert_eq!(table.on_roll(), Side::O);
    assert_eq!(table.dice(), None);
    // O sees X's moved checkers on its 7 and 15 points (X's 18 and 10).
    let seen_by_x = game.flip(table.position());
    assert_eq!(
        game.board_text(&seen_by_x),
        game.board_text(&{
            let mut list = Default::default();
            game.generate(
                &mut game.generator(),
                &game.start(),
                Dice::new(6, 3).unwrap(),
                &mut list,
            );
            let play = game
                .resolve_play(
                    &game.start(),
                    Dice::new(6, 3).unwrap(),
                    &list,
                    "24/18 13/10",
                )
                .unwrap();
            game.after(&play)
        })
    );
}

/// X on roll with its last two checkers on its 1-point; O's fifteen
/// checkers still home at their start or off as given.
fn last_checkers(o_off_text: &str) -> PortesPosition {
    parse_portes_board_text(o_off_text).unwrap()
}

#[test]
fn p11_bearing_off_the_last_checker_wins_single_or_double() {
    let game = portes();
    // X (on roll): two checkers on its 1-point, 13 off. O: 14 checkers on
    // its 6-point and one off — a single game.
    let single = last_checkers("1:2 off:13 / 6:14 off:1");
    let mut table =
        TableGame::from_parts(game, Opening::Greek, single, Side::X, None, false).unwrap();
    table.set_dice(Dice::new(2, 1).unwrap()).unwrap();
    let report = table
        .play_written("1/off(2)", &mut game.generator())
        .unwrap();
    let result = report.result.expect("the game ends");
    assert_eq!(
        (result.kind, result.winner, result.points),
        (ResultKind::Single, Some(Side::X), 1)
    );
    assert_eq!(table.phase(), Phase::Over);
    // The mover stays on roll, the board seen from it: its fifteen off.
    assert_eq!(table.on_roll(), Side::X);
    assert_eq!(table.position().own_off(), 15);
    assert_eq!(
        table.roll(&mut ChaCha8Rng::seed_from_u64(0)),
        Err(StateError::GameOver)
    );
    // None of O's checkers off: a double game, 2 points (P11).
    let double = last_checkers("1:2 off:13 / 6:15");
    let mut table =
        TableGame::from_parts(game, Opening::Greek, double, Side::O, None, false).unwrap();
    table.set_dice(Dice::new(2, 1).unwrap()).unwrap();
    let result = table
        .play_written("1/off(2)", &mut game.generator())
        .unwrap()
        .result
        .unwrap();
    assert_eq!(
        (result.kind, result.winner, result.points),
        (ResultKind::Double, Some(Side::O), 2)
    );
    assert_eq!(table.on_roll(), Side::O);
}

#[test]
fn a_finished_board_is_a_game_over_with_its_winner() {
    let game = portes();
    // O on roll has lost: X, the side not on roll, has borne off all.
    let over = last_checkers("6:15 / off:15");
    let table = TableGame::from_parts(game, Opening::Greek, over, Side::O, None, false).unwrap();
    assert_eq!(table.phase(), Phase::Over);
    let result = table.result().unwrap();
    assert_eq!((result.winner, result.points), (Some(Side::X), 2));
    assert_eq!(
        TableGame::from_parts(game, Opening::Greek, over, Side::O, Dice::new(1, 2), false),
        Err(StateError::DiceOutsidePlay)
    );
    assert_eq!(
        TableGame::from_parts(game, Opening::Greek, game.start(), Side::O, None, true),
        Err(StateError::OverButNotFinished)
    );
}

#[test]
fn with_turn_keeps_the_board_on_the_table() {
    let game = portes();
    let table = TableGame::started_by(game, Opening::Greek, Side::X);
    let o = table.with_turn(Side::O).unwrap();
    assert_eq!(o.on_roll(), Side::O);
    assert_eq!(*o.position(), game.flip(table.position()));
    assert_eq!(o.with_turn(Side::X).unwrap(), table);
}
