//! Training checkpoints: everything `plakoto train --resume` needs to go on
//! exactly where it stopped — the settings, the counters, the weights and
//! the optimiser's moments. Written atomically (temp file + rename), in
//! every game's layout (`write_checkpoint`), under the game's magic.
//!
//! Layout: magic (`PLKCKPT\0` Plakoto, `PLKPCKPT` Portes, `PLKFCKPT`
//! Fevga) | u32 length + JSON [`TrainState`] | u32 length + weight file
//! bytes | u64 Adam steps | f32 first moments | f32 second moments | u64
//! FNV-1a of everything before it.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::learn::{Adam, ParamVecs};
use plakoto_engine::binary_file::{fnv1a, write_atomically};
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::path_error::PathError;
use plakoto_rules::Variant;

/// The settings of self-play TD(λ) training, the same in every game's
/// trainer. A resumed run keeps the ones it was started with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SelfPlaySettings {
    /// Seed of every random choice (initial weights, dice, shuffles).
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
    /// What each position's own term of the λ-return is. Runs started
    /// before this setting existed sampled it (the default).
    #[serde(default)]
    pub target: TargetKind,
}

impl SelfPlaySettings {
    /// Adds the settings to `d`, each a field of its own (a game's
    /// settings are shown flat, as when each had a type of its own).
    pub fn debug_fields(&self, d: &mut std::fmt::DebugStruct<'_, '_>) {
        d.field("seed", &self.seed)
            .field("hidden", &self.hidden)
            .field("lambda", &self.lambda)
            .field("lr", &self.lr)
            .field("batch", &self.batch)
            .field("games_per_round", &self.games_per_round)
            .field("epsilon", &self.epsilon)
            .field("target", &self.target);
    }
}

/// The settings of a run: self-play's, and the movement rules it plays
/// (Plakoto's `--rules`; every other game plays `standard`). The
/// checkpoint's JSON holds them flat; `rules` is written only when it is
/// not `standard`, so that a Portes or Fevga checkpoint reads as it always
/// has, and a Plakoto one written before this setting existed, or with
/// `"rules":"standard"`, reads as standard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainConfig {
    /// The self-play settings.
    #[serde(flatten)]
    pub self_play: SelfPlaySettings,
    /// Rules of the self-play games and arena checks (R20-R22 for
    /// Express).
    #[serde(default, skip_serializing_if = "is_standard")]
    pub rules: Variant,
}

/// Whether `rules` are the standard ones (left out of a checkpoint).
fn is_standard(rules: &Variant) -> bool {
    *rules == Variant::Standard
}

impl TrainConfig {
    /// The settings as `Debug` shows them in `--resume`'s line, under the
    /// game's name (`PortesTrainConfig { seed: 1, … }`), the rules only
    /// when they are not standard.
    pub fn named(&self, game: &str) -> impl std::fmt::Debug + '_ {
        Named {
            name: format!("{game}TrainConfig"),
            config: self,
        }
    }
}

/// [`TrainConfig::named`].
struct Named<'a> {
    name: String,
    config: &'a TrainConfig,
}

impl std::fmt::Debug for Named<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct(&self.name);
        self.config.self_play.debug_fields(&mut d);
        if !is_standard(&self.config.rules) {
            d.field("rules", &self.config.rules);
        }
        d.finish()
    }
}

/// The value of a position that its λ-return mixes in at each step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum TargetKind {
    /// The value of the play chosen for the roll the game drew (TD(λ) as
    /// Tesauro ran it): cheap, but carries the luck of that roll.
    #[default]
    Sampled,
    /// The average over all 21 rolls of the best play's value (a 1-ply
    /// look-ahead): about 21 times the work per position, without the
    /// noise of the roll drawn.
    Expected,
}

/// A run's settings and counters, as its checkpoint keeps them. A resumed
/// run keeps the settings it was started with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainState {
    /// What is computed.
    pub config: TrainConfig,
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

impl TrainState {
    /// A run of `config` that has not started.
    pub fn new(config: TrainConfig) -> TrainState {
        TrainState {
            config,
            rounds: 0,
            games: 0,
            samples: 0,
            seconds: 0.0,
            last_check_games: 0,
            best_ppg: None,
        }
    }
}

