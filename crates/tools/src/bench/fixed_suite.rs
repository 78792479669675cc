//! [`FixedSuite`]: each game's fixed, seeded suite of mid-game positions,
//! the one `bench movegen` expands and `bench eval` evaluates, so both are
//! written once for every game. One impl a game; each game keeps its own
//! seed, so a game's figures stay comparable with its earlier runs.

use plakoto_rules::TavliGame;
use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::tavli::{Fevga, Plakoto, Portes};

use super::portes_movegen::portes_suite;
use super::table_suite::{FEVGA_SUITE_SEED, table_suite};

/// Seed of Plakoto's fixed suite.
pub const SUITE_SEED: u64 = 20_261_121;

/// A game with a fixed benchmark suite.
pub trait FixedSuite: TavliGame + Default {
    /// `positions` positions from turn 6 on of seeded games, of the
    /// game's own seed.
    fn fixed_suite(positions: usize) -> Vec<Self::Position>;
}

impl FixedSuite for Plakoto {
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        midgame_suite(SUITE_SEED, positions, 6)
    }
}

impl FixedSuite for Portes {
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        portes_suite(positions)
    }
}

impl FixedSuite for Fevga {
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        table_suite(Fevga::default(), FEVGA_SUITE_SEED, positions, 6)
    }
}
