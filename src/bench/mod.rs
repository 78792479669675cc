//! `plakoto bench …`: fixed, seeded suites timed on one thread, printed as
//! text or one JSON object, whose output a person can compare from run to
//! run (speed lives here, never in tests).

pub mod eval;
pub mod hint;
pub mod movegen;
pub mod pindb;
