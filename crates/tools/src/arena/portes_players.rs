//! The built-in players of a Portes run (`plakoto arena --game portes`):
//! `builtin:heuristic`, `builtin:pipcount` and `builtin:net`
//! (`builtin:net@FILE` for other weights), beside `builtin:random` and engine commands
//! ([`super::tavli_players`]), made by Portes' [`crate::ToolsGame`] impl
//! (`crate::games::portes`).

use plakoto_engine::eval::portes::net::{PortesNetwork, portes_network};
use plakoto_engine::eval::portes::{evaluate_portes_race, portes_equity, portes_heuristic};
use plakoto_engine::game::PortesNetEvaluator;
use plakoto_rules::TavliGame;
use plakoto_rules::tavli::Portes;

use super::error::PlayerError;
use super::fault::{Fault, FaultKind};
use super::tavli_evaluator_player::TavliEvaluatorPlayer;
use super::tavli_player::{BoxedPlayer, TavliAnswer, TavliPlayer, TavliTurn};

/// `builtin:net` (the process's Portes net) or `builtin:net@FILE` (the
/// Portes weights in `FILE`), as a 0-ply player.
pub(crate) fn make_portes_net_player(
    spec: &str,
    file: Option<&str>,
) -> Result<BoxedPlayer<Portes>, PlayerError> {
    let weights_error = |source| PlayerError::Weights {
        spec: spec.to_string(),
        source,
    };
    let net = match file {
        Some(file) => std::sync::Arc::new(
            PortesNetwork::load(std::path::Path::new(file)).map_err(weights_error)?,
        ),
        None => portes_network().map_err(weights_error)?,
    };
    Ok(Box::new(TavliEvaluatorPlayer::<Portes>::new(
        spec,
        Box::new(PortesNetEvaluator::new(net)),
    )))
}

/// Plays the legal play whose resulting position is best at 0 ply: each
/// position after a play, handed to the opponent, is evaluated by the
/// exact race database when it is a bear-off race and by the Portes
/// heuristic otherwise; a play that ends the game is worth its points.
pub struct PortesHeuristicPlayer {
    name: String,
}

impl PortesHeuristicPlayer {
    /// The player called `name`.
    pub fn new(name: &str) -> PortesHeuristicPlayer {
        PortesHeuristicPlayer {
            name: name.to_string(),
        }
    }

    /// The equity of the side that played, once `play` is made.
    fn equity(game: &Portes, play: &<Portes as TavliGame>::Play) -> f32 {
        let after = game.after(play);
        if let Some(result) = game.result(&after) {
            // Only the side that played can have finished.
            return f32::from(game.points(result.kind));
        }
        let theirs = game.flip(&after);
        let chances = evaluate_portes_race(&theirs).unwrap_or_else(|| portes_heuristic(&theirs));
        -portes_equity(&chances, game.scoring)
    }
}

impl TavliPlayer<Portes> for PortesHeuristicPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, turn: &TavliTurn<'_, Portes>) -> Result<TavliAnswer<Portes>, Fault> {
        let game = turn.game;
        let mut best: Option<(f32, &<Portes as TavliGame>::Play)> = None;
        for play in game.plays(turn.legal) {
            let equity = Self::equity(game, play);
            // The first of equal plays, in generation order: reproducible.
            if best.is_none_or(|(b, _)| equity > b) {
                best = Some((equity, play));
            }
        }
        best.map(|(_, play)| TavliAnswer::Play(*play))
            .ok_or_else(|| Fault::new(FaultKind::Illegal, "no legal play to choose from"))
    }
}
