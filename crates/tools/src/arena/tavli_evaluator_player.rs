//! A built-in player of any game of the game layer that plays the best
//! 0-ply play of an evaluator ([`GreedyChooser`]): the arena's
//! `builtin:net` in Portes, and the players of the Portes trainer's
//! strength checks.

use plakoto_engine::game::{EngineGame, GameEvaluator, GreedyChooser};

use super::fault::{Fault, FaultKind};
use super::tavli_player::{TavliAnswer, TavliPlayer, TavliTurn};

/// Plays the legal play whose resulting position its evaluator rates best
/// (exact values first), the first of equals in generation order: by
/// equity, or in a Tavli match by the mover's match-winning chance.
pub struct TavliEvaluatorPlayer<G: EngineGame> {
    name: String,
    evaluator: Box<dyn GameEvaluator<G>>,
    chooser: GreedyChooser<G>,
}

impl<G: EngineGame> TavliEvaluatorPlayer<G> {
    /// The player called `name`, rating plays with `evaluator`.
    pub fn new(name: &str, evaluator: Box<dyn GameEvaluator<G>>) -> TavliEvaluatorPlayer<G> {
        TavliEvaluatorPlayer {
            name: name.to_string(),
            evaluator,
            chooser: GreedyChooser::new(),
        }
    }
}

impl<G: EngineGame> TavliPlayer<G> for TavliEvaluatorPlayer<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, turn: &TavliTurn<'_, G>) -> Result<TavliAnswer<G>, Fault> {
        let plays = turn.game.plays(turn.legal);
        let evaluator = self.evaluator.as_ref();
        // In a Tavli match, the best match-winning chance; else equity.
        let chosen = match turn.in_match {
            Some(context) => self
                .chooser
                .choose_by(turn.game, evaluator, plays, |p| context.mwc(p)),
            None => self.chooser.choose(turn.game, evaluator, plays),
        };
        let (index, _) =
            chosen.ok_or_else(|| Fault::new(FaultKind::Illegal, "no legal play to choose from"))?;
        Ok(TavliAnswer::Play(plays[index]))
    }
}
