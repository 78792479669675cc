//! [`TrainableGame`]: how `plakoto train --game` trains a game and which
//! of its options the game takes, so that `run` and the option checks
//! pick the game once (`with_game!`) and never match on it; a benchmark's
//! header reads its `rules` by the same answer
//! ([`crate::movement_rules`]). A game with a
//! [`TrainedGame`] impl is trained by the generic trainer
//! ([`super::table`]); Plakoto keeps the trainer written for it before the
//! game layer.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::Plakoto;

use super::run_loop::TrainingRun;
use super::table;
use super::table::game::TrainedGame;

/// A game `plakoto train` trains a net for.
pub trait TrainableGame: TavliGame {
    /// Whether the game has movement rules (Plakoto's `standard` or
    /// `express`): to train under (`--rules`), and named by a benchmark
    /// header's `rules`. A game without them is trained and benchmarked
    /// under its default switches (a header writes `standard`).
    const MOVEMENT_RULES: bool;

    /// The game's trainer, which the run drives ([`super::run_loop::run`]).
    type Run: TrainingRun;
}

/// The generic trainer: the game's default switches.
impl<G: TrainedGame> TrainableGame for G {
    const MOVEMENT_RULES: bool = false;

    type Run = table::TableTrainer<G>;
}

/// The Plakoto trainer: under its movement rules.
impl TrainableGame for Plakoto {
    const MOVEMENT_RULES: bool = true;

    type Run = super::Trainer;
}
