//! plakoto — a Tavli engine: Plakoto, Portes and Fevga, and the Tavli
//! match that plays them in turn.
//!
//! This library is a facade: the work is done by the workspace's crates,
//! re-exported here under the module names the binary, the tests and the
//! benches use. Dependencies point down only, enforced by the crate
//! boundaries (docs/architecture.md):
//!
//! - [`game`] ([`plakoto_rules`]): the rules core (positions, dice, legal
//!   plays, outcomes, IDs, notation). No I/O, no evaluation, no text
//!   protocol; [`sampling`] makes seeded random positions.
//! - [`eval`], [`search`], [`match_equity`] ([`plakoto_engine`]): the
//!   evaluators, the one search of every game (the engine's game layer)
//!   and match-winning chances; [`progress`]: how long work reports how
//!   far it has got.
//! - [`record`], [`analysis`] ([`plakoto_records`]): games on record and
//!   their analysis; [`output_path`] serves the commands that write files.
//! - [`protocol`] and [`client`] ([`plakoto_protocol`]): the line protocol
//!   spoken on stdin/stdout, and a client driving any engine that speaks it.
//! - [`arena`], [`conformance`], [`bench`](mod@bench), [`analyse`] ([`plakoto_tools`]):
//!   programs over the protocol and the engine; [`progress_bar`] draws
//!   the bars of the commands that run long.
//! - [`gui`] ([`plakoto_gui`]): `plakoto gui`, the browser board.
//! - [`train`], [`benchmark`] ([`plakoto_lab`]): the research lab.

pub use plakoto_engine::game as search;
pub use plakoto_engine::{eval, match_equity, path_error, progress};
pub use plakoto_gui as gui;
pub use plakoto_lab::{benchmark, train};
pub use plakoto_protocol as protocol;
pub use plakoto_protocol::client;
pub use plakoto_records::{analysis, output_path, record};
pub use plakoto_rules as game;
pub use plakoto_rules::sampling;
pub use plakoto_tools::{analyse, arena, bench, conformance, external, progress_bar};
