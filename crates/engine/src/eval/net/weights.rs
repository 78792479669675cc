//! Plakoto's weight file: the game layer's ([`crate::eval::game_net::weights`])
//! under magic `PLKNET`, whose header names the input layout by its hash
//! ([`crate::eval::game_net::LayoutField::Hash`]). These are the entry
//! points the Plakoto stack's callers use.

use std::path::Path;

use super::Network;
pub use super::PLAKOTO_MAGIC as MAGIC;
pub use crate::eval::game_net::weights::{FORMAT_VERSION, WeightsError, game_of_weights};

/// The bytes of `net`'s weight file.
pub fn to_bytes(net: &Network) -> Vec<u8> {
    net.to_bytes()
}

/// Reads a network from the bytes of a weight file.
pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
    Network::from_bytes(bytes)
}

/// Saves `net` to `path` atomically.
pub fn save(net: &Network, path: &Path) -> Result<(), WeightsError> {
    net.save(path)
}

/// Loads a network from `path`.
pub fn load(path: &Path) -> Result<Network, WeightsError> {
    Network::load(path)
}
