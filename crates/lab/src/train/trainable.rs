//! [`TrainableGame`]: how `plakoto train --game` trains a game and which
//! of its options the game takes, so that `run` and the option checks
//! pick the game once (`with_game!`) and never match on it. A game with a
//! [`TrainedGame`] impl is trained by the generic trainer
//! ([`super::table`]); Plakoto keeps the trainer written for it before the
//! game layer.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::Plakoto;

use super::refine::{self, FitArgs, RefineError, TargetArgs};
use super::table;
use super::table::game::TrainedGame;
use super::table::refine::{TableFitArgs, TableTargetArgs};
use super::{TrainArgs, TrainError};
use crate::benchmark::sample::{PhaseMix, PlayerMix};
use plakoto_rules::Variant;

/// A game `plakoto train` trains a net for.
pub trait TrainableGame: TavliGame {
    /// Whether the game has movement rules to train under (`--rules`);
    /// a game without them is trained under its default switches.
    const MOVEMENT_RULES: bool;
    /// Whether a run may be stopped after a time (`--minutes`).
    const TIMED: bool;

    /// Trains as `args` (already checked) ask.
    fn train(args: &TrainArgs) -> Result<(), TrainError>;

    /// `plakoto refine targets` for this game.
    fn refine_targets(args: &TargetArgs) -> Result<(), RefineError>;

    /// `plakoto refine fit` for this game.
    fn refine_fit(args: &FitArgs) -> Result<(), RefineError>;
}

/// The generic trainer: the game's default switches, and a time bound
/// (`--minutes`) it keeps at the end of a round.
impl<G: TrainedGame> TrainableGame for G {
    const MOVEMENT_RULES: bool = false;
    const TIMED: bool = true;

    fn train(args: &TrainArgs) -> Result<(), TrainError> {
        table::run::<G>(args)
    }

    fn refine_targets(a: &TargetArgs) -> Result<(), RefineError> {
        let plakoto_only = [
            (a.rules != Variant::Standard, "--rules"),
            (
                a.candidates,
                "--candidates (the candidates are always labelled)",
            ),
            (
                a.players != PlayerMix::Varied,
                "--players (the net plays itself)",
            ),
            (a.phases != PhaseMix::Natural, "--phases"),
        ];
        refuse_plakoto_options(&plakoto_only)?;
        if !(0.0..=1.0).contains(&a.epsilon) {
            return Err(RefineError::Options("--epsilon must be within 0-1".into()));
        }
        table::refine::build_targets::<G>(&TableTargetArgs {
            out: a.out.clone(),
            decisions: a.positions,
            seed: a.seed,
            plies: a.plies,
            shard: a.shard,
            weights: a.weights.clone(),
            epsilon: a.epsilon,
        })
    }

    fn refine_fit(a: &FitArgs) -> Result<(), RefineError> {
        let plakoto_only = [
            (a.widen > 0, "--widen"),
            (a.revive_dead, "--revive-dead"),
            (a.equity_weight != 0.0, "--equity-weight"),
            (a.decision_weight != 0.0, "--decision-weight"),
            (a.choice_weight != 0.0, "--choice-weight"),
            (!a.only_phases.is_empty(), "--only-phases"),
        ];
        refuse_plakoto_options(&plakoto_only)?;
        table::refine::fit::<G>(&TableFitArgs {
            targets: a.targets.clone(),
            init: a.init.clone(),
            out: a.out.clone(),
            epochs: a.epochs,
            lr: a.lr,
            batch: a.batch,
            holdout: a.holdout,
            seed: a.seed,
            average_out: a.average_out.clone(),
            average_from: a.average_from,
        })
        .map(|_| ())
    }
}

/// Refuses the first of `options` that was given (`true`): each is
/// Plakoto's only.
fn refuse_plakoto_options(options: &[(bool, &str)]) -> Result<(), RefineError> {
    match options.iter().find(|(given, _)| *given) {
        Some((_, name)) => Err(RefineError::Options(format!(
            "{name} is Plakoto's: a Portes or Fevga refine does not take it"
        ))),
        None => Ok(()),
    }
}

/// The Plakoto trainer: under its movement rules, with no time bound.
impl TrainableGame for Plakoto {
    const MOVEMENT_RULES: bool = true;
    const TIMED: bool = false;

    fn train(args: &TrainArgs) -> Result<(), TrainError> {
        super::run_plakoto(args)
    }

    fn refine_targets(a: &TargetArgs) -> Result<(), RefineError> {
        if a.epsilon != 0.0 {
            return Err(RefineError::Options(
                "--epsilon is for --game portes and --game fevga (Plakoto's mix is --players)"
                    .into(),
            ));
        }
        refine::build_targets(a)
    }

    fn refine_fit(a: &FitArgs) -> Result<(), RefineError> {
        refine::fit(a).map(|_| ())
    }
}
