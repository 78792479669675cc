//! plakoto-records: games on record and their analysis.
//!
//! - [`record`]: the record format (`save`/`load`, the arena's records),
//!   written and read back exactly, and the replay of a record's events.
//! - [`analysis`]: `analyse`: every decision of a record searched, the
//!   text, JSON and HTML reports.
//! - [`output_path`]: files the commands write, never left half-written.
//! - [`progress`]: the progress bar long commands show on stderr.

pub mod analysis;
pub mod output_path;
pub mod progress;
pub mod record;
