//! The counters of one search, for hints and benches.

/// Counters of one search, for hints and benches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SearchStats {
    /// Chance nodes expanded (21 rolls each).
    pub chance_nodes: u64,
    /// Chance nodes answered from the cache.
    pub cache_hits: u64,
    /// Positions given to the evaluator.
    pub evaluations: u64,
}

impl SearchStats {
    /// Adds another search's counters.
    pub fn add(&mut self, other: &SearchStats) {
        self.chance_nodes += other.chance_nodes;
        self.cache_hits += other.cache_hits;
        self.evaluations += other.evaluations;
    }
}
