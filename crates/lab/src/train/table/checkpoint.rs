//! A game's training checkpoints: everything `plakoto train --resume`
//! needs to go on exactly where it stopped — the settings, the counters,
//! the weights and Adam's moments, in the layout of
//! [`crate::train::checkpoint`].
//!
//! Layout: the game's magic ([`LabGame::CHECKPOINT_MAGIC`]) | u32
//! length + JSON [`TrainState`] |
//! u32 length + the game's weight file bytes | u64 Adam steps | f32 first
//! moments | f32 second moments | u64 FNV-1a of everything before it.

use super::game::NetOf;
use std::path::Path;

use super::game::lengths;
use crate::LabGame;
use crate::train::checkpoint::{CheckpointError, TrainState, read_checkpoint, write_checkpoint};
use crate::train::learn::Adam;

/// Writes a checkpoint of a `G` run atomically.
pub fn save<G: LabGame>(
    path: &Path,
    state: &TrainState,
    net: &NetOf<G>,
    adam: &Adam,
) -> Result<(), CheckpointError> {
    write_checkpoint(path, G::CHECKPOINT_MAGIC, state, &G::to_bytes(net), adam)
}

/// Reads a checkpoint of a `G` run.
pub fn load<G: LabGame>(path: &Path) -> Result<(TrainState, NetOf<G>, Adam), CheckpointError> {
    read_checkpoint(
        path,
        G::CHECKPOINT_MAGIC,
        G::from_bytes,
        |net, state: &TrainState| Adam::with_lengths(lengths::<G>(net), state.config.self_play.lr),
    )
}
