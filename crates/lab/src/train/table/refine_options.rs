//! How `plakoto refine targets|fit --game portes|fevga` reach the table
//! games' expert iteration ([`super::refine`]): written once for every
//! game the table trainer trains (each game's
//! [`LabGame`](crate::LabGame) impl calls them), they refuse the options
//! that are Plakoto's and pass the rest on.

use super::refine::{TableFitArgs, TableTargetArgs, build_targets, fit};
use crate::LabGame;
use crate::benchmark::sample::{PhaseMix, PlayerMix};
use crate::train::refine::{FitArgs, RefineError, TargetArgs};
use plakoto_rules::Variant;

/// `plakoto refine targets` in a game of the table trainer: the
/// candidates of the net's own decisions.
pub fn refine_targets<G: LabGame>(a: &TargetArgs) -> Result<(), RefineError> {
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
    build_targets::<G>(&TableTargetArgs {
        out: a.out.clone(),
        decisions: a.positions,
        seed: a.seed,
        plies: a.plies,
        shard: a.shard,
        weights: a.weights.clone(),
        epsilon: a.epsilon,
    })
}

/// `plakoto refine fit` in a game of the table trainer: the targets
/// fitted by cross-entropy.
pub fn refine_fit<G: LabGame>(a: &FitArgs) -> Result<(), RefineError> {
    let plakoto_only = [
        (a.widen > 0, "--widen"),
        (a.revive_dead, "--revive-dead"),
        (a.equity_weight != 0.0, "--equity-weight"),
        (a.decision_weight != 0.0, "--decision-weight"),
        (a.choice_weight != 0.0, "--choice-weight"),
        (!a.only_phases.is_empty(), "--only-phases"),
    ];
    refuse_plakoto_options(&plakoto_only)?;
    fit::<G>(&TableFitArgs {
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
