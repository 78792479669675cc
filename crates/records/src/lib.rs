//! plakoto-records: games on record and their analysis.
//!
//! - [`record`]: the record format (`save`/`load`, the arena's records),
//!   written and read back exactly, and the replay of a record's events;
//!   [`record::games`]: what a record knows of each game
//!   ([`record::GameOnRecord`]), the one place in this crate that holds a
//!   game's own knowledge.
//! - [`analysis`]: `analyse`: every decision of a record searched, the
//!   text, JSON and HTML reports.
//! - [`output_path`]: files the commands write, never left half-written.

pub mod analysis;
pub mod output_path;
pub mod record;
