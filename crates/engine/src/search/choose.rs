//! Choosing the play to make, below the protocol, for the search handle
//! ([`super::SearchHandle::choose`]): Plakoto's turn through the generic
//! search, with the lists of plays the engine keeps
//! ([`crate::game::plakoto_turn`], where the lists, the choice and the
//! rule that makes a play surely legal, R10, are written).

use super::{Ranking, Search, ranking_of};
use crate::eval::Evaluator;
use crate::game::PlakotoGameEvaluator;
pub use crate::game::express::{CHOICE_LIMIT, ENGINE_MAX_POSITIONS};
pub use crate::game::plakoto_turn::{Choice, PlayCache, PlayLists, TurnError, turn_of};
use crate::game::plakoto_turn::{choose_turn, rank_turn};
use crate::game::{SearchLimits, SearchSettings, Valuation};
use plakoto_rules::{Game, TurnNumbers};

impl Search {
    /// [`rank_turn`] with `evaluator`, its ranking in the Plakoto search's
    /// types.
    pub(super) fn rank_turn(
        &mut self,
        game: &Game,
        evaluator: &dyn Evaluator,
        settings: &SearchSettings,
        limits: SearchLimits,
        lists: &mut PlayLists,
        valuation: Option<&Valuation<'_>>,
    ) -> Result<(TurnNumbers, Ranking), TurnError> {
        let rater = PlakotoGameEvaluator(evaluator);
        let (turn, ranking) = rank_turn(
            &mut self.games,
            &rater,
            game,
            settings,
            limits,
            lists,
            valuation,
        )?;
        Ok((turn, ranking_of(ranking)))
    }

    /// [`choose_turn`] with `evaluator`.
    pub(super) fn choose(
        &mut self,
        game: &Game,
        evaluator: &dyn Evaluator,
        settings: &SearchSettings,
        limits: SearchLimits,
        lists: &mut PlayLists,
        valuation: Option<&Valuation<'_>>,
    ) -> Result<Choice, TurnError> {
        let rater = PlakotoGameEvaluator(evaluator);
        choose_turn(
            &mut self.games,
            &rater,
            game,
            settings,
            limits,
            lists,
            valuation,
        )
    }
}
