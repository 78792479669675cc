//! Plakoto's neural evaluator: the game layer's net
//! ([`crate::eval::game_net`]) on the sparse Plakoto inputs of
//! [`crate::eval::features`], with a softmax over the nine exclusive
//! outcomes, impossible outcomes masked to exactly zero; its network is
//! [`Network`], a [`GameNetwork`] of [`PlakotoNet`].
//!
//! The network is trained and stored in `f32`; the evaluator infers with
//! an integer copy of it ([`quantized`], as chess NNUE engines do): `i16`
//! first-layer weights and hidden sums, proved never to overflow and
//! updated exactly inside a batch, a ReLU in `i16`, the output layer as
//! `i16 × i16 → i32` dot products, then `f32` logits and the same masked
//! softmax. Its equities differ from the `f32` net's by a few thousandths
//! at most. [`NetEvaluator::with_f32`] (the evaluator `net-f32`, the
//! arena's `builtin:net-f32`) evaluates the `f32` net instead, to measure
//! the integer copy against; training and self-play use the `f32` net,
//! whose batches update the first layer from the previous position's
//! (the game layer's `forward_incremental`).
//!
//! [`NetEvaluator`] consults the exact race database first
//! ([`crate::eval::race`]) and the net for everything else: Plakoto's
//! [`GameEvaluator`] over the game layer's network.

pub mod quantized;
#[cfg(test)]
pub(crate) mod test_batches;
pub mod weights;

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

use self::quantized::QuantizedNetwork;
use super::exact::ExactDatabase;
use super::features::{self, INPUTS, OUTCOMES, SparseInputs};
use super::game_net::weights::WeightsError;
use super::game_net::{self, GameNetwork, LayoutField, NetInputs, Previous};
use super::{GameEvaluator, Probabilities};
use plakoto_rules::Plakoto;
use plakoto_rules::{Position, Rules, Scoring, Variant};

/// The first bytes of a Plakoto weight file.
pub const PLAKOTO_MAGIC: &[u8; 8] = b"PLKNET\0\0";

/// The default weights, built into the binary: trained by standard
/// self-play, used under every rule set but Express.
pub static EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../../weights/default.net");

/// The weights for Plakoto Express (R20-R22), built into the binary:
/// the standard weights fine-tuned by Express self-play (`plakoto train
/// --rules express`, see README).
pub static EMBEDDED_EXPRESS_WEIGHTS: &[u8] = include_bytes!("../../../weights/express.net");

/// Environment variable naming a weight file to use instead of the
/// embedded one wherever no file is given (arena built-in players, the
/// engine without `--weights`).
pub const WEIGHTS_ENV: &str = "PLAKOTO_WEIGHTS";

/// The Plakoto net's game: its inputs, outcomes and weights.
#[derive(Clone, Copy, Debug)]
pub struct PlakotoNet;

/// A Plakoto network. Cheap to share: evaluation takes `&self`. An
/// evaluator made from it takes its own integer copy when made
/// ([`quantized`]).
pub type Network = GameNetwork<PlakotoNet>;

impl NetInputs for PlakotoNet {
    const GAME: &'static str = "Plakoto";
    const MAGIC: &'static [u8; 8] = PLAKOTO_MAGIC;
    const FEATURE_SET: &'static str = features::FEATURE_SET;
    const INPUTS: usize = INPUTS;
    const OUTCOMES: usize = OUTCOMES;
    const EMBEDDED: &'static [u8] = EMBEDDED_WEIGHTS;
    const WEIGHTS_ENV: &'static str = WEIGHTS_ENV;
    const LAYOUT_FIELD: LayoutField = LayoutField::Hash;

    /// The process's default network ([`default_network`]).
    fn loaded() -> &'static OnceLock<Arc<Network>> {
        static LOADED: OnceLock<Arc<Network>> = OnceLock::new();
        &LOADED
    }
}

/// The Express network when no weights were named ([`express_network`]).
static EXPRESS_NETWORK: OnceLock<Arc<Network>> = OnceLock::new();

/// Whether [`install_default_network`] named the process's weights.
static INSTALLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Why a network could not be made the process's default.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstallError {
    /// A default network was already in use.
    #[error("the default network is already in use")]
    InUse,
    /// The weight file could not be read.
    #[error(transparent)]
    Weights(#[from] WeightsError),
}

