//! plakoto-tools: programs built on the protocol and the engine.
//!
//! - [`analyse`]: the command line of `plakoto analyse` (the analysis is
//!   the records').
//! - [`arena`]: engine-vs-engine matches (`plakoto arena`): engines as
//!   child processes or built-in players, duplicate dice, shards, records.
//! - [`conformance`]: `plakoto conformance`, checks an engine against
//!   protocol.md.
//! - [`external`]: `plakoto external`, the engine as GNU Backgammon's
//!   external player (FIBS boards over a socket).
//! - [`bench`]: `plakoto bench`: speed of move generation, evaluation,
//!   hints and the pin-endgame database.
//! - [`progress_bar`]: the bars the binaries draw on stderr, and the
//!   drawing of the library crates' progress reports.

pub mod analyse;
pub mod arena;
pub mod bench;
pub mod conformance;
pub mod external;
pub mod progress_bar;
