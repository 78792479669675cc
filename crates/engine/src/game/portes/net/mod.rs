//! The Portes neural evaluator (issue 41): the game layer's net
//! ([`crate::eval::game_net`]) trained by Portes self-play (`plakoto train
//! --game portes`, in the lab), on Portes' inputs.
//!
//! - [`inputs`]: the TD-Gammon style input encoding and its name,
//!   [`inputs::FEATURE_SET`], with the [`contact`] features (shots, pip
//!   loss, escapes, primes, entry) of both sides.
//! - [`outcomes`]: the six outcomes (single, double, triple, won or
//!   lost), the mask of those still possible, and their reading as
//!   [`crate::eval::Probabilities`].
//! - [`parts`]: the same inputs as counts (points, globals), which the
//!   integer net compares from one position to the next.
//! - [`PortesNet`]: what the shared network takes from Portes; the
//!   network is [`PortesNetwork`], its weight file under magic `PLKPORT`.
//! - [`prune`]: the small pruning net a search rates a roll's plays with
//!   before the full net rates the best of them.
//! - [`quantized`]: its integer copy, which the engine's evaluator `net`
//!   infers with (the integer net of every game on these inputs).
//! - The evaluator over this net, `PortesNetEvaluator`, is the game
//!   layer's (`crate::game`): the evaluator `net` of `portes_evaluator`.
//!
//! The weights built into the binary are `crates/engine/weights/portes.net`;
//! the environment variable [`PORTES_WEIGHTS_ENV`] names a file to use
//! instead, read once per process.

pub mod contact;
pub mod inputs;
pub mod outcomes;
pub mod parts;
pub mod prune;
pub mod quantized;

use std::sync::{Arc, OnceLock};

use crate::eval::game_net::{GameNetwork, NetInputs};

/// The Portes net's game: its inputs, outcomes and weights.
#[derive(Clone, Copy, Debug)]
pub struct PortesNet;

/// The Portes network.
pub type PortesNetwork = GameNetwork<PortesNet>;

/// The Portes weights built into the binary: trained by Portes self-play.
pub static EMBEDDED_PORTES_WEIGHTS: &[u8] = include_bytes!("../../../../weights/portes.net");

/// The first bytes of a Portes weight file.
pub const PORTES_MAGIC: &[u8; 8] = b"PLKPORT\0";

/// Environment variable naming a Portes weight file to use instead of the
/// embedded one (the engine's `net` evaluator in Portes, the arena's
/// `builtin:net` in `--game portes`).
pub const PORTES_WEIGHTS_ENV: &str = "PLAKOTO_PORTES_WEIGHTS";

impl NetInputs for PortesNet {
    const GAME: &'static str = "Portes";
    const MAGIC: &'static [u8; 8] = PORTES_MAGIC;
    const FEATURE_SET: &'static str = inputs::FEATURE_SET;
    const INPUTS: usize = inputs::INPUTS;
    const OUTCOMES: usize = outcomes::OUTCOMES;
    const EMBEDDED: &'static [u8] = EMBEDDED_PORTES_WEIGHTS;
    const WEIGHTS_ENV: &'static str = PORTES_WEIGHTS_ENV;

    fn loaded() -> &'static OnceLock<Arc<PortesNetwork>> {
        static LOADED: OnceLock<Arc<PortesNetwork>> = OnceLock::new();
        &LOADED
    }
}
