//! Match play that knows the score: a match equity table for Plakoto (no
//! cube) and the valuation hook that turns a play's outcome probabilities
//! into match-winning chances (MWC) at a score.
//!
//! **The table.** `E(a, b)` is the chance that the player who needs `a`
//! points wins the match against one who needs `b`, at the start of a
//! game. A game ends single, double, triple (Tzannes), mother or draw with
//! the per-game rates of [`OutcomeRates`], each win shared equally by the
//! two players; a draw scores nothing and a new game starts (R19), so
//!
//! ```text
//! E(a, b) = Σ_k r_k/2 · (E(a − pts_k, b) + E(a, b − pts_k)) + r_draw · E(a, b)
//! ```
//!
//! solved for `E(a, b)`, with `E(≤0, b) = 1` and `E(a, ≤0) = 0`, in order
//! of `a + b`. Who starts the next game (the last winner, R19) is not
//! modelled: both players are taken to be equally strong at every start.
//! The rates were measured by the net's self-play (records.md, "Match
//! equity").
//!
//! **The hook.** A play leaving probabilities `p` for the mover is worth
//! `Σ_k p.win_k · E(a − pts_k, b) + Σ_k p.lose_k · E(a, b − pts_k) +
//! p.draw · E(a, b)` in MWC ([`MatchContext::mwc`]); in a match, the
//! engine orders its searched candidates by it (a search's valuation,
//! [`crate::game::GameRanking::order_deepest_by`]).

pub mod tavli;
mod value;

pub use value::MatchValue;

use crate::eval::Probabilities;
use plakoto_rules::{MatchScore, ResultKind, Rules, Scoring, Side, Variant};

/// The share of games ending each way (both players together).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct OutcomeRates {
    /// Single wins.
    pub single: f64,
    /// Doubles.
    pub double: f64,
    /// Triples (Tzannes only).
    pub triple: f64,
    /// Mother wins.
    pub mother: f64,
    /// Draws (both mothers pinned).
    pub draw: f64,
}

/// Standard Plakoto: 20,000 games of the net engine against itself
/// (`plakoto arena --a builtin:net --b builtin:net --games 20000 --seed 101
/// --jobs 1`): 10,704 single, 8,004 double, 1,282 mother, 10 draws. The
/// player is deterministic, so each duplicate pair is one deal played from
/// both sides: 10,000 distinct games.
pub const STANDARD_RATES: OutcomeRates = OutcomeRates {
    single: 10704.0 / 20000.0,
    double: 8004.0 / 20000.0,
    triple: 0.0,
    mother: 1282.0 / 20000.0,
    draw: 10.0 / 20000.0,
};

/// Tzannes scoring: 20,000 games (`--scoring tzannes --seed 102`): 11,190
/// single, 5,330 double, 2,728 triple, 748 mother, 4 draws.
pub const TZANNES_RATES: OutcomeRates = OutcomeRates {
    single: 11190.0 / 20000.0,
    double: 5330.0 / 20000.0,
    triple: 2728.0 / 20000.0,
    mother: 748.0 / 20000.0,
    draw: 4.0 / 20000.0,
};

/// Plakoto Express: 20,000 games (`--rules express --seed 103`), of which
/// 102 were forfeited (an illegal play in an Express low double, see
/// records.md) and left out: of the 19,898 others, 3,922 single, 14,584
/// double, 1,390 mother, 2 draws.
pub const EXPRESS_RATES: OutcomeRates = OutcomeRates {
    single: 3922.0 / 19898.0,
    double: 14584.0 / 19898.0,
    triple: 0.0,
    mother: 1390.0 / 19898.0,
    draw: 2.0 / 19898.0,
};

impl OutcomeRates {
    /// The measured rates for `rules`.
    pub fn of(rules: Rules) -> OutcomeRates {
        match (rules.variant, rules.scoring) {
            (Variant::Express, _) => EXPRESS_RATES,
            (_, Scoring::Tzannes) => TZANNES_RATES,
            _ => STANDARD_RATES,
        }
    }
}

/// Points of a win of `kind` under `scoring` ([`Scoring::points`]).
fn points(scoring: Scoring, kind: ResultKind) -> i32 {
    i32::from(scoring.points(kind))
}

