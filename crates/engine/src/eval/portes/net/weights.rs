//! The Portes weight file: versioned, little-endian, written atomically.
//!
//! ```text
//! magic "PLKPORT\0" | u32 format version | u32 inputs | u32 hidden
//! | u32 outputs | u32 length + feature-set name (UTF-8)
//! | f32 w1[inputs][hidden] | f32 b1[hidden] | f32 w2[outputs][hidden]
//! | f32 b2[outputs] | u64 FNV-1a of everything before it
//! ```
//!
//! A Plakoto or Fevga net (magic `PLKNET`, `PLKFEVG`) is refused as
//! another game's, as their readers refuse this one; another feature set, shape or version
//! is refused with a message saying why, never misread. The errors are the
//! Plakoto net's [`WeightsError`], so every caller reports both alike.

use std::path::Path;

use super::inputs::{FEATURE_SET, INPUTS};
use super::network::PortesNetwork;
use super::outcomes::OUTCOMES;
use crate::binary_file::{fnv1a, write_atomically};
use crate::eval::net::weights::{WeightsError, read_layers};

/// The first bytes of a Portes weight file.
pub use crate::eval::net::weights::PORTES_MAGIC as MAGIC;
/// Version of the layout above.
pub const FORMAT_VERSION: u32 = 1;
/// Most hidden units a file may declare (a damaged header must not ask
/// for gigabytes).
const MAX_HIDDEN: u32 = 4096;

/// Serialises `net`.
pub fn to_bytes(net: &PortesNetwork) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + FEATURE_SET.len() + 4 * net.parameter_count());
    out.extend_from_slice(MAGIC);
    for v in [
        FORMAT_VERSION,
        INPUTS as u32,
        net.hidden as u32,
        OUTCOMES as u32,
        FEATURE_SET.len() as u32,
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(FEATURE_SET.as_bytes());
    for part in [&net.w1, &net.b1, &net.w2, &net.b2] {
        for x in part.iter() {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads a network from the bytes of a Portes weight file.
pub fn from_bytes(bytes: &[u8]) -> Result<PortesNetwork, WeightsError> {
    crate::eval::net::weights::refuse_other_game(bytes, "Portes")?;
    if bytes.len() < 36 || &bytes[..8] != MAGIC {
        return Err(WeightsError::NotWeights);
    }
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let version = u32_at(8);
    if version != FORMAT_VERSION {
        return Err(WeightsError::Version(version));
    }
    let (inputs, hidden, outputs) = (u32_at(12), u32_at(16), u32_at(20));
    if inputs as usize != INPUTS
        || outputs as usize != OUTCOMES
        || hidden == 0
        || !hidden.is_multiple_of(16)
        || hidden > MAX_HIDDEN
    {
        return Err(WeightsError::PortesShape {
            inputs,
            hidden,
            outputs,
            need_inputs: INPUTS as u32,
            need_outputs: OUTCOMES as u32,
        });
    }
    let name_len = u32_at(24) as usize;
    let name_end = 28 + name_len;
    if bytes.len() < name_end || &bytes[28..name_end] != FEATURE_SET.as_bytes() {
        return Err(WeightsError::FeatureSet);
    }
    let hidden = hidden as usize;
    let l = read_layers(bytes, name_end, INPUTS, hidden, OUTCOMES)?;
    Ok(PortesNetwork::from_parts(hidden, l.w1, l.b1, l.w2, l.b2))
}

/// Saves `net` to `path` atomically (a temporary file, then a rename).
pub fn save(net: &PortesNetwork, path: &Path) -> Result<(), WeightsError> {
    write_atomically(path, &to_bytes(net)).map_err(|e| WeightsError::Io(e.to_string()))
}

/// Loads a network from `path`.
pub fn load(path: &Path) -> Result<PortesNetwork, WeightsError> {
    let bytes =
        std::fs::read(path).map_err(|e| WeightsError::Io(format!("{}: {e}", path.display())))?;
    from_bytes(&bytes)
}

// The weights' identity is the hash of their file bytes, so it is
// computed where the bytes are written.
impl PortesNetwork {
    /// Identity of the weights: 8 hex digits of the hash of the file bytes.
    pub fn short_hash(&self) -> String {
        let bytes = to_bytes(self);
        format!("{:016x}", crate::binary_file::fnv1a(&bytes))[..8].to_string()
    }
}
