//! Benchmarks a user runs from the command line (`plakoto bench …`): fixed,
//! seeded suites timed on one thread, printed as text or one JSON object.

pub mod hint;
