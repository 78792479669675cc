//! What one search may spend, given with each search as a UCI engine's
//! `go` gives its limits, never written into the searcher's settings.

use std::time::{Duration, Instant};

use super::settings::{MAX_PLIES, SearchSettings};

/// The limits of one search: its depth and its time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SearchLimits {
    /// Plies to search (GNU Backgammon's meaning; 0 is the static
    /// evaluation), at most [`MAX_PLIES`].
    pub plies: u8,
    /// Time budget in milliseconds from the start of the search; `None`
    /// is unlimited. The search deepens towards `plies` while time remains
    /// and answers with the deepest complete result.
    pub time_ms: Option<u64>,
}

impl SearchLimits {
    /// `plies` plies, no time budget.
    pub fn plies(plies: u8) -> SearchLimits {
        SearchLimits {
            plies: plies.min(MAX_PLIES),
            time_ms: None,
        }
    }

    /// These limits with the time budget replaced when `time_ms` is given
    /// (`hint … time MS`), kept otherwise.
    pub fn with_time(self, time_ms: Option<u64>) -> SearchLimits {
        SearchLimits {
            time_ms: time_ms.or(self.time_ms),
            ..self
        }
    }

    /// The deadline of a search starting now: the time budget from now.
    pub fn deadline(&self) -> Option<Instant> {
        self.time_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms))
    }
}

impl SearchSettings {
    /// The limits these settings give a search by default: their `plies`
    /// and `time_ms`, which a search reads only through the limits it is
    /// given.
    pub fn limits(&self) -> SearchLimits {
        SearchLimits {
            plies: self.plies,
            time_ms: self.time_ms,
        }
    }
}
