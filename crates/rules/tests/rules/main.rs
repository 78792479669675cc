//! The rules crate's tests: one or more tests per rule (R1–R23 in
//! `plakoto`, P1–P16 in `portes`), named after the rule; the move
//! generator against a brute-force reference (`common`); properties over
//! random games; parsers that never panic.

mod common;
mod game_layer;
mod movegen_reference;
mod parsers_never_panic;
mod plakoto;
mod portes;
mod properties;
mod refusals;
mod steps;
mod table;
