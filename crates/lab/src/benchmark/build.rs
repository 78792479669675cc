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
use super::data::{
    Benchmark, Candidate, Decision, FORMAT_NAME, Header, SINGLE_ROLLOUT_VERSION, TurnRecord,
};
use super::sample::{SampledDecision, sample_decisions};
use super::staged::{StagePlan, checked_rollout_settings, roll_out_in_stages};
use super::work::{ShardWork, checked_done};
use plakoto_engine::eval::Evaluator;
use plakoto_engine::game::plakoto_turn::{PlayLists, choose_turn, rank_turn};
use plakoto_engine::game::{GameEvaluator, GameRankedPlay, GameSearch, PlakotoGameEvaluator};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_rules::tavli::{GameKind, Plakoto};
use plakoto_rules::{
    Game, Phase, Position, Rules, Side, TurnNumbers, Variant, format_play, position_id,
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
    let mut builder = DecisionBuilder::new(options, evaluator, heuristic)?;
    options
        .work
        .run(&mine, |id, sampled| builder.build(id, sampled))
}

/// The per-decision work: searches and rollouts with reused buffers.
struct DecisionBuilder<'a> {
    options: &'a BuildOptions,
    /// The net: the 2-ply ranking, its 0-ply choice and the rollouts.
    net: &'a dyn Evaluator,
    /// The heuristic's 0-ply choices.
    heuristic: &'a dyn Evaluator,
    /// The searches' and the rollouts' settings.
    settings: SearchSettings,
    search: GameSearch<Plakoto>,
    lists: PlayLists,
    plan: StagePlan,
}

impl<'a> DecisionBuilder<'a> {
    fn new(
        options: &'a BuildOptions,
        evaluator: &'a dyn Evaluator,
        heuristic: &'a dyn Evaluator,
    ) -> Result<DecisionBuilder<'a>, BenchmarkError> {
        let header = options.header(evaluator);
        let settings = checked_rollout_settings(&header, options.work.threads)?;
        Ok(DecisionBuilder {
            options,
            net: evaluator,
            heuristic,
            settings,
            search: GameSearch::new(),
            lists: PlayLists::bounded(),
            plan: StagePlan::for_seed(&header, options.rollout_seed),
        })
    }

    /// The position after `evaluator`'s 0-ply choice in `game`.
    fn zero_ply_choice(
        &mut self,
        evaluator: &dyn GameEvaluator<Plakoto>,
        game: &Game,
    ) -> Result<Position, BenchmarkError> {
        let limits = SearchLimits::plies(0);
        let choice = choose_turn(
            &mut self.search,
            evaluator,
            game,
            &self.settings,
            limits,
            &mut self.lists,
            None,
        )
        .map_err(|e| BenchmarkError::Engine(e.to_string()))?;
        Ok(choice.play().position)
    }

    /// Rolls decision `id` out; `None` when it is passed over (the net's
    /// 0-ply choice is the 2-ply best and only disagreements are wanted).
    fn build(
        &mut self,
        id: usize,
        sampled: &SampledDecision,
    ) -> Result<Option<Decision>, BenchmarkError> {
        let game = decision_game(self.options.rules(), &sampled.position, sampled.turn)?;
        let net = PlakotoGameEvaluator(self.net);
        let (_, ranking) = rank_turn(
            &mut self.search,
            &net,
            &game,
            &self.settings,
            SearchLimits::plies(2),
            &mut self.lists,
            None,
        )
        .map_err(|e| BenchmarkError::Engine(e.to_string()))?;
        let net_choice = self.zero_ply_choice(&net, &game)?;
        if self.options.disagreements_only
            && ranking
                .plays
                .first()
                .is_some_and(|best| best.play.position == net_choice)
        {
            return Ok(None);
        }
        let heuristic = PlakotoGameEvaluator(self.heuristic);
        let heuristic_choice = self.zero_ply_choice(&heuristic, &game)?;
        let mut chosen: Vec<GameRankedPlay<Plakoto>> = Vec::new();
        let add = |position: &Position, chosen: &mut Vec<GameRankedPlay<Plakoto>>| {
            if chosen.iter().all(|c| c.play.position != *position)
                && let Some(r) = ranking.plays.iter().find(|r| r.play.position == *position)
            {
                chosen.push(*r);
            }
        };
        for r in ranking.plays.iter().take(self.options.top_candidates) {
            add(&r.play.position, &mut chosen);
        }
        add(&net_choice, &mut chosen);
        add(&heuristic_choice, &mut chosen);
        add(&sampled.played.position, &mut chosen);
        let starts: Vec<_> = chosen.iter().map(|r| (r.play.position, r.after)).collect();
        let staged = roll_out_in_stages(
            id,
            &starts,
            &Plakoto::new(game.rules()),
            &net,
            &self.settings,
            &self.plan,
        )?;
        self.search.trim();
        self.lists.trim();
        let named: Vec<Candidate> = chosen
            .iter()
            .map(|r| unrolled_candidate(&sampled.position, r))
            .collect();
        let candidates = staged.ordered_candidates(&named);
        let played_after = position_id(&sampled.played.position);
        let played = candidates.iter().position(|c| c.after == played_after);
        Ok(Some(Decision {
            id,
            phase: sampled.phase,
            position: position_id(&sampled.position),
            turn: TurnRecord::of(&sampled.turn),
            source: sampled.source.to_string(),
            played,
            legal_plays: sampled.legal_plays,
            candidates,
        }))
    }
}

/// `ranked` (a play from `position`) as a candidate not yet rolled out:
/// its play, the position after it and its 2-ply equity.
fn unrolled_candidate(position: &Position, ranked: &GameRankedPlay<Plakoto>) -> Candidate {
    Candidate {
        play: format_play(position, &ranked.play),
        after: position_id(&ranked.play.position),
        equity: 0.0,
        std_error: 0.0,
        loss_std_error: 0.0,
        trials: 0,
        ply2_equity: ranked.equity,
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