/// Makes `net` the process's default network (`--weights`); fails if a
/// default was already in use.
pub fn install_default_network(net: Network) -> Result<(), InstallError> {
    PlakotoNet::loaded()
        .set(Arc::new(net))
        .map_err(|_| InstallError::InUse)?;
    INSTALLED.store(true, std::sync::atomic::Ordering::SeqCst);
    Ok(())
}

/// Makes the weight file `path` the process's default network (the
/// command line's `--weights FILE`); fails if it cannot be read or a
/// default was already in use.
pub fn install_weights_file(path: &std::path::Path) -> Result<(), InstallError> {
    install_default_network(Network::load(path)?)
}

/// The process's default network: the one installed, else the file named
/// by [`WEIGHTS_ENV`], else the embedded weights.
pub fn default_network() -> Result<Arc<Network>, WeightsError> {
    game_net::process_network()
}

/// The process's network for Plakoto Express: weights named for the
/// process (installed, or [`WEIGHTS_ENV`]) serve every rule set, as
/// [`default_network`]; otherwise the embedded Express weights.
pub fn express_network() -> Result<Arc<Network>, WeightsError> {
    // Fixes the default first, so that weights installed later are
    // refused (in use) rather than ignored here.
    let default = default_network()?;
    if INSTALLED.load(std::sync::atomic::Ordering::SeqCst)
        || std::env::var_os(WEIGHTS_ENV).is_some()
    {
        return Ok(default);
    }
    if let Some(n) = EXPRESS_NETWORK.get() {
        return Ok(n.clone());
    }
    let net = Network::embedded_express()?;
    Ok(EXPRESS_NETWORK.get_or_init(|| Arc::new(net)).clone())
}

/// Per-thread working memory of a forward pass.
#[derive(Default)]
pub struct Scratch {
    pub(crate) inputs: SparseInputs,
    pub(crate) hidden: Vec<f32>,
    /// The previous position of a batch, for the incremental first layer.
    incremental: Previous<INPUTS>,
    /// The integer net's working memory.
    integer: quantized::IntScratch,
}

