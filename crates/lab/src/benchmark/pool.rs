//! `plakoto benchmark pool`: one benchmark from several rollouts of the
//! same decisions on independent dice (the same build options but the
//! `--rollout-seed`), each candidate's games pooled.
//!
//! Why: a decision's loss is measured against the candidate that the same
//! noisy rollouts call best, so even a player that always makes the truly
//! best play is charged a positive loss on average (the winner's curse),
//! and that floor is the same for every player: it pulls every ratio of
//! two players' losses towards 1. More games per candidate lower it.
//! Rolling the decisions out again on other dice and pooling the games
//! costs what the first build cost, can run in shards on any machine, and
//! keeps every game already played.
//!
//! Pooling: a candidate's equity is the mean of its games over every
//! rollout (each rollout's equity weighted by its games), its standard
//! error the matching combination, and the candidates are ordered best
//! first again. A loss's standard error against the pooled best combines
//! each rollout's paired error of that pair: exact when the pooled best
//! was that rollout's best (or the candidate was), otherwise bounded by the
//! root sum of both candidates' errors against that rollout's best.

use std::path::{Path, PathBuf};

use super::BenchmarkError;
use super::data::{Benchmark, Candidate, Decision, FORMAT_VERSION, Header};

/// What [`pool`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolReport {
    /// The pooled benchmark, as written.
    pub benchmark: Benchmark,
    /// Decisions held by some inputs but not all (left out).
    pub not_in_every_input: usize,
}

/// One rollout's estimate of a quantity (an equity, a loss): its value,
/// its standard error, and the games behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Estimate {
    /// Games played.
    pub games: f64,
    /// The estimate.
    pub value: f64,
    /// Its standard error.
    pub error: f64,
}

/// Estimates of one quantity from rollouts on independent dice, pooled:
/// the game-weighted mean, its standard error, and all the games.
pub(crate) fn pooled(parts: &[Estimate]) -> Estimate {
    let games: f64 = parts.iter().map(|p| p.games).sum();
    let total = games.max(1.0);
    let (value, variance) = parts.iter().fold((0.0, 0.0), |(value, variance), p| {
        let weight = p.games / total;
        (
            value + weight * p.value,
            variance + (weight * p.error).powi(2),
        )
    });
    Estimate {
        games,
        value,
        error: f64::sqrt(variance),
    }
}

/// The header fields pooling ignores, blanked, to compare the rest.
fn options_of(header: &Header) -> Header {
    Header {
        rollout_seed: 0,
        pooled_seeds: Vec::new(),
        version: 0,
        ..header.clone()
    }
}

