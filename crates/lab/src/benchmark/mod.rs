//! The strength benchmark: decisions (a position and its roll) sampled
//! from games between varied players, whose candidate plays were rolled
//! out, and the measure of any player against them: the equity it loses
//! per decision, by phase of the game (as GNU Backgammon measured its
//! nets against rolled-out positions).
//!
//! - [`sample`]: the decisions, drawn from seeded games;
//! - [`build`]: the resumable, shardable rollouts (`plakoto benchmark
//!   build`, `plakoto benchmark merge`);
//! - [`pool`]: rollouts of the same decisions on other dice pooled
//!   (`plakoto benchmark pool`), for a benchmark with more games;
//! - [`reroll`]: a benchmark's own decisions and candidates rolled out
//!   again on other dice (`plakoto benchmark reroll`), to pool with it;
//! - [`work`]: the resumable work file of a shard of either;
//! - [`data`]: the stored form (`benchmarks/FORMAT.md`);
//! - [`score`]: `plakoto bench strength`, for every game; [`choices`]: its
//!   choices kept in a file and compared with another player's or build's;
//! - [`unlisted`]: a judged play that is no candidate, rolled out on
//!   demand (`--roll-unlisted`), for every game; `staged`: the staged
//!   rollouts it and the builders use;
//! - [`phase`]: the phase a decision is labelled with (Fevga's in its lab
//!   file, `games/fevga.rs`).
//!
//! Every game's decisions are rolled out by one builder step over the
//! game layer's search and rollout (`decision_rollouts`), and every
//! benchmark is scored the same way. A benchmark of another game (Fevga
//! first; the header's `game`) is sampled by [`sample_game`] and built by
//! [`build_game`], tied to Fevga by its lab file ([`crate::games::fevga`]);
//! Plakoto's decisions are sampled by its own mixed players ([`sample`]).

pub mod build;
pub mod build_game;
pub mod choices;
pub mod cli;
pub mod data;
mod decision_rollouts;
pub mod phase;
pub mod pool;
pub mod reroll;
pub mod sample;
pub mod sample_game;
pub mod score;
mod staged;
mod starts;
pub mod unlisted;
pub mod work;

pub use data::{Benchmark, Candidate, Decision, Header};
pub use phase::GamePhase;

use std::path::{Path, PathBuf};

/// A decision losing more than this (in points) is a blunder: the
/// strength score counts them ([`score`]), and the staged rollouts stop
/// rolling a candidate that is clearly one.
pub const BLUNDER: f32 = 0.08;

/// Why a benchmark could not be built, read or scored.
#[derive(Debug, thiserror::Error)]
pub enum BenchmarkError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// A file's content is not a benchmark of this format.
    #[error("{0}")]
    Format(String),
    /// Options that do not fit together (or do not fit the files).
    #[error("{0}")]
    Options(String),
    /// The evaluator or the search could not be set up.
    #[error("{0}")]
    Engine(String),
}

impl BenchmarkError {
    /// An I/O error on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> BenchmarkError {
        BenchmarkError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
