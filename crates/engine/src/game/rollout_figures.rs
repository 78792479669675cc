//! What a rollout reports, whatever the game: each candidate's figures,
//! the paired errors of their differences, progress while it runs, and
//! why it could not run. Kept apart from the Plakoto rollout
//! ([`super::rollout`]) so that the shared trial machinery
//! ([`super::trials`]) can name these without importing the rollout that
//! uses it.

use super::settings::SettingsError;
use crate::eval::Probabilities;

/// A candidate's rollout figures, for the side that played it.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct RolloutResult {
    /// Mean equity.
    pub mean: f32,
    /// Standard error of the mean.
    pub std_error: f32,
    /// Games played.
    pub trials: u32,
    /// Mean outcome probabilities (frequencies; a game cut at
    /// `max_turns` counts with its static evaluation).
    pub probabilities: Probabilities,
}

/// Progress of a running rollout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutProgress {
    /// Trials finished (each covers every candidate).
    pub done: u32,
    /// Trials asked for.
    pub total: u32,
    /// The candidate leading so far (its index in the order given), with
    /// its mean equity and the standard error of that mean over the trials
    /// it has finished.
    pub leader: Option<(usize, f32, f32)>,
}

/// A rollout's figures with what the duplicate dice buy: the standard
/// error of each difference between two candidates, from the per-trial
/// differences (trial `t` played both with the same dice, so most of the
/// dice's noise cancels in the difference).
#[derive(Clone, Debug, PartialEq)]
pub struct PairedRollout {
    /// Each candidate's figures, in the order given.
    pub results: Vec<RolloutResult>,
    /// `difference_se[i][j]`: standard error of `mean[i] - mean[j]`
    /// (0 on the diagonal).
    pub difference_se: Vec<Vec<f32>>,
}

/// Why a rollout could not be run.
#[derive(Debug, thiserror::Error)]
pub enum RolloutError {
    /// The settings are out of range.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// Its worker threads could not be started.
    #[error("cannot start {threads} threads: {source}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// Why they could not start.
        source: rayon::ThreadPoolBuildError,
    },
}
