//! `plakoto arena` end to end: engines as child processes, faults,
//! runs, shards, Portes and Fevga records and Tavli matches.

mod engine;
mod faults;
mod runs;
mod shards;
mod table_records;
mod tavli;
