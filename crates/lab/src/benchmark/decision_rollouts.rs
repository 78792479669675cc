//! A decision of a benchmark of any game rolled out: its candidates (the
//! best few of a 2-ply search, the strong and the weak evaluator's 0-ply
//! choices, and the play made in the game) ranked, chosen and rolled out
//! in stages on the same dice by the game layer's rollout, each from where
//! its play left the game. Both builders ([`super::build`], Plakoto's
//! sampler, and [`super::build_game`]) roll their decisions out here.

use super::BenchmarkError;
use super::data::{Candidate, Decision};
use super::sample::TRIVIAL_SPREAD;
use super::sample_game::GameDecision;
use super::staged::{StagePlan, roll_out_in_stages};
use super::starts::start_of;
use crate::LabGame;
use plakoto_engine::game::{GameEvaluator, GameSearch, Root};
use plakoto_engine::game::{SearchLimits, SearchSettings};

/// The per-decision work of a build of any game, with the search reused:
/// each decision's candidates (the best few of a 2-ply search by
/// `evaluator`, its 0-ply choice and `weak`'s, and the play made in the
/// game) rolled out in stages on the same dice. A turn is listed at most
/// [`CHOICE_LIMIT`](plakoto_engine::game::express::CHOICE_LIMIT) plays long, as the engine lists it for its own choice
/// (Plakoto Express's low doubles, R20).
pub(crate) struct DecisionRollouts<'a, G: LabGame> {
    /// The game with its switches.
    pub game: &'a G,
    /// Ranks the candidates, chooses one at 0 ply and plays the rollouts.
    pub evaluator: &'a dyn GameEvaluator<G>,
    /// Its 0-ply choice is a candidate.
    pub weak: &'a dyn GameEvaluator<G>,
    /// Candidates from the top of the 2-ply ranking.
    pub top_candidates: usize,
    /// Whether only the decisions where the 0-ply choice is not the 2-ply
    /// search's best are rolled out (the others passed over).
    pub disagreements_only: bool,
    /// Whether a decision whose candidates all roll out within
    /// `TRIVIAL_SPREAD` of the best is passed over (a sampler that does
    /// not rate its decisions' spread itself).
    pub pass_over_alike: bool,
    /// The rollouts' settings (and the 2-ply ranking's filters).
    pub settings: SearchSettings,
    /// The stages.
    pub plan: StagePlan,
    /// The searches' buffers.
    pub search: GameSearch<G>,
    /// Lists a turn's plays, at most
    /// [`CHOICE_LIMIT`](plakoto_engine::game::express::CHOICE_LIMIT).
    pub generator: G::Generator,
}

impl<G: LabGame> DecisionRollouts<'_, G> {
    /// Decision `id`: its candidates ranked, chosen and rolled out; `None`
    /// when it is passed over (they all roll out alike, or the 0-ply
    /// choice is the 2-ply best and only disagreements are wanted).
    pub(crate) fn decision(
        &mut self,
        id: usize,
        sampled: &GameDecision<G>,
    ) -> Result<Option<Decision>, BenchmarkError> {
        let (game, evaluator, weak) = (self.game, self.evaluator, self.weak);
        // The ranking on one thread: the rollouts below use the threads.
        let ranking_settings = SearchSettings {
            threads: 1,
            ..self.settings
        };
        let root = |e| Root::new(game, e, &sampled.position, &sampled.to_play);
        let ranking = self.search.rank_turn_generated(
            root(evaluator),
            &mut self.generator,
            &ranking_settings,
            SearchLimits::plies(2),
        );
        let limits = SearchLimits::plies(0);
        let strong_choice = self
            .search
            .choose_legal(
                root(evaluator),
                &mut self.generator,
                &ranking_settings,
                limits,
                None,
            )
            .map(|p| game.after(&p));
        if self.disagreements_only
            && let (Some(best), Some(choice)) = (ranking.plays.first(), strong_choice)
            && game.after(&best.play) == choice
        {
            return Ok(None);
        }
        let weak_choice = self
            .search
            .choose_legal(
                root(weak),
                &mut self.generator,
                &ranking_settings,
                limits,
                None,
            )
            .map(|p| game.after(&p));
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
        for i in 0..ranking.plays.len().min(self.top_candidates) {
            add(Some(after(i)), &mut chosen);
        }
        add(strong_choice, &mut chosen);
        add(weak_choice, &mut chosen);
        add(Some(sampled.played), &mut chosen);
        let starts: Vec<_> = chosen
            .iter()
            .map(|&i| start_of(game, &sampled.to_play, &ranking.plays[i].play))
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
        if let (true, Some(best), Some(worst)) =
            (self.pass_over_alike, candidates.first(), candidates.last())
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
            turn: game.turn_record(&sampled.to_play),
            source: sampled.source.clone(),
            played,
            legal_plays: sampled.legal_plays,
            candidates,
        }))
    }
}