/// Pools the benchmarks `inputs` (merged files or shard work files) into
/// the compressed benchmark `out` (written atomically). Every input must
/// have been built with the same options; inputs of the same rollout seed
/// (shards) are joined first, and there must be two seeds or more. Only
/// the decisions every rollout holds are pooled, and those must have the
/// same candidates in each.
pub fn pool(inputs: &[PathBuf], out: &Path) -> Result<PoolReport, BenchmarkError> {
    let parts = inputs
        .iter()
        .map(|p| Benchmark::read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let pooled = pool_benchmarks(parts, inputs)?;
    pooled.benchmark.write_gz(out)?;
    Ok(pooled)
}

/// [`pool`] without the files: `names` name the parts in errors.
pub fn pool_benchmarks(
    parts: Vec<Benchmark>,
    names: &[PathBuf],
) -> Result<PoolReport, BenchmarkError> {
    let Some(first) = parts.first().map(|p| p.header.clone()) else {
        return Err(BenchmarkError::Options("nothing to pool".to_string()));
    };
    // One benchmark per rollout: shards of the same seed joined.
    let mut rollouts: Vec<Benchmark> = Vec::new();
    for (part, name) in parts.into_iter().zip(names) {
        if options_of(&part.header) != options_of(&first) {
            return Err(BenchmarkError::Options(format!(
                "{} was built with other options than {} ({:?} vs {:?}): only the rollout seed may differ",
                name.display(),
                names[0].display(),
                part.header,
                first
            )));
        }
        if let Some(same) = rollouts.iter_mut().find(|r| r.header == part.header) {
            same.decisions.extend(part.decisions);
            continue;
        }
        let seeds = part.header.rollout_seeds();
        if let Some(seed) = rollouts
            .iter()
            .flat_map(|r| r.header.rollout_seeds())
            .find(|s| seeds.contains(s))
        {
            return Err(BenchmarkError::Options(format!(
                "{} shares rollout seed {seed} with another input of other seeds: pooled games must be on independent dice",
                name.display()
            )));
        }
        rollouts.push(part);
    }
    if rollouts.len() < 2 {
        return Err(BenchmarkError::Options(
            "pooling needs rollouts on two rollout seeds or more; these are all on the same dice"
                .to_string(),
        ));
    }
    for r in &mut rollouts {
        r.decisions.sort_by_key(|d| d.id);
        r.decisions.dedup_by_key(|d| d.id);
    }
    let ids: std::collections::BTreeSet<usize> = rollouts
        .iter()
        .flat_map(|r| r.decisions.iter().map(|d| d.id))
        .collect();
    let mut decisions = Vec::new();
    let mut not_in_every_input = 0;
    for id in ids {
        let same: Vec<&Decision> = rollouts.iter().filter_map(|r| held_by(r, id)).collect();
        if same.len() < rollouts.len() {
            not_in_every_input += 1;
            continue;
        }
        decisions.push(pool_decision(&same)?);
    }
    let header = Header {
        version: FORMAT_VERSION,
        pooled_seeds: rollouts
            .iter()
            .flat_map(|r| r.header.rollout_seeds())
            .collect(),
        ..rollouts[0].header.clone()
    };
    Ok(PoolReport {
        benchmark: Benchmark { header, decisions },
        not_in_every_input,
    })
}

/// Decision `id` of `rollout`, if it holds it (decisions sorted by id).
fn held_by(rollout: &Benchmark, id: usize) -> Option<&Decision> {
    rollout
        .decisions
        .binary_search_by_key(&id, |d| d.id)
        .ok()
        .map(|k| &rollout.decisions[k])
}

/// One decision's rollouts (the same decision in every input) pooled.
fn pool_decision(rollouts: &[&Decision]) -> Result<Decision, BenchmarkError> {
    let first = rollouts[0];
    let mut plays: Vec<&str> = first.candidates.iter().map(|c| c.after.as_str()).collect();
    plays.sort_unstable();
    for other in &rollouts[1..] {
        let mut theirs: Vec<&str> = other.candidates.iter().map(|c| c.after.as_str()).collect();
        theirs.sort_unstable();
        if other.position != first.position || other.turn != first.turn || theirs != plays {
            return Err(BenchmarkError::Format(format!(
                "decision {}: the inputs hold different positions, numbers or candidates (built by different code or nets?)",
                first.id
            )));
        }
    }
    let mut candidates: Vec<Candidate> = first
        .candidates
        .iter()
        .map(|c| {
            let each: Vec<Estimate> = rollouts
                .iter()
                .map(|d| {
                    let e = candidate(d, &c.after);
                    Estimate {
                        games: f64::from(e.trials),
                        value: f64::from(e.equity),
                        error: f64::from(e.std_error),
                    }
                })
                .collect();
            let all = pooled(&each);
            Candidate {
                equity: all.value as f32,
                std_error: all.error as f32,
                trials: all.games as u32,
                loss_std_error: 0.0,
                ..c.clone()
            }
        })
        .collect();
    candidates.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    let best = candidates[0].after.clone();
    for c in candidates.iter_mut().skip(1) {
        c.loss_std_error = pooled_loss_error(rollouts, &best, &c.after) as f32;
    }
    let played = first
        .played
        .map(|k| &first.candidates[k].after)
        .and_then(|after| candidates.iter().position(|c| &c.after == after));
    Ok(Decision {
        played,
        candidates,
        ..first.clone()
    })
}

/// The candidate of `decision` reaching `after`; the callers have
/// checked that every rollout holds the same candidates.
fn candidate<'a>(decision: &'a Decision, after: &str) -> &'a Candidate {
    decision
        .candidates
        .iter()
        .find(|c| c.after == after)
        .expect("every rollout holds the same candidates")
}

