//! [`TrainableGame`]: how `plakoto train --game` trains a game and which
//! of its options the game takes, so that `run` and the option checks
//! pick the game once (`with_game!`) and never match on it. A game with a
//! [`TrainedGame`] impl is trained by the generic trainer
//! ([`super::table`]); Plakoto keeps the trainer written for it before the
//! game layer.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::Plakoto;

use super::table;
use super::table::game::TrainedGame;
use super::{TrainArgs, TrainError};

/// A game `plakoto train` trains a net for.
pub trait TrainableGame: TavliGame {
    /// Whether the game has movement rules to train under (`--rules`);
    /// a game without them is trained under its default switches.
    const MOVEMENT_RULES: bool;
    /// Whether a run may be stopped after a time (`--minutes`).
    const TIMED: bool;

    /// Trains as `args` (already checked) ask.
    fn train(args: &TrainArgs) -> Result<(), TrainError>;
}

/// The generic trainer: the game's default switches, and a time bound
/// (`--minutes`) it keeps at the end of a round.
impl<G: TrainedGame> TrainableGame for G {
    const MOVEMENT_RULES: bool = false;
    const TIMED: bool = true;

    fn train(args: &TrainArgs) -> Result<(), TrainError> {
        table::run::<G>(args)
    }
}

/// The Plakoto trainer: under its movement rules, with no time bound.
impl TrainableGame for Plakoto {
    const MOVEMENT_RULES: bool = true;
    const TIMED: bool = false;

    fn train(args: &TrainArgs) -> Result<(), TrainError> {
        super::run_plakoto(args)
    }
}
