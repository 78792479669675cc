//! Exact values from the endgame databases, wherever one covers a
//! position: the race database ([`super::race`]) and the pin endgame
//! database ([`super::pin_endgame`]). The net answers with them instead of
//! its own estimate, at the leaves of a search and in rollouts alike, and
//! `eval`/`hint` say when a value came from one.

use std::fmt;

use super::{Probabilities, pin_endgame, race};
use plakoto_rules::{Position, Rules};

/// Which database settled a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExactDatabase {
    /// Two bear-offs that can never meet ([`race`]).
    Race,
    /// A bear-off against a standing pin ([`pin_endgame`]).
    PinEndgame,
}

impl ExactDatabase {
    /// The database's name as replies write it.
    pub fn name(self) -> &'static str {
        match self {
            ExactDatabase::Race => "race database",
            ExactDatabase::PinEndgame => "pin database",
        }
    }
}

impl fmt::Display for ExactDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Makes both databases ready, waiting for a first build if need be, so
/// that what follows (a match, a benchmark, training) does not depend on
/// when they became ready.
pub fn prepare() {
    race::RaceDb::global();
    pin_endgame::PinDb::global();
}

/// The exact outcome chances of `position` (side on roll, before rolling)
/// and the database that gave them, when one covers it.
pub fn evaluate(position: &Position, rules: Rules) -> Option<(Probabilities, ExactDatabase)> {
    if let Some(p) = race::evaluate(position, rules) {
        return Some((p, ExactDatabase::Race));
    }
    pin_endgame::evaluate(position, rules).map(|p| (p, ExactDatabase::PinEndgame))
}
