//! What the engine knows of Portes ([`EngineGame`]): its evaluators (the
//! heuristic with the bear-off race database, the pip count, the net), its
//! measured outcomes in a Tavli match, and its plays' spread in equity.
//!
//! [`PortesNetEvaluator`] is the Portes net as a game-layer evaluator, with
//! the exact bear-off race database first, as the heuristic has it; the
//! net in `f32` (as trained: training and self-play), whose batches update
//! each first layer from the previous position's ([`Previous`]), equal to
//! a position rated alone up to float rounding, or as its integer copy
//! ([`QuantizedPortesNetwork`]: the evaluator `net` of the engine, whose
//! batch updates are exact).

use std::cell::RefCell;
use std::sync::Arc;

use plakoto_rules::Portes;
use plakoto_rules::portes::PortesPosition;

use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::game_net::Previous;
use crate::eval::game_net::process_network;
use crate::eval::net::weights::WeightsError;
use crate::game::GameEvaluator;
use crate::game::engine_game::{EVALUATOR_NAMES, EngineGame, evaluator_named};
use crate::game::net_pair::NetPair;
use crate::game::pip_race::pip_race_probabilities;
use crate::game::portes::net::inputs::{INPUTS, PortesInputs, encode};
use crate::game::portes::net::outcomes::{OUTCOMES, to_probabilities};
use crate::game::portes::net::prune::{PortesPruneNet, PortesPruner, PruneBlock};
use crate::game::portes::net::quantized::PortesIntScratch;
use crate::game::portes::net::{PortesNet, PortesNetwork};
use crate::game::portes::{evaluate_portes_race, portes_heuristic};
use crate::match_equity::tavli::StarterRates;
use crate::match_equity::tavli::rates::counts;

/// The hand-written Portes heuristic ([`portes_heuristic`]), with the exact
/// bear-off race database ([`evaluate_portes_race`]) as its exact values,
/// so a search marks race positions exact and stops there.
#[derive(Clone, Copy, Debug, Default)]
pub struct PortesHeuristicEvaluator;

impl GameEvaluator<Portes> for PortesHeuristicEvaluator {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn evaluate(&self, _game: &Portes, position: &PortesPosition) -> Probabilities {
        portes_heuristic(position)
    }

    fn exact_value(
        &self,
        _game: &Portes,
        position: &PortesPosition,
    ) -> Option<(Probabilities, ExactDatabase)> {
        evaluate_portes_race(position).map(|p| (p, ExactDatabase::Race))
    }
}

/// A weak, fast Portes baseline: the pip counts alone (a checker on the
/// bar counts 25) plus the turn on roll (8 pips, as the heuristic counts
/// it). No exact values.
#[derive(Clone, Copy, Debug, Default)]
pub struct PortesPipCountEvaluator;

impl GameEvaluator<Portes> for PortesPipCountEvaluator {
    fn name(&self) -> &str {
        "pipcount"
    }

    fn evaluate(&self, _game: &Portes, position: &PortesPosition) -> Probabilities {
        let (own, opp) = position.pip_counts();
        pip_race_probabilities(own, opp, 8.0)
    }
}

/// Portes (Greek opening): 20,000 games of the net against itself
/// (`plakoto arena --game portes --a builtin:net --b builtin:net --games
/// 20000 --seed 301 --jobs 1`): the starter won 7,568 single and 2,970
/// double, the other side 6,964 single and 2,498 double. The starter wins
/// 52.7% ± 0.50% of games; rates 0.378 ± 0.005, 0.149 ± 0.004, 0.348 ±
/// 0.005, 0.125 ± 0.003 (standard errors). Backgammons are counted as
/// doubles (P11's default scoring).
const PORTES_RATES: StarterRates = counts([7568, 2970, 0, 0], [6964, 2498, 0, 0], 0, 20000);

impl EngineGame for Portes {
    type Net = PortesNet;

    fn heuristic_evaluator() -> Box<dyn GameEvaluator<Portes>> {
        Box::new(PortesHeuristicEvaluator)
    }

