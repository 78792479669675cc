//! Each game's outcome distribution seen from the side that starts it,
//! measured by the net's self-play, and the points of each ending: what a
//! game of the Tavli sequence is worth ([`GameModel`]). Each game's rates
//! are in its engine file (`crate::game`'s `portes.rs`, `plakoto.rs`,
//! `fevga.rs`: `PORTES_RATES`, …), written with `counts` as measured.
//!
//! The arena plays each duplicate pair's deal from both sides; the 0-ply
//! net is deterministic, so the two games of a pair are the same game
//! and a run of 20,000 games holds 10,000 distinct ones. The counts
//! are of all 20,000 (each distinct game twice); the standard errors are
//! over the 10,000 distinct games, `√(p(1 − p)/10,000)`. The counts by
//! starter are the summary's `by_starter` (`plakoto arena … --json`, or
//! `plakoto arena merge FILE --json` on a run's `--out` file).

use super::super::OutcomeRates;
use plakoto_rules::ResultKind;

/// The four ways a game is won, in the order of [`StarterRates`]' arrays.
pub const ENDINGS: [ResultKind; 4] = [
    ResultKind::Single,
    ResultKind::Double,
    ResultKind::Triple,
    ResultKind::Mother,
];

/// The share of games ending each way, from the starter's point of view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StarterRates {
    /// The starter's wins: single, double, triple, mother ([`ENDINGS`]).
    pub starter: [f64; 4],
    /// The other side's wins, in the same order.
    pub other: [f64; 4],
    /// Draws (Plakoto's both mothers pinned).
    pub draw: f64,
}

impl StarterRates {
    /// `rates` (both players together) shared equally by starter and
    /// follower: no first-move advantage.
    pub fn symmetric(rates: &OutcomeRates) -> StarterRates {
        let half = [rates.single, rates.double, rates.triple, rates.mother].map(|r| r / 2.0);
        StarterRates {
            starter: half,
            other: half,
            draw: rates.draw,
        }
    }
}

/// Counts of a self-play run by starter: (single, double, triple, mother)
/// of the starter, the same of the other side, draws, out of `games`.
pub(crate) const fn counts(
    starter: [u32; 4],
    other: [u32; 4],
    draws: u32,
    games: u32,
) -> StarterRates {
    let g = games as f64;
    StarterRates {
        starter: [
            starter[0] as f64 / g,
            starter[1] as f64 / g,
            starter[2] as f64 / g,
            starter[3] as f64 / g,
        ],
        other: [
            other[0] as f64 / g,
            other[1] as f64 / g,
            other[2] as f64 / g,
            other[3] as f64 / g,
        ],
        draw: draws as f64 / g,
    }
}

/// A game of the sequence: its rates by starter and the points of each
/// way of winning it (each game's: [`GameModel::of`], in `crate::game`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameModel {
    /// The outcome distribution from the starter's point of view.
    pub rates: StarterRates,
    /// Points of a single, double, triple and mother win ([`ENDINGS`]).
    pub points: [u8; 4],
}
