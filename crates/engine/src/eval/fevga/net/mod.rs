//! The Fevga neural evaluator: a one-hidden-layer net trained by Fevga
//! self-play (`plakoto train --game fevga`, in the lab), built as the
//! Portes net is, on the Plakoto net's vector loops.
//!
//! - [`inputs`]: the encoding (points, the closed points ahead of each
//!   group of checkers, the runner phase, traps, primes, the unblocking
//!   duty, the race) and its name, [`inputs::FEATURE_SET`].
//! - [`outcomes`]: the four outcomes (single or double, won or lost), the
//!   mask of those still possible, and their reading as
//!   [`crate::eval::Probabilities`].
//! - [`parts`]: the same inputs as counts (points, closed points ahead,
//!   globals), which the sparse encoding writes out and the integer net
//!   compares from one position to the next.
//! - `side_bits`: the held points as bit masks, which the encoding reads.
//! - [`network`]: [`FevgaNetwork`], the `f32` weights and forward pass.
//! - [`quantized`]: its integer copy, which the engine's evaluator `net`
//!   infers with (Plakoto's integer net on these inputs).
//! - [`weights`]: the weight file (magic `PLKFEVG`), written atomically.
//! - The evaluator over this net, `FevgaNetEvaluator`, is the game layer's
//!   (`crate::game`): the evaluator `net` of `fevga_evaluator`.
//!
//! The weights built into the binary are `crates/engine/weights/fevga.net`,
//! trained by self-play (`crates/lab/training/fevga-net1/`); the
//! environment variable [`FEVGA_WEIGHTS_ENV`] may name another weight
//! file, read once per process. Were the embedded file ever empty, the
//! `net` evaluator would be unavailable (no untrained weights are ever
//! embedded).

pub mod inputs;
pub mod network;
pub mod outcomes;
pub mod parts;
pub mod quantized;
mod side_bits;
pub mod weights;

use std::sync::{Arc, OnceLock};

pub use network::FevgaNetwork;

use crate::eval::net::weights::WeightsError;

/// The Fevga weights built into the binary, trained by Fevga self-play
/// (never untrained weights).
pub static EMBEDDED_FEVGA_WEIGHTS: &[u8] = include_bytes!("../../../../weights/fevga.net");

/// Environment variable naming a Fevga weight file to use instead of the
/// embedded one.
pub const FEVGA_WEIGHTS_ENV: &str = "PLAKOTO_FEVGA_WEIGHTS";

static FEVGA_NETWORK: OnceLock<Arc<FevgaNetwork>> = OnceLock::new();

/// The embedded Fevga network; [`WeightsError::NotTrained`] while the
/// embedded file is empty.
pub fn embedded_fevga_network() -> Result<FevgaNetwork, WeightsError> {
    if EMBEDDED_FEVGA_WEIGHTS.is_empty() {
        return Err(WeightsError::NotTrained {
            game: "Fevga",
            env: FEVGA_WEIGHTS_ENV,
        });
    }
    weights::from_bytes(EMBEDDED_FEVGA_WEIGHTS)
}

/// The process's Fevga network: the file named by [`FEVGA_WEIGHTS_ENV`],
/// else the embedded weights; loaded once (a failure is not remembered,
/// so it is reported again on the next call).
pub fn fevga_network() -> Result<Arc<FevgaNetwork>, WeightsError> {
    if let Some(n) = FEVGA_NETWORK.get() {
        return Ok(n.clone());
    }
    let net = match std::env::var_os(FEVGA_WEIGHTS_ENV) {
        Some(path) => weights::load(std::path::Path::new(&path))?,
        None => embedded_fevga_network()?,
    };
    Ok(FEVGA_NETWORK.get_or_init(|| Arc::new(net)).clone())
}
