//! Each game's outcome distribution seen from the side that starts it,
//! measured by the net's self-play, and the points of each ending: what a
//! game of the Tavli sequence is worth ([`GameModel`]).
//!
//! The arena plays each duplicate pair's deal from both sides; the 0-ply
//! net is deterministic, so the two games of a pair are the same game
//! and a run of 20,000 games holds 10,000 distinct ones. The counts below
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

    /// The starter's share of the decided games.
    pub fn starter_share(&self) -> f64 {
        let won: f64 = self.starter.iter().sum();
        won / (won + self.other.iter().sum::<f64>())
    }

    /// The share of wins, either side's, that are worth more than a single.
    pub fn gammon_share(&self) -> f64 {
        let big = |w: &[f64; 4]| w[1] + w[2] + w[3];
        let all: f64 = self.starter.iter().chain(&self.other).sum();
        (big(&self.starter) + big(&self.other)) / all
    }
}

/// Counts of a self-play run by starter: (single, double, triple, mother)
/// of the starter, the same of the other side, draws, out of `games`.
const fn counts(starter: [u32; 4], other: [u32; 4], draws: u32, games: u32) -> StarterRates {
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

/// Portes (Greek opening): 20,000 games of the net against itself
/// (`plakoto arena --game portes --a builtin:net --b builtin:net --games
/// 20000 --seed 301 --jobs 1`): the starter won 7,568 single and 2,970
/// double, the other side 6,964 single and 2,498 double. The starter wins
/// 52.7% ± 0.50% of games; rates 0.378 ± 0.005, 0.149 ± 0.004, 0.348 ±
/// 0.005, 0.125 ± 0.003 (standard errors). Backgammons are counted as
/// doubles (P11's default scoring).
pub const PORTES_RATES: StarterRates = counts([7568, 2970, 0, 0], [6964, 2498, 0, 0], 0, 20000);

/// Standard Plakoto: 20,000 games (`plakoto arena --game plakoto --a
/// builtin:net --b builtin:net --games 20000 --seed 302 --jobs 1`): the
/// starter won 5,656 single, 4,288 double and 596 mother, the other side
/// 5,858 single, 3,178 double and 414 mother; 10 draws. The starter wins
/// 52.7% ± 0.50% of decided games; rates 0.283 ± 0.005, 0.214 ± 0.004,
/// 0.030 ± 0.002, 0.293 ± 0.005, 0.159 ± 0.004, 0.021 ± 0.001, draws
/// 0.0005 ± 0.0002.
pub const PLAKOTO_RATES: StarterRates =
    counts([5656, 4288, 0, 596], [5858, 3178, 0, 414], 10, 20000);

/// Plakoto under Tzannes scoring (R18): 20,000 games (`… --game plakoto
/// --scoring tzannes --seed 304`): the starter won 5,908 single, 2,856
/// double, 1,630 triple and 426 mother, the other side 5,568, 2,168,
/// 1,112 and 332; no draws. The starter wins 54.1% ± 0.50%; standard
/// errors of the rates 0.005 or less.
pub const PLAKOTO_TZANNES_RATES: StarterRates =
    counts([5908, 2856, 1630, 426], [5568, 2168, 1112, 332], 0, 20000);

/// Fevga (the specification's default switches, Greek opening): 20,000
/// games (`… --game fevga --seed 303`): the starter won 9,146 single and
/// 2,396 double, the other side 7,458 single and 1,000 double. The
/// starter wins 57.7% ± 0.49%, the largest first-move advantage of the
/// three games; rates 0.457 ± 0.005, 0.120 ± 0.003, 0.373 ± 0.005, 0.050
/// ± 0.002.
pub const FEVGA_RATES: StarterRates = counts([9146, 2396, 0, 0], [7458, 1000, 0, 0], 0, 20000);

/// A game of the sequence: its rates by starter and the points of each
/// way of winning it (each game's: [`GameModel::of`], in `crate::game`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameModel {
    /// The outcome distribution from the starter's point of view.
    pub rates: StarterRates,
    /// Points of a single, double, triple and mother win ([`ENDINGS`]).
    pub points: [u8; 4],
}
