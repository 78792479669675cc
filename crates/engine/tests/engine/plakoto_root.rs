//! Plakoto turns as the rules core gives them (a position, its turn's
//! numbers, the rules and an evaluator of Plakoto's own kind), searched and
//! rolled out through the game layer ([`GameSearch<Plakoto>`]), for the
//! tests that pose Plakoto's known positions to the search.

use plakoto_engine::eval::{GameEvaluator, Probabilities};
use plakoto_engine::game::plakoto_turn::{to_play, value_before_roll};
use plakoto_engine::game::{
    GameRankedPlay, GameRanking, GameSearch, RolloutError, RolloutProgress, Root, SearchLimits,
    SearchSettings, Stop,
};
use plakoto_rules::Plakoto;
use plakoto_rules::{MoveGenerator, Numbers, Play, Position, Rules, TurnNumbers};

/// A Plakoto turn: `position` (side on roll) playing `turn` under `rules`,
/// its plays rated by `evaluator`.
#[derive(Clone, Copy)]
pub struct PlakotoRoot<'a> {
    position: &'a Position,
    turn: &'a TurnNumbers,
    rules: Rules,
    evaluator: &'a dyn GameEvaluator<Plakoto>,
}

impl<'a> PlakotoRoot<'a> {
    /// The turn `turn` from `position` under `rules`, rated by `evaluator`.
    pub fn new(
        position: &'a Position,
        turn: &'a TurnNumbers,
        rules: Rules,
        evaluator: &'a dyn GameEvaluator<Plakoto>,
    ) -> PlakotoRoot<'a> {
        PlakotoRoot {
            position,
            turn,
            rules,
            evaluator,
        }
    }
}

/// What the tests ask of the generic search for a Plakoto turn.
pub trait SearchPlakoto {
    /// Every play of `root` listed by `generator` (an Express chain of
    /// several groups through the root beam), ranked under `settings`
    /// within `limits`.
    fn rank_root(
        &mut self,
        root: PlakotoRoot<'_>,
        generator: &mut MoveGenerator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> GameRanking<Plakoto>;

    /// The value of `position` under `rules` for its side on roll before
    /// it rolls, after playing the numbers `passed` to it, if any (R21),
    /// rated by `evaluator`, and the depth reached.
    fn value_root(
        &mut self,
        position: &Position,
        passed: Option<&Numbers>,
        rules: Rules,
        evaluator: &dyn GameEvaluator<Plakoto>,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> (Probabilities, u8);

    /// The play the search makes for `root` (a forced play unsearched).
    fn best_play_root(
        &mut self,
        root: PlakotoRoot<'_>,
        generator: &mut MoveGenerator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Option<Play>;
}

impl SearchPlakoto for GameSearch<Plakoto> {
    fn rank_root(
        &mut self,
        root: PlakotoRoot<'_>,
        generator: &mut MoveGenerator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> GameRanking<Plakoto> {
        let game = Plakoto::new(root.rules);
        let turn = to_play(root.turn);
        let at = Root::new(&game, root.evaluator, root.position, &turn);
        self.rank_turn_generated(at, generator, settings, limits)
    }

    fn value_root(
        &mut self,
        position: &Position,
        passed: Option<&Numbers>,
        rules: Rules,
        evaluator: &dyn GameEvaluator<Plakoto>,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> (Probabilities, u8) {
        let passed = passed.copied();
        value_before_roll(self, evaluator, position, passed, rules, settings, limits)
    }

    fn best_play_root(
        &mut self,
        root: PlakotoRoot<'_>,
        generator: &mut MoveGenerator,
        settings: &SearchSettings,
        limits: SearchLimits,
    ) -> Option<Play> {
        let game = Plakoto::new(root.rules);
        let turn = to_play(root.turn);
        let at = Root::new(&game, root.evaluator, root.position, &turn);
        self.choose_turn_generated(at, generator, settings, limits)
    }
}

/// `plays` of a Plakoto turn under `rules` played out by `evaluator` with
/// the rollout options of `settings`, re-ranked by their means.
pub fn rollout_plays(
    plays: &[GameRankedPlay<Plakoto>],
    rules: Rules,
    evaluator: &dyn GameEvaluator<Plakoto>,
    settings: &SearchSettings,
    progress: &(dyn Fn(RolloutProgress) + Sync),
) -> Result<Vec<GameRankedPlay<Plakoto>>, RolloutError> {
    let game = Plakoto::new(rules);
    plakoto_engine::game::rollout_plays(&game, evaluator, plays, settings, progress, &Stop::never())
}
