//! The built-in players of a Fevga run (`plakoto arena --game fevga`):
//! Fevga's evaluators by name (`builtin:heuristic`, `builtin:pipcount`,
//! `builtin:net`, `builtin:net@FILE`), each played at 0 ply, beside
//! `builtin:random` and engine commands ([`super::tavli_players`]). The
//! evaluators read the run's switches from the game they are handed.

use std::path::Path;
use std::sync::Arc;

use plakoto_engine::eval::fevga::net::FevgaNetwork;
use plakoto_engine::game::{FevgaNetEvaluator, GameEvaluator};
use plakoto_rules::tavli::Fevga;

use super::error::PlayerError;

/// The Fevga net of `builtin:net` (the process's: the file
/// `$PLAKOTO_FEVGA_WEIGHTS` names, else the embedded weights) or of
/// `builtin:net@FILE`; a file that does not load is an error, rather than
/// another evaluator played.
pub(crate) fn fevga_net(
    spec: &str,
    file: Option<&str>,
) -> Result<Box<dyn GameEvaluator<Fevga>>, PlayerError> {
    let weights_error = |source| PlayerError::Weights {
        spec: spec.to_string(),
        source,
    };
    let evaluator = match file {
        // As the process's net: its integer copy.
        Some(file) => FevgaNetEvaluator::new(Arc::new(
            FevgaNetwork::load(Path::new(file)).map_err(weights_error)?,
        ))
        .with_integer(),
        None => FevgaNetEvaluator::with_default_network().map_err(weights_error)?,
    };
    Ok(Box::new(evaluator))
}
