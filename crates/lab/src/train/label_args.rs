//! The options of `plakoto refine labels` (run by `table::labels`) and
//! what follows from them alone: the label file's header, each position's
//! rollout settings, and the checks of the values. A file of its own so
//! that the command line (`refine`) names them without reaching into the
//! game-layer trainer that runs them.

use std::path::PathBuf;

use clap::Args;

use super::label_file::LabelHeader;
use super::refine_error::RefineError;
use plakoto_engine::game::{RolloutSettings, SearchSettings};
use plakoto_rules::GameKind;
use plakoto_tools::arena::referee::mix_seed;
use plakoto_tools::arena::shard::Shard;

/// Stream tag of the rollouts' dice (mixed with the seed and the index).
const ROLLOUT_STREAM: u64 = 0x1ABE_D1CE;

/// Options of `plakoto refine labels`.
#[derive(Args, Debug, Clone)]
pub struct LabelArgs {
    /// The game: portes or fevga (the nets of the game-layer trainer).
    #[arg(long)]
    pub game: GameKind,
    /// The label file: created, or resumed when it holds this run's
    /// labels already.
    #[arg(long)]
    pub out: PathBuf,
    /// Positions in the whole run (every shard samples the same list).
    #[arg(long, default_value_t = 10_000)]
    pub positions: usize,
    /// Seed of the sampled games and of the rollouts' dice.
    #[arg(long, default_value_t = 2001)]
    pub seed: u64,
    /// Chance of a random play on a turn of the sampled games.
    #[arg(long, default_value_t = 0.05)]
    pub epsilon: f32,
    /// Chance that a turn's position on roll is taken (spreads the
    /// positions over many games).
    #[arg(long, default_value_t = 0.1)]
    pub share: f64,
    /// Also take, at a taken turn where the net's 0-ply and 2-ply choices
    /// of the roll differ, the positions those two plays reach (a 2-ply
    /// search at every taken turn, in every shard).
    #[arg(long)]
    pub disagreements: bool,
    /// Rollout games a position (a multiple of 36 makes the stratified
    /// first roll exact).
    #[arg(long, default_value_t = 1296)]
    pub trials: u32,
    /// Turns after which a rolled-out game is scored by the net.
    #[arg(long, default_value_t = 500)]
    pub max_turns: u32,
    /// No luck adjustment of the rollouts' equities (the labels, the
    /// outcome frequencies, are the same either way; the equity column
    /// and its error change).
    #[arg(long)]
    pub no_luck_adjust: bool,
    /// Weights of the net that plays and rolls out (default: the
    /// engine's).
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// This process's part: the positions whose index mod N is K-1.
    #[arg(long, default_value = "1/1")]
    pub shard: Shard,
    /// Worker threads (positions rolled out at once).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// End this session after about this many minutes (the file holds
    /// what was labelled; run again to go on).
    #[arg(long)]
    pub minutes: Option<f64>,
    /// End this session after labelling this many positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Minutes between the file's saves.
    #[arg(long, default_value_t = 2.0)]
    pub save_minutes: f64,
}

impl LabelArgs {
    /// The header of the labels these options make for the game named
    /// `game` with the net `net` (its short hash).
    pub fn header(&self, game: &str, net: &str) -> LabelHeader {
        LabelHeader {
            game: game.to_string(),
            net: net.to_string(),
            positions: self.positions,
            seed: self.seed,
            epsilon: self.epsilon,
            share: self.share,
            disagreements: self.disagreements,
            trials: self.trials,
            max_turns: self.max_turns,
            luck_adjust: !self.no_luck_adjust,
        }
    }

    /// The rollout settings of position `index`: one thread (the
    /// positions are rolled out in parallel), its own dice.
    pub fn rollout_settings(&self, index: usize) -> SearchSettings {
        SearchSettings {
            threads: 1,
            rollout: RolloutSettings {
                trials: self.trials,
                seed: mix_seed(&[self.seed, index as u64, ROLLOUT_STREAM]),
                plies: 0,
                max_turns: self.max_turns,
                luck_adjust: !self.no_luck_adjust,
                race_exact: true,
                ..RolloutSettings::default()
            },
            ..SearchSettings::default()
        }
    }

    /// Refuses options no run can use.
    pub fn check(&self) -> Result<(), RefineError> {
        let bad = |m: &str| Err(RefineError::Options(m.to_string()));
        if self.positions == 0 {
            return bad("--positions must be at least 1");
        }
        if !(0.0..=1.0).contains(&self.epsilon) {
            return bad("--epsilon must be within 0-1");
        }
        if !(self.share > 0.0 && self.share <= 1.0) {
            return bad("--share must be above 0 and at most 1");
        }
        if self.threads == 0 {
            return bad("--threads must be at least 1");
        }
        if self.save_minutes.is_nan() || self.save_minutes < 0.0 {
            return bad("--save-minutes must be 0 or more");
        }
        self.rollout_settings(0)
            .validate()
            .map_err(|e| RefineError::Options(e.to_string()))
    }
}
