//! The lab crate's tests: the strength benchmark, refinement, training
//! runs and the net's evaluation.

mod benchmark;
mod benchmark_fevga;
mod fevga_train;
mod labels;
mod net_eval;
mod portes_train;
mod refine;
mod refine_table;
mod train_runs;
