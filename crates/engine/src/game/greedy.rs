//! The 0-ply choice of a play: the play whose resulting position an
//! evaluator rates best, its open positions evaluated in one batch. What
//! the arena's built-in evaluator players and the lab's self-play play,
//! without the ranking and bookkeeping of a [`super::GameSearch`].

use super::tree::{Cx, NextRoll, RateScratch, rate_plays};
use super::{EngineGame, GameEvaluator, SearchSettings, game_equity};
use crate::eval::Probabilities;

/// Reusable buffers of the 0-ply choice. One per thread.
pub struct GreedyChooser<G: EngineGame> {
    rate: RateScratch<G>,
    /// Only for the rating context: a 0-ply rating reads no setting.
    settings: SearchSettings,
}

impl<G: EngineGame> Default for GreedyChooser<G> {
    fn default() -> Self {
        GreedyChooser {
            rate: RateScratch::default(),
            settings: SearchSettings::default(),
        }
    }
}

impl<G: EngineGame> GreedyChooser<G> {
    /// A chooser with empty buffers.
    pub fn new() -> GreedyChooser<G> {
        GreedyChooser::default()
    }

    /// The index in `plays` of the play with the best equity for the side
    /// making it (the first of equals, in generation order, so choices are
    /// reproducible), and its value for that side: a play that ends the
    /// game is worth its result, one that reaches a position covered by
    /// an exact database of `evaluator` its exact value, any other the
    /// evaluator's value of the position with the opponent on roll,
    /// flipped. `None` when `plays` is empty.
    pub fn choose(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        plays: &[G::Play],
    ) -> Option<(usize, Probabilities)> {
        self.choose_by(game, evaluator, plays, |p| game_equity(game, p))
    }

    /// [`Self::choose`] with the plays' values read under `game` (which
    /// may keep apart results that the scoring played for merges, as
    /// Portes' `triple` scoring does) but compared by `equity`.
    pub fn choose_by(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        plays: &[G::Play],
        equity: impl Fn(&Probabilities) -> f32,
    ) -> Option<(usize, Probabilities)> {
        self.choose_next(game, evaluator, plays, NextRoll::Opponent, equity)
    }

    /// [`Self::choose`] of the plays of numbers carried to the mover
    /// (R21): the mover rolls next, so each play's position is valued
    /// with the mover on roll.
    pub fn choose_carried(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        plays: &[G::Play],
    ) -> Option<(usize, Probabilities)> {
        self.choose_carried_by(game, evaluator, plays, |p| game_equity(game, p))
    }

    /// [`Self::choose_carried`] with the values read under `game` but
    /// compared by `equity`, as [`Self::choose_by`].
    pub fn choose_carried_by(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        plays: &[G::Play],
        equity: impl Fn(&Probabilities) -> f32,
    ) -> Option<(usize, Probabilities)> {
        self.choose_next(game, evaluator, plays, NextRoll::Mover, equity)
    }

    /// The best of `plays` by `equity`, each rated as `next` sees its
    /// position.
    fn choose_next(
        &mut self,
        game: &G,
        evaluator: &dyn GameEvaluator<G>,
        plays: &[G::Play],
        next: NextRoll,
        equity: impl Fn(&Probabilities) -> f32,
    ) -> Option<(usize, Probabilities)> {
        let cx = Cx {
            game,
            evaluator,
            settings: &self.settings,
        };
        rate_plays(cx, plays, next, &mut self.rate, None);
        let mut best: Option<(f32, usize)> = None;
        for (i, r) in self.rate.ratings.iter().enumerate() {
            let e = equity(&r.probabilities);
            if best.is_none_or(|(b, _)| e > b) {
                best = Some((e, i));
            }
        }
        best.map(|(_, i)| (i, self.rate.ratings[i].probabilities))
    }

    /// The values for the mover of every play the last
    /// [`Self::choose`] rated, in the plays' order.
    pub fn values(&self) -> impl Iterator<Item = &Probabilities> + '_ {
        self.rate.ratings.iter().map(|r| &r.probabilities)
    }
}
