//! `bench strength --roll-unlisted`: a judged play that is none of a
//! decision's rolled-out candidates is rolled out on demand, beside the
//! decision's best candidate, by the benchmark's own rollout player and on
//! the very dice the builder used (the same stage seeds), so that its loss
//! is measured as the candidates' were instead of being charged the worst
//! candidate's. Without it a net that plays differently from the one that
//! built the benchmark is charged for every play the builder did not think
//! of.

use super::BenchmarkError;
use super::build::rank_decision;
use super::data::{Decision, Header};
use super::pool::{Estimate, pooled};
use super::staged::{StagePlan, StagedRollout, roll_out_in_stages, rollout_settings};
use plakoto_engine::eval::Evaluator;
use plakoto_engine::search::{SearchHandle, after_play};
use plakoto_rules::{Game, Play, Rules, TurnNumbers, position_id};

/// The benchmark's rollout player and its settings, ready to roll out a
/// play on a decision's dice.
pub struct UnlistedRollouts<'a> {
    /// The rollout player's evaluator and settings (its buffers unused:
    /// each thread searches with a [`Self::searcher`] of its own).
    search: SearchHandle<'a>,
    /// One plan per rollout seed: a pooled benchmark's play is rolled out
    /// on the dice of every rollout that was pooled, and pooled the same
    /// way (`super::pool`).
    plans: Vec<StagePlan>,
}

/// A play's rolled-out loss against the decision's best candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolledLoss {
    /// Loss in points (0 when the play did better than the best candidate
    /// over the same games: it would have been the best).
    pub loss: f32,
    /// Standard error of the paired difference.
    pub std_error: f32,
}

impl RolledLoss {
    /// The second play's loss against the first (the best candidate) in
    /// each of `staged` (one a rollout plan), pooled by the games both
    /// plays had, and clamped at 0 only once pooled.
    pub(crate) fn pooled(staged: &[StagedRollout]) -> RolledLoss {
        let parts: Vec<Estimate> = staged
            .iter()
            .map(|staged| {
                let (value, error) = staged.loss(0, 1);
                Estimate {
                    games: staged.trials[0].min(staged.trials[1]),
                    value,
                    error,
                }
            })
            .collect();
        let loss = pooled(&parts);
        RolledLoss {
            loss: loss.value.max(0.0) as f32,
            std_error: loss.error as f32,
        }
    }
}

impl<'a> UnlistedRollouts<'a> {
    /// The rollouts of `header`'s benchmark, played by `evaluator`, which
    /// must be the evaluator that built it: its identity under the
    /// benchmark's rules must be the header's `evaluator`.
    pub fn for_benchmark(
        header: &Header,
        evaluator: &'a dyn Evaluator,
    ) -> Result<UnlistedRollouts<'a>, BenchmarkError> {
        let rules = Rules {
            variant: header.variant()?,
            ..Rules::default()
        };
        let identity = evaluator.identity_under(rules);
        if identity != header.evaluator {
            return Err(BenchmarkError::Options(format!(
                "the benchmark was rolled out by {}, not by {identity}: its unlisted plays can be rolled out only by the same player",
                header.evaluator
            )));
        }
        if !header.race_exact {
            return Err(BenchmarkError::Format(
                "a benchmark whose rollouts do not stop at the race database cannot have plays rolled out again"
                    .to_string(),
            ));
        }
        let search = SearchHandle::borrowing(evaluator)
            .with_settings(rollout_settings(header, 1))
            .map_err(|e| BenchmarkError::Options(e.to_string()))?;
        Ok(UnlistedRollouts {
            search,
            plans: header
                .rollout_seeds()
                .into_iter()
                .map(|rollout_seed| StagePlan::for_seed(header, rollout_seed))
                .collect(),
        })
    }

    /// A search handle for one thread's [`Self::loss`]: the rollout
    /// player's evaluator and settings, with buffers of its own.
    pub fn searcher(&self) -> SearchHandle<'_> {
        self.search.fork()
    }

    /// Rolls `play` (a play of `game`, the game standing at `decision`) out
    /// beside the decision's best candidate, in the builder's stages and on
    /// its dice, listing the turn's plays with `search` (this thread's
    /// [`Self::searcher`]). `None` when the best candidate is not among the
    /// plays the search lists for the turn (an Express roll of several
    /// groups whose beam missed it), so that nothing can be paired with
    /// it.
    pub fn loss(
        &self,
        decision: &Decision,
        game: &Game,
        play: &Play,
        search: &mut SearchHandle,
    ) -> Result<Option<RolledLoss>, BenchmarkError> {
        let Some(best) = decision.candidates.first() else {
            return Ok(None);
        };
        let (turn, ranking) = rank_decision(search, game, 0)?;
        let Some(best) = ranking
            .plays
            .iter()
            .find(|r| position_id(&r.play.position) == best.after)
        else {
            return Ok(None);
        };
        let passed = matches!(turn, TurnNumbers::Passed(_));
        let after = after_play(game.rules(), &turn.numbers(), passed, play);
        let candidates = [(best.play.position, best.after), (play.position, after)];
        // One staged rollout a plan, their losses pooled.
        let staged = self
            .plans
            .iter()
            .map(|plan| {
                roll_out_in_stages(
                    decision.id,
                    &candidates,
                    game.rules(),
                    self.search.evaluator(),
                    self.search.settings(),
                    plan,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(RolledLoss::pooled(&staged)))
    }
}
