//! Table training checkpoints: everything `plakoto train --game portes
//! --resume` (or `fevga`) needs to go on exactly where it stopped — the
//! settings, the counters, the weights and Adam's moments, written and
//! read as the Plakoto ones are (`write_checkpoint`, `read_checkpoint`).
//!
//! Layout: the game's magic ([`TrainedGame::CHECKPOINT_MAGIC`]: `PLKPCKPT`
//! Portes, `PLKFCKPT` Fevga) | u32 length + JSON [`TableTrainState`] |
//! u32 length + the game's weight file bytes | u64 Adam steps | f32 first
//! moments | f32 second moments | u64 FNV-1a of everything before it.

use super::game::NetOf;
use std::path::Path;

use super::game::{TrainedGame, lengths};
use crate::train::checkpoint::{
    CheckpointError, RunState, SelfPlaySettings, read_checkpoint, write_checkpoint,
};
use crate::train::learn::Adam;

/// The settings of a Portes or Fevga run: self-play's alone (each game
/// is trained under its default switches).
pub type TableTrainConfig = SelfPlaySettings;

impl SelfPlaySettings {
    /// The settings as `Debug` shows them in `--resume`'s line, under the
    /// game's name (`PortesTrainConfig { seed: 1, … }`, as when each game
    /// had a type of its own).
    pub fn named<G: TrainedGame>(&self) -> impl std::fmt::Debug + '_ {
        Named {
            name: format!("{}TrainConfig", G::NAME),
            config: self,
        }
    }
}

/// [`SelfPlaySettings::named`].
struct Named<'a> {
    name: String,
    config: &'a SelfPlaySettings,
}

impl std::fmt::Debug for Named<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct(&self.name);
        self.config.debug_fields(&mut d);
        d.finish()
    }
}

/// Progress of a Portes or Fevga run: its settings and counters.
pub type TableTrainState = RunState<TableTrainConfig>;

/// Writes a checkpoint of a `G` run atomically.
pub fn save<G: TrainedGame>(
    path: &Path,
    state: &TableTrainState,
    net: &NetOf<G>,
    adam: &Adam,
) -> Result<(), CheckpointError> {
    write_checkpoint(path, G::CHECKPOINT_MAGIC, state, &G::to_bytes(net), adam)
}

/// Reads a checkpoint of a `G` run.
pub fn load<G: TrainedGame>(
    path: &Path,
) -> Result<(TableTrainState, NetOf<G>, Adam), CheckpointError> {
    read_checkpoint(
        path,
        G::CHECKPOINT_MAGIC,
        G::from_bytes,
        |net, state: &TableTrainState| Adam::with_lengths(lengths::<G>(net), state.config.lr),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::checkpoint::TargetKind;
    use plakoto_rules::tavli::{Fevga, Portes};

    #[test]
    fn the_resume_line_names_the_games_settings() {
        let config = TableTrainConfig {
            seed: 7,
            hidden: 64,
            lambda: 0.7,
            lr: 1e-3,
            batch: 64,
            games_per_round: 16,
            epsilon: 0.1,
            target: TargetKind::Expected,
        };
        let fields = "{ seed: 7, hidden: 64, lambda: 0.7, lr: 0.001, batch: 64, \
                      games_per_round: 16, epsilon: 0.1, target: Expected }";
        assert_eq!(
            format!("{:?}", config.named::<Portes>()),
            format!("PortesTrainConfig {fields}")
        );
        assert_eq!(
            format!("{:?}", config.named::<Fevga>()),
            format!("FevgaTrainConfig {fields}")
        );
    }
}
