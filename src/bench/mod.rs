//! `plakoto bench …`: repeatable speed measurements whose output a person
//! can compare from run to run (speed lives here, never in tests).

pub mod movegen;