impl Scratch {
    /// Starts a new batch: the next incremental forward pass sums its
    /// first layer afresh instead of updating an earlier position's.
    pub fn begin_batch(&mut self) {
        self.incremental.forget();
        self.integer.forget();
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// What only Plakoto's network does: its embedded weights, and its
/// forward pass from a Plakoto position.
impl Network {
    /// The network built into the binary.
    pub fn embedded() -> Result<Network, WeightsError> {
        game_net::embedded_network()
    }

    /// The Express network built into the binary.
    pub fn embedded_express() -> Result<Network, WeightsError> {
        Network::from_bytes(EMBEDDED_EXPRESS_WEIGHTS)
    }

    /// The outcome distribution of `position` (side on roll, before it
    /// rolls), as the net sees it: triples kept apart from doubles.
    pub fn distribution(&self, position: &Position) -> [f32; OUTCOMES] {
        SCRATCH.with(|s| self.distribution_with(position, &mut s.borrow_mut(), false))
    }

    /// [`Self::distribution`] with the caller's scratch space. `in_batch`:
    /// `position` follows the batch's previous position (since
    /// [`Scratch::begin_batch`]), whose first layer is updated instead of
    /// summed afresh (equal up to float rounding).
    #[inline]
    pub fn distribution_with(
        &self,
        position: &Position,
        s: &mut Scratch,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        let mut out = [0.0; OUTCOMES];
        features::encode(position, &mut s.inputs);
        let mask = u32::from(features::outcome_mask(position));
        if in_batch {
            self.forward_incremental(&mut s.incremental, &s.inputs, mask, &mut s.hidden, &mut out);
        } else {
            self.forward(&s.inputs, mask, &mut s.hidden, &mut out);
        }
        out
    }
}

/// Standard equity of each outcome of the Plakoto net (triples count as
/// doubles, R17): the coefficients of [`standard_equity`], for tilting a
/// distribution to an equity (the lab's rollout targets).
pub const OUTCOME_EQUITY: [f32; OUTCOMES] = [1.0, 2.0, 2.0, 2.0, -1.0, -2.0, -2.0, -2.0, 0.0];

/// Standard equity (R17) of a Plakoto net's distribution, its triples
/// counted as doubles.
#[inline]
pub fn standard_equity(d: &[f32; OUTCOMES]) -> f32 {
    (d[0] - d[4]) + 2.0 * (d[1] + d[2] - d[5] - d[6]) + 2.0 * (d[3] - d[7])
}

/// The nine outcomes as [`Probabilities`] under `scoring`: standard
/// scoring has no triple, so the net's triples count as doubles there.
pub fn to_probabilities(d: &[f32; OUTCOMES], scoring: Scoring) -> Probabilities {
    use features::outcome::*;
    let mut p = Probabilities {
        win_single: d[WIN_SINGLE],
        win_double: d[WIN_DOUBLE],
        win_triple: d[WIN_TRIPLE],
        win_mother: d[WIN_MOTHER],
        lose_single: d[LOSE_SINGLE],
        lose_double: d[LOSE_DOUBLE],
        lose_triple: d[LOSE_TRIPLE],
        lose_mother: d[LOSE_MOTHER],
        draw: d[DRAW],
    };
    if scoring == Scoring::Standard {
        p.win_double += p.win_triple;
        p.lose_double += p.lose_triple;
        p.win_triple = 0.0;
        p.lose_triple = 0.0;
    }
    p
}

/// One network as the evaluator holds it: the `f32` weights, their short
/// hash, and their integer copy for inference (`None` when the weights do
/// not fit one, see [`QuantizedNetwork::new`]: the `f32` net serves then).
#[derive(Clone)]
struct Model {
    net: Arc<Network>,
    hash: String,
    integer: Option<Arc<QuantizedNetwork>>,
}

impl Model {
    fn new(net: Arc<Network>) -> Model {
        let hash = net.short_hash();
        let integer = match QuantizedNetwork::new(&net) {
            Ok(q) => Some(Arc::new(q)),
            Err(e) => {
                log::warn!("net {hash}: no integer copy ({e}); evaluating in f32");
                None
            }
        };
        Model { net, hash, integer }
    }

    /// `net` alone, evaluated in `f32`: no integer copy is made.
    fn float(net: Arc<Network>) -> Model {
        let hash = net.short_hash();
        Model {
            net,
            hash,
            integer: None,
        }
    }

    /// The outcome distribution of `position`: the integer copy's unless
    /// `float` (or there is none).
    #[inline]
    fn distribution_with(
        &self,
        position: &Position,
        s: &mut Scratch,
        in_batch: bool,
        float: bool,
    ) -> [f32; OUTCOMES] {
        match &self.integer {
            Some(q) if !float => q.distribution_with(position, s, in_batch),
            _ => self.net.distribution_with(position, s, in_batch),
        }
    }
}

/// The neural evaluator: exact race database where it applies, the net
/// elsewhere; under Express rules its Express net when it has one. The net
/// runs as its integer copy ([`quantized`]) unless made with
/// [`NetEvaluator::with_f32`].
#[derive(Clone)]
pub struct NetEvaluator {
    main: Model,
    /// The net for Plakoto Express; `None`: `main` serves every rule set.
    express: Option<Model>,
    /// Whether pin endgames are answered by the pin endgame database (races
    /// always are by the race database).
    pin_database: bool,
    /// Whether the `f32` nets are evaluated instead of their integer copies.
    float: bool,
}

impl NetEvaluator {
    /// An evaluator using `net`.
    pub fn new(net: Arc<Network>) -> NetEvaluator {
        NetEvaluator {
            main: Model::new(net),
            express: None,
            pin_database: true,
            float: false,
        }
    }

    /// The same evaluator with `express` as its net under Express rules.
    pub fn with_express(self, express: Arc<Network>) -> NetEvaluator {
        NetEvaluator {
            express: Some(Model::new(express)),
            ..self
        }
    }

    /// The same evaluator with pin endgames left to the net itself, to
    /// measure what the pin endgame database adds.
    pub fn without_pin_database(self) -> NetEvaluator {
        NetEvaluator {
            pin_database: false,
            ..self
        }
    }

    /// The same nets evaluated in `f32`, as trained, instead of their
    /// integer copies: to measure the integer inference against.
    pub fn with_f32(self) -> NetEvaluator {
        NetEvaluator {
            float: true,
            ..self
        }
    }

    /// The evaluator self-play trains with: `net` in `f32`, as it is
    /// being trained (no integer copy is made: the weights change every
    /// round), races from the race database, pin endgames left to the net
    /// so that it learns them.
    pub fn in_training(net: Arc<Network>) -> NetEvaluator {
        NetEvaluator {
            main: Model::float(net),
            express: None,
            pin_database: false,
            float: true,
        }
    }

    /// An evaluator with the process's networks: [`default_network`],
    /// and [`express_network`] under Express rules.
    pub fn with_default_network() -> Result<NetEvaluator, WeightsError> {
        let (net, express) = (default_network()?, express_network()?);
        let evaluator = NetEvaluator::new(net.clone());
        Ok(if Arc::ptr_eq(&net, &express) {
            evaluator
        } else {
            evaluator.with_express(express)
        })
    }

    /// The network used outside Express.
    pub fn network(&self) -> &Arc<Network> {
        &self.main.net
    }

    /// The model used under `rules`.
    fn model_for(&self, rules: Rules) -> &Model {
        match (&self.express, rules.variant) {
            (Some(model), Variant::Express) => model,
            _ => &self.main,
        }
    }

    /// Evaluates `positions` into `out` as one batch; `check_exact`: look
    /// each up in the exact databases first.
    fn batch(
        &self,
        positions: &[Position],
        rules: Rules,
        out: &mut Vec<Probabilities>,
        check_exact: bool,
    ) {
        out.clear();
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            s.begin_batch();
            out.extend(
                positions
                    .iter()
                    .map(|p| self.evaluate_with(p, rules, s, true, check_exact)),
            );
        });
    }

