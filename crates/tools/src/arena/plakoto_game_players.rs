//! The built-in players of Plakoto played through the game layer (the
//! Plakoto games of a Tavli match, `--game tavli`): `builtin:heuristic`,
//! `builtin:pipcount` and `builtin:net` (`builtin:net@FILE` for other
//! weights), each the best 0-ply play of Plakoto's evaluator behind
//! [`PlakotoGameEvaluator`], beside `builtin:random` and engine commands
//! ([`super::tavli_players`]). They choose by money equity; runs of
//! Plakoto alone keep their own players ([`super::registry`]), which
//! search and play for the match score.

use std::path::Path;
use std::sync::Arc;

use plakoto_engine::eval::net::weights as plakoto_weights;
use plakoto_engine::eval::{Evaluator, HeuristicEvaluator, NetEvaluator, PipCountEvaluator};
use plakoto_engine::game::PlakotoGameEvaluator;
use plakoto_rules::tavli::Plakoto;

use super::error::PlayerError;
use super::tavli_evaluator_player::TavliEvaluatorPlayer;
use super::tavli_player::BoxedPlayer;
use super::tavli_players::BuiltinPlayers;

impl BuiltinPlayers for Plakoto {
    const BUILTINS: &'static [(&'static str, &'static str)] = &[
        (
            "heuristic",
            "the best 0-ply equity of the Plakoto heuristic evaluator",
        ),
        (
            "pipcount",
            "the best 0-ply equity of a pip-count and pin evaluator",
        ),
        (
            "net",
            "the best 0-ply equity of the Plakoto net (embedded weights, or $PLAKOTO_WEIGHTS; builtin:net@FILE for a weight file)",
        ),
    ];

    fn builtin(
        &self,
        spec: &str,
        name: &str,
        file: Option<&str>,
    ) -> Option<Result<BoxedPlayer<Plakoto>, PlayerError>> {
        let evaluator: Result<Box<dyn Evaluator>, PlayerError> = match (name, file) {
            ("heuristic", None) => Ok(Box::new(HeuristicEvaluator)),
            ("pipcount", None) => Ok(Box::new(PipCountEvaluator)),
            ("net", file) => plakoto_net(spec, file),
            _ => return None,
        };
        Some(evaluator.map(|evaluator| {
            Box::new(TavliEvaluatorPlayer::<Plakoto>::new(
                spec,
                Box::new(PlakotoGameEvaluator(evaluator)),
            )) as BoxedPlayer<Plakoto>
        }))
    }
}

/// The Plakoto net of `builtin:net` (the process's default net) or of
/// `builtin:net@FILE`, with the exact databases made ready first (a
/// seeded run must not depend on when they were built).
fn plakoto_net(spec: &str, file: Option<&str>) -> Result<Box<dyn Evaluator>, PlayerError> {
    let weights_error = |source| PlayerError::Weights {
        spec: spec.to_string(),
        source,
    };
    let net = match file {
        Some(file) => NetEvaluator::new(Arc::new(
            plakoto_weights::load(Path::new(file)).map_err(weights_error)?,
        )),
        None => NetEvaluator::with_default_network().map_err(weights_error)?,
    };
    plakoto_engine::eval::exact::prepare();
    Ok(Box::new(net))
}
