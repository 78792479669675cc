//! plakoto — a Plakoto (Greek backgammon) engine.
//!
//! The crate is layered; dependencies point down only:
//!
//! - [`game`]: the rules core (positions, dice, legal plays, outcomes, IDs,
//!   notation). No I/O, no evaluation, no text protocol.
//! - [`eval`] and `search`: evaluators and search over the rules core.
//! - [`match_equity`]: the match equity table (the chance of winning a match
//!   from a score) and the hook that values plays by it; the score itself is
//!   [`game::MatchScore`].
//! - `protocol`: the line protocol spoken on stdin/stdout.
//! - [`client`]: drives any engine speaking the protocol as a child process
//!   (used by the arena and `conformance`).
//! - `arena`: engine-vs-engine matches, a user of the protocol and the core.
//! - `conformance`: `plakoto conformance`, checks an engine against
//!   protocol.md.
//! - [`gui`]: `plakoto gui`, a browser board that drives an engine through
//!   the protocol (a protocol client, like the arena).
//! - `train`: self-play training of the neural evaluator.

pub mod analysis;
pub mod arena;
pub mod bench;
pub mod benchmark;
pub mod client;
pub mod conformance;
pub mod eval;
pub mod game;
pub mod gui;
pub mod match_equity;
pub mod output_path;
pub mod path_error;
pub mod progress;
pub mod protocol;
pub mod record;
pub mod sampling;
pub mod search;
pub mod train;
