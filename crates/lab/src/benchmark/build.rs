//! Building the benchmark: for each sampled decision, the candidates that
//! matter (the best few of a 2-ply search, the 0-ply choices of the net and
//! the heuristic, and the play made in the game) are rolled out with the
//! same dice for every candidate, and the decision is appended to the
//! shard's work file as one JSON line.
//!
//! Resumable and shardable: every shard samples the same decision list
//! (it depends only on the seed, the rules and the count) and takes the
//! decisions whose `id mod N` is its own; a restarted shard skips the
//! decisions its file already holds (see [`super::work`]). `merge` joins
//! the shard files into the compressed benchmark.

use std::path::{Path, PathBuf};

use super::BenchmarkError;
use super::data::{Benchmark, FORMAT_NAME, Header, SINGLE_ROLLOUT_VERSION};
use super::decision_rollouts::DecisionRollouts;
use super::sample::{SampledDecision, sample_decisions};
use super::sample_game::GameDecision;
use super::staged::{StagePlan, checked_rollout_settings};
use super::work::{ShardWork, checked_done};
use plakoto_engine::eval::Evaluator;
use plakoto_engine::game::express::CHOICE_LIMIT;
use plakoto_engine::game::plakoto_turn::to_play;
use plakoto_engine::game::{GameSearch, PlakotoGameEvaluator};
use plakoto_rules::tavli::{GameKind, Plakoto};
use plakoto_rules::{
    Game, Phase, Position, Rules, Side, TavliGame, TurnNumbers, Variant, position_id,
};

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
    /// The header the built file carries.
    pub fn header(&self, evaluator: &dyn Evaluator) -> Header {
        let identity = evaluator.identity_under(plakoto_rules::Rules {
            variant: self.variant,
            ..plakoto_rules::Rules::default()
        });
        self.header_of(GameKind::Plakoto, self.variant.to_string(), identity)
    }

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

    fn rules(&self) -> Rules {
        Rules {
            variant: self.variant,
            ..Rules::default()
        }
    }
}

/// Builds (or resumes) one shard: rolls out its decisions not yet in its
/// work file, appending each as it is done; progress lines go to stderr.
/// Returns the decisions rolled out now (with `disagreements_only`, the
/// decisions passed over are not counted, nor written: a resumed shard
/// looks at them again, which costs a 2-ply search each).
pub fn build_shard(
    options: &BuildOptions,
    evaluator: &dyn Evaluator,
    heuristic: &dyn Evaluator,
) -> Result<usize, BenchmarkError> {
    let header = options.header(evaluator);
    let done_before = options.work.start(&header)?;
    let sampled = sample_decisions(
        options.rules(),
        options.seed,
        options.decisions,
        evaluator,
        heuristic,
    );
    // The list must be the one the done decisions were taken from (the
    // sampling code or the net could have changed under the same options).
    let done = checked_done(
        &done_before,
        |id| sampled.get(id).map(|s| position_id(&s.position)),
        "is not the one sampled now: the sampling has changed; start a new build",
    )?;
    let mine = options.work.select(sampled.iter().enumerate(), &done);
    eprintln!(
        "benchmark build, shard {}: {} decisions sampled, {} done before, {} to do now",
        options.work.shard,
        sampled.len(),
        done.len(),
        mine.len()
    );
    let game = Plakoto::new(options.rules());
    let mut builder = DecisionRollouts {
        game: &game,
        evaluator: &PlakotoGameEvaluator(evaluator),
        weak: &PlakotoGameEvaluator(heuristic),
        top_candidates: options.top_candidates,
        disagreements_only: options.disagreements_only,
        // The sampler leaves out the decisions whose plays the net rates
        // alike.
        pass_over_alike: false,
        settings: checked_rollout_settings(&header, options.work.threads)?,
        plan: StagePlan::for_seed(&header, options.rollout_seed),
        search: GameSearch::new(),
        generator: game.generator_listing_at_most(CHOICE_LIMIT),
    };
    options.work.run(&mine, |id, sampled| {
        builder.decision(id, &game_decision(sampled))
    })
}

/// A sampled Plakoto decision as the builder of every game takes it.
fn game_decision(sampled: &SampledDecision) -> GameDecision<Plakoto> {
    GameDecision {
        position: sampled.position,
        to_play: to_play(&sampled.turn),
        played: sampled.played.position,
        phase: sampled.phase,
        source: sampled.source.to_string(),
        legal_plays: sampled.legal_plays,
    }
}

/// A game standing at a decision: `position` (side to play first) with
/// `turn`'s numbers to play.
pub fn decision_game(
    rules: Rules,
    position: &Position,
    turn: TurnNumbers,
) -> Result<Game, BenchmarkError> {
    let (dice, passed) = match turn {
        TurnNumbers::Rolled(dice, _) => (Some(dice), None),
        TurnNumbers::Passed(numbers) => (None, Some(numbers)),
    };
    Game::from_parts(rules, *position, Side::X, dice, passed, Phase::Playing)
        .map_err(|e| BenchmarkError::Format(format!("a decision that is no game: {e}")))
}

/// Joins benchmark files (shard work files, or compressed benchmarks built
/// with the same options) into one compressed benchmark at `out`.
pub fn merge(inputs: &[PathBuf], out: &Path) -> Result<Benchmark, BenchmarkError> {
    let mut merged: Option<Benchmark> = None;
    for path in inputs {
        let part = Benchmark::read(path)?;
        match &mut merged {
            None => merged = Some(part),
            Some(m) if m.header == part.header => m.decisions.extend(part.decisions),
            Some(m) => {
                return Err(BenchmarkError::Options(format!(
                    "{} was built with other options than {} ({:?} vs {:?})",
                    path.display(),
                    inputs[0].display(),
                    part.header,
                    m.header
                )));
            }
        }
    }
    let mut merged =
        merged.ok_or_else(|| BenchmarkError::Options("nothing to merge".to_string()))?;
    merged.decisions.sort_by_key(|d| d.id);
    merged.decisions.dedup_by_key(|d| d.id);
    merged.write_gz(out)?;
    Ok(merged)
}
