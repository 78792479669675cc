//! How `plakoto refine targets --game portes|fevga` reaches the table
//! games' expert iteration ([`super::refine`]): written once for every
//! game whose targets are its net's own decisions (each game's
//! [`crate::LabGame`] impl calls it by default), it refuses the
//! options that are Plakoto's sampler's and passes the rest on.

use super::refine::{TableTargetArgs, build_targets};
use crate::LabGame;
use crate::benchmark::sample::{PhaseMix, PlayerMix};
use crate::train::refine::{RefineError, TargetArgs};
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
