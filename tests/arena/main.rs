//! `plakoto arena` end to end: engines as child processes, faults,
//! runs and shards.

mod engine;
mod faults;
#[path = "../support/random_engine.rs"]
mod random_engine;
mod runs;
mod shards;