    fn pip_count_evaluator() -> Box<dyn GameEvaluator<Portes>> {
        Box::new(PortesPipCountEvaluator)
    }

    /// The net's integer copy ([`PortesNetEvaluator::with_default_network`]).
    fn net_evaluator() -> Result<Box<dyn GameEvaluator<Portes>>, WeightsError> {
        Ok(Box::new(PortesNetEvaluator::with_default_network()?))
    }

    fn starter_rates(&self) -> StarterRates {
        PORTES_RATES
    }
}

/// The names [`portes_evaluator`] knows, in the order a help text lists
/// them.
pub const PORTES_EVALUATORS: [&str; 3] = EVALUATOR_NAMES;

/// The Portes evaluator named `kind` (one of [`PORTES_EVALUATORS`]);
/// `None` for any other name, and for `net` when the weights named by
/// [`crate::game::portes::net::PORTES_WEIGHTS_ENV`] do not load (logged).
pub fn portes_evaluator(kind: &str) -> Option<Box<dyn GameEvaluator<Portes>>> {
    evaluator_named(kind)
}

/// Per-thread working memory of a forward pass, so an evaluation
/// allocates nothing once it has grown.
#[derive(Default)]
struct Scratch {
    inputs: PortesInputs,
    hidden: Vec<f32>,
    /// The batch's previous position, whose first layer the next one's
    /// is updated from.
    previous: Previous<INPUTS>,
    /// The integer net's, with the previous position of a batch.
    integer: PortesIntScratch,
    /// The pruning net's hidden layer.
    prune: Vec<PruneBlock>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The Portes net's evaluator: exact in a bear-off race
/// ([`evaluate_portes_race`]), the net everywhere else.
#[derive(Clone, Debug)]
pub struct PortesNetEvaluator {
    net: NetPair<PortesNet>,
    /// The pruning net, when the search may rate plays with it first.
    prune: Option<Arc<PortesPruner>>,
}

impl PortesNetEvaluator {
    /// An evaluator using `net` in `f32`, as trained (what training and
    /// self-play evaluate with).
    pub fn new(net: Arc<PortesNetwork>) -> PortesNetEvaluator {
        PortesNetEvaluator {
            net: NetPair::float(net),
            prune: None,
        }
    }

    /// The same net evaluated as its integer copy
    /// ([`NetPair::with_integer`]).
    pub fn with_integer(self) -> PortesNetEvaluator {
        PortesNetEvaluator {
            net: self.net.with_integer(),
            ..self
        }
    }

    /// The same evaluator, with `prune` as the pruning net a search rates
    /// a roll's plays with before rating the best of them in full
    /// ([`GameEvaluator::prune_batch`]).
    pub fn with_pruning(self, prune: Arc<PortesPruner>) -> PortesNetEvaluator {
        PortesNetEvaluator {
            prune: Some(prune),
            ..self
        }
    }

    /// An evaluator with the process's Portes net
    /// ([`process_network`]: the file `PLAKOTO_PORTES_WEIGHTS` names, else
    /// the embedded weights) as its integer copy, with the process's pruning
    /// net ([`PortesPruneNet`]) when it loads.
    pub fn with_default_network() -> Result<PortesNetEvaluator, WeightsError> {
        let evaluator = PortesNetEvaluator::new(process_network::<PortesNet>()?).with_integer();
        Ok(match process_network::<PortesPruneNet>() {
            Ok(prune) => evaluator.with_pruning(Arc::new(PortesPruner::new(&prune))),
            Err(e) => {
                // Searches are slower without it, never wrong.
                log::warn!("Portes pruning net not loaded ({e}): every play is rated in full");
                evaluator
            }
        })
    }

    /// The network.
    pub fn network(&self) -> &Arc<PortesNetwork> {
        self.net.network()
    }

