//! The weight file: a small versioned binary format, written atomically.
//!
//! Layout (little-endian):
//!
//! ```text
//! magic "PLKNET\0\0" | u32 format version | u32 inputs | u32 hidden
//! | u32 outputs | u64 hash of the feature-set text
//! | f32 w1[inputs][hidden] | f32 b1[hidden] | f32 w2[outputs][hidden]
//! | f32 b2[outputs] | u64 FNV-1a of everything before it
//! ```
//!
//! A file for another feature layout, shape or version is refused with a
//! message saying why, never misread.

use std::path::Path;

use super::Network;
use super::layers::Layers;
use crate::binary_file::{fnv1a, write_atomically};
use crate::eval::features::{FEATURE_SET, INPUTS, OUTCOMES};

/// The first bytes of a Plakoto weight file.
pub const MAGIC: &[u8; 8] = b"PLKNET\0\0";
/// Version of the layout above.
pub const FORMAT_VERSION: u32 = 1;

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
    /// A shape this build cannot use.
    #[error(
        "weight file shape {inputs}-{hidden}-{outputs} is not usable (need {INPUTS} inputs, hidden a multiple of 16, {OUTCOMES} outputs)"
    )]
    Shape {
        /// Inputs in the file.
        inputs: u32,
        /// Hidden units in the file.
        hidden: u32,
        /// Outputs in the file.
        outputs: u32,
    },
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

/// Serialises `net`.
pub fn to_bytes(net: &Network) -> Vec<u8> {
    let mut out = Vec::with_capacity(48 + 4 * net.parameter_count());
    out.extend_from_slice(MAGIC);
    for v in [
        FORMAT_VERSION,
        INPUTS as u32,
        net.hidden as u32,
        OUTCOMES as u32,
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&fnv1a(FEATURE_SET.as_bytes()).to_le_bytes());
    for part in [&net.w1, &net.b1, &net.w2, &net.b2] {
        for x in part.iter() {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The first bytes of a Portes weight file (`crate::eval::portes::net`),
/// kept here so that each game's loader names the other's files.
pub const PORTES_MAGIC: &[u8; 8] = b"PLKPORT\0";

/// The first bytes of a Fevga weight file (`crate::eval::fevga::net`).
pub const FEVGA_MAGIC: &[u8; 8] = b"PLKFEVG\0";

/// The game whose weight file `bytes` is, by its magic, when it is one of
/// the three; so that each reader names another game's file as such
/// instead of calling it "not weights".
pub fn game_of_weights(bytes: &[u8]) -> Option<&'static str> {
    [
        (MAGIC, "Plakoto"),
        (PORTES_MAGIC, "Portes"),
        (FEVGA_MAGIC, "Fevga"),
    ]
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

/// Reads a network from the bytes of a weight file.
pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
    // Another game's net is named as such rather than called "not weights".
    refuse_other_game(bytes, "Plakoto")?;
    if bytes.len() < 40 || &bytes[..8] != MAGIC {
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
        || hidden > 4096
    {
        return Err(WeightsError::Shape {
            inputs,
            hidden,
            outputs,
        });
    }
    let features = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
    if features != fnv1a(FEATURE_SET.as_bytes()) {
        return Err(WeightsError::FeatureSet);
    }
    let hidden = hidden as usize;
    let l = read_layers(bytes, 32, INPUTS, hidden, OUTCOMES)?;
    Ok(Network::from_parts(hidden, l.w1, l.b1, l.w2, l.b2))
}

/// The layers of a net stored from byte `start` as little-endian `f32`
/// (w1, b1, w2, b2), followed by the FNV-1a checksum of every byte before
/// it and nothing else: the tail every game's weight file shares.
pub(crate) fn read_layers(
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

/// Saves `net` to `path` atomically.
pub fn save(net: &Network, path: &Path) -> Result<(), WeightsError> {
    write_atomically(path, &to_bytes(net)).map_err(|e| WeightsError::Io(e.to_string()))
}

/// Loads a network from `path`.
pub fn load(path: &Path) -> Result<Network, WeightsError> {
    let bytes =
        std::fs::read(path).map_err(|e| WeightsError::Io(format!("{}: {e}", path.display())))?;
    from_bytes(&bytes)
}
