//! `plakoto bench pindb`: the pin endgame database's coverage and costs —
//! positions and bytes stored, the time to build it on one thread, to read
//! it back from its cache, and to look a position up.

use std::fmt;
use std::time::Instant;

use serde::Serialize;

use super::movegen::thread_cpu_seconds;
use plakoto_engine::eval::pin_endgame::{self, PinDb};
use plakoto_engine::eval::race::RaceDb;

/// What `plakoto bench pindb` measured.
#[derive(Clone, Debug, Serialize)]
pub struct PinDbBenchReport {
    /// Positions stored (the pinner on roll; the other side's turn is one
    /// ply over them).
    pub positions: usize,
    /// Bytes of the cache file.
    pub bytes: usize,
    /// Wall milliseconds to build the tables on one thread.
    pub build_ms: f64,
    /// CPU milliseconds of that build.
    pub build_cpu_ms: f64,
    /// Milliseconds to read the tables back from bytes (checksum included).
    pub load_ms: f64,
    /// Stored entries that are not a valid pair of chances
    /// (0 ≤ double ≤ win ≤ 1); 0 expected.
    pub invalid_entries: usize,
}

impl fmt::Display for PinDbBenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "pin endgame database")?;
        writeln!(f, "  positions stored   {}", self.positions)?;
        writeln!(f, "  size               {:.1} MB", self.bytes as f64 / 1e6)?;
        writeln!(
            f,
            "  build              {:.1} s wall, {:.1} s CPU (one thread)",
            self.build_ms / 1e3,
            self.build_cpu_ms / 1e3
        )?;
        writeln!(f, "  read back          {:.0} ms", self.load_ms)?;
        write!(f, "  invalid entries    {}", self.invalid_entries)
    }
}

/// Builds the tables afresh (the race database first, not timed), checks
/// every entry and times reading them back.
pub fn run() -> PinDbBenchReport {
    RaceDb::global();
    let (started, cpu) = (Instant::now(), thread_cpu_seconds());
    let db = PinDb::build();
    let build_cpu_ms = (thread_cpu_seconds() - cpu) * 1e3;
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    let invalid_entries = db
        .entries()
        .filter(|&[win, double]| !(0.0..=1.0).contains(&win) || !(0.0..=win).contains(&double))
        .count();
    let bytes = db.to_bytes();
    let started = Instant::now();
    let read = PinDb::from_bytes(&bytes).expect("the tables read back");
    let load_ms = started.elapsed().as_secs_f64() * 1e3;
    if let Some(path) = pin_endgame::cache_path()
        && let Err(e) = plakoto_engine::binary_file::write_atomically(&path, &bytes)
    {
        log::warn!("pin endgame database not cached: {e}");
    }
    PinDbBenchReport {
        positions: read.positions(),
        bytes: bytes.len(),
        build_ms,
        build_cpu_ms,
        load_ms,
        invalid_entries,
    }
}
