//! The Portes neural evaluator (issue 41): a one-hidden-layer net trained
//! by Portes self-play (`plakoto train --game portes`, in the lab), beside
//! the Plakoto net of [`crate::eval::net`], whose vector loops it shares.
//!
//! - [`inputs`]: the TD-Gammon style input encoding and its name,
//!   [`inputs::FEATURE_SET`], with the [`contact`] features (shots, pip
//!   loss, escapes, primes, entry) of both sides.
//! - [`outcomes`]: the six outcomes (single, double, triple, won or
//!   lost), the mask of those still possible, and their reading as
//!   [`crate::eval::Probabilities`].
//! - [`network`]: [`PortesNetwork`], the `f32` weights and forward pass.
//! - [`weights`]: the weight file (magic `PLKPORT`), written atomically.
//! - The evaluator over this net, `PortesNetEvaluator`, is the game
//!   layer's (`crate::game`): the evaluator `net` of `portes_evaluator`.
//!
//! The weights built into the binary are `crates/engine/weights/portes.net`;
//! the environment variable [`PORTES_WEIGHTS_ENV`] names a file to use
//! instead, read once per process.

pub mod contact;
pub mod inputs;
pub mod network;
pub mod outcomes;
pub mod weights;

use std::sync::{Arc, OnceLock};

pub use network::PortesNetwork;

use crate::eval::net::weights::WeightsError;

/// The Portes weights built into the binary: trained by Portes self-play.
pub static EMBEDDED_PORTES_WEIGHTS: &[u8] = include_bytes!("../../../../weights/portes.net");

/// Environment variable naming a Portes weight file to use instead of the
/// embedded one (the engine's `net` evaluator in Portes, the arena's
/// `builtin:net` in `--game portes`).
pub const PORTES_WEIGHTS_ENV: &str = "PLAKOTO_PORTES_WEIGHTS";

static PORTES_NETWORK: OnceLock<Arc<PortesNetwork>> = OnceLock::new();

/// The embedded Portes network.
pub fn embedded_portes_network() -> Result<PortesNetwork, WeightsError> {
    weights::from_bytes(EMBEDDED_PORTES_WEIGHTS)
}

/// The process's Portes network: the file named by [`PORTES_WEIGHTS_ENV`],
/// else the embedded weights; loaded once.
pub fn portes_network() -> Result<Arc<PortesNetwork>, WeightsError> {
    if let Some(n) = PORTES_NETWORK.get() {
        return Ok(n.clone());
    }
    let net = match std::env::var_os(PORTES_WEIGHTS_ENV) {
        Some(path) => weights::load(std::path::Path::new(&path))?,
        None => embedded_portes_network()?,
    };
    Ok(PORTES_NETWORK.get_or_init(|| Arc::new(net)).clone())
}
