//! What the engine knows of Plakoto ([`EngineGame`]: its evaluators by
//! name, its measured outcomes in a Tavli match), and its evaluators seen
//! through the game layer: an adapter from the Plakoto-only [`Evaluator`]
//! to [`GameEvaluator<Plakoto>`], so the generic search runs on Plakoto:
//! the Plakoto search handle searches through it.
//!
//! The adapter evaluates under any rules (it passes the game's rules on).
//! Inside a search tree it bounds a turn's plays as the Plakoto search
//! does ([`super::express`]): at most `inner_max_plays` plays a
//! turn, and a sequence of several groups of numbers (an Express
//! escalating double, R20, or a long run of carried numbers) played one
//! group at a time through a beam ranked by this evaluator.

use std::cell::RefCell;
use std::ops::Deref;

use plakoto_rules::tavli::{Plakoto, ToPlay};
use plakoto_rules::{GenLimits, MoveGenerator, Numbers, PlayList, Position, Scoring, Variant};

use super::engine_game::{EngineGame, evaluator_named};
use super::express::{BeamScratch, inner_plays, is_multi_group};
use super::{GameEvaluator, PlayBounds};
use crate::eval::exact::ExactDatabase;
use crate::eval::net::weights::WeightsError;
use crate::eval::{Evaluator, EvaluatorKind, HeuristicEvaluator, PipCountEvaluator, Probabilities};
use crate::match_equity::EXPRESS_RATES;
use crate::match_equity::tavli::StarterRates;
use crate::match_equity::tavli::rates::{PLAKOTO_RATES, PLAKOTO_TZANNES_RATES};

thread_local! {
    /// The tree's beam buffers, one set a thread: the evaluator is shared
    /// between a search's threads, and a tree asks for plays at every node.
    /// Never lent to a root's wider beam ([`GameEvaluator::root_plays`]),
    /// whose sets would stay large: every node's clearing and inserting
    /// would then sweep them (Express 2-ply hints 8% slower, measured).
    static BEAM: RefCell<BeamScratch> = RefCell::new(BeamScratch::default());
}

/// A Plakoto [`Evaluator`] as a [`GameEvaluator<Plakoto>`], held as the
/// caller holds it (anything that dereferences to one: a `Box` or an `Arc`
/// of one, or a borrowed one, the Plakoto search's for the length of a
/// search): the rules come from the game value, the exact databases from
/// the evaluator.
pub struct PlakotoGameEvaluator<E>(pub E);

