//! What the engine knows of Fevga ([`EngineGame`]): its evaluators (the
//! heuristic with the bear-off race, the pip count, the net's integer
//! copy), its measured outcomes in a Tavli match, and its plays' spread in
//! equity (close: no hits).
//!
//! [`FevgaNetEvaluator`] is the Fevga net as a game-layer evaluator, with the
//! exact bear-off race first, as the heuristic has it; the net in `f32`
//! (as trained: training and self-play) or as its integer copy
//! ([`QuantizedFevgaNetwork`]: the evaluator `net` of the engine, whose
//! batches update the first layer instead of summing it afresh).

use std::cell::RefCell;
use std::sync::Arc;

use plakoto_rules::Fevga;
use plakoto_rules::fevga::FevgaPosition;

use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::game_net::process_network;
use crate::eval::net::weights::WeightsError;
use crate::game::GameEvaluator;
use crate::game::engine_game::{EVALUATOR_NAMES, EngineGame, evaluator_named};
use crate::game::fevga::net::inputs::{FevgaInputs, encode};
use crate::game::fevga::net::outcomes::{OUTCOMES, outcome_mask, to_probabilities};
use crate::game::fevga::net::quantized::FevgaIntScratch;
use crate::game::fevga::net::{FevgaNet, FevgaNetwork};
use crate::game::fevga::{evaluate_fevga_race, fevga_heuristic};
use crate::game::net_pair::NetPair;
use crate::game::pip_race::pip_race_probabilities;
use crate::match_equity::tavli::StarterRates;
use crate::match_equity::tavli::rates::counts;

/// The hand-written Fevga heuristic ([`fevga_heuristic`]), with the exact
/// bear-off race ([`evaluate_fevga_race`]) as its exact values, so a
/// search marks race positions exact and stops there.
#[derive(Clone, Copy, Debug, Default)]
pub struct FevgaHeuristicEvaluator;

impl GameEvaluator<Fevga> for FevgaHeuristicEvaluator {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn evaluate(&self, game: &Fevga, position: &FevgaPosition) -> Probabilities {
        fevga_heuristic(position, &game.rules)
    }

    fn exact_value(
        &self,
        _game: &Fevga,
        position: &FevgaPosition,
    ) -> Option<(Probabilities, ExactDatabase)> {
        evaluate_fevga_race(position).map(|p| (p, ExactDatabase::Race))
    }
}

/// A weak, fast Fevga baseline: the pip counts alone plus the turn on
/// roll (4 pips, as the heuristic counts it). No exact values.
#[derive(Clone, Copy, Debug, Default)]
pub struct FevgaPipCountEvaluator;

impl GameEvaluator<Fevga> for FevgaPipCountEvaluator {
    fn name(&self) -> &str {
        "pipcount"
    }

    fn evaluate(&self, _game: &Fevga, position: &FevgaPosition) -> Probabilities {
        pip_race_probabilities(position.own_pips(), position.opp_pips(), 4.0)
    }
}

/// Fevga (the specification's default switches, Greek opening): 20,000
/// games (`… --game fevga --seed 303`): the starter won 9,146 single and
/// 2,396 double, the other side 7,458 single and 1,000 double. The
/// starter wins 57.7% ± 0.49%, the largest first-move advantage of the
/// three games; rates 0.457 ± 0.005, 0.120 ± 0.003, 0.373 ± 0.005, 0.050
/// ± 0.002.
const FEVGA_RATES: StarterRates = counts([9146, 2396, 0, 0], [7458, 1000, 0, 0], 0, 20000);

impl EngineGame for Fevga {
    type Net = FevgaNet;

    /// No hits: the median 0-ply gap between the best two plays is 0.040,
    /// against Plakoto's 0.075 (see `MoveFilter::in_game`).
    const CLOSE_PLAYS: bool = true;

    fn heuristic_evaluator() -> Box<dyn GameEvaluator<Fevga>> {
        Box::new(FevgaHeuristicEvaluator)
    }

    fn pip_count_evaluator() -> Box<dyn GameEvaluator<Fevga>> {
        Box::new(FevgaPipCountEvaluator)
    }

    /// The net's integer copy ([`FevgaNetEvaluator::with_default_network`]).
    fn net_evaluator() -> Result<Box<dyn GameEvaluator<Fevga>>, WeightsError> {
        Ok(Box::new(FevgaNetEvaluator::with_default_network()?))
    }

    fn starter_rates(&self) -> StarterRates {
        FEVGA_RATES
    }
}

/// The names [`fevga_evaluator`] knows, in the order a help text lists
/// them.
pub const FEVGA_EVALUATORS: [&str; 3] = EVALUATOR_NAMES;

/// The Fevga evaluator named `kind` (one of [`FEVGA_EVALUATORS`]; `net`
/// is the net's integer copy); `None` for any other name, and for `net`
/// when no Fevga weights load (a file named by
/// [`crate::game::fevga::net::FEVGA_WEIGHTS_ENV`] that does not read;
/// logged).
pub fn fevga_evaluator(kind: &str) -> Option<Box<dyn GameEvaluator<Fevga>>> {
    evaluator_named(kind)
}

