//! Each game's [`BenchGame`] impl: its seeded suites (each game keeps its
//! own seed), its evaluators by name, and, for Plakoto, its own measuring
//! code (written before the game layer).

use plakoto_engine::game::{FEVGA_EVALUATORS, PORTES_EVALUATORS};
use plakoto_engine::game::{GameEvaluator, fevga_evaluator, portes_evaluator};
use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::tavli::{Fevga, Plakoto, Portes};

use super::eval::{EvalBenchOptions, EvalTiming};
use super::hint::{HintBenchOptions, HintBenchReport};
use super::portes_movegen::{portes_suite, portes_suite_from};
use super::table_suite::{FEVGA_SUITE_SEED, table_suite};
use super::{BenchError, BenchGame, eval, hint};

/// Seed of Plakoto's fixed suite.
pub const SUITE_SEED: u64 = 20_261_121;

impl BenchGame for Plakoto {
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        midgame_suite(SUITE_SEED, positions, 6)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        midgame_suite(seed, positions, skip)
    }

    fn eval_timing(options: &EvalBenchOptions) -> Result<EvalTiming, BenchError> {
        eval::measure_plakoto(options)
    }

    fn hint_report(options: &HintBenchOptions) -> Result<HintBenchReport, BenchError> {
        hint::measure_plakoto(options)
    }

    /// Plakoto's movement rules (`--rules`), which it is searched under.
    fn rules_shown(report: &HintBenchReport) -> String {
        format!("{} rules", report.variant)
    }
}

impl BenchGame for Portes {
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        portes_suite(positions)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        portes_suite_from(seed, positions, skip)
    }

    const EVALUATORS: &'static [&'static str] = &PORTES_EVALUATORS;

    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Portes>>> {
        portes_evaluator(name)
    }
}

impl BenchGame for Fevga {
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        table_suite(Fevga::default(), FEVGA_SUITE_SEED, positions, 6)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        table_suite(Fevga::default(), seed, positions, skip)
    }

    const EVALUATORS: &'static [&'static str] = &FEVGA_EVALUATORS;

    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Fevga>>> {
        fevga_evaluator(name)
    }
}
