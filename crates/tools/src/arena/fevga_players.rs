//! The built-in players of a Fevga run (`plakoto arena --game fevga`):
//! Fevga's evaluators by name (`builtin:heuristic`, `builtin:pipcount`,
//! `builtin:net`, `builtin:net@FILE`), each played at 0 ply, beside
//! `builtin:random` and engine commands ([`super::tavli_players`]). The
//! evaluators read the run's switches from the game they are handed.
//! And the rest of Fevga in the arena, its [`super::RefereedGame`] impl.

use std::path::Path;
use std::sync::Arc;

use plakoto_engine::eval::fevga::net::FevgaNetwork;
use plakoto_engine::game::{
    FevgaHeuristicEvaluator, FevgaNetEvaluator, FevgaPipCountEvaluator, GameEvaluator,
};
use plakoto_rules::tavli::Fevga;

use super::RefereedGame;
use super::error::PlayerError;
use super::match_players::{MatchGenerators, MatchPlayers, TavliGames};
use super::refereed_game::fevga_switch_commands;
use super::tavli_evaluator_player::TavliEvaluatorPlayer;
use super::tavli_player::BoxedPlayer;
use super::tavli_referee::Opening;
use plakoto_rules::fevga::FevgaNotationError;

/// The Fevga net of `builtin:net` (the process's: the file
/// `$PLAKOTO_FEVGA_WEIGHTS` names, else the embedded weights) or of
/// `builtin:net@FILE`; a file that does not load is an error, rather than
/// another evaluator played.
fn fevga_net(spec: &str, file: Option<&str>) -> Result<Box<dyn GameEvaluator<Fevga>>, PlayerError> {
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

/// Fevga in the arena.
impl RefereedGame for Fevga {
    fn is_garbage(&self, error: &FevgaNotationError) -> bool {
        matches!(error, FevgaNotationError::Syntax(_))
    }

    fn engine_setup(&self) -> Vec<String> {
        fevga_switch_commands(&self.rules)
    }

    const BUILTINS: &'static [(&'static str, &'static str)] = &[
        (
            "heuristic",
            "the best 0-ply equity of the exact bear-off race, else the Fevga heuristic",
        ),
        (
            "pipcount",
            "the best 0-ply equity of the pip counts alone (a weak baseline)",
        ),
        (
            "net",
            "the best 0-ply equity of the exact bear-off race, else the Fevga net (the weights $PLAKOTO_FEVGA_WEIGHTS names, else the embedded ones; builtin:net@FILE for a weight file)",
        ),
    ];

    fn builtin(
        &self,
        spec: &str,
        name: &str,
        file: Option<&str>,
    ) -> Option<Result<BoxedPlayer<Fevga>, PlayerError>> {
        let evaluator: Result<Box<dyn GameEvaluator<Fevga>>, PlayerError> = match (name, file) {
            ("heuristic", None) => Ok(Box::new(FevgaHeuristicEvaluator)),
            ("pipcount", None) => Ok(Box::new(FevgaPipCountEvaluator)),
            ("net", file) => fevga_net(spec, file),
            _ => return None,
        };
        Some(evaluator.map(|evaluator| {
            Box::new(TavliEvaluatorPlayer::<Fevga>::new(spec, evaluator)) as BoxedPlayer<Fevga>
        }))
    }

    const FEVGA_SWITCHES: bool = true;

    fn of(games: &TavliGames) -> Fevga {
        games.fevga
    }
    fn opening(games: &TavliGames) -> Opening {
        games.opening
    }
    fn slot(players: &mut MatchPlayers) -> &mut Option<BoxedPlayer<Fevga>> {
        &mut players.fevga
    }
    fn generator_of(generators: &mut MatchGenerators) -> &mut Self::Generator {
        &mut generators.fevga
    }
}
