//! The tests of `plakoto_tools::arena::search_player`.

use plakoto_engine::eval::heuristic::HeuristicEvaluator;
use plakoto_rules::{
    Dice, Game, MatchId, MatchScore, Phase, Rules, Scoring, Side, Variant, parse_position_id,
};
use plakoto_tools::arena::player::{Answer, Player, TurnRequest};
use plakoto_tools::arena::referee::referee_generator;
use plakoto_tools::arena::search_player::*;

/// O to play an Express 1-1 (24 numbers) late in a game, found by
/// `plakoto arena --a builtin:net --b builtin:net --rules express
/// --seed 103` (game 312, then a forfeit): only one play uses all 24
/// numbers, and the referee's list, cut at its limit, holds only plays
/// of fewer. A 0-ply player choosing from that list made an illegal
/// play; it must choose as the engine does and be accepted.
#[test]
fn r10_zero_ply_player_uses_every_number_when_the_referee_list_is_cut() {
    let rules = Rules::new(Variant::Express, Scoring::Standard).unwrap();
    let position = parse_position_id("eNqDIG43BcFAIAAA").unwrap();
    let dice = Some(Dice::new(1, 1).unwrap());
    let mut game = Game::from_parts(rules, position, Side::O, dice, None, Phase::Playing).unwrap();
    let mut generator = referee_generator();
    let legal = game.legal_plays(&mut generator).unwrap();
    let numbers = game.turn_numbers().unwrap().numbers().len();
    assert_eq!(numbers, 24);
    assert!(legal.truncated);
    assert!(legal.plays.iter().all(|p| p.steps.len() < numbers));
    let score = MatchScore {
        length: 0,
        score: [0, 0],
    };
    let turn = TurnRequest {
        game: &game,
        legal: &legal,
        match_id: MatchId::of(&game, &score),
    };
    let mut player = EvaluatorPlayer::new("0-ply", Box::new(HeuristicEvaluator));
    let Answer::Play(play) = player.choose(&turn).unwrap() else {
        panic!("a built-in player answers with a play");
    };
    assert_eq!(play.steps.len(), numbers);
    let report = game.play(&play, &mut generator).unwrap();
    assert_eq!(report.notation, "19/1(2) 9/1(3) 8/1 7/1 4/1(2) 3/1 2/1(3)");
}
