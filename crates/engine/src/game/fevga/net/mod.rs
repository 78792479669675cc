//! The Fevga neural evaluator: a one-hidden-layer net trained by Fevga
//! self-play (`plakoto train --game fevga`, in the lab): the game layer's
//! net, as Portes', on Fevga's inputs.
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
//! - [`FevgaNet`]: what the shared network ([`crate::eval::game_net`])
//!   takes from Fevga; the network is [`FevgaNetwork`], its weight file
//!   under magic `PLKFEVG`.
//! - [`quantized`]: its integer copy, which the engine's evaluator `net`
//!   infers with (Plakoto's integer net on these inputs).
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
pub mod outcomes;
pub mod parts;
pub mod quantized;
mod side_bits;

use std::sync::{Arc, OnceLock};

use crate::eval::game_net::{GameNetwork, NetInputs};

/// The Fevga net's game: its inputs, outcomes and weights.
#[derive(Clone, Copy, Debug)]
pub struct FevgaNet;

/// The Fevga network.
pub type FevgaNetwork = GameNetwork<FevgaNet>;

/// The Fevga weights built into the binary, trained by Fevga self-play
/// (never untrained weights).
pub static EMBEDDED_FEVGA_WEIGHTS: &[u8] = include_bytes!("../../../../weights/fevga.net");

/// The first bytes of a Fevga weight file.
pub const FEVGA_MAGIC: &[u8; 8] = b"PLKFEVG\0";

/// Environment variable naming a Fevga weight file to use instead of the
/// embedded one.
pub const FEVGA_WEIGHTS_ENV: &str = "PLAKOTO_FEVGA_WEIGHTS";

impl NetInputs for FevgaNet {
    const GAME: &'static str = "Fevga";
    const MAGIC: &'static [u8; 8] = FEVGA_MAGIC;
    const FEATURE_SET: &'static str = inputs::FEATURE_SET;
    const INPUTS: usize = inputs::INPUTS;
    const OUTCOMES: usize = outcomes::OUTCOMES;
    const EMBEDDED: &'static [u8] = EMBEDDED_FEVGA_WEIGHTS;
    const WEIGHTS_ENV: &'static str = FEVGA_WEIGHTS_ENV;

    fn loaded() -> &'static OnceLock<Arc<FevgaNetwork>> {
        static LOADED: OnceLock<Arc<FevgaNetwork>> = OnceLock::new();
        &LOADED
    }
}
