//! Plakoto's evaluators seen through the game layer: an adapter from the
//! Plakoto-only [`Evaluator`] to [`GameEvaluator<Plakoto>`], so the generic
//! search can be run (and checked) on Plakoto against the specialised one.
//!
//! Only Plakoto's standard variant is searched correctly by
//! [`super::GameSearch`]: under Express a play may leave numbers to the
//! opponent (R21), which the game layer's plays do not carry. The adapter
//! itself evaluates under any rules (it passes the game's rules on).

use std::ops::Deref;

use plakoto_rules::Position;
use plakoto_rules::tavli::Plakoto;

use super::GameEvaluator;
use crate::eval::exact::ExactDatabase;
use crate::eval::{Evaluator, Probabilities};

/// A Plakoto [`Evaluator`] behind anything that derefs to it (`Box<dyn
/// Evaluator>`, `Arc<dyn Evaluator>`, or `&dyn Evaluator` of an evaluator
/// that borrows nothing), as a [`GameEvaluator<Plakoto>`]: the rules come
/// from the game value, the exact databases from the evaluator.
pub struct PlakotoGameEvaluator<E>(pub E);

impl<E> GameEvaluator<Plakoto> for PlakotoGameEvaluator<E>
where
    E: Deref<Target = dyn Evaluator> + Send + Sync,
{
    fn name(&self) -> &str {
        self.0.name()
    }

    fn evaluate(&self, game: &Plakoto, position: &Position) -> Probabilities {
        self.0.evaluate(position, game.rules)
    }

    fn exact_value(
        &self,
        game: &Plakoto,
        position: &Position,
    ) -> Option<(Probabilities, ExactDatabase)> {
        self.0.exact_value(position, game.rules)
    }

    fn evaluate_batch(&self, game: &Plakoto, positions: &[Position], out: &mut Vec<Probabilities>) {
        // Batched as the net wants it, one call a roll.
        self.0.evaluate_batch(positions, game.rules, out);
    }
}
