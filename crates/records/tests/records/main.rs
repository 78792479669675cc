//! The records crate's tests in one test binary (one link, not one per
//! file): Portes records and their analysis (`portes`), and Tavli match
//! records written at every game boundary and read back (`tavli`).

mod portes;
mod tavli;
