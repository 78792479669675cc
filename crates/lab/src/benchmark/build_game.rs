//! Building a benchmark of any game of the game layer ([`TavliGame`];
//! `plakoto benchmark build --game fevga`), as the Plakoto builder
//! ([`super::build`]) does it: the decisions sampled from seeded games
//! ([`super::sample_game`]), each decision rolled out as the Plakoto
//! builder's are (`decision_rollouts.rs`, written once for both), and
//! appended to the shard's work file. The same options, header, stages,
//! work file, shards and resumption as the Plakoto builder.
//!
//! One rule more: a decision whose candidates all roll out within
//! `TRIVIAL_SPREAD` of the best is passed over (its id is skipped), as
//! the sampler leaves out the decisions the net rates so. The Plakoto net
//! sees those at once; a heuristic does not (in Fevga, a bear-off in which
//! every play loses a mars for certain, a race won whatever is played),
//! and every player would lose nothing there.

use super::BenchmarkError;
use super::build::BuildOptions;
use super::data::DEFAULT_RULES;
use super::decision_rollouts::DecisionRollouts;
use super::phase::GamePhase;
use super::sample_game::GameSampler;
use super::staged::{StagePlan, checked_rollout_settings};
use super::work::checked_done;
use crate::LabGame;
use plakoto_engine::game::express::CHOICE_LIMIT;
use plakoto_engine::game::{GameEvaluator, GameSearch};
use plakoto_rules::TavliGame;

/// The players and phases of a build of the game `G`.
pub struct GameBuild<'a, G: TavliGame> {
    /// The game with its switches (the default ones: the header says
    /// [`DEFAULT_RULES`]).
    pub game: &'a G,
    /// Ranks the candidates, plays the rollouts and the strong side of the
    /// sampled games.
    pub evaluator: &'a dyn GameEvaluator<G>,
    /// `evaluator`'s identity, as the header records it (its name, and a
    /// net's weights: `net 9e5cd538`).
    pub identity: &'a str,
    /// The weak player of the sampled games; its 0-ply choice is a
    /// candidate.
    pub weak: &'a dyn GameEvaluator<G>,
    /// Each phase's share of the decisions.
    pub shares: &'a [(GamePhase, f64)],
    /// The phase of a position.
    pub phase_of: &'a dyn Fn(&G::Position) -> GamePhase,
}

impl<G: LabGame> GameBuild<'_, G> {
    /// Builds (or resumes) one shard of `options` (its `variant` is
    /// Plakoto's and not read): rolls out its
    /// decisions not yet in its work file, appending each as it is done;
    /// progress lines go to stderr. Returns the decisions written now (a
    /// decision passed over is neither counted nor written: a resumed shard
    /// rolls it out again, which its first stage settles).
    pub fn build_shard(&self, options: &BuildOptions) -> Result<usize, BenchmarkError> {
        let header = options.header_of(
            G::KIND,
            DEFAULT_RULES.to_string(),
            self.identity.to_string(),
        );
        let done_before = options.work.start(&header)?;
        let sampler = GameSampler {
            game: self.game,
            strong: self.evaluator,
            weak: self.weak,
            shares: self.shares,
            phase_of: self.phase_of,
        };
        let sampled = sampler.sample(options.seed, options.decisions);
        let done = checked_done(
            &done_before,
            |id| sampled.get(id).map(|s| self.game.position_id(&s.position)),
            "is not the one sampled now: the sampling has changed; start a new build",
        )?;
        let mine = options.work.select(sampled.iter().enumerate(), &done);
        let count = |phase| sampled.iter().filter(|d| d.phase == phase).count();
        let phases: Vec<String> = self
            .shares
            .iter()
            .map(|(phase, _)| format!("{phase} {}", count(*phase)))
            .collect();
        eprintln!(
            "benchmark build ({}), shard {}: {} decisions sampled ({}), {} done before, {} to do now",
            G::KIND,
            options.work.shard,
            sampled.len(),
            phases.join(", "),
            done.len(),
            mine.len()
        );
        let mut builder = DecisionRollouts {
            game: self.game,
            evaluator: self.evaluator,
            weak: self.weak,
            top_candidates: options.top_candidates,
            disagreements_only: options.disagreements_only,
            pass_over_alike: true,
            settings: checked_rollout_settings(&header, options.work.threads)?,
            plan: StagePlan::for_seed(&header, options.rollout_seed),
            search: GameSearch::new(),
            generator: self.game.generator_listing_at_most(CHOICE_LIMIT),
        };
        options
            .work
            .run(&mine, |id, sampled| builder.decision(id, sampled))
    }
}
