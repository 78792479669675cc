//! A game's weight file: versioned, little-endian, written atomically;
//! one layout, each game's file under its own magic
//! ([`NetInputs::MAGIC`]: `PLKPORT` for Portes, `PLKFEVG` for Fevga).
//!
//! ```text
//! magic | u32 format version | u32 inputs | u32 hidden
//! | u32 outputs | u32 length + feature-set name (UTF-8)
//! | f32 w1[inputs][hidden] | f32 b1[hidden] | f32 w2[outputs][hidden]
//! | f32 b2[outputs] | u64 FNV-1a of everything before it
//! ```
//!
//! Another game's net (Plakoto's `PLKNET` too) is refused as such, as
//! Plakoto's reader refuses these; another feature set, shape or version
//! is refused with a message saying why, never misread. The errors are the
//! Plakoto net's [`WeightsError`], so every caller reports all alike.

use std::path::Path;

use super::NetInputs;
use super::network::GameNetwork;
use crate::binary_file::{fnv1a, write_atomically};
use crate::eval::net::weights::{WeightsError, read_layers, refuse_other_game};

/// Version of the layout above.
pub const FORMAT_VERSION: u32 = 1;
/// Most hidden units a file may declare (a damaged header must not ask
/// for gigabytes).
const MAX_HIDDEN: u32 = 4096;

impl<G: NetInputs> GameNetwork<G> {
    /// The bytes of this network's weight file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + G::FEATURE_SET.len() + 4 * self.parameter_count());
        out.extend_from_slice(G::MAGIC);
        for v in [
            FORMAT_VERSION,
            G::INPUTS as u32,
            self.hidden as u32,
            G::OUTCOMES as u32,
            G::FEATURE_SET.len() as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(G::FEATURE_SET.as_bytes());
        for part in [&self.w1, &self.b1, &self.w2, &self.b2] {
            for x in part.iter() {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network from the bytes of the game's weight file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, WeightsError> {
        refuse_other_game(bytes, G::GAME)?;
        if bytes.len() < 36 || &bytes[..8] != G::MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(WeightsError::Version(version));
        }
        let (inputs, hidden, outputs) = (u32_at(12), u32_at(16), u32_at(20));
        if inputs as usize != G::INPUTS
            || outputs as usize != G::OUTCOMES
            || hidden == 0
            || !hidden.is_multiple_of(16)
            || hidden > MAX_HIDDEN
        {
            return Err(WeightsError::GameShape {
                game: G::GAME,
                inputs,
                hidden,
                outputs,
                need_inputs: G::INPUTS as u32,
                need_outputs: G::OUTCOMES as u32,
            });
        }
        let name_len = u32_at(24) as usize;
        let name_end = 28 + name_len;
        if bytes.len() < name_end || &bytes[28..name_end] != G::FEATURE_SET.as_bytes() {
            return Err(WeightsError::FeatureSet);
        }
        let hidden = hidden as usize;
        let l = read_layers(bytes, name_end, G::INPUTS, hidden, G::OUTCOMES)?;
        Ok(Self::from_parts(hidden, l.w1, l.b1, l.w2, l.b2))
    }

    /// Saves this network to `path` atomically (a temporary file, then a
    /// rename).
    pub fn save(&self, path: &Path) -> Result<(), WeightsError> {
        write_atomically(path, &self.to_bytes()).map_err(|e| WeightsError::Io(e.to_string()))
    }

    /// Loads a network from `path`.
    pub fn load(path: &Path) -> Result<Self, WeightsError> {
        let bytes = std::fs::read(path)
            .map_err(|e| WeightsError::Io(format!("{}: {e}", path.display())))?;
        Self::from_bytes(&bytes)
    }

    /// Writes the freshly initialised (random, seeded) network a training
    /// run starts from to `path`, and returns it. For the trainer only:
    /// such a file is the untrained start of a run, kept beside its
    /// checkpoints as the baseline it is measured against, never weights
    /// to play with or to embed.
    pub fn save_initial(path: &Path, hidden: usize, seed: u64) -> Result<Self, WeightsError> {
        let net = Self::random(hidden, seed);
        net.save(path)?;
        Ok(net)
    }

    /// Identity of the weights: 8 hex digits of the hash of the file
    /// bytes (computed where the bytes are written).
    pub fn short_hash(&self) -> String {
        format!("{:016x}", fnv1a(&self.to_bytes()))[..8].to_string()
    }
}
