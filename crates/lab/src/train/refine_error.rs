//! Why a `plakoto refine` command failed. A file of its own because the
//! commands (`refine`) and the files they read (`target_line`,
//! `rollout_targets`) all report with it.

use std::path::{Path, PathBuf};

/// Why refining failed.
#[derive(Debug, thiserror::Error)]
pub enum RefineError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// A target line that cannot be read.
    #[error("{path}: line {line}: {message}")]
    Target {
        /// The file.
        path: PathBuf,
        /// Its line (1-based).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The net's weights.
    #[error("weights: {0}")]
    Weights(String),
    /// Options that do not fit.
    #[error("{0}")]
    Options(String),
}

/// Maps an I/O error on `path` to a [`RefineError`].
pub(super) fn io(path: &Path) -> impl Fn(std::io::Error) -> RefineError + '_ {
    move |source| RefineError::Io {
        path: path.to_path_buf(),
        source,
    }
}
