//! End-to-end tests of the `plakoto` binary and of the programs around it,
//! one test binary (each crate's own tests live in `crates/NAME/tests/`):
//! the engine and its command line, the arena with engines as child
//! processes, conformance, the GUI server and the page in Chromium,
//! analysis and records, the pin endgame database through a real engine,
//! Slurm, the README's own commands, the documents (the rules book's
//! anchors, no links outside the repository, the root's entries), and the
//! architecture check over the sources. One binary, so that tests that
//! mostly wait (a browser, Slurm's daemons, an engine child) run beside
//! those that compute.

mod analysis;
mod architecture;
mod arena;
mod conformance;
mod docs;
mod fevga_analysis;
mod gnubg;
mod gnubg_frontend;
mod gui;
mod match_play;
mod pin_endgame;
mod protocol_cli;
mod readme;
mod records;
mod slurm;
mod tavli_analysis;
mod tavli_match;

#[path = "../support/random_engine.rs"]
mod random_engine;
#[path = "../support/slurm_cluster.rs"]
mod slurm_cluster;
