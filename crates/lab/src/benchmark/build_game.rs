//! Building (or resuming) one shard of a benchmark of any game
//! (`plakoto benchmark build [--game G]`): the decisions sampled from
//! seeded games by the game's sampler, each rolled out
//! (`decision_rollouts.rs`) and appended to the shard's work file: what
//! to build ([`BuildOptions`]: options, header, stages, shards, resumption)
//! and the build itself ([`GameBuild`]).
//!
//! A sampler that leaves out the decisions its strong player rates alike
//! (the Plakoto net's) needs nothing more; for one that cannot (a
//! heuristic does not see that in Fevga every play of a bear-off loses a
//! mars for certain, or that a race is won whatever is played), a decision
//! whose candidates all roll out within `TRIVIAL_SPREAD` of the best is
//! passed over (its id is skipped): every player would lose nothing there.

use super::BenchmarkError;
use super::data::{FORMAT_NAME, Header, SINGLE_ROLLOUT_VERSION};
use super::work::ShardWork;
use plakoto_rules::tavli::GameKind;
use plakoto_rules::{Rules, Variant};

use super::decision_rollouts::DecisionRollouts;
use super::phase::GamePhase;
use super::sample_game::GameDecision;
use super::staged::{StagePlan, checked_rollout_settings};
use super::work::checked_done;
use crate::LabGame;
use plakoto_engine::game::EngineGame;
use plakoto_engine::game::express::CHOICE_LIMIT;
use plakoto_engine::game::{GameEvaluator, GameSearch};

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Movement rules of the decisions.
    pub variant: Variant,
    /// Seed of the game sampling.
    pub seed: u64,
    /// Decisions in the whole benchmark.
    pub decisions: usize,
    /// Candidates taken from the top of the 2-ply ranking.
    pub top_candidates: usize,
    /// Games played out per candidate in each stage (a multiple of 36).
    pub trials: u32,
    /// Most games per candidate: stages go on until every candidate's
    /// loss is known to [`Self::target_error`] or this many are played.
    pub max_trials: u32,
    /// Standard error of a candidate's loss at which it needs no more
    /// stages.
    pub target_error: f32,
    /// Plies of the rollout player.
    pub player_plies: u8,
    /// Turns after which a rollout game is scored by the evaluator.
    pub max_turns: u32,
    /// Subtract each roll's luck (0-ply) from the games' results.
    pub luck_adjust: bool,
    /// Seed of the rollout dice (decision `id` uses `rollout_seed + id`).
    pub rollout_seed: u64,
    /// Roll out only the decisions where the net's 0-ply choice is not the
    /// 2-ply search's best play, passing over the others (training
    /// targets where the net is likely wrong).
    pub disagreements_only: bool,
    /// This process's part of the build and its work file.
    pub work: ShardWork,
}

impl BuildOptions {
    /// The header of a build of `game` under `rules` (as the header writes
    /// them) whose rollouts `evaluator` played (its identity).
    pub fn header_of(&self, game: GameKind, rules: String, evaluator: String) -> Header {
        Header {
            format: FORMAT_NAME.to_string(),
            version: SINGLE_ROLLOUT_VERSION,
            game,
            rules,
            seed: self.seed,
            decisions: self.decisions,
            top_candidates: self.top_candidates,
            evaluator,
            trials: self.trials,
            max_trials: self.max_trials,
            target_error: self.target_error,
            player_plies: self.player_plies,
            max_turns: self.max_turns,
            race_exact: true,
            luck_adjust: self.luck_adjust,
            rollout_seed: self.rollout_seed,
            pooled_seeds: Vec::new(),
            disagreements_only: self.disagreements_only,
        }
    }

    /// Plakoto's rules of a build under [`Self::variant`].
    pub(crate) fn rules(&self) -> Rules {
        Rules {
            variant: self.variant,
            ..Rules::default()
        }
    }
}

/// The players, sampler and phases of a build of the game `G`.
pub struct GameBuild<'a, G: EngineGame> {
    /// The game with its switches.
    pub game: &'a G,
    /// The game's switches as the header writes them (Plakoto's variant;
    /// [`DEFAULT_RULES`](super::data::DEFAULT_RULES) for a game built
    /// under its defaults).
    pub rules: String,
    /// Ranks the candidates, plays the rollouts and the strong side of the
    /// sampled games.
    pub evaluator: &'a dyn GameEvaluator<G>,
    /// `evaluator`'s identity, as the header records it (its name, and a
    /// net's weights: `net 9e5cd538`).
    pub identity: &'a str,
    /// The weak player of the sampled games; its 0-ply choice is a
    /// candidate.
    pub weak: &'a dyn GameEvaluator<G>,
    /// The phases the sampler fills, in report order.
    pub shares: &'a [(GamePhase, f64)],
    /// The decisions of the whole benchmark, sampled from the games of a
    /// seed: `sample(seed, count)`. The same arguments give the same list.
    pub sample: &'a dyn Fn(u64, usize) -> Vec<GameDecision<G>>,
    /// Whether a decision whose candidates all roll out alike is passed
    /// over (for a sampler that cannot leave those out itself).
    pub pass_over_alike: bool,
}

impl<G: LabGame> GameBuild<'_, G> {
    /// Builds (or resumes) one shard of `options` (its `variant` is read
    /// by the caller, into [`Self::rules`] and the game): rolls out its
    /// decisions not yet in its work file, appending each as it is done;
    /// progress lines go to stderr. Returns the decisions written now (a
    /// decision passed over is neither counted nor written: a resumed shard
    /// looks at it again).
    pub fn build_shard(&self, options: &BuildOptions) -> Result<usize, BenchmarkError> {
        let header = options.header_of(G::KIND, self.rules.clone(), self.identity.to_string());
        let done_before = options.work.start(&header)?;
        let sampled = (self.sample)(options.seed, options.decisions);
        // The list must be the one the done decisions were taken from (the
        // sampling code or the net could have changed under the same
        // options).
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
            pass_over_alike: self.pass_over_alike,
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
