//! Portes in the tools: its [`ToolsGame`] impl (the arena, the benches,
//! the conformance checks); the players, suites and samples it names
//! stay with the tool that uses them.

use crate::ToolsGame;
use crate::arena::error::PlayerError;
use crate::arena::portes_players::{PortesHeuristicPlayer, make_portes_net_player};
use crate::arena::tavli_evaluator_player::TavliEvaluatorPlayer;
use crate::arena::tavli_player::BoxedPlayer;
use crate::arena::tavli_referee::Opening;
use crate::bench::portes_movegen::{portes_suite, portes_suite_from};
use crate::conformance::table::table_steps;
use crate::conformance::table_positions::{TableSample, table_samples};
use crate::conformance::{ConformanceArgs, Step};
use plakoto_engine::game::PortesPipCountEvaluator;
use plakoto_rules::portes::{PortesNotationError, PortesScoring};
use plakoto_rules::tavli::Portes;

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
