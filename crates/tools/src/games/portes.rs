//! Portes in the tools: its [`ToolsGame`] impl (the arena, the benches,
//! the conformance checks) and its built-in players for the arena, here;
//! the suites and samples it names stay with the tool that uses them.
//!
//! The built-in players of a Portes run (`plakoto arena --game portes`):
//! `builtin:heuristic`, `builtin:pipcount` and `builtin:net`
//! (`builtin:net@FILE` for other weights), beside `builtin:random` and engine commands
//! ([`crate::arena::tavli_players`]), made by Portes' [`crate::ToolsGame`] impl
//! (`crate::games::portes`).

use crate::ToolsGame;
use crate::arena::error::PlayerError;
use crate::arena::fault::{Fault, FaultKind};
use crate::arena::tavli_evaluator_player::TavliEvaluatorPlayer;
use crate::arena::tavli_player::{BoxedPlayer, TavliAnswer, TavliPlayer, TavliTurn};
use crate::arena::tavli_referee::Opening;
use crate::bench::portes_movegen::{portes_suite, portes_suite_from};
use crate::conformance::table::table_steps;
use crate::conformance::table_positions::{TableSample, table_samples};
use crate::conformance::{ConformanceArgs, Step};
use plakoto_engine::eval::game_net::process_network;
use plakoto_engine::game::portes::net::{PortesNet, PortesNetwork};
use plakoto_engine::game::portes::{evaluate_portes_race, portes_equity, portes_heuristic};
use plakoto_engine::game::{PortesNetEvaluator, PortesPipCountEvaluator};
use plakoto_rules::Portes;
use plakoto_rules::TavliGame;
use plakoto_rules::portes::{PortesNotationError, PortesScoring};

impl ToolsGame for Portes {
    // The arena.
    fn is_garbage(&self, error: &PortesNotationError) -> bool {
        matches!(error, PortesNotationError::Syntax(_))
    }

    const BUILTINS: &'static [(&'static str, &'static str)] = &[
        (
            "heuristic",
            "the best 0-ply equity of the exact race database, else the Portes heuristic",
        ),
        (
            "pipcount",
            "the best 0-ply equity of the pip counts alone (a weak baseline)",
        ),
        (
            "net",
            "the best 0-ply equity of the exact race database, else the Portes net (embedded weights, or $PLAKOTO_PORTES_WEIGHTS; builtin:net@FILE for a weight file)",
        ),
    ];

    fn builtin(
        &self,
        spec: &str,
        name: &str,
        file: Option<&str>,
    ) -> Option<Result<BoxedPlayer<Portes>, PlayerError>> {
        match (name, file) {
            ("heuristic", None) => Some(Ok(Box::new(PortesHeuristicPlayer::new(spec)))),
            ("pipcount", None) => Some(Ok(Box::new(TavliEvaluatorPlayer::<Portes>::new(
                spec,
                Box::new(PortesPipCountEvaluator),
            )))),
            ("net", file) => Some(make_portes_net_player(spec, file)),
            _ => None,
        }
    }

    fn opening(run: Opening) -> Opening {
        run
    }

    // The benches.
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        portes_suite(positions)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        portes_suite_from(seed, positions, skip)
    }

    // The conformance checks.
    type Sample = TableSample<Portes>;

    fn samples(args: &ConformanceArgs) -> Vec<TableSample<Portes>> {
        table_samples(args.positions, args.seed)
    }

    fn steps() -> Vec<(&'static str, bool, Step<TableSample<Portes>>)> {
        table_steps()
    }

    fn sample_game() -> Portes {
        Portes::new(PortesScoring::Standard)
    }

    const NOTABLE: &'static str = "with the side on roll on the bar";

    fn notable(&self, position: &Self::Position) -> bool {
        // The board text of the side on roll starts with its bar.
        plakoto_rules::TavliGame::board_text(self, position).starts_with("bar:")
    }
}

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
        None => process_network::<PortesNet>().map_err(weights_error)?,
    };
    Ok(Box::new(TavliEvaluatorPlayer::<Portes>::new(
        spec,
        // As the engine plays: the integer copy.
        Box::new(PortesNetEvaluator::new(net).with_integer()),
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
