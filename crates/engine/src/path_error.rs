//! An input/output error on a named file or folder, shown as `PATH: error`:
//! the one error type the library's file reading and writing share (the
//! weight files, checkpoints, arena results, benchmark data).

use std::io;
use std::path::{Path, PathBuf};

/// Reading or writing `path` failed.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct PathError {
    /// The file or folder.
    pub path: PathBuf,
    /// What went wrong.
    pub source: io::Error,
}

impl PathError {
    /// `source`, which happened on `path`.
    pub fn new(path: &Path, source: io::Error) -> PathError {
        PathError {
            path: path.to_path_buf(),
            source,
        }
    }

    /// A closure for `map_err` naming `path`.
    pub fn at(path: &Path) -> impl FnOnce(io::Error) -> PathError + '_ {
        move |source| PathError::new(path, source)
    }
}
