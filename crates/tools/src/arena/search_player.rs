//! Built-in players that search: the heuristic evaluator (`builtin:ply1`,
//! `builtin:ply2`, `builtin:ply3`) or the net (`builtin:net-ply1`, …)
//! behind the engine's n-ply search, in-process, for measuring what depth
//! is worth, and the 0-ply players (`builtin:heuristic`, `builtin:net`).
//! They choose as the engine's `play` does ([`SearchHandle::choose`]), by
//! match-winning chances in a match: on Express low doubles, where the
//! referee's list is cut short, only a play that is surely legal (R10).

use super::fault::{Fault, FaultKind};
use super::player::{Answer, Player, TurnRequest};
use plakoto_engine::eval::Evaluator;
use plakoto_engine::eval::heuristic::HeuristicEvaluator;
use plakoto_engine::search::{SearchHandle, SearchSettings};

/// Plays the best play of an n-ply search with the default move filters.
pub struct SearchPlayer {
    name: String,
    search: SearchHandle<'static>,
}

impl SearchPlayer {
    /// A player searching `plies` plies over the heuristic.
    pub fn new(name: &str, plies: u8) -> SearchPlayer {
        SearchPlayer::with_evaluator(name, plies, Box::new(HeuristicEvaluator))
    }

    /// A player searching `plies` plies over `evaluator`.
    pub fn with_evaluator(name: &str, plies: u8, evaluator: Box<dyn Evaluator>) -> SearchPlayer {
        let search = SearchHandle::new(evaluator)
            .with_settings(SearchSettings::with_plies(plies))
            .expect("the default settings at any plies (clamped) are in range");
        SearchPlayer {
            name: name.to_string(),
            search,
        }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        let game = turn.game;
        // The referee's list, when complete, is the one the search would
        // generate.
        self.search.lists().choice.adopt(game, turn.legal);
        let context = turn.match_context();
        let limits = self.search.limits();
        let play = self
            .search
            .choose(game, context.as_ref(), limits)
            .map_err(|e| Fault::new(FaultKind::Illegal, e.to_string()))?
            .play();
        self.search.trim();
        // The referee's game checks the play, against its list or, when the
        // list was cut short (Express low doubles), by the rules core's line
        // search.
        Ok(Answer::Play(play))
    }
}

/// Plays the play with the best 0-ply equity under any evaluator (in a
/// match: the best match-winning chance at the score): a [`SearchPlayer`]
/// searching 0 plies.
pub struct EvaluatorPlayer(SearchPlayer);

impl EvaluatorPlayer {
    /// A player called `name` using `evaluator`.
    pub fn new(name: &str, evaluator: Box<dyn Evaluator>) -> EvaluatorPlayer {
        EvaluatorPlayer(SearchPlayer::with_evaluator(name, 0, evaluator))
    }
}

impl Player for EvaluatorPlayer {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, turn: &TurnRequest<'_>) -> Result<Answer, Fault> {
        self.0.choose(turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::referee::referee_generator;
    use plakoto_rules::{
        Dice, Game, MatchId, MatchScore, Phase, Rules, Scoring, Side, Variant, parse_position_id,
    };

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
        let mut game =
            Game::from_parts(rules, position, Side::O, dice, None, Phase::Playing).unwrap();
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
}
