//! `plakoto arena` end to end: engines as child processes, faults,
//! runs and shards.

mod engine;
mod faults;
mod runs;
mod shards;
