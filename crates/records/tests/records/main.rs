//! The records crate's tests in one test binary (one link, not one per
//! file): `plakoto analyse` as a library call (`analyse_command`), Portes
//! records and their analysis (`portes`), and Tavli match records written
//! at every game boundary and read back (`tavli`).

mod analyse_command;
mod portes;
mod tavli;
