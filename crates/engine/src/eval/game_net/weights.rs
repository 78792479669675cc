//! A game's weight file: versioned, little-endian, written atomically;
//! one layout, each game's file under its own magic
//! ([`NetInputs::MAGIC`]: `PLKNET` for Plakoto, `PLKPORT` for Portes,
//! `PLKFEVG` for Fevga).
//!
//! ```text
//! magic | u32 format version | u32 inputs | u32 hidden | u32 outputs
//! | the input layout: u32 length + its name (UTF-8), or for Plakoto
//!   u64 FNV-1a of its name ([`LayoutField`])
//! | f32 w1[inputs][hidden] | f32 b1[hidden] | f32 w2[outputs][hidden]
//! | f32 b2[outputs] | u64 FNV-1a of everything before it
//! ```
//!
//! Another game's net is refused as such; another input layout, shape or
//! version is refused with a message saying why, never misread.

use std::path::Path;

use super::layers::Layers;
use super::network::GameNetwork;
use super::{LayoutField, NetInputs};
use crate::NET_FILES;
use crate::binary_file::{fnv1a, write_atomically};

/// Version of the layout above.
pub const FORMAT_VERSION: u32 = 1;
/// Most hidden units a file may declare (a damaged header must not ask
/// for gigabytes).
const MAX_HIDDEN: u32 = 4096;

/// The game whose weight file `bytes` is, by its magic (each game's net
/// names its own, [`NetInputs::MAGIC`]), when it is one of the games; so
/// that each reader names another game's file as such instead of calling
/// it "not weights".
pub fn game_of_weights(bytes: &[u8]) -> Option<&'static str> {
    NET_FILES
        .into_iter()
        .find(|(magic, _)| bytes.starts_with(*magic))
        .map(|(_, game)| game)
}

/// Refuses `bytes` as another game's weight file when its magic is not
/// `wanted`'s.
pub(crate) fn refuse_other_game(bytes: &[u8], wanted: &'static str) -> Result<(), WeightsError> {
    match game_of_weights(bytes) {
        Some(found) if found != wanted => Err(WeightsError::OtherGame { found, wanted }),
        _ => Ok(()),
    }
}

/// Why a weight file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// Not a weight file (wrong magic) or cut short.
    #[error("not a plakoto weight file (or truncated)")]
    NotWeights,
    /// Another format version.
    #[error("weight file format version {0}, this build reads {FORMAT_VERSION}")]
    Version(u32),
    /// Written for another feature layout.
    #[error("weight file was trained on another feature set")]
    FeatureSet,
    /// The checksum does not match: the file is damaged.
    #[error("weight file checksum mismatch (damaged file)")]
    Checksum,
    /// Reading or writing failed (the message names the file).
    #[error("{0}")]
    Io(String),
    /// A weight file of another game's net: a Portes net where a Plakoto
    /// one was wanted, or the other way round.
    #[error("this is a {found} weight file, not a {wanted} one")]
    OtherGame {
        /// The game the file's net plays.
        found: &'static str,
        /// The game asked for.
        wanted: &'static str,
    },
    /// A Portes or Fevga weight file of a shape this build cannot use.
    #[error(
        "{game} weight file shape {inputs}-{hidden}-{outputs} is not usable (need {need_inputs} inputs, hidden a multiple of 16, {need_outputs} outputs)"
    )]
    GameShape {
        /// The game whose file it is.
        game: &'static str,
        /// Inputs in the file.
        inputs: u32,
        /// Hidden units in the file.
        hidden: u32,
        /// Outputs in the file.
        outputs: u32,
        /// Inputs this build's net of the game has.
        need_inputs: u32,
        /// Outcomes this build's net of the game has.
        need_outputs: u32,
    },
    /// No trained net of this game is built in (its embedded weight file
    /// is empty) and no file was named instead.
    #[error("no trained {game} net is built into this binary; name a weight file with {env}")]
    NotTrained {
        /// The game.
        game: &'static str,
        /// The environment variable that names a weight file.
        env: &'static str,
    },
}

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
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        match G::LAYOUT_FIELD {
            LayoutField::Name => {
                out.extend_from_slice(&(G::FEATURE_SET.len() as u32).to_le_bytes());
                out.extend_from_slice(G::FEATURE_SET.as_bytes());
            }
            LayoutField::Hash => {
                out.extend_from_slice(&fnv1a(G::FEATURE_SET.as_bytes()).to_le_bytes())
            }
        }
        for part in [&self.w1[..], &self.b1, &self.w2, &self.b2] {
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
        // The fixed header: up to the input layout's hash or name length.
        if bytes.len() < 32 || &bytes[..8] != G::MAGIC {
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
        let layers_start = match G::LAYOUT_FIELD {
            LayoutField::Name => {
                let name_end = 28 + u32_at(24) as usize;
                if bytes.len() < name_end || &bytes[28..name_end] != G::FEATURE_SET.as_bytes() {
                    return Err(WeightsError::FeatureSet);
                }
                name_end
            }
            LayoutField::Hash => {
                let hash = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
                if hash != fnv1a(G::FEATURE_SET.as_bytes()) {
                    return Err(WeightsError::FeatureSet);
                }
                32
            }
        };
        let hidden = hidden as usize;
        let l = read_layers(bytes, layers_start, G::INPUTS, hidden, G::OUTCOMES)?;
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

/// The layers of a net stored from byte `start` as little-endian `f32`
/// (w1, b1, w2, b2), followed by the FNV-1a checksum of every byte before
/// it and nothing else: the tail every game's weight file shares.
fn read_layers(
    bytes: &[u8],
    start: usize,
    inputs: usize,
    hidden: usize,
    outputs: usize,
) -> Result<Layers, WeightsError> {
    let floats = inputs * hidden + hidden + outputs * hidden + outputs;
    let end = start + 4 * floats;
    if bytes.len() != end + 8 {
        return Err(WeightsError::NotWeights);
    }
    let sum = u64::from_le_bytes(bytes[end..end + 8].try_into().expect("8 bytes"));
    if sum != fnv1a(&bytes[..end]) {
        return Err(WeightsError::Checksum);
    }
    let mut values = bytes[start..end]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")));
    let mut take = |n: usize| -> Vec<f32> { values.by_ref().take(n).collect() };
    let layers = Layers {
        w1: take(inputs * hidden),
        b1: take(hidden),
        w2: take(outputs * hidden),
        b2: take(outputs),
    };
    if [&layers.w1, &layers.b1, &layers.w2, &layers.b2]
        .iter()
        .any(|v| v.iter().any(|x| !x.is_finite()))
    {
        return Err(WeightsError::NotWeights);
    }
    Ok(layers)
}