/// Per-thread working memory of a forward pass, so an evaluation
/// allocates nothing once it has grown.
#[derive(Default)]
struct Scratch {
    inputs: FevgaInputs,
    hidden: Vec<f32>,
    /// The integer net's, with the previous position of a batch.
    integer: FevgaIntScratch,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The Fevga net's evaluator: exact in a home-board bear-off race
/// ([`evaluate_fevga_race`]), the net everywhere else.
#[derive(Clone, Debug)]
pub struct FevgaNetEvaluator {
    net: NetPair<FevgaNet>,
}

impl FevgaNetEvaluator {
    /// An evaluator using `net` in `f32`, as trained (what training and
    /// self-play evaluate with).
    pub fn new(net: Arc<FevgaNetwork>) -> FevgaNetEvaluator {
        FevgaNetEvaluator {
            net: NetPair::float(net),
        }
    }

    /// The same net evaluated as its integer copy
    /// ([`NetPair::with_integer`]): several times faster in a search.
    pub fn with_integer(self) -> FevgaNetEvaluator {
        FevgaNetEvaluator {
            net: self.net.with_integer(),
        }
    }

    /// An evaluator with the process's Fevga net
    /// ([`process_network`]: the file `PLAKOTO_FEVGA_WEIGHTS` names, else
    /// the embedded weights) as its integer copy;
    /// an error while no trained weights are embedded and none are named.
    pub fn with_default_network() -> Result<FevgaNetEvaluator, WeightsError> {
        Ok(FevgaNetEvaluator::new(process_network::<FevgaNet>()?).with_integer())
    }

    /// The network.
    pub fn network(&self) -> &Arc<FevgaNetwork> {
        self.net.network()
    }

    /// The net's four outcome chances for `position` under `game`'s
    /// switches (side on roll, game not over), never the race tables'.
    pub fn distribution(&self, game: &Fevga, position: &FevgaPosition) -> [f32; OUTCOMES] {
        SCRATCH.with(|s| self.forward(game, position, &mut s.borrow_mut(), false))
    }

    /// The net's distribution; `in_batch`: `position` follows the batch's
    /// previous one, whose integer sums are updated instead of summed
    /// afresh (the same bits).
    #[inline]
    fn forward(
        &self,
        game: &Fevga,
        position: &FevgaPosition,
        s: &mut Scratch,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        if let Some(q) = self.net.integer() {
            return q.distribution_with(position, &game.rules, &mut s.integer, in_batch);
        }
        let mut out = [0.0; OUTCOMES];
        encode(position, &game.rules, &mut s.inputs);
        self.net
            .network()
            .forward(&s.inputs, outcome_mask(position), &mut s.hidden, &mut out);
        out
    }

    #[inline]
    fn evaluate_with(
        &self,
        game: &Fevga,
        position: &FevgaPosition,
        s: &mut Scratch,
        in_batch: bool,
    ) -> Probabilities {
        if let Some(exact) = evaluate_fevga_race(position) {
            return exact;
        }
        to_probabilities(&self.forward(game, position, s, in_batch))
    }

    /// The net's values of `positions` as one batch into `out`;
    /// `check_exact`: the race tables answer the races first.
    fn batch(
        &self,
        game: &Fevga,
        positions: &[FevgaPosition],
        out: &mut Vec<Probabilities>,
        check_exact: bool,
    ) {
        // One borrow of the scratch for the whole batch, whose positions
        // (one roll's plays) share most of their inputs.
        out.clear();
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            s.integer.forget();
            out.extend(positions.iter().map(|p| {
                if check_exact {
                    self.evaluate_with(game, p, s, true)
                } else {
                    to_probabilities(&self.forward(game, p, s, true))
                }
            }));
        });
    }
}

impl GameEvaluator<Fevga> for FevgaNetEvaluator {
    fn name(&self) -> &str {
        "net"
    }

    fn kernel_name(&self) -> String {
        self.net.kernel_name()
    }

    fn evaluate(&self, game: &Fevga, position: &FevgaPosition) -> Probabilities {
        SCRATCH.with(|s| self.evaluate_with(game, position, &mut s.borrow_mut(), false))
    }

    fn exact_value(
        &self,
        _game: &Fevga,
        position: &FevgaPosition,
    ) -> Option<(Probabilities, ExactDatabase)> {
        evaluate_fevga_race(position).map(|p| (p, ExactDatabase::Race))
    }

    fn evaluate_batch(
        &self,
        game: &Fevga,
        positions: &[FevgaPosition],
        out: &mut Vec<Probabilities>,
    ) {
        self.batch(game, positions, out, true);
    }

    fn evaluate_open_batch(
        &self,
        game: &Fevga,
        positions: &[FevgaPosition],
        out: &mut Vec<Probabilities>,
    ) {
        self.batch(game, positions, out, false);
    }
}
