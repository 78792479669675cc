//! The tests of `plakoto_tools::games::plakoto` (its built-in players).

use plakoto_engine::eval::heuristic::HeuristicEvaluator;
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{
    Dice, MatchScore, Rules, Scoring, Side, TavliGame, Variant, parse_position_id,
};
use plakoto_tools::ToolsGame;
use plakoto_tools::arena::tavli_player::{TavliAnswer, TavliPlayer, TavliTurn};
use plakoto_tools::games::plakoto::*;

/// O to play an Express 1-1 (24 numbers) late in a game, found by
/// `plakoto arena --a builtin:net --b builtin:net --rules express
/// --seed 103` (game 312, then a forfeit): only one play uses all 24
/// numbers, and the referee's list, cut at its limit, holds only plays
/// of fewer. A 0-ply player choosing from that list made an illegal
/// play; it must choose as the engine does and be accepted.
#[test]
fn r10_zero_ply_player_uses_every_number_when_the_referee_list_is_cut() {
    let game = Plakoto::new(Rules::new(Variant::Express, Scoring::Standard).unwrap());
    let position = parse_position_id("eNqDIG43BcFAIAAA").unwrap();
    let to_play = ToPlay::Dice(Dice::new(1, 1).unwrap());
    let mut generator = game.referee_generator();
    let mut legal = Default::default();
    let ToPlay::Dice(dice) = to_play else {
        unreachable!()
    };
    game.generate(&mut generator, &position, dice, &mut legal);
    let numbers = dice.numbers(game.rules.variant).len();
    assert_eq!(numbers, 24);
    assert!(game.truncated(&legal));
    assert!(game.plays(&legal).iter().all(|p| p.steps.len() < numbers));
    let turn = TavliTurn {
        game: &game,
        side: Side::O,
        position: &position,
        to_play,
        legal: &legal,
        match_id: game.turn_match_id(Side::O, &to_play, MatchScore::default()),
        game_match: MatchScore::default(),
        in_match: None,
    };
    let mut player = PlakotoPlayer::new("0-ply", 0, Box::new(HeuristicEvaluator));
    let Ok(TavliAnswer::Play(play)) = player.choose(&turn) else {
        panic!("a built-in player answers with a play");
    };
    assert_eq!(play.steps.len(), numbers);
    // The referee's check accepts it (by the line search), where a play
    // of fewer numbers from the cut list is refused.
    let checked = game.check_play(&position, &to_play, &legal, &play).unwrap();
    assert_eq!(
        game.format_play(&position, &checked),
        "19/1(2) 9/1(3) 8/1 7/1 4/1(2) 3/1 2/1(3)"
    );
    let short = game.plays(&legal)[0];
    assert!(
        game.check_play(&position, &to_play, &legal, &short)
            .is_err()
    );
}

/// Plakoto's Match ID tells the numbers passed on in place of dice.
#[test]
fn r21_the_match_id_of_a_passed_turn_names_the_numbers() {
    let game = Plakoto::new(Rules::new(Variant::Express, Scoring::Standard).unwrap());
    let dice = Dice::new(2, 2).unwrap();
    let rolled = game.turn_match_id(Side::X, &ToPlay::Dice(dice), MatchScore::default());
    let numbers = dice.numbers(Variant::Express);
    let passed = game.turn_match_id(Side::X, &ToPlay::Carried(numbers), MatchScore::default());
    assert_ne!(rolled, passed);
    let read: plakoto_rules::MatchId = passed.parse().unwrap();
    assert_eq!((read.dice, read.pending), (None, Some(numbers)));
}
