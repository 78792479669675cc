//! `plakoto benchmark reroll`: an existing benchmark's own decisions and
//! candidates rolled out again on other dice (another `--rollout-seed`),
//! so that the two rollouts can be pooled (`plakoto benchmark pool`).
//!
//! Why not build again with the other seed: a build samples its decisions
//! and picks their candidates with the code and net of its day, and a set
//! built by older code (`standard-v1`) is not sampled again by today's
//! builder: the decisions would differ and nothing could be pooled. A
//! re-roll reads the decisions and candidates from the file itself, so it
//! needs nothing but the rollout player, the net the header names.
//!
//! The rollouts are the builder's (`roll_out_in_stages`: the same stages,
//! the same stopping rules, every candidate of a stage on the same dice),
//! so a re-roll of a set on seed S gives what building it on seed S would
//! have given. Resumable and shardable like a build: shard K/N takes the
//! decisions whose `id mod N` is K-1, and a restarted shard skips those its
//! work file (or a `--done-in` file) holds ([`super::work`]).

use std::path::PathBuf;

use super::BenchmarkError;
use super::build::{decision_game, rank_decision};
use super::data::{Benchmark, Decision, Header, SINGLE_ROLLOUT_VERSION};
use super::staged::{StagePlan, roll_out_in_stages, rollout_settings};
use super::work::{ShardWork, checked_done};
use plakoto_engine::eval::Evaluator;
use plakoto_engine::search::{After, SearchHandle};
use plakoto_rules::{Position, Rules, position_id};

/// What to roll out again.
#[derive(Clone, Debug)]
pub struct RerollOptions {
    /// The benchmark whose decisions and candidates are rolled out.
    pub from: PathBuf,
    /// Seed of the new rollout dice (none of the source's seeds).
    pub rollout_seed: u64,
    /// This process's part of the re-roll and its work file.
    pub work: ShardWork,
}

/// The header of a re-roll of `source` on `rollout_seed`: the source's
/// options, one rollout, the new seed.
pub fn reroll_header(source: &Header, rollout_seed: u64) -> Header {
    Header {
        version: SINGLE_ROLLOUT_VERSION,
        rollout_seed,
        pooled_seeds: Vec::new(),
        ..source.clone()
    }
}

/// Rolls out (or resumes) one shard of a re-roll with `evaluator`, which
/// must be the source's rollout player (its identity under the source's
/// rules is the header's `evaluator`); progress lines go to stderr.
/// Returns the decisions rolled out now.
pub fn reroll_shard(
    options: &RerollOptions,
    evaluator: &dyn Evaluator,
) -> Result<usize, BenchmarkError> {
    let source = Benchmark::read(&options.from)?;
    let rules = Rules {
        variant: source.header.variant()?,
        ..Rules::default()
    };
    check_source(&source.header, options.rollout_seed, evaluator, rules)?;
    let header = reroll_header(&source.header, options.rollout_seed);
    // A decision done before must be the source's (the same position),
    // or the work file belongs to another benchmark of the same options.
    let done = checked_done(
        &options.work.start(&header)?,
        |id| {
            let i = source.decisions.binary_search_by_key(&id, |s| s.id).ok()?;
            Some(source.decisions[i].position.clone())
        },
        &format!("is none of {}'s", options.from.display()),
    )?;
    let mine = options
        .work
        .select(source.decisions.iter().map(|d| (d.id, d)), &done);
    eprintln!(
        "benchmark reroll, shard {}: {} decisions in {}, {} done before, {} to do now",
        options.work.shard,
        source.decisions.len(),
        options.from.display(),
        done.len(),
        mine.len()
    );
    let search = SearchHandle::borrowing(evaluator)
        .with_settings(rollout_settings(&header, options.work.threads))
        .map_err(|e| BenchmarkError::Options(e.to_string()))?;
    let mut roller = Reroller {
        rules,
        search,
        plan: StagePlan::for_seed(&header, options.rollout_seed),
    };
    options
        .work
        .run(&mine, |_, decision| roller.reroll(decision).map(Some))
}

/// Refuses a re-roll that could not be pooled with its source.
fn check_source(
    source: &Header,
    rollout_seed: u64,
    evaluator: &dyn Evaluator,
    rules: Rules,
) -> Result<(), BenchmarkError> {
    let identity = evaluator.identity_under(rules);
    if identity != source.evaluator {
        return Err(BenchmarkError::Options(format!(
            "the benchmark was rolled out by {}, not by {identity}: a re-roll needs the same player (give its weights with --weights)",
            source.evaluator
        )));
    }
    if source.rollout_seeds().contains(&rollout_seed) {
        return Err(BenchmarkError::Options(format!(
            "the benchmark is rolled out on seed {rollout_seed} already: a re-roll needs dice of its own (another --rollout-seed)"
        )));
    }
    if !source.race_exact {
        return Err(BenchmarkError::Format(
            "a benchmark whose rollouts do not stop at the race database cannot be rolled out again"
                .to_string(),
        ));
    }
    Ok(())
}

/// The per-decision work, with reused search buffers.
struct Reroller<'a> {
    rules: Rules,
    /// The rollout player's evaluator and settings, which also lists the
    /// turn's plays.
    search: SearchHandle<'a>,
    plan: StagePlan,
}

impl Reroller<'_> {
    /// `decision` with its candidates rolled out on the new dice; all but
    /// the candidates' rolled-out figures (and their order) as in the
    /// source.
    fn reroll(&mut self, decision: &Decision) -> Result<Decision, BenchmarkError> {
        let turn = decision.turn.turn(self.rules.variant)?;
        let game = decision_game(self.rules, &decision.position()?, turn)?;
        // The plays of the turn, to find each candidate's play and what
        // follows it (the numbers an Express play passes on).
        let (_, ranking) = rank_decision(&mut self.search, &game, 0)?;
        let candidates: Vec<(Position, After)> = decision
            .candidates
            .iter()
            .map(|c| {
                ranking
                    .plays
                    .iter()
                    .find(|r| position_id(&r.play.position) == c.after)
                    .map(|r| (r.play.position, r.after))
                    .ok_or_else(|| {
                        BenchmarkError::Format(format!(
                            "decision {}: candidate {} ({}) is none of the turn's plays",
                            decision.id, c.play, c.after
                        ))
                    })
            })
            .collect::<Result<_, _>>()?;
        let staged = roll_out_in_stages(
            decision.id,
            &candidates,
            self.rules,
            self.search.evaluator(),
            self.search.settings(),
            &self.plan,
        )?;
        let candidates = staged.ordered_candidates(&decision.candidates);
        let played = decision
            .played
            .map(|i| &decision.candidates[i].after)
            .and_then(|after| candidates.iter().position(|c| c.after == *after));
        Ok(Decision {
            played,
            candidates,
            ..decision.clone()
        })
    }
}