/// A match equity table up to some length.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchEquityTable {
    size: usize,
    /// `e[a * (size + 1) + b]` = E(a, b), for 0 ≤ a, b ≤ size.
    e: Vec<f64>,
}

impl MatchEquityTable {
    /// The table for scores up to `size` away, from `rates` under
    /// `scoring`.
    pub fn compute(rates: &OutcomeRates, scoring: Scoring, size: u8) -> MatchEquityTable {
        let size = usize::from(size.max(1));
        let n = size + 1;
        let mut e = vec![0.0; n * n];
        let wins = [
            (rates.single / 2.0, points(scoring, ResultKind::Single)),
            (rates.double / 2.0, points(scoring, ResultKind::Double)),
            (rates.triple / 2.0, points(scoring, ResultKind::Triple)),
            (rates.mother / 2.0, points(scoring, ResultKind::Mother)),
        ];
        let at = |e: &[f64], a: i32, b: i32| -> f64 {
            if a <= 0 {
                1.0
            } else if b <= 0 {
                0.0
            } else {
                e[a as usize * n + b as usize]
            }
        };
        for total in 2..=2 * size {
            for a in 1..=size.min(total - 1) {
                let b = total - a;
                if b == 0 || b > size {
                    continue;
                }
                let (ai, bi) = (a as i32, b as i32);
                let decided: f64 = wins
                    .iter()
                    .map(|&(r, pts)| r * (at(&e, ai - pts, bi) + at(&e, ai, bi - pts)))
                    .sum();
                e[a * n + b] = decided / (1.0 - rates.draw);
            }
        }
        MatchEquityTable { size, e }
    }

    /// E(a, b): the chance that the player needing `a` points wins against
    /// one needing `b`, at the start of a game (1 when `a` ≤ 0, 0 when
    /// `b` ≤ 0).
    pub fn get(&self, a: i32, b: i32) -> f64 {
        if a <= 0 {
            1.0
        } else if b <= 0 {
            0.0
        } else {
            let (a, b) = (a.min(self.size as i32), b.min(self.size as i32));
            self.e[a as usize * (self.size + 1) + b as usize]
        }
    }
}

/// The score a side plays a match game at, and the table to value it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchContext {
    /// Points the mover still needs.
    pub mover_away: i32,
    /// Points the opponent still needs.
    pub opponent_away: i32,
    /// Scoring (the points of a mother win).
    pub scoring: Scoring,
    /// The table.
    pub table: MatchEquityTable,
}

impl MatchContext {
    /// The context of `mover` at `score` under `rules`; `None` outside a
    /// match (length 0) or once the match is decided.
    pub fn of(score: &MatchScore, mover: Side, rules: Rules) -> Option<MatchContext> {
        if score.length == 0 || score.winner().is_some() {
            return None;
        }
        let away = |s: Side| i32::from(score.length) - score.score[s.index()] as i32;
        Some(MatchContext {
            mover_away: away(mover),
            opponent_away: away(mover.other()),
            scoring: rules.scoring,
            table: MatchEquityTable::compute(&OutcomeRates::of(rules), rules.scoring, score.length),
        })
    }

    /// The mover's match-winning chance after a play leaving it `p`.
    pub fn mwc(&self, p: &Probabilities) -> f32 {
        let (a, b) = (self.mover_away, self.opponent_away);
        let e = |x: i32, y: i32| self.table.get(x, y);
        let pts = |kind| points(self.scoring, kind);
        let (s, d, t, m) = (
            pts(ResultKind::Single),
            pts(ResultKind::Double),
            pts(ResultKind::Triple),
            pts(ResultKind::Mother),
        );
        let terms = [
            (p.win_single, e(a - s, b)),
            (p.win_double, e(a - d, b)),
            (p.win_triple, e(a - t, b)),
            (p.win_mother, e(a - m, b)),
            (p.lose_single, e(a, b - s)),
            (p.lose_double, e(a, b - d)),
            (p.lose_triple, e(a, b - t)),
            (p.lose_mother, e(a, b - m)),
            (p.draw, e(a, b)),
        ];
        terms.iter().map(|(q, v)| f64::from(*q) * v).sum::<f64>() as f32
    }
}

