//! The tools crate's tests: one binary, so the crate is compiled once for
//! its tests instead of a second time as a unit-test harness.

mod arena_arena_game;
mod arena_counts;
mod arena_fevga_players;
mod arena_interval;
mod arena_merge;
mod arena_plakoto_players;
mod arena_plot;
mod arena_referee;
mod arena_refereed_game;
mod arena_results_file;
mod arena_run_game;
mod arena_shard;
mod arena_stats;
mod arena_tavli_match_runner;
mod arena_tavli_records;
mod arena_tavli_referee;
mod arena_tavli_runner;
mod arena_tavli_stats;
mod arena_turn;
mod bench_bench_game;
mod bench_eval;
mod bench_hint;
mod bench_table_suite;
mod conformance_positions;
mod conformance_table_game;
mod conformance_table_positions;
mod external_address;
mod external_connection;
mod progress_bar;
