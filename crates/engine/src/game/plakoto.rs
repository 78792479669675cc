//! What the engine knows of Plakoto ([`EngineGame`]): its evaluators by
//! name, how a search lists its turns' plays, and its measured outcomes in
//! a Tavli match. Its evaluators ([`HeuristicEvaluator`],
//! [`PipCountEvaluator`], [`NetEvaluator`](crate::eval::NetEvaluator)) are
//! [`GameEvaluator<Plakoto>`]s of their own, in [`crate::eval`].
//!
//! Inside a search tree a turn's plays are bounded as Plakoto has always
//! bounded them ([`super::express`]): at most `inner_max_plays` plays a
//! turn, and a sequence of several groups of numbers (an Express
//! escalating double, R20, or a long run of carried numbers) played one
//! group at a time through a beam ranked by the search's evaluator.

use std::cell::RefCell;

use plakoto_rules::Plakoto;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{GenLimits, MoveGenerator, Numbers, PlayList, Position, Scoring, Variant};

use super::GameEvaluator;
use super::engine_game::{EngineGame, PlayBounds, evaluator_named};
use super::express::{BeamScratch, inner_plays, is_multi_group};
use crate::eval::net::weights::WeightsError;
use crate::eval::{EvaluatorKind, HeuristicEvaluator, PipCountEvaluator, Probabilities};
use crate::match_equity::EXPRESS_RATES;
use crate::match_equity::tavli::StarterRates;
use crate::match_equity::tavli::rates::counts;

thread_local! {
    /// The tree's beam buffers, one set a thread: the evaluator is shared
    /// between a search's threads, and a tree asks for plays at every node.
    /// Never lent to a root's wider beam ([`EngineGame::root_plays`]),
    /// whose sets would stay large: every node's clearing and inserting
    /// would then sweep them (Express 2-ply hints 8% slower, measured).
    static BEAM: RefCell<BeamScratch> = RefCell::new(BeamScratch::default());
}

/// Standard Plakoto: 20,000 games (`plakoto arena --game plakoto --a
/// builtin:net --b builtin:net --games 20000 --seed 302 --jobs 1`): the
/// starter won 5,656 single, 4,288 double and 596 mother, the other side
/// 5,858 single, 3,178 double and 414 mother; 10 draws. The starter wins
/// 52.7% ± 0.50% of decided games; rates 0.283 ± 0.005, 0.214 ± 0.004,
/// 0.030 ± 0.002, 0.293 ± 0.005, 0.159 ± 0.004, 0.021 ± 0.001, draws
/// 0.0005 ± 0.0002.
const PLAKOTO_RATES: StarterRates = counts([5656, 4288, 0, 596], [5858, 3178, 0, 414], 10, 20000);

/// Plakoto under Tzannes scoring (R18): 20,000 games (`… --game plakoto
/// --scoring tzannes --seed 304`): the starter won 5,908 single, 2,856
/// double, 1,630 triple and 426 mother, the other side 5,568, 2,168,
/// 1,112 and 332; no draws. The starter wins 54.1% ± 0.50%; standard
/// errors of the rates 0.005 or less.
const PLAKOTO_TZANNES_RATES: StarterRates =
    counts([5908, 2856, 1630, 426], [5568, 2168, 1112, 332], 0, 20000);

impl EngineGame for Plakoto {
    type Net = crate::eval::net::PlakotoNet;

    /// Every game's, and the net in `f32` beside its integer copy
    /// (`net-f32`), to measure the one against the other.
    const EVALUATOR_NAMES: &'static [&'static str] = &["heuristic", "pipcount", "net", "net-f32"];

    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Plakoto>>> {
        match name {
            "net-f32" => match EvaluatorKind::NetF32.create() {
                Ok(net) => Some(net),
                Err(e) => {
                    log::warn!("no Plakoto net-f32: {}", e.0);
                    None
                }
            },
            _ => evaluator_named::<Plakoto>(name),
        }
    }

    fn heuristic_evaluator() -> Box<dyn GameEvaluator<Plakoto>> {
        Box::new(HeuristicEvaluator)
    }

    /// Plakoto's pip count also weighs pins ([`PipCountEvaluator`]).
    fn pip_count_evaluator() -> Box<dyn GameEvaluator<Plakoto>> {
        Box::new(PipCountEvaluator)
    }

    /// The net's integer copy, as `set evaluator net` builds it
    /// ([`EvaluatorKind::Net`]).
    fn net_evaluator() -> Result<Box<dyn GameEvaluator<Plakoto>>, WeightsError> {
        EvaluatorKind::Net.create().map_err(|e| e.0)
    }

    fn starter_rates(&self) -> StarterRates {
        match (self.rules.variant, self.rules.scoring) {
            // Not measured by starter (see `crate::match_equity::tavli`).
            (Variant::Express, _) => StarterRates::symmetric(&EXPRESS_RATES),
            (_, Scoring::Tzannes) => PLAKOTO_TZANNES_RATES,
            _ => PLAKOTO_RATES,
        }
    }

    /// The position's own hash, as Plakoto's search has always placed its
    /// leaves: the same slots, so the same evaluations are made (`bench
    /// hint`'s counts), and cheaper than hashing its bytes.
    fn leaf_hash(position: &Position) -> u64 {
        position.fast_hash()
    }

    /// The race table whatever the evaluator's databases, as Plakoto's
    /// rollout has always read it.
    fn race_value(
        &self,
        _evaluator: &dyn GameEvaluator<Plakoto>,
        position: &Position,
    ) -> Option<Probabilities> {
        crate::eval::race::evaluate(position, self.rules)
    }

    fn root_plays(
        &self,
        evaluator: &dyn GameEvaluator<Plakoto>,
        generator: &mut MoveGenerator,
        position: &Position,
        to_play: &ToPlay<Numbers>,
        beam: usize,
        out: &mut PlayList,
    ) -> bool {
        let numbers = self.numbers_of(to_play);
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
            evaluator,
            self,
            out,
        );
        // Lines that use every number are legal plays (R10); otherwise
        // the beam proves nothing and the root lists every play, as the
        // Plakoto search's root does.
        out.numbers_used == numbers.len()
    }

    fn bounded_plays(
        &self,
        evaluator: &dyn GameEvaluator<Plakoto>,
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
        let numbers = self.numbers_of(to_play);
        BEAM.with(|beam| {
            inner_plays(
                generator,
                &mut beam.borrow_mut(),
                position,
                &numbers,
                bounds.beam,
                evaluator,
                self,
                out,
            );
        });
    }
}