impl MatchContext {
    /// The mover's MWC after a single win and after a single loss.
    fn single_ends(&self) -> (f64, f64) {
        let (a, b) = (self.mover_away, self.opponent_away);
        (self.table.get(a - 1, b), self.table.get(a, b - 1))
    }

    /// A difference of MWC in points of money equity (GNU Backgammon's
    /// normalised equity): `2 · Δ / (W − L)`, with `W` and `L` the mover's
    /// MWC after a single win and after a single loss, so that the swing
    /// between winning and losing a single game is 2 points, as in money
    /// play. Analysis reports match losses this way, so that error rates
    /// in millipoints keep their meaning.
    pub fn to_equity(&self, delta_mwc: f32) -> f32 {
        let (w, l) = self.single_ends();
        (2.0 * f64::from(delta_mwc) / (w - l)) as f32
    }

    /// A play's MWC as normalised equity: `(2 · MWC − (W + L)) / (W − L)`,
    /// +1 for a sure single win and −1 for a sure single loss; orders
    /// plays as MWC does.
    pub fn normalised(&self, p: &Probabilities) -> f32 {
        let (w, l) = self.single_ends();
        ((2.0 * f64::from(self.mwc(p)) - (w + l)) / (w - l)) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_the_documented_numbers() {
        // records.md, "Match equity".
        let t = MatchEquityTable::compute(&STANDARD_RATES, Scoring::Standard, 7);
        assert!((t.get(1, 2) - 0.634).abs() < 5e-4);
        assert!((t.get(3, 7) - 0.848).abs() < 5e-4);
        let t = MatchEquityTable::compute(&EXPRESS_RATES, Scoring::Standard, 7);
        assert!((t.get(1, 2) - 0.549).abs() < 5e-4);
    }

    #[test]
    fn table_is_symmetric_and_monotone() {
        for (rates, scoring) in [
            (STANDARD_RATES, Scoring::Standard),
            (TZANNES_RATES, Scoring::Tzannes),
            (EXPRESS_RATES, Scoring::Standard),
        ] {
            let t = MatchEquityTable::compute(&rates, scoring, 15);
            for a in 1..=15 {
                assert!((t.get(a, a) - 0.5).abs() < 1e-9);
                for b in 1..=15 {
                    assert!((t.get(a, b) + t.get(b, a) - 1.0).abs() < 1e-9, "{a} {b}");
                    if a > 1 {
                        assert!(t.get(a - 1, b) >= t.get(a, b));
                    }
                }
            }
        }
    }

    fn standard(mover_away: i32, opponent_away: i32) -> MatchContext {
        MatchContext {
            mover_away,
            opponent_away,
            scoring: Scoring::Standard,
            table: MatchEquityTable::compute(&STANDARD_RATES, Scoring::Standard, 2),
        }
    }

    #[test]
    fn double_match_point_values_only_winning() {
        let ctx = standard(1, 1);
        let p = Probabilities {
            win_single: 0.2,
            win_double: 0.3,
            lose_single: 0.4,
            lose_mother: 0.1,
            ..Default::default()
        };
        assert!((ctx.mwc(&p) - 0.5).abs() < 1e-6);
        // Needing 2 against 1 away, a single win is worth E(1, 1) = 1/2.
        let ctx = standard(2, 1);
        assert!((ctx.table.get(1, 1) - 0.5).abs() < 1e-9);
        let single = Probabilities {
            win_single: 1.0,
            ..Default::default()
        };
        assert!((ctx.mwc(&single) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn normalised_equity_maps_single_results_to_plus_and_minus_one() {
        let ctx = standard(2, 2);
        let win = Probabilities {
            win_single: 1.0,
            ..Default::default()
        };
        let lose = Probabilities {
            lose_single: 1.0,
            ..Default::default()
        };
        assert!((ctx.normalised(&win) - 1.0).abs() < 1e-6);
        assert!((ctx.normalised(&lose) + 1.0).abs() < 1e-6);
        // Double match point: W − L = 1, so 0.1 MWC is 0.2 points.
        assert!((standard(1, 1).to_equity(0.1) - 0.2).abs() < 1e-6);
    }
}
