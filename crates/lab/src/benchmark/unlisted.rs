//! `bench strength --roll-unlisted`: a judged play that is none of a
//! decision's candidates is rolled out beside the decision's best
//! candidate by the benchmark's own rollout player, in the builder's
//! stages and on its very dice, so that its loss is measured as the
//! candidates' were instead of being charged the worst candidate's
//! (without it a player that plays differently from the one that built
//! the benchmark is charged for every play the builder did not think
//! of). The best candidate plays
//! the same games it played when the benchmark was built (a trial's dice
//! do not depend on the other candidates), so the play's loss is measured
//! as the candidates' were.

use super::BenchmarkError;
use super::data::{Decision, Header};
use super::pool::{Estimate, pooled};
use super::staged::StagedRollout;
use super::staged::{StagePlan, roll_out_in_stages, rollout_settings};
use super::starts::{DecisionTurn, start_of};
use plakoto_engine::game::EngineGame;
use plakoto_engine::game::{GameEvaluator, GameSearch, SearchSettings};
use plakoto_rules::tavli::ToPlay;

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

/// The benchmark's rollout player and settings, ready to roll out a play
/// on a decision's dice.
pub struct UnlistedRollouts<'a, G: EngineGame> {
    game: &'a G,
    evaluator: &'a dyn GameEvaluator<G>,
    settings: SearchSettings,
    /// One plan per rollout seed (a pooled benchmark's play is rolled out
    /// on the dice of each rollout pooled, and pooled the same way).
    plans: Vec<StagePlan>,
}

impl<'a, G: EngineGame> UnlistedRollouts<'a, G> {
    /// The rollouts of `header`'s benchmark of `game`, played by
    /// `evaluator`, which must be the one that built it: its `identity`
    /// (as the builder recorded it) is the header's `evaluator`.
    pub fn for_benchmark(
        header: &Header,
        game: &'a G,
        evaluator: &'a dyn GameEvaluator<G>,
        identity: &str,
    ) -> Result<UnlistedRollouts<'a, G>, BenchmarkError> {
        if identity != header.evaluator {
            return Err(BenchmarkError::Options(format!(
                "the benchmark was rolled out by {}, not by {identity}: its unlisted plays can be rolled out only by the same player",
                header.evaluator
            )));
        }
        Ok(UnlistedRollouts {
            game,
            evaluator,
            // One thread a rollout: the decisions are judged in parallel.
            settings: rollout_settings(header, 1),
            plans: header
                .rollout_seeds()
                .into_iter()
                .map(|seed| StagePlan::for_seed(header, seed))
                .collect(),
        })
    }

    /// Rolls `play` (a play of the turn `to_play` from `position`, the
    /// game standing at `decision`) out beside the decision's best
    /// candidate, in the builder's stages and on its dice. Each starts as
    /// its play left the game: with the numbers it carries to the opponent,
    /// where the game carries any (R21), which the best candidate's play,
    /// found among the turn's plays as `search` lists them at 0 ply with
    /// `generator`, says. `None` when the decision has no candidate, or
    /// its best is not among those plays (an Express roll of several
    /// groups whose beam missed it), so that nothing can be paired with
    /// it.
    pub fn loss(
        &self,
        decision: &Decision,
        position: &G::Position,
        to_play: &ToPlay<G::Carried>,
        play: &G::Play,
        search: &mut GameSearch<G>,
        generator: &mut G::Generator,
    ) -> Result<Option<RolledLoss>, BenchmarkError> {
        let game = self.game;
        let Some(best) = decision.candidates.first() else {
            return Ok(None);
        };
        let turn = DecisionTurn {
            game,
            evaluator: self.evaluator,
            settings: &self.settings,
            position,
            to_play,
        };
        let Some(best) = turn.starts(&[&best.after], search, generator)?[0] else {
            return Ok(None);
        };
        let starts = [best, start_of(game, to_play, play)];
        // One staged rollout a plan, their losses pooled.
        let staged = self
            .plans
            .iter()
            .map(|plan| {
                roll_out_in_stages(
                    decision.id,
                    &starts,
                    game,
                    self.evaluator,
                    &self.settings,
                    plan,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(RolledLoss::pooled(&staged)))
    }
}
