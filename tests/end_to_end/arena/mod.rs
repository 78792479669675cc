//! `plakoto arena` end to end: engines as child processes, faults,
//! runs, shards and Tavli matches.

mod engine;
mod faults;
mod runs;
mod shards;
mod tavli;
