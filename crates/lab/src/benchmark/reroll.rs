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
use super::data::{Benchmark, Decision, Header, SINGLE_ROLLOUT_VERSION};
use super::staged::{StagePlan, checked_rollout_settings, roll_out_in_stages};
use super::starts::DecisionTurn;
use super::work::{ShardWork, checked_done};
use crate::LabGame;
use plakoto_engine::game::express::CHOICE_LIMIT;
use plakoto_engine::game::{GameEvaluator, GameSearch, SearchSettings};
use plakoto_rules::Plakoto;
use plakoto_rules::{Rules, TavliGame};

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
    evaluator: &dyn GameEvaluator<Plakoto>,
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
    let settings = checked_rollout_settings(&header, options.work.threads)?;
    let game = Plakoto::new(rules);
    let mut roller = Reroller {
        game: &game,
        evaluator,
        settings,
        search: GameSearch::new(),
        generator: game.generator_listing_at_most(CHOICE_LIMIT),
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
    evaluator: &dyn GameEvaluator<Plakoto>,
    rules: Rules,
) -> Result<(), BenchmarkError> {
    let identity = evaluator.identity_in(&Plakoto::new(rules));
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
struct Reroller<'a, G: LabGame> {
    game: &'a G,
    /// The rollout player, which also lists the turn's plays.
    evaluator: &'a dyn GameEvaluator<G>,
    /// The rollouts' settings.
    settings: SearchSettings,
    search: GameSearch<G>,
    /// Lists a turn's plays, at most [`CHOICE_LIMIT`].
    generator: G::Generator,
    plan: StagePlan,
}

impl<G: LabGame> Reroller<'_, G> {
    /// `decision` with its candidates rolled out on the new dice; all but
    /// the candidates' rolled-out figures (and their order) as in the
    /// source.
    fn reroll(&mut self, decision: &Decision) -> Result<Decision, BenchmarkError> {
        let game = self.game;
        let position = game
            .parse_position_id(&decision.position)
            .map_err(|e| BenchmarkError::Format(format!("decision {}: {e}", decision.id)))?;
        let to_play = game.to_play(&decision.turn)?;
        // Each candidate's play, found among the turn's plays: what follows
        // it (the numbers an Express play passes on) is the play's.
        let turn = DecisionTurn {
            game,
            evaluator: self.evaluator,
            settings: &self.settings,
            position: &position,
            to_play: &to_play,
        };
        let afters: Vec<&str> = decision
            .candidates
            .iter()
            .map(|c| c.after.as_str())
            .collect();
        let starts = turn
            .listed_starts(&afters, &mut self.search, &mut self.generator)
            .into_iter()
            .zip(&decision.candidates)
            .map(|(start, c)| {
                start.ok_or_else(|| {
                    BenchmarkError::Format(format!(
                        "decision {}: candidate {} ({}) is none of the turn's plays",
                        decision.id, c.play, c.after
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let staged = roll_out_in_stages(
            decision.id,
            &starts,
            game,
            self.evaluator,
            &self.settings,
            &self.plan,
        )?;
        self.search.trim();
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
