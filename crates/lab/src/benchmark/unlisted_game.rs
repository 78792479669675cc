//! `bench strength --roll-unlisted` for a benchmark of a game of the game
//! layer (Fevga): a judged play that is none of a decision's candidates is
//! rolled out beside the decision's best candidate by the benchmark's own
//! rollout player, in the builder's stages and on its very dice, as the
//! Plakoto benchmark's are ([`super::unlisted`]). The best candidate plays
//! the same games it played when the benchmark was built (a trial's dice
//! do not depend on the other candidates), so the play's loss is measured
//! as the candidates' were.

use super::BenchmarkError;
use super::data::{Decision, Header};
use super::staged::{StagePlan, in_stages, rollout_settings};
use super::unlisted::RolledLoss;
use plakoto_engine::game::{GameEvaluator, RolloutStart, rollout};
use plakoto_engine::game::{SearchSettings, Stop};
use plakoto_rules::TavliGame;

/// The benchmark's rollout player and settings, ready to roll out a play
/// on a decision's dice.
pub struct GameUnlistedRollouts<'a, G: TavliGame> {
    game: &'a G,
    evaluator: &'a dyn GameEvaluator<G>,
    settings: SearchSettings,
    /// One plan per rollout seed (a pooled benchmark's play is rolled out
    /// on the dice of each rollout pooled, and pooled the same way).
    plans: Vec<StagePlan>,
}

impl<'a, G: TavliGame> GameUnlistedRollouts<'a, G> {
    /// The rollouts of `header`'s benchmark of `game`, played by
    /// `evaluator`, which must be the one that built it: its `identity`
    /// (as the builder recorded it) is the header's `evaluator`.
    pub fn for_benchmark(
        header: &Header,
        game: &'a G,
        evaluator: &'a dyn GameEvaluator<G>,
        identity: &str,
    ) -> Result<GameUnlistedRollouts<'a, G>, BenchmarkError> {
        if identity != header.evaluator {
            return Err(BenchmarkError::Options(format!(
                "the benchmark was rolled out by {}, not by {identity}: its unlisted plays can be rolled out only by the same player",
                header.evaluator
            )));
        }
        Ok(GameUnlistedRollouts {
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

    /// Rolls the play reaching `after` (seen by its mover) out beside the
    /// best candidate of `decision`; `None` when the decision has no
    /// candidate.
    pub fn loss(
        &self,
        decision: &Decision,
        after: &G::Position,
    ) -> Result<Option<RolledLoss>, BenchmarkError> {
        let Some(best) = decision.candidates.first() else {
            return Ok(None);
        };
        let best = self
            .game
            .parse_position_id(&best.after)
            .map_err(|e| BenchmarkError::Format(format!("decision {}: {e}", decision.id)))?;
        let starts = [
            RolloutStart::AfterPlay(best),
            RolloutStart::AfterPlay(*after),
        ];
        // One staged rollout a plan, their losses pooled.
        let staged = self
            .plans
            .iter()
            .map(|plan| {
                in_stages(decision.id, 2, &self.settings, plan, |live, s| {
                    let rolled: Vec<_> = live.iter().map(|&i| starts[i]).collect();
                    rollout(
                        self.game,
                        self.evaluator,
                        &rolled,
                        s,
                        &|_| {},
                        &Stop::never(),
                    )
                    .map_err(|e| BenchmarkError::Engine(e.to_string()))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(RolledLoss::pooled(&staged)))
    }
}