    /// Evaluates `position`; `in_batch`: it follows the batch's previous
    /// position, whose first layer it may update instead of recomputing;
    /// `check_exact`: an exact database answers where one covers it.
    #[inline]
    fn evaluate_with(
        &self,
        position: &Position,
        rules: Rules,
        s: &mut Scratch,
        in_batch: bool,
        check_exact: bool,
    ) -> Probabilities {
        if check_exact && let Some((p, _)) = self.exact_value(&Plakoto::new(rules), position) {
            return p;
        }
        let out = self
            .model_for(rules)
            .distribution_with(position, s, in_batch, self.float);
        to_probabilities(&out, rules.scoring)
    }

    /// What [`Evaluator::identity`] adds after the hash: how the net runs
    /// and what it leaves out.
    fn suffix(&self) -> &'static str {
        match (self.float, self.pin_database) {
            (false, true) => "",
            (false, false) => " without pin database",
            (true, true) => " (f32)",
            (true, false) => " (f32) without pin database",
        }
    }
}

impl GameEvaluator<Plakoto> for NetEvaluator {
    fn name(&self) -> &str {
        if self.float { "net-f32" } else { "net" }
    }

    fn kernel_name(&self) -> String {
        match &self.main.integer {
            Some(q) if !self.float => format!("{} i16", q.kernel_name()),
            _ => format!("{} f32", self.main.net.kernel_name()),
        }
    }

    fn exact_value(
        &self,
        game: &Plakoto,
        position: &Position,
    ) -> Option<(Probabilities, ExactDatabase)> {
        if self.pin_database {
            return super::exact::evaluate(position, game.rules);
        }
        super::race::evaluate(position, game.rules).map(|p| (p, ExactDatabase::Race))
    }

    fn identity(&self) -> String {
        format!("net {}{}", self.main.hash, self.suffix())
    }

    fn identity_in(&self, game: &Plakoto) -> String {
        match (&self.express, game.rules.variant) {
            (Some(model), Variant::Express) => {
                format!("net {} (express weights){}", model.hash, self.suffix())
            }
            _ => self.identity(),
        }
    }

    fn evaluate(&self, game: &Plakoto, position: &Position) -> Probabilities {
        SCRATCH.with(|s| self.evaluate_with(position, game.rules, &mut s.borrow_mut(), false, true))
    }

    fn evaluate_batch(&self, game: &Plakoto, positions: &[Position], out: &mut Vec<Probabilities>) {
        self.batch(positions, game.rules, out, true);
    }

    fn evaluate_open_batch(
        &self,
        game: &Plakoto,
        positions: &[Position],
        out: &mut Vec<Probabilities>,
    ) {
        self.batch(positions, game.rules, out, false);
    }
}
