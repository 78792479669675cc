//! Building a benchmark of any game of the game layer ([`TavliGame`];
//! `plakoto benchmark build --game fevga`), as the Plakoto builder
//! ([`super::build`]) does it: the decisions sampled from seeded games
//! ([`super::sample_game`]), each decision's candidates (the best few of a
//! 2-ply search, the strong and the weak evaluator's 0-ply choices, and
//! the play made in the game) rolled out in stages on the same dice by the
//! game layer's rollout ([`plakoto_engine::game::rollout()`]), and each
//! decision appended to the shard's work file. The same options, header,
//! stages, work file, shards and resumption as the Plakoto builder.
//!
//! One rule more: a decision whose candidates all roll out within
//! `TRIVIAL_SPREAD` of the best is passed over (its id is skipped), as
//! the sampler leaves out the decisions the net rates so. The Plakoto net
//! sees those at once; a heuristic does not (in Fevga, a bear-off in which
//! every play loses a mars for certain, a race won whatever is played),
//! and every player would lose nothing there.

use super::BenchmarkError;
use super::build::BuildOptions;
use super::data::{Candidate, DEFAULT_RULES, Decision, TurnRecord};
use super::phase::GamePhase;
use super::sample::TRIVIAL_SPREAD;
use super::sample_game::{GameDecision, GameSampler};
use super::staged::{StagePlan, checked_rollout_settings, roll_out_in_stages};
use super::starts::start_of;
use super::work::checked_done;
use plakoto_engine::game::{GameEvaluator, GameSearch};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_rules::TavliGame;
use plakoto_rules::tavli::ToPlay;

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

impl<G: TavliGame> GameBuild<'_, G> {
    /// Builds (or resumes) one shard of `options` (its `variant` and
    /// `disagreements_only` are Plakoto's and not read): rolls out its
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
        let settings = checked_rollout_settings(&header, options.work.threads)?;
        let plan = StagePlan::for_seed(&header, options.rollout_seed);
        let mut builder = Builder {
            build: self,
            options,
            settings,
            plan,
            search: GameSearch::new(),
        };
        options
            .work
            .run(&mine, |id, sampled| builder.decision(id, sampled))
    }
}

/// The per-decision work, with the search reused.
struct Builder<'a, G: TavliGame> {
    build: &'a GameBuild<'a, G>,
    options: &'a BuildOptions,
    /// The rollouts' settings (and the 2-ply ranking's filters).
    settings: SearchSettings,
    plan: StagePlan,
    search: GameSearch<G>,
}

impl<G: TavliGame> Builder<'_, G> {
    /// Decision `id`: its candidates ranked, chosen and rolled out; `None`
    /// when they all roll out alike (passed over).
    fn decision(
        &mut self,
        id: usize,
        sampled: &GameDecision<G>,
    ) -> Result<Option<Decision>, BenchmarkError> {
        let GameBuild {
            game,
            evaluator,
            weak,
            ..
        } = *self.build;
        // The ranking on one thread: the rollouts below use the threads.
        let ranking_settings = SearchSettings {
            threads: 1,
            ..self.settings
        };
        let ranking = self.search.rank(
            game,
            evaluator,
            &sampled.position,
            sampled.dice,
            &ranking_settings,
            SearchLimits::plies(2),
        );
        let mut choose = |e: &dyn GameEvaluator<G>| {
            let limits = SearchLimits::plies(0);
            self.search
                .choose(
                    game,
                    e,
                    &sampled.position,
                    sampled.dice,
                    &ranking_settings,
                    limits,
                )
                .map(|p| game.after(&p))
        };
        let strong_choice = choose(evaluator);
        let weak_choice = choose(weak);
        self.search.trim();
        // The candidates: distinct positions after the play, in order.
        let mut chosen: Vec<usize> = Vec::new();
        let after = |i: usize| game.after(&ranking.plays[i].play);
        let add = |position: Option<G::Position>, chosen: &mut Vec<usize>| {
            let found = (0..ranking.plays.len()).find(|&i| Some(after(i)) == position);
            if let Some(i) = found
                && !chosen.contains(&i)
            {
                chosen.push(i);
            }
        };
        for i in 0..ranking.plays.len().min(self.options.top_candidates) {
            add(Some(after(i)), &mut chosen);
        }
        add(strong_choice, &mut chosen);
        add(weak_choice, &mut chosen);
        add(Some(sampled.played), &mut chosen);
        let to_play = ToPlay::Dice(sampled.dice);
        let starts: Vec<_> = chosen
            .iter()
            .map(|&i| start_of(game, &to_play, &ranking.plays[i].play))
            .collect();
        let staged = roll_out_in_stages(id, &starts, game, evaluator, &self.settings, &self.plan)?;
        let named: Vec<Candidate> = chosen
            .iter()
            .map(|&i| {
                let r = &ranking.plays[i];
                Candidate {
                    play: game.format_play(&sampled.position, &r.play),
                    after: game.position_id(&game.after(&r.play)),
                    equity: 0.0,
                    std_error: 0.0,
                    loss_std_error: 0.0,
                    trials: 0,
                    ply2_equity: r.equity,
                }
            })
            .collect();
        let candidates = staged.ordered_candidates(&named);
        if let (Some(best), Some(worst)) = (candidates.first(), candidates.last())
            && best.equity - worst.equity <= TRIVIAL_SPREAD
        {
            return Ok(None);
        }
        let played_after = game.position_id(&sampled.played);
        let played = candidates.iter().position(|c| c.after == played_after);
        Ok(Some(Decision {
            id,
            phase: sampled.phase,
            position: game.position_id(&sampled.position),
            turn: TurnRecord::Rolled {
                dice: [sampled.dice.0.pips(), sampled.dice.1.pips()],
            },
            source: sampled.source.clone(),
            played,
            legal_plays: sampled.legal_plays,
            candidates,
        }))
    }
}
