//! Rollout targets for `plakoto refine fit`, from rolled-out decisions
//! (`plakoto refine from-benchmark`): every candidate of a benchmark-format
//! file becomes a target line whose equity is the candidate's rollout.
//!
//! Why: nets fitted on 2-ply labels stop short of their teacher, and the
//! teacher itself is wrong where 2 ply misjudges a play; rollouts are the
//! benchmark's own notion of the right play (issue 18). A rollout gives an
//! equity, not the nine-outcome distribution a target line holds, so the
//! target is the net's own distribution at the position, tilted to the
//! rolled-out equity: of all distributions with that equity, the one
//! closest to the net's in relative entropy (each outcome's probability
//! times `exp(λ · its value)`, λ solved by bisection). The net is then
//! taught the equity the rollout measured and nothing about the outcomes'
//! split that the rollout did not measure.

use std::path::Path;

use crate::benchmark::data::Benchmark;
use plakoto_engine::eval::features::OUTCOMES;
use plakoto_engine::eval::{GameEvaluator, NetEvaluator, race};
use plakoto_rules::Plakoto;
use plakoto_rules::{Rules, Scoring, game_result, parse_position_id, position_id};

use super::refine_error::RefineError;
use super::target_line::TargetLine;
use plakoto_engine::eval::net::OUTCOME_EQUITY as OUTCOME_VALUE;

/// How far inside the reachable range of equities a target is kept: an
/// equity at the very edge would need an infinite tilt.
const EDGE: f32 = 1e-3;

/// `base` tilted towards `equity`: `base[k] · exp(λ · v[k])`, normalised,
/// with λ such that the standard equity is `equity` (clamped into what the
/// outcomes `base` allows can reach). Outcomes with no probability in
/// `base` stay at zero.
pub fn tilt_to_equity(base: &[f32; OUTCOMES], equity: f32) -> [f32; OUTCOMES] {
    let support = || (0..OUTCOMES).filter(|&k| base[k] > 0.0);
    let lowest = support().map(|k| OUTCOME_VALUE[k]).fold(f32::MAX, f32::min);
    let highest = support().map(|k| OUTCOME_VALUE[k]).fold(f32::MIN, f32::max);
    if lowest >= highest {
        // One value only: nothing to tilt.
        return *base;
    }
    let goal = equity.clamp(lowest + EDGE, highest - EDGE);
    let tilted = |lambda: f64| {
        let mut t = [0.0f64; OUTCOMES];
        // Subtracting the largest exponent keeps exp() finite.
        let top = support()
            .map(|k| lambda * f64::from(OUTCOME_VALUE[k]))
            .fold(f64::MIN, f64::max);
        for k in support() {
            t[k] = f64::from(base[k]) * (lambda * f64::from(OUTCOME_VALUE[k]) - top).exp();
        }
        let sum: f64 = t.iter().sum();
        t.iter_mut().for_each(|x| *x /= sum);
        t
    };
    let equity_of = |t: &[f64; OUTCOMES]| -> f64 {
        (0..OUTCOMES)
            .map(|k| t[k] * f64::from(OUTCOME_VALUE[k]))
            .sum()
    };
    // The equity rises with λ; bisect on a range wide enough for any goal
    // inside the edges.
    let (mut lo, mut hi) = (-60.0f64, 60.0f64);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if equity_of(&tilted(mid)) < f64::from(goal) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let t = tilted(0.5 * (lo + hi));
    std::array::from_fn(|k| t[k] as f32)
}

/// What a conversion kept and skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conversion {
    /// Decisions with at least two candidates taught.
    pub decisions: usize,
    /// Target lines written.
    pub lines: usize,
    /// Candidates skipped: the game is over after the play, or the race
    /// database values the position exactly (the net is not used there).
    pub skipped: usize,
}

/// The target lines of every decision in `benchmark` whose candidates
/// reach at least two positions the net values: each candidate's position
/// after the play with the opponent on roll, its equity the negated
/// rollout equity, its distribution `net`'s tilted to it. `index` is the
/// decision's id, shared by its candidates (consecutive lines), as `refine
/// targets --candidates` writes them.
pub fn rollout_target_lines(
    net: &NetEvaluator,
    benchmark: &Benchmark,
    path: &Path,
) -> Result<(Vec<TargetLine>, Conversion), RefineError> {
    let variant = benchmark
        .header
        .variant()
        .map_err(|e| RefineError::Options(format!("{}: {e}", path.display())))?;
    let rules = Rules {
        variant,
        ..Rules::default()
    };
    let mut lines = Vec::new();
    let mut summary = Conversion::default();
    for decision in &benchmark.decisions {
        let mut taught = Vec::new();
        for candidate in &decision.candidates {
            let after = parse_position_id(&candidate.after).map_err(|e| {
                RefineError::Options(format!(
                    "{}: decision {}: candidate {}: {e}",
                    path.display(),
                    decision.id,
                    candidate.play
                ))
            })?;
            if game_result(&after, Scoring::Standard).is_some() {
                summary.skipped += 1;
                continue;
            }
            let position = after.flip();
            if race::evaluate(&position, rules).is_some() {
                summary.skipped += 1;
                continue;
            }
            // The net gives impossible outcomes exactly zero, and the
            // tilt keeps them there.
            let base = net.network().distribution(&position);
            let target = tilt_to_equity(&base, -candidate.equity);
            taught.push(TargetLine {
                index: decision.id,
                position: position_id(&position),
                equity0: net
                    .evaluate(&Plakoto::new(rules), &position)
                    .equity(rules.scoring),
                equity: -candidate.equity,
                target,
            });
        }
        if taught.len() >= 2 {
            summary.decisions += 1;
            summary.lines += taught.len();
            lines.extend(taught);
        } else {
            summary.skipped += taught.len();
        }
    }
    Ok((lines, summary))
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::eval::net::standard_equity;

    #[test]
    fn a_tilted_distribution_has_the_asked_equity_and_keeps_impossible_outcomes_at_zero() {
        let base = [0.3, 0.1, 0.0, 0.05, 0.35, 0.1, 0.0, 0.1, 0.0];
        for goal in [-1.2, -0.4, 0.0, 0.25, 0.9] {
            let t = tilt_to_equity(&base, goal);
            assert!((standard_equity(&t) - goal).abs() < 1e-4, "{goal}: {t:?}");
            assert!((t.iter().sum::<f32>() - 1.0).abs() < 1e-5);
            for k in [2, 6, 8] {
                assert_eq!(t[k], 0.0);
            }
        }
    }

    #[test]
    fn tilting_to_the_base_equity_changes_nothing() {
        let base = [0.3, 0.1, 0.0, 0.05, 0.35, 0.1, 0.0, 0.1, 0.0];
        let t = tilt_to_equity(&base, standard_equity(&base));
        for k in 0..OUTCOMES {
            assert!((t[k] - base[k]).abs() < 1e-5, "{k}: {t:?}");
        }
    }

    #[test]
    fn an_equity_beyond_reach_is_clamped_inside_the_outcomes_values() {
        // Only single results possible: equities lie in (-1, 1).
        let base = [0.6, 0.0, 0.0, 0.0, 0.4, 0.0, 0.0, 0.0, 0.0];
        let t = tilt_to_equity(&base, 1.7);
        let e = standard_equity(&t);
        assert!(e < 1.0 && e > 0.99, "{e}");
    }
}
