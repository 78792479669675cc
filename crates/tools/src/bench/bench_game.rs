//! What `bench eval` and `bench hint` need of a game of the table beyond
//! the game layer: its evaluators by name, the one measured when none is
//! named, and its seeded `bench hint` suite (its fixed suite is its
//! [`FixedSuite`]'s). One impl per game (Portes, Fevga), so the
//! timing code in `eval.rs` and `hint.rs` is written once for both.

use plakoto_engine::game::{FEVGA_EVALUATORS, PORTES_EVALUATORS};
use plakoto_engine::game::{GameEvaluator, fevga_evaluator, portes_evaluator};
use plakoto_rules::tavli::{Fevga, Portes};

use super::BenchError;
use super::fixed_suite::FixedSuite;
use super::portes_movegen::portes_suite_from;
use super::table_suite::table_suite;

/// A game of the table the benches measure.
pub trait BenchGame: FixedSuite {
    /// The names `--evaluator` takes in this game.
    const EVALUATORS: &'static [&'static str];

    /// The evaluator of that name (`None`: no such evaluator, or its
    /// weights do not load).
    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Self>>>;

    /// The suite of `bench hint`: `positions` positions of seeded games,
    /// each taken at a random turn from `skip` on.
    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position>;
}

/// The evaluator of `G` a bench measures: the one named, else the net
/// when its weights load, else the heuristic (so a game whose net is not
/// trained yet, Fevga's today, is still measured, and the report names
/// the evaluator it used).
pub fn bench_evaluator<G: BenchGame>(
    name: Option<&str>,
) -> Result<Box<dyn GameEvaluator<G>>, BenchError> {
    let found = match name {
        Some(name) => G::evaluator_named(name),
        None => G::evaluator_named("net").or_else(|| G::evaluator_named("heuristic")),
    };
    let title = |word: &str| word[..1].to_uppercase() + &word[1..];
    found.ok_or_else(|| BenchError::GameEvaluator {
        game: title(G::KIND.as_str()),
        name: name.unwrap_or("net").to_string(),
        known: G::EVALUATORS.join(", "),
    })
}

impl BenchGame for Portes {
    const EVALUATORS: &'static [&'static str] = &PORTES_EVALUATORS;

    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Portes>>> {
        portes_evaluator(name)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        portes_suite_from(seed, positions, skip)
    }
}

impl BenchGame for Fevga {
    const EVALUATORS: &'static [&'static str] = &FEVGA_EVALUATORS;

    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Fevga>>> {
        fevga_evaluator(name)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        table_suite(Fevga::default(), seed, positions, skip)
    }
}
