//! The rules crate's tests: one or more tests per rule (R1–R23 in
//! `plakoto`, P1–P16 in `portes`, F1–F16 in `fevga` with its switches in
//! `fevga_switches`), named after the rule; the move generators against
//! brute-force references (`common`, `portes`, `fevga_reference`);
//! properties over random games; Plakoto through the game layer checked
//! against its own `Game` (`plakoto_table`); written forms
//! (`fevga_formats`); parsers that never panic.

mod common;
mod fevga;
mod fevga_common;
mod fevga_formats;
mod fevga_reference;
mod fevga_switches;
mod game_layer;
mod movegen_reference;
mod parsers_never_panic;
mod plakoto;
mod plakoto_table;
mod portes;
mod properties;
mod refusals;
mod scale;
mod steps;
mod table;
