//! `plakoto bench strength --game fevga`: a player's choices on every
//! decision of a benchmark of a game of the game layer, judged by the
//! rolled-out candidates as the Plakoto benchmark's are ([`super::score`],
//! whose figures and report this shares): the player is an evaluator at
//! 0 ply or a [`GameSearch`] of some plies, or a random legal play.

use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::BenchmarkError;
use super::data::{Benchmark, Decision, TurnRecord};
use super::score::{Loss, StrengthReport, judge_all, report};
use super::unlisted_game::GameUnlistedRollouts;
use plakoto_engine::game::{GameEvaluator, GameSearch};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_rules::{Dice, TavliGame};

/// Who chooses the plays being judged.
pub enum GameChooser<'a, G: TavliGame> {
    /// The best play of a search with `evaluator` to `plies` (0: the
    /// evaluator's own choice) under `settings`' filters.
    Search {
        /// The evaluator at the leaves.
        evaluator: &'a dyn GameEvaluator<G>,
        /// Search depth.
        plies: u8,
        /// Search settings (filters); searched on one thread, the
        /// decisions being judged in parallel.
        settings: &'a SearchSettings,
    },
    /// A uniformly random legal play (seeded by the decision id).
    Random,
}

/// Judges `chooser` (named `player` in the report) on every decision of
/// `benchmark`, a benchmark of `game`, on `threads` threads; a choice that
/// is no candidate is rolled out by `unlisted` when given, else charged
/// the worst candidate's loss.
pub fn score_game<G: TavliGame>(
    benchmark: &Benchmark,
    game: &G,
    chooser: &GameChooser<'_, G>,
    player: &str,
    threads: usize,
    unlisted: Option<&GameUnlistedRollouts<'_, G>>,
) -> Result<StrengthReport, BenchmarkError> {
    let started = Instant::now();
    if benchmark.header.game != G::KIND {
        return Err(BenchmarkError::Options(format!(
            "a {} benchmark, not a {} one",
            benchmark.header.game,
            G::KIND
        )));
    }
    if let GameChooser::Search { settings, .. } = chooser {
        settings
            .validate()
            .map_err(|e| BenchmarkError::Options(e.to_string()))?;
    }
    let judge = || Judge {
        game,
        search: GameSearch::new(),
        generator: game.generator(),
        list: G::PlayList::default(),
    };
    let losses = judge_all(benchmark, threads, judge, |judge, d| {
        judge.loss(d, chooser, unlisted)
    })?;
    Ok(report(
        benchmark,
        player,
        &losses,
        started,
        unlisted.is_some(),
    ))
}

/// One thread's searcher and buffers.
struct Judge<'a, G: TavliGame> {
    game: &'a G,
    search: GameSearch<G>,
    generator: G::Generator,
    list: G::PlayList,
}

impl<G: TavliGame> Judge<'_, G> {
    /// The chooser's play at `decision` and what it loses.
    fn loss(
        &mut self,
        decision: &Decision,
        chooser: &GameChooser<'_, G>,
        unlisted: Option<&GameUnlistedRollouts<'_, G>>,
    ) -> Result<Loss, BenchmarkError> {
        let game = self.game;
        let bad =
            |what: String| BenchmarkError::Format(format!("decision {}: {what}", decision.id));
        let position = game
            .parse_position_id(&decision.position)
            .map_err(|e| bad(e.to_string()))?;
        let dice = match decision.turn {
            TurnRecord::Rolled { dice: [a, b] } => Dice::new(a, b),
            TurnRecord::Passed { .. } => None,
        }
        .ok_or_else(|| bad(format!("no roll of two dice: {:?}", decision.turn)))?;
        let play = match chooser {
            GameChooser::Search {
                evaluator,
                plies,
                settings,
            } => {
                let settings = SearchSettings {
                    threads: 1,
                    ..**settings
                };
                let limits = SearchLimits::plies(*plies);
                let play = self
                    .search
                    .choose(game, *evaluator, &position, dice, &settings, limits);
                self.search.trim();
                play
            }
            GameChooser::Random => {
                game.generate(&mut self.generator, &position, dice, &mut self.list);
                let mut rng = ChaCha8Rng::seed_from_u64(decision.id as u64);
                game.plays(&self.list).choose(&mut rng).copied()
            }
        }
        .ok_or_else(|| bad("no legal play".to_string()))?;
        let after = game.after(&play);
        let after_id = game.position_id(&after);
        let (mut loss, mut std_error, listed) = decision.loss_of_id(&after_id);
        if !listed
            && let Some(rollouts) = unlisted
            && let Some(rolled) = rollouts.loss(decision, &after)?
        {
            (loss, std_error) = (rolled.loss, rolled.std_error);
        }
        Ok(Loss {
            id: decision.id,
            after: after_id,
            phase: decision.phase,
            loss,
            std_error,
            listed,
        })
    }
}
