//! Nothing to export: the benchmarks are in `benches/` (`cargo bench -p plakoto-benches`).
