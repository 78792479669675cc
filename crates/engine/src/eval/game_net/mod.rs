//! The net of a Tavli game, written once (issue 59): a one-hidden-layer
//! perceptron over a game's sparse inputs, a ReLU hidden layer of a size
//! chosen at training time and a masked softmax over the game's outcomes.
//! A game supplies only what is its own ([`NetInputs`]): its input count
//! and layout name, its outcome count, the magic of its weight file and
//! its embedded weights.
//!
//! - [`inputs`]: [`SparseInputs`], the non-zero inputs of one position.
//! - [`network`]: [`GameNetwork`], the `f32` weights and forward pass.
//! - `incremental`: the forward pass of a batch's next position, its
//!   first layer updated from the previous position's.
//! - [`kernels`]: the vector loops of the forward pass.
//! - [`layers`]: the layers' seeded start and the masked softmax.
//! - [`weights`]: the weight file, one layout under each game's magic.
//!
//! Plakoto (`crate::eval::net`), Portes (`crate::game::portes::net`) and
//! Fevga (`crate::game::fevga::net`) are its games.

mod incremental;
pub mod inputs;
pub mod kernels;
pub mod layers;
pub mod network;
pub mod weights;

use std::sync::{Arc, OnceLock};

pub use inputs::SparseInputs;
pub use network::GameNetwork;

pub use incremental::Previous;
use weights::WeightsError;

/// How a weight file's header names the input layout its net was trained
/// on ([`weights`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutField {
    /// The layout's name, after its length.
    Name,
    /// The FNV-1a hash of the name: the first format, Plakoto's, kept so
    /// its shipped weight files read unchanged.
    Hash,
}

/// What a game's net is made of beside the shared network: the sizes of
/// its layers' ends, the name of its input layout and where its weights
/// come from. Implemented by a marker type per game.
pub trait NetInputs: Sized + Send + Sync + 'static {
    /// The game, as errors name it (`"Portes"`).
    const GAME: &'static str;
    /// The first bytes of the game's weight file.
    const MAGIC: &'static [u8; 8];
    /// The name of the input layout, written into weight files: a file of
    /// another layout is refused instead of misread.
    const FEATURE_SET: &'static str;
    /// Number of inputs.
    const INPUTS: usize;
    /// Number of outcomes (the softmax's outputs).
    const OUTCOMES: usize;
    /// The weights built into the binary (never untrained weights; empty
    /// while the game has no trained net).
    const EMBEDDED: &'static [u8];
    /// Environment variable naming a weight file to use instead of the
    /// embedded one.
    const WEIGHTS_ENV: &'static str;
    /// How the weight file's header names the input layout.
    const LAYOUT_FIELD: LayoutField = LayoutField::Name;

    /// The process's network once loaded ([`process_network`]): a static
    /// of the game's own, as Rust has no generic statics.
    fn loaded() -> &'static OnceLock<Arc<GameNetwork<Self>>>;
}

/// The embedded network of game `G`; [`WeightsError::NotTrained`] while
/// its embedded file is empty.
pub fn embedded_network<G: NetInputs>() -> Result<GameNetwork<G>, WeightsError> {
    if G::EMBEDDED.is_empty() {
        return Err(WeightsError::NotTrained {
            game: G::GAME,
            env: G::WEIGHTS_ENV,
        });
    }
    GameNetwork::from_bytes(G::EMBEDDED)
}

/// The process's network of game `G`: the file named by its
/// [`NetInputs::WEIGHTS_ENV`], else the embedded weights; loaded once (a
/// failure is not remembered, so it is reported again on the next call).
pub fn process_network<G: NetInputs>() -> Result<Arc<GameNetwork<G>>, WeightsError> {
    if let Some(n) = G::loaded().get() {
        return Ok(n.clone());
    }
    let net = match std::env::var_os(G::WEIGHTS_ENV) {
        Some(path) => GameNetwork::load(std::path::Path::new(&path))?,
        None => embedded_network()?,
    };
    Ok(G::loaded().get_or_init(|| Arc::new(net)).clone())
}
