//! The protocol crate's tests: transcripts (insta snapshots), robustness
//! against any input, records that round-trip (and
//! mutated ones refused at a line), `stop`, `count`, and what an engine
//! holds between commands.

mod by_mwc;
mod count;
mod engine_stop;
mod fevga;
mod fevga_steps;
mod fibs_board;
mod game_end_ids;
mod idle_memory;
mod portes;
mod record_refusals;
mod record_round_trip;
mod robustness;
mod support;
mod table_refusals;
mod table_rollout;
mod table_steps;
mod tavli;
mod tavli_words;
mod transcripts;