/// The standard error of candidate `after`'s pooled loss against the
/// pooled best `best` (see the module comment).
fn pooled_loss_error(rollouts: &[&Decision], best: &str, after: &str) -> f64 {
    let paired: Vec<Estimate> = rollouts
        .iter()
        .map(|d| {
            let (b, c) = (candidate(d, best), candidate(d, after));
            let rollout_best = &d.candidates[0].after;
            let error = if rollout_best == best {
                f64::from(c.loss_std_error)
            } else if rollout_best == after {
                f64::from(b.loss_std_error)
            } else {
                f64::from(c.loss_std_error).hypot(f64::from(b.loss_std_error))
            };
            Estimate {
                games: f64::from(b.trials.min(c.trials)),
                value: 0.0,
                error,
            }
        })
        .collect();
    pooled(&paired).error
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benchmark::GamePhase;
    use crate::benchmark::data::{FORMAT_NAME, SINGLE_ROLLOUT_VERSION, TurnRecord};
    use plakoto_rules::tavli::GameKind;

    fn header(rollout_seed: u64) -> Header {
        Header {
            format: FORMAT_NAME.to_string(),
            version: SINGLE_ROLLOUT_VERSION,
            game: GameKind::Plakoto,
            rules: "standard".to_string(),
            seed: 1,
            decisions: 3,
            top_candidates: 2,
            evaluator: "net 00000000".to_string(),
            trials: 36,
            max_trials: 72,
            target_error: 0.02,
            player_plies: 0,
            max_turns: 500,
            race_exact: true,
            luck_adjust: false,
            rollout_seed,
            pooled_seeds: Vec::new(),
            disagreements_only: false,
        }
    }

    fn candidate(after: &str, equity: f32, loss_std_error: f32, trials: u32) -> Candidate {
        Candidate {
            play: format!("play {after}"),
            after: after.to_string(),
            equity,
            std_error: 0.03,
            loss_std_error,
            trials,
            ply2_equity: 0.0,
        }
    }

    fn decision(id: usize, candidates: Vec<Candidate>, played: usize) -> Decision {
        Decision {
            id,
            phase: GamePhase::Contact,
            position: "4HPwATDgc/ABMA".to_string(),
            turn: TurnRecord::Rolled { dice: [3, 1] },
            source: "net".to_string(),
            played: Some(played),
            legal_plays: 9,
            candidates,
        }
    }

    /// Two rollouts that disagree on the best play are pooled game-weighted,
    /// reordered best first, with the play made followed to its new index;
    /// a decision only one input holds is left out and counted; shards of
    /// one rollout seed are joined first.
    #[test]
    fn rollouts_pool_by_their_games_and_reorder() {
        let a = Benchmark {
            header: header(1),
            decisions: vec![
                decision(
                    0,
                    vec![
                        candidate("X", 0.30, 0.0, 72),
                        candidate("Y", 0.20, 0.02, 72),
                    ],
                    1,
                ),
                decision(1, vec![candidate("X", 0.1, 0.0, 36)], 0),
            ],
        };
        let b = Benchmark {
            header: header(2),
            decisions: vec![decision(
                0,
                vec![
                    candidate("Y", 0.50, 0.0, 216),
                    candidate("X", 0.10, 0.04, 216),
                ],
                0,
            )],
        };
        // Another shard of seed 2, holding decision 1.
        let b2 = Benchmark {
            header: header(2),
            decisions: vec![decision(1, vec![candidate("X", 0.3, 0.0, 36)], 0)],
        };
        let names = [PathBuf::from("a"), PathBuf::from("b"), PathBuf::from("b2")];
        let joined = pool_benchmarks(vec![a.clone(), b.clone(), b2], &names).unwrap();
        assert_eq!(joined.not_in_every_input, 0);
        assert_eq!(joined.benchmark.header.pooled_seeds, vec![1, 2]);
        assert_eq!(joined.benchmark.decisions.len(), 2);
        assert!((joined.benchmark.decisions[1].candidates[0].equity - 0.2).abs() < 1e-6);
        let pooled = pool_benchmarks(vec![a, b], &names).unwrap();
        assert_eq!(pooled.not_in_every_input, 1);
        let h = &pooled.benchmark.header;
        assert_eq!(
            (h.version, h.pooled_seeds.clone(), h.rollout_seed),
            (2, vec![1, 2], 1)
        );
        let d = &pooled.benchmark.decisions;
        assert_eq!(d.len(), 1);
        let (y, x) = (&d[0].candidates[0], &d[0].candidates[1]);
        // Y: (0.20·72 + 0.50·216) / 288 = 0.425; X: (0.30·72 + 0.10·216) / 288 = 0.15.
        assert_eq!((y.after.as_str(), y.trials), ("Y", 288));
        assert!((y.equity - 0.425).abs() < 1e-6 && (x.equity - 0.15).abs() < 1e-6);
        // The play made was Y: now first.
        assert_eq!(d[0].played, Some(0));
        // X's loss error: 0.02 in a (Y against a's best X, exact) weighted
        // 72/288, 0.04 in b weighted 216/288.
        let expected = ((0.25f64 * 0.02).powi(2) + (0.75f64 * 0.04).powi(2)).sqrt();
        assert!((f64::from(x.loss_std_error) - expected).abs() < 1e-6);
        assert_eq!(y.loss_std_error, 0.0);
        // The standard error of a mean of equally noisy halves shrinks.
        assert!(y.std_error < 0.03);
    }

    /// Inputs of other options, or on the same dice, are refused.
    #[test]
    fn only_rollouts_of_the_same_build_on_other_dice_pool() {
        let names = [PathBuf::from("a"), PathBuf::from("b")];
        let empty = |h: Header| Benchmark {
            header: h,
            decisions: Vec::new(),
        };
        let same_seed = pool_benchmarks(vec![empty(header(1)), empty(header(1))], &names);
        assert!(matches!(same_seed, Err(BenchmarkError::Options(m)) if m.contains("same dice")));
        let mut pooled = header(1);
        pooled.pooled_seeds = vec![1, 2];
        pooled.version = FORMAT_VERSION;
        let overlapping = pool_benchmarks(vec![empty(pooled), empty(header(2))], &names);
        assert!(
            matches!(overlapping, Err(BenchmarkError::Options(m)) if m.contains("independent"))
        );
        let mut other = header(2);
        other.max_trials = 144;
        let other_options = pool_benchmarks(vec![empty(header(1)), empty(other)], &names);
        assert!(matches!(other_options, Err(BenchmarkError::Options(m)) if m.contains("options")));
        let mismatch = Benchmark {
            header: header(2),
            decisions: vec![decision(0, vec![candidate("Z", 0.1, 0.0, 36)], 0)],
        };
        let matching = Benchmark {
            header: header(1),
            decisions: vec![decision(0, vec![candidate("X", 0.1, 0.0, 36)], 0)],
        };
        assert!(matches!(
            pool_benchmarks(vec![matching, mismatch], &names),
            Err(BenchmarkError::Format(_))
        ));
    }
}
