//! Fevga in the tools: its [`ToolsGame`] impl (the arena, the benches,
//! the conformance checks) and its built-in players for the arena, here;
//! the suites and samples it names stay with the tool that uses them.
//!
//! The built-in players of a Fevga run (`plakoto arena --game fevga`):
//! Fevga's evaluators by name (`builtin:heuristic`, `builtin:pipcount`,
//! `builtin:net`, `builtin:net@FILE`), each played at 0 ply, beside
//! `builtin:random` and engine commands ([`crate::arena::tavli_players`]). The
//! evaluators read the run's switches from the game they are handed.

use std::path::Path;
use std::sync::Arc;

use crate::ToolsGame;
use crate::arena::error::PlayerError;
use crate::arena::tavli_evaluator_player::TavliEvaluatorPlayer;
use crate::arena::tavli_player::BoxedPlayer;
use crate::arena::tavli_referee::Opening;
use crate::bench::table_suite::table_suite;
use crate::conformance::table::table_steps;
use crate::conformance::table_positions::{TableSample, table_samples};
use crate::conformance::{ConformanceArgs, Step, SwitchVariant};
use plakoto_engine::game::fevga::net::FevgaNetwork;
use plakoto_engine::game::{
    FevgaHeuristicEvaluator, FevgaNetEvaluator, FevgaPipCountEvaluator, GameEvaluator,
};
use plakoto_rules::Fevga;
use plakoto_rules::fevga::{
    FevgaNotationError, FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release, is_released,
};

/// Seed of the fixed Fevga suite (`plakoto bench`, the movegen bench).
pub const FEVGA_SUITE_SEED: u64 = 20_261_127;

/// `set fevga.<switch> <value>` for each switch of `rules` that is not the
/// specification's default (docs/rules.md, variant switches), in its order.
pub fn fevga_switch_commands(rules: &FevgaRules) -> Vec<String> {
    let default = FevgaRules::default();
    let differ = [
        rules.release != default.release,
        rules.quarter_rule != default.quarter_rule,
        rules.quarter_check != default.quarter_check,
        rules.prime_rule != default.prime_rule,
    ];
    rules
        .describe()
        .split_whitespace()
        .zip(differ)
        .filter(|(_, differs)| *differs)
        .map(|(word, _)| format!("set {}", word.replacen('=', " ", 1)))
        .collect()
}

impl ToolsGame for Fevga {
    // The arena.
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

    fn opening(run: Opening) -> Opening {
        run
    }

    // The benches.
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        table_suite(Fevga::default(), FEVGA_SUITE_SEED, positions, 6)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        table_suite(Fevga::default(), seed, positions, skip)
    }

    // The conformance checks.
    type Sample = TableSample<Fevga>;

    fn samples(args: &ConformanceArgs) -> Vec<TableSample<Fevga>> {
        table_samples(args.positions, args.seed)
    }

    fn steps() -> Vec<(&'static str, bool, Step<TableSample<Fevga>>)> {
        table_steps()
    }

    fn sample_game() -> Fevga {
        Fevga::default()
    }

    const NOTABLE: &'static str = "with the side on roll not yet released (F7)";

    fn notable(&self, position: &Self::Position) -> bool {
        !is_released(position, self.rules.release)
    }

    fn switch_variants(&self) -> Vec<SwitchVariant<Fevga>> {
        let default = FevgaRules::default();
        let mut variants: Vec<FevgaRules> = Vec::new();
        let mut each = |change: &dyn Fn(&mut FevgaRules)| {
            let mut rules = default;
            change(&mut rules);
            if rules != default {
                variants.push(rules);
            }
        };
        for &release in Release::ALL {
            each(&|r| r.release = release);
        }
        for &quarter in QuarterRule::ALL {
            each(&|r| r.quarter_rule = quarter);
        }
        for &check in QuarterCheck::ALL {
            each(&|r| r.quarter_check = check);
        }
        for &prime in PrimeRule::ALL {
            each(&|r| r.prime_rule = prime);
        }
        variants
            .into_iter()
            .map(|rules| {
                // The one word that differs from the defaults' words.
                let changed = rules
                    .describe()
                    .split_whitespace()
                    .zip(default.describe().split_whitespace())
                    .find(|(now, was)| now != was)
                    .map(|(now, was)| (now.to_string(), was.to_string()))
                    .expect("one switch differs");
                let command = |word: &str| format!("set {}", word.replacen('=', " ", 1));
                SwitchVariant {
                    set: command(&changed.0),
                    reset: command(&changed.1),
                    name: changed.0,
                    game: Fevga::new(rules),
                }
            })
            .collect()
    }

    fn switch_witnesses(&self) -> Vec<(&'static str, [u8; 2])> {
        vec![
            // F7: the runner may land on 12, the opponent's start, now
            // empty; only reach_quarter releases the side there, so a
            // second checker may take the 1 (the protocol's own example).
            ("24:14 14:1 / 5:15", [2, 1]),
            // F8 timing: 24/19 closes the six points 19-24 for a moment;
            // end_of_play allows 24/19/14/9/4, every_step no five from 24.
            ("24:10 23:1 22:1 21:1 20:1 5:1 / 24:15", [5, 5]),
            // F9: the opponent gathered on its 10 (our 22) behind our
            // wall 16-21 (F15 (j)): unblock opens it, other values need not.
            ("21:2 20:2 19:2 18:2 17:2 16:2 5:3 / 10:15", [6, 5]),
            // F9 unblock_if_frozen: the opponent on its 10 and 17 (our 22
            // and 5), every step of both closed by our points 16-21, 23,
            // 24 and 1-4, but not gathered on one point: only
            // unblock_if_frozen makes us leave it a step.
            (
                "24:4 23:1 21:1 20:1 19:1 18:1 17:1 16:1 4:1 3:1 2:1 1:1 / 17:1 10:14",
                [6, 5],
            ),
        ]
    }

    fn bad_switch_commands(&self) -> Vec<String> {
        vec![
            "set fevga.release sometimes".to_string(),
            "set fevga.colour red".to_string(),
        ]
    }
}

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
