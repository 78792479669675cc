//! Fevga training checkpoints: everything `plakoto train --game fevga
//! --resume` needs to go on exactly where it stopped — the settings, the
//! counters, the weights and Adam's moments. Written atomically (temp
//! file + rename), checked by the same FNV-1a sum as the Plakoto ones.
//!
//! Layout: magic `PLKFCKPT` | u32 length + JSON [`FevgaTrainState`] |
//! u32 length + Fevga weight file bytes | u64 Adam steps | f32 first
//! moments | f32 second moments | u64 FNV-1a of everything before it.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::learn::lengths;
use crate::train::checkpoint::CheckpointError;
use crate::train::learn::{Adam, ParamVecs};
use plakoto_engine::binary_file::{fnv1a, write_atomically};
use plakoto_engine::eval::fevga::net::{FevgaNetwork, weights};
use plakoto_engine::path_error::PathError;

const MAGIC: &[u8; 8] = b"PLKFCKPT";

/// The settings that decide what a Fevga run computes. A resumed run
/// keeps the ones it was started with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FevgaTrainConfig {
    /// Seed of every random choice (initial weights, dice, explorations,
    /// shuffles).
    pub seed: u64,
    /// Hidden units.
    pub hidden: usize,
    /// TD(λ) trace decay.
    pub lambda: f32,
    /// Adam learning rate.
    pub lr: f32,
    /// Samples per optimiser step.
    pub batch: usize,
    /// Games played with frozen weights before learning from them.
    pub games_per_round: u64,
    /// Chance of a random play on a turn (exploration).
    pub epsilon: f32,
}

/// Progress of a Fevga run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FevgaTrainState {
    /// What is computed.
    pub config: FevgaTrainConfig,
    /// Rounds completed.
    pub rounds: u64,
    /// Games played.
    pub games: u64,
    /// Positions learnt from.
    pub samples: u64,
    /// Seconds spent training over all sessions.
    pub seconds: f64,
    /// Games at the last arena check.
    pub last_check_games: u64,
    /// Best ppg against the heuristic seen at a check.
    pub best_ppg: Option<f64>,
}

/// Writes a checkpoint atomically.
pub fn save(
    path: &Path,
    state: &FevgaTrainState,
    net: &FevgaNetwork,
    adam: &Adam,
) -> Result<(), CheckpointError> {
    let json = serde_json::to_vec(state).map_err(CheckpointError::Encode)?;
    let net_bytes = weights::to_bytes(net);
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(&json);
    out.extend_from_slice(&(net_bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(&net_bytes);
    out.extend_from_slice(&adam.t.to_le_bytes());
    for moments in [&adam.m, &adam.v] {
        for x in moments.flatten() {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    Ok(write_atomically(path, &out)?)
}

/// Reads a checkpoint.
pub fn load(path: &Path) -> Result<(FevgaTrainState, FevgaNetwork, Adam), CheckpointError> {
    let bytes = std::fs::read(path).map_err(PathError::at(path))?;
    let bad = || CheckpointError::NotCheckpoint(path.to_path_buf());
    if bytes.len() < 24 || &bytes[..8] != MAGIC {
        return Err(bad());
    }
    let body = bytes.len() - 8;
    let sum = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
    if sum != fnv1a(&bytes[..body]) {
        return Err(CheckpointError::Checksum(path.to_path_buf()));
    }
    let mut at = 8;
    let mut take = |n: usize| -> Result<&[u8], CheckpointError> {
        if at + n > body {
            return Err(bad());
        }
        let s = &bytes[at..at + n];
        at += n;
        Ok(s)
    };
    let len = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes")) as usize;
    let state: FevgaTrainState =
        serde_json::from_slice(take(len)?).map_err(|source| CheckpointError::State {
            path: path.to_path_buf(),
            source,
        })?;
    let len = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes")) as usize;
    let net = weights::from_bytes(take(len)?).map_err(|source| CheckpointError::Weights {
        path: path.to_path_buf(),
        source,
    })?;
    let t = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
    let mut adam = Adam::with_lengths(lengths(&net), state.config.lr);
    adam.t = t;
    let count = net.parameter_count();
    for moments in [&mut adam.m, &mut adam.v] {
        let raw = take(4 * count)?;
        let flat: Vec<f32> = raw
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        if !ParamVecs::unflatten(moments, &flat) {
            return Err(bad());
        }
    }
    Ok((state, net, adam))
}