/// Why a checkpoint could not be written or read. The messages name the
/// file.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file could not be written or read.
    #[error(transparent)]
    Io(#[from] PathError),
    /// The training state could not be written as JSON.
    #[error("{0}")]
    Encode(serde_json::Error),
    /// Not a checkpoint, or cut short.
    #[error("{}: not a valid training checkpoint", .0.display())]
    NotCheckpoint(PathBuf),
    /// The checksum does not match: the file is damaged.
    #[error("{}: checkpoint checksum mismatch", .0.display())]
    Checksum(PathBuf),
    /// The training state's JSON does not read.
    #[error("{}: {source}", path.display())]
    State {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// The network inside does not read.
    #[error("{}: {source}", path.display())]
    Weights {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        source: WeightsError,
    },
}

/// Writes a checkpoint atomically in the layout of the module comment:
/// `magic`, `state` as JSON, the weight file bytes `net_bytes`,
/// Adam's steps and moments, the FNV-1a sum.
pub(crate) fn write_checkpoint<S: Serialize>(
    path: &Path,
    magic: &[u8; 8],
    state: &S,
    net_bytes: &[u8],
    adam: &Adam,
) -> Result<(), CheckpointError> {
    let json = serde_json::to_vec(state).map_err(CheckpointError::Encode)?;
    let mut out = Vec::new();
    out.extend_from_slice(magic);
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(&json);
    out.extend_from_slice(&(net_bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(net_bytes);
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

/// Reads a checkpoint that [`write_checkpoint`] wrote with `magic`: its
/// state, its net (read from the weight file bytes by `read_net`), and
/// the optimiser `new_adam` makes for them with the steps and moments
/// read in.
pub(crate) fn read_checkpoint<S: DeserializeOwned, N>(
    path: &Path,
    magic: &[u8; 8],
    read_net: impl FnOnce(&[u8]) -> Result<N, WeightsError>,
    new_adam: impl FnOnce(&N, &S) -> Adam,
) -> Result<(S, N, Adam), CheckpointError> {
    let bytes = std::fs::read(path).map_err(PathError::at(path))?;
    let bad = || CheckpointError::NotCheckpoint(path.to_path_buf());
    if bytes.len() < 24 || &bytes[..8] != magic {
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
    let state: S = serde_json::from_slice(take(len)?).map_err(|source| CheckpointError::State {
        path: path.to_path_buf(),
        source,
    })?;
    let len = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes")) as usize;
    let net = read_net(take(len)?).map_err(|source| CheckpointError::Weights {
        path: path.to_path_buf(),
        source,
    })?;
    let t = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
    let mut adam = new_adam(&net, &state);
    adam.t = t;
    // As many moments as the net has parameters.
    let count: usize = [&adam.m.w1, &adam.m.b1, &adam.m.w2, &adam.m.b2]
        .iter()
        .map(|p| p.len())
        .sum();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resume_line_names_the_games_settings() {
        let self_play = SelfPlaySettings {
            seed: 7,
            hidden: 64,
            lambda: 0.7,
            lr: 1e-3,
            batch: 64,
            games_per_round: 16,
            epsilon: 0.1,
            target: TargetKind::Expected,
        };
        let config = TrainConfig {
            self_play,
            rules: Variant::Standard,
        };
        let fields = "{ seed: 7, hidden: 64, lambda: 0.7, lr: 0.001, batch: 64, \
                      games_per_round: 16, epsilon: 0.1, target: Expected }";
        assert_eq!(
            format!("{:?}", config.named("Portes")),
            format!("PortesTrainConfig {fields}")
        );
        assert_eq!(
            format!("{:?}", config.named("Fevga")),
            format!("FevgaTrainConfig {fields}")
        );
        // Rules other than standard are shown, and only they are written.
        let express = TrainConfig {
            rules: Variant::Express,
            ..config.clone()
        };
        assert!(
            format!("{:?}", express.named("Plakoto"))
                .ends_with("target: Expected, rules: Express }")
        );
        let json = |c: &TrainConfig| serde_json::to_string(c).expect("json");
        assert!(!json(&config).contains("rules"), "{}", json(&config));
        assert!(
            json(&express).contains(r#""rules":"express""#),
            "{}",
            json(&express)
        );
        // A checkpoint that names standard rules reads as one that does not.
        let named = json(&config).replace('}', r#","rules":"standard"}"#);
        assert_eq!(
            serde_json::from_str::<TrainConfig>(&named).expect("reads"),
            config
        );
    }
}