    /// The net's six outcome chances for `position` (side on roll, game
    /// not over), never the race database's: triples apart from doubles.
    pub fn distribution(&self, position: &PortesPosition) -> [f32; OUTCOMES] {
        SCRATCH.with(|s| self.forward(position, &mut s.borrow_mut()))
    }

    /// The net's distribution of `position` alone (no batch).
    #[inline]
    fn forward(&self, position: &PortesPosition, s: &mut Scratch) -> [f32; OUTCOMES] {
        if let Some(q) = self.net.integer() {
            return q.distribution_with(position, &mut s.integer, false);
        }
        let mut out = [0.0; OUTCOMES];
        let mask = encode(position, &mut s.inputs);
        self.net
            .network()
            .forward(&s.inputs, mask, &mut s.hidden, &mut out);
        out
    }

    #[inline]
    fn evaluate_with(
        &self,
        game: &Portes,
        position: &PortesPosition,
        s: &mut Scratch,
    ) -> Probabilities {
        if let Some(exact) = evaluate_portes_race(position) {
            return exact;
        }
        to_probabilities(&self.forward(position, s), game.scoring)
    }
}

impl GameEvaluator<Portes> for PortesNetEvaluator {
    fn name(&self) -> &str {
        "net"
    }

    fn kernel_name(&self) -> String {
        self.net.kernel_name()
    }

    fn evaluate(&self, game: &Portes, position: &PortesPosition) -> Probabilities {
        SCRATCH.with(|s| self.evaluate_with(game, position, &mut s.borrow_mut()))
    }

    fn exact_value(
        &self,
        _game: &Portes,
        position: &PortesPosition,
    ) -> Option<(Probabilities, ExactDatabase)> {
        evaluate_portes_race(position).map(|p| (p, ExactDatabase::Race))
    }

    fn evaluate_batch(
        &self,
        game: &Portes,
        positions: &[PortesPosition],
        out: &mut Vec<Probabilities>,
    ) {
        self.batch(game, positions, out, true);
    }

    fn prunes(&self) -> bool {
        self.prune.is_some()
    }

    fn prune_batch(&self, _game: &Portes, positions: &[PortesPosition], out: &mut Vec<f32>) {
        out.clear();
        let Some(prune) = &self.prune else {
            // No pruning net (never asked by a search): as the trait's
            // default, no preference.
            out.resize(positions.len(), 0.0);
            return;
        };
        SCRATCH.with(|s| {
            let pre = &mut s.borrow_mut().prune;
            out.extend(positions.iter().map(|p| prune.equity(p, pre)));
        });
    }

    fn evaluate_open_batch(
        &self,
        game: &Portes,
        positions: &[PortesPosition],
        out: &mut Vec<Probabilities>,
    ) {
        // The search has looked each position up in the race database
        // already (`exact_value`): straight to the net.
        self.batch(game, positions, out, false);
    }
}

impl PortesNetEvaluator {
    /// Evaluates `positions` into `out` with one borrow of the scratch,
    /// looking each up in the race database first if `look_up`.
    fn batch(
        &self,
        game: &Portes,
        positions: &[PortesPosition],
        out: &mut Vec<Probabilities>,
        look_up: bool,
    ) {
        out.clear();
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            // The positions after one roll's plays differ in a few
            // checkers: each first layer is updated from the previous
            // one's (exactly in integers; in `f32` equal to the full sum
            // up to float rounding).
            s.previous.forget();
            s.integer.forget();
            out.extend(positions.iter().map(|p| {
                if look_up && let Some(exact) = evaluate_portes_race(p) {
                    return exact;
                }
                if let Some(q) = self.net.integer() {
                    let d = q.distribution_with(p, &mut s.integer, true);
                    return to_probabilities(&d, game.scoring);
                }
                let mut d = [0.0; OUTCOMES];
                let mask = encode(p, &mut s.inputs);
                self.net.network().forward_incremental(
                    &mut s.previous,
                    &s.inputs,
                    mask,
                    &mut s.hidden,
                    &mut d,
                );
                to_probabilities(&d, game.scoring)
            }));
        });
    }
}
