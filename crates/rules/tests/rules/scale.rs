//! How many random positions, games and seeds the random checks use.
//!
//! `cargo test --release` runs each random check on a quarter of its full
//! sample, so the README's test command stays quick on two cores; the
//! checks are seeded, so a run is reproducible either way. After a change
//! to a game's move generation or outcomes, run the full samples and the
//! checks that only the full run holds (`#[ignore]`d):
//!
//! ```text
//! PLAKOTO_FULL_CHECKS=1 cargo test --release -p plakoto-rules -- --include-ignored
//! ```

/// The environment variable that asks for the full samples.
pub const FULL_CHECKS_ENV: &str = "PLAKOTO_FULL_CHECKS";

/// Whether the full samples were asked for.
pub fn full() -> bool {
    std::env::var(FULL_CHECKS_ENV).is_ok_and(|v| v == "1")
}

/// `full` in a full run, a quarter of it (at least one) otherwise.
pub fn sample(full_size: usize) -> usize {
    if full() {
        full_size
    } else {
        (full_size / 4).max(1)
    }
}

/// `0..full_size` seeds shifted to start at `first`, scaled as [`sample`].
pub fn seeds(first: u64, full_size: usize) -> std::ops::Range<u64> {
    first..first + sample(full_size) as u64
}
