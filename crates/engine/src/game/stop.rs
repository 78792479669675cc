//! Stopping a search from outside it: the engine's input reader says
//! "stop everything sent before line N" by raising a shared counter, and
//! a search started for line `k` stops once the counter passes `k`. A
//! search checks it where it checks its deadline (at each chance node it
//! expands, every few milliseconds at most); a rollout checks it at each
//! turn of its games and in the searches its player makes, drops the
//! trial it cut short, and answers with the trials it completed.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Whether the search under way has been told to stop. The default never
/// stops (tools, tests, the arena's own players).
#[derive(Clone, Debug, Default)]
pub struct Stop {
    signal: Option<(Arc<AtomicU64>, u64)>,
}

impl Stop {
    /// A search that nothing stops.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// A search for input line `line`, stopped once `stop_before` holds a
    /// number greater than `line` (a `stop` read after it).
    pub fn after_line(stop_before: Arc<AtomicU64>, line: u64) -> Stop {
        Stop {
            signal: Some((stop_before, line)),
        }
    }

    /// Whether the search should end now.
    pub fn is_set(&self) -> bool {
        self.signal
            .as_ref()
            .is_some_and(|(before, line)| before.load(Ordering::Relaxed) > *line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_reaches_only_the_lines_before_it() {
        let counter = Arc::new(AtomicU64::new(0));
        let third = Stop::after_line(counter.clone(), 3);
        let fifth = Stop::after_line(counter.clone(), 5);
        assert!(!third.is_set() && !fifth.is_set() && !Stop::never().is_set());
        counter.fetch_max(4, Ordering::Relaxed);
        assert!(third.is_set());
        assert!(!fifth.is_set());
    }
}