impl<E> GameEvaluator<Plakoto> for PlakotoGameEvaluator<E>
where
    E: Deref + Send + Sync,
    E::Target: Evaluator,
{
    fn name(&self) -> &str {
        self.0.name()
    }

    fn identity(&self) -> String {
        self.0.identity()
    }

    fn identity_in(&self, game: &Plakoto) -> String {
        self.0.identity_under(game.rules)
    }

    fn kernel_name(&self) -> String {
        self.0.kernel_name()
    }

    fn evaluate(&self, game: &Plakoto, position: &Position) -> Probabilities {
        self.0.evaluate(position, game.rules)
    }

    fn exact_value(
        &self,
        game: &Plakoto,
        position: &Position,
    ) -> Option<(Probabilities, ExactDatabase)> {
        self.0.exact_value(position, game.rules)
    }

    fn race_value(&self, game: &Plakoto, position: &Position) -> Option<Probabilities> {
        // The race table whatever the evaluator's databases, as the
        // Plakoto rollout reads it.
        crate::eval::race::evaluate(position, game.rules)
    }

    fn evaluate_batch(&self, game: &Plakoto, positions: &[Position], out: &mut Vec<Probabilities>) {
        // Batched as the net wants it, one call a roll.
        self.0.evaluate_batch(positions, game.rules, out);
    }

    fn evaluate_open_batch(
        &self,
        game: &Plakoto,
        positions: &[Position],
        out: &mut Vec<Probabilities>,
    ) {
        self.0.evaluate_open_batch(positions, game.rules, out);
    }

    fn leaf_hash(&self) -> fn(&Position) -> u64 {
        // The position's own hash, as Plakoto's search has always placed
        // its leaves: the same slots, so the same evaluations are made
        // (`bench hint`'s counts), and cheaper than hashing its bytes.
        Position::fast_hash
    }

    fn root_plays(
        &self,
        game: &Plakoto,
        generator: &mut MoveGenerator,
        position: &Position,
        to_play: &ToPlay<Numbers>,
        beam: usize,
        out: &mut PlayList,
    ) -> bool {
        let numbers = numbers_of(game, to_play);
        if !is_multi_group(&numbers) {
            return false;
        }
        // Buffers of the root's own, once a search, freed when it is
        // listed: nothing of an Express low double's width is kept.
        inner_plays(
            generator,
            &mut BeamScratch::default(),
            position,
            &numbers,
            beam,
            &*self.0,
            game.rules,
            out,
        );
        // Lines that use every number are legal plays (R10); otherwise
        // the beam proves nothing and the root lists every play, as the
        // Plakoto search's root does.
        out.numbers_used == numbers.len()
    }

    fn bounded_plays(
        &self,
        game: &Plakoto,
        generator: &mut MoveGenerator,
        position: &Position,
        to_play: &ToPlay<Numbers>,
        bounds: PlayBounds,
        out: &mut PlayList,
    ) {
        let limits = GenLimits {
            max_positions: bounds.max_plays.max(1),
        };
        // A generator kept from a search with other settings follows
        // this one's.
        if generator.limits() != limits {
            *generator = MoveGenerator::new(limits);
        }
        let numbers = numbers_of(game, to_play);
        BEAM.with(|beam| {
            inner_plays(
                generator,
                &mut beam.borrow_mut(),
                position,
                &numbers,
                bounds.beam,
                &*self.0,
                game.rules,
                out,
            );
        });
    }
}

impl EngineGame for Plakoto {
    /// Every game's, and the net in `f32` beside its integer copy
    /// (`net-f32`), to measure the one against the other.
    const EVALUATOR_NAMES: &'static [&'static str] = &["heuristic", "pipcount", "net", "net-f32"];

    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Plakoto>>> {
        match name {
            "net-f32" => match EvaluatorKind::NetF32.create() {
                Ok(net) => Some(Box::new(PlakotoGameEvaluator(net))),
                Err(e) => {
                    log::warn!("no Plakoto net-f32: {}", e.0);
                    None
                }
            },
            _ => evaluator_named::<Plakoto>(name),
        }
    }

    fn heuristic_evaluator() -> Box<dyn GameEvaluator<Plakoto>> {
        Box::new(PlakotoGameEvaluator(
            Box::new(HeuristicEvaluator) as Box<dyn Evaluator>
        ))
    }

    /// Plakoto's pip count also weighs pins ([`PipCountEvaluator`]).
    fn pip_count_evaluator() -> Box<dyn GameEvaluator<Plakoto>> {
        Box::new(PlakotoGameEvaluator(
            Box::new(PipCountEvaluator) as Box<dyn Evaluator>
        ))
    }

    /// The net's integer copy, as `set evaluator net` builds it
    /// ([`EvaluatorKind::Net`]).
    fn net_evaluator() -> Result<Box<dyn GameEvaluator<Plakoto>>, WeightsError> {
        let net = EvaluatorKind::Net.create().map_err(|e| e.0)?;
        Ok(Box::new(PlakotoGameEvaluator(net)))
    }

    fn starter_rates(&self) -> StarterRates {
        match (self.rules.variant, self.rules.scoring) {
            // Not measured by starter (see `crate::match_equity::tavli`).
            (Variant::Express, _) => StarterRates::symmetric(&EXPRESS_RATES),
            (_, Scoring::Tzannes) => PLAKOTO_TZANNES_RATES,
            _ => PLAKOTO_RATES,
        }
    }
}

/// The numbers a turn plays under `game`'s variant.
fn numbers_of(game: &Plakoto, to_play: &ToPlay<Numbers>) -> Numbers {
    match to_play {
        ToPlay::Dice(dice) => dice.numbers(game.rules.variant),
        ToPlay::Carried(numbers) => *numbers,
    }
}
