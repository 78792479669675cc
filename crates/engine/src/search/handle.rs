//! The search handle: the one place a search is configured. It owns the
//! evaluator (or borrows one shared by a parallel job's threads), the
//! search settings, checked whole whenever they are set, and the caches and
//! buffers that only save time (the searcher, the lists of plays), and it
//! answers `rank`, `choose`, `eval` and `rollout` for a game, valued by
//! money equity or, at a match context, by the mover's match-winning
//! chances.
//!
//! The protocol's session, the arena's built-in players, the analysis of
//! records, the benchmark and the training tools all search through it;
//! none of them puts an evaluator, settings and buffers together by hand.

use super::choose::{Choice, PlayLists, TurnError};
use super::rollout::rollout_plays_until;
use super::{RankedPlay, Ranking, Root, Search};
use crate::eval::{Evaluator, Probabilities};
use crate::game::{RolloutError, RolloutProgress};
use crate::game::{SearchLimits, SearchSettings, SettingsError, Stop, THREADS, Valuation};
use crate::match_equity::MatchContext;
use plakoto_rules::{Game, Numbers, Position, Rules, TurnNumbers};

/// The evaluator a handle rates positions with: its own (a session, a
/// player), or one it borrows from a job whose threads share it (the
/// analysis, the benchmark).
enum Rater<'e> {
    /// Owned by the handle.
    Owned(Box<dyn Evaluator>),
    /// Borrowed for the handle's life.
    Borrowed(&'e dyn Evaluator),
}

impl Rater<'_> {
    fn get(&self) -> &dyn Evaluator {
        match self {
            Rater::Owned(evaluator) => evaluator.as_ref(),
            Rater::Borrowed(evaluator) => *evaluator,
        }
    }
}

/// An evaluator with validated search settings and the buffers and caches
/// of its searches. One per thread (it is `Send`, not shared).
pub struct SearchHandle<'e> {
    evaluator: Rater<'e>,
    /// Always valid: set only through [`SearchSettings::validate`].
    settings: SearchSettings,
    search: Search,
    lists: PlayLists,
}

impl SearchHandle<'static> {
    /// A handle owning `evaluator`, with the default settings and lists
    /// bounded by [`super::ENGINE_MAX_POSITIONS`].
    pub fn new(evaluator: Box<dyn Evaluator>) -> SearchHandle<'static> {
        SearchHandle::with_rater(Rater::Owned(evaluator))
    }
}

impl<'e> SearchHandle<'e> {
    /// A handle rating with `evaluator`, borrowed (a job's threads share
    /// one evaluator, each with its own handle); otherwise as
    /// [`SearchHandle::new`].
    pub fn borrowing(evaluator: &'e dyn Evaluator) -> SearchHandle<'e> {
        SearchHandle::with_rater(Rater::Borrowed(evaluator))
    }

    fn with_rater(evaluator: Rater<'e>) -> SearchHandle<'e> {
        SearchHandle {
            evaluator,
            settings: SearchSettings::default(),
            search: Search::new(),
            lists: PlayLists::bounded(),
        }
    }

    /// A handle for another thread of the same job: this one's evaluator
    /// (borrowed) and settings, with buffers and lists of its own
    /// (bounded by [`super::ENGINE_MAX_POSITIONS`]) and nothing to stop
    /// it.
    pub fn fork(&self) -> SearchHandle<'_> {
        SearchHandle {
            settings: self.settings,
            ..SearchHandle::borrowing(self.evaluator.get())
        }
    }

    /// This handle searching on one thread (a worker of a job whose
    /// parallelism is its own).
    pub fn on_one_thread(mut self) -> Self {
        // The least of `THREADS`: always in range.
        self.settings.threads = THREADS.min as usize;
        self
    }

    /// This handle searching with `settings`, once they are checked.
    pub fn with_settings(mut self, settings: SearchSettings) -> Result<Self, SettingsError> {
        self.set_settings(settings)?;
        Ok(self)
    }

    /// This handle keeping its plays in `lists` (other bounds than the
    /// engine's).
    pub fn with_lists(mut self, lists: PlayLists) -> Self {
        self.lists = lists;
        self
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &dyn Evaluator {
        self.evaluator.get()
    }

    /// Rates with `evaluator` from now on (`set evaluator`).
    pub fn set_evaluator(&mut self, evaluator: Box<dyn Evaluator>) {
        self.evaluator = Rater::Owned(evaluator);
    }

    /// The settings in force.
    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// Searches with `settings` from now on, once every value is checked
    /// against its range ([`SearchSettings::validate`]); on error nothing
    /// changes. The only way the handle's settings change.
    pub fn set_settings(&mut self, settings: SearchSettings) -> Result<(), SettingsError> {
        settings.validate()?;
        self.settings = settings;
        Ok(())
    }

    /// The limits the settings give a search by default (their plies and
    /// time budget).
    pub fn limits(&self) -> SearchLimits {
        self.settings.limits()
    }

    /// The lists of plays the handle keeps: `legal` pages them, a choice
    /// is committed against them ([`Choice::commit`]), a referee's list is
    /// adopted into them.
    pub fn lists(&mut self) -> &mut PlayLists {
        &mut self.lists
    }

    /// Lets `stop` end the following searches and rollouts early.
    pub fn set_stop(&mut self, stop: Stop) {
        self.search.set_stop(stop);
    }

    /// What may stop the searches ([`Self::set_stop`]).
    pub fn stop(&self) -> &Stop {
        self.search.stop()
    }

    /// Frees what the last searches and lists grew past ordinary needs (an
    /// Express low double's), keeping memory bounded between turns.
    pub fn trim(&mut self) {
        self.lists.complete.trim();
        self.lists.counter.trim();
        self.trim_keeping_listing();
    }

    /// [`Self::trim`], but the complete list and its count are kept, for
    /// paging through a long `legal` listing.
    pub fn trim_keeping_listing(&mut self) {
        self.lists.choice.trim();
        self.search.trim();
    }

    /// The current turn's plays of `game` ranked within `limits`, best
    /// first, with the numbers they play: at a match `context`, the
    /// candidates searched deepest go by the mover's match-winning chances
    /// instead of money equity. Express low doubles are cut at
    /// [`super::CHOICE_LIMIT`] plays or searched by the Express beam (the
    /// ranking says so in `truncated`).
    pub fn rank(
        &mut self,
        game: &Game,
        context: Option<&MatchContext>,
        limits: SearchLimits,
    ) -> Result<(TurnNumbers, Ranking), TurnError> {
        let mwc = match_value(context);
        self.rank_valued(game, mwc.as_ref().map(|f| f as &Valuation), limits)
    }

    /// [`Self::rank`] with the candidates searched deepest ordered by
    /// `valuation` (none: money equity), whatever gives it: a Tavli
    /// match's match-winning chances, which span the games of the match.
    pub fn rank_valued(
        &mut self,
        game: &Game,
        valuation: Option<&Valuation>,
        limits: SearchLimits,
    ) -> Result<(TurnNumbers, Ranking), TurnError> {
        self.search.rank_turn(
            game,
            self.evaluator.get(),
            &self.settings,
            limits,
            &mut self.lists,
            valuation,
        )
    }

    /// The plays of `turn` from `position` under `rules` (no game: a roll
    /// that may or may not be the one drawn, as the luck of a roll is
    /// measured) ranked within `limits` by money equity, best first.
    pub fn rank_roll(
        &mut self,
        position: &Position,
        turn: &TurnNumbers,
        rules: Rules,
        limits: SearchLimits,
    ) -> Ranking {
        let root = Root::new(position, turn, rules, self.evaluator.get());
        self.search
            .rank(root, self.lists.choice.generator(), &self.settings, limits)
    }

    /// The play to make in `game` now, searched within `limits` (by
    /// match-winning chances at a match `context`), and how the game must
    /// check it ([`Choice`]). A forced play is made without searching;
    /// when the candidates are not a complete list (an Express low
    /// double), only a play that uses every number or ends the game is
    /// chosen (R10).
    pub fn choose(
        &mut self,
        game: &Game,
        context: Option<&MatchContext>,
        limits: SearchLimits,
    ) -> Result<Choice, TurnError> {
        let mwc = match_value(context);
        self.choose_valued(game, mwc.as_ref().map(|f| f as &Valuation), limits)
    }

    /// [`Self::choose`] by `valuation` (none: money equity), as
    /// [`Self::rank_valued`] ranks.
    pub fn choose_valued(
        &mut self,
        game: &Game,
        valuation: Option<&Valuation>,
        limits: SearchLimits,
    ) -> Result<Choice, TurnError> {
        self.search.choose(
            game,
            self.evaluator.get(),
            &self.settings,
            limits,
            &mut self.lists,
            valuation,
        )
    }

    /// The chances of the side on roll in `game` before it rolls (after
    /// playing the numbers passed to it, in Express), searched within
    /// `limits`, and the depth reached (exact when the game is over).
    pub fn eval(&mut self, game: &Game, limits: SearchLimits) -> (Probabilities, u8) {
        let passed = match game.turn_numbers() {
            Some(TurnNumbers::Passed(numbers)) => Some(numbers),
            _ => None,
        };
        self.eval_position(game.position(), passed.as_ref(), game.rules(), limits)
    }

    /// [`Self::eval`] of `position` under `rules`, with `passed` the
    /// Express numbers handed to its side on roll (none: it rolls).
    pub fn eval_position(
        &mut self,
        position: &Position,
        passed: Option<&Numbers>,
        rules: Rules,
        limits: SearchLimits,
    ) -> (Probabilities, u8) {
        self.search.evaluate_position(
            position,
            passed,
            rules,
            self.evaluator.get(),
            &self.settings,
            limits,
        )
    }

    /// `plays` (the best few of a ranking under `rules`) played out with
    /// the rollout settings, `trials` games each when given (`rollout N`),
    /// re-ranked by their rollout means; `progress` hears of the trials as
    /// they finish, and the handle's stop ends the rollout early.
    pub fn rollout(
        &self,
        plays: &[RankedPlay],
        rules: Rules,
        trials: Option<u32>,
        progress: &(dyn Fn(RolloutProgress) + Sync),
    ) -> Result<Vec<RankedPlay>, RolloutError> {
        let mut settings = self.settings;
        if let Some(trials) = trials {
            // Checked with the rest by the rollout.
            settings.rollout.trials = trials;
        }
        rollout_plays_until(
            plays,
            rules,
            self.evaluator.get(),
            &settings,
            progress,
            self.search.stop(),
        )
    }
}

/// What a candidate is worth to the mover at a match `context`: its
/// match-winning chance (none in money play, valued by equity). The one
/// place a match context becomes a search's valuation.
fn match_value(context: Option<&MatchContext>) -> Option<impl Fn(&Probabilities) -> f32 + Sync> {
    context.map(|c| move |p: &Probabilities| c.mwc(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::HeuristicEvaluator;
    use plakoto_rules::{Dice, MatchScore, Phase, Side};
    use std::sync::Arc;
    use std::sync::atomic::AtomicU64;

    /// The initial position with X to play `dice`.
    fn game_with(dice: (u8, u8)) -> Game {
        let dice = Dice::new(dice.0, dice.1).unwrap();
        Game::from_parts(
            Rules::default(),
            Position::initial(),
            Side::X,
            Some(dice),
            None,
            Phase::Playing,
        )
        .unwrap()
    }

    #[test]
    fn settings_change_only_when_valid() {
        let mut handle = SearchHandle::new(Box::new(HeuristicEvaluator));
        let mut bad = SearchSettings::with_plies(1);
        bad.threads = 0;
        assert!(handle.set_settings(bad).is_err());
        assert_eq!(*handle.settings(), SearchSettings::default());
        let good = SearchSettings::with_plies(1);
        handle.set_settings(good).unwrap();
        assert_eq!(handle.settings().plies, 1);
        assert_eq!(handle.limits(), SearchLimits::plies(1));
        assert!(
            SearchHandle::borrowing(&HeuristicEvaluator)
                .with_settings(bad)
                .is_err()
        );
        // A fork searches alike on its own thread; a stop stays with the
        // handle it was given to.
        let mut threaded = SearchSettings::with_plies(3);
        threaded.threads = 4;
        handle.set_settings(threaded).unwrap();
        handle.set_stop(Stop::after_line(Arc::new(AtomicU64::new(9)), 1));
        let fork = handle.fork();
        assert_eq!(*fork.settings(), threaded);
        assert_eq!(fork.evaluator().name(), handle.evaluator().name());
        assert!(handle.stop().is_set() && !fork.stop().is_set());
        assert_eq!(fork.on_one_thread().settings().threads, 1);
    }

    #[test]
    fn the_caches_stay_within_their_budget_and_are_freed_by_trim() {
        let game = game_with((6, 4));
        let mut handle = SearchHandle::borrowing(&HeuristicEvaluator);
        let mut settings = SearchSettings::with_plies(2);
        settings.cache_mb = 1;
        handle.set_settings(settings).unwrap();
        handle.rank(&game, None, SearchLimits::plies(2)).unwrap();
        let held = handle.search.cache_bytes_held();
        let budget = crate::game::settings::budget_bytes(1);
        assert!(held > 0, "a 2-ply search fills its caches");
        assert!(held <= budget, "{held} bytes held for a budget of {budget}");
        // Between a session's commands the caches hold nothing.
        handle.trim();
        assert_eq!(handle.search.cache_bytes_held(), 0);
    }

    #[test]
    fn the_choice_is_the_best_of_the_ranking() {
        let game = game_with((6, 4));
        let mut handle = SearchHandle::borrowing(&HeuristicEvaluator);
        let limits = SearchLimits::plies(1);
        let (_, ranking) = handle.rank(&game, None, limits).unwrap();
        let choice = handle.choose(&game, None, limits).unwrap();
        assert_eq!(choice.play(), ranking.plays[0].play);
    }

    #[test]
    fn at_a_match_context_the_deepest_plays_go_by_match_winning_chances() {
        // A midgame 6-4 whose best play for money is not the best at
        // double match point (3 points, 2-2): gammons count for nothing.
        let position = plakoto_rules::sampling::midgame_suite(7, 6, 20)[1];
        let dice = Dice::new(6, 4).unwrap();
        let game = Game::from_parts(
            Rules::default(),
            position,
            Side::X,
            Some(dice),
            None,
            Phase::Playing,
        )
        .unwrap();
        let score = MatchScore {
            length: 3,
            score: [2, 2],
        };
        let context = MatchContext::of(&score, Side::X, game.rules()).unwrap();
        let mut handle = SearchHandle::borrowing(&HeuristicEvaluator);
        let limits = SearchLimits::plies(1);
        let (_, money) = handle.rank(&game, None, limits).unwrap();
        let (_, by_mwc) = handle.rank(&game, Some(&context), limits).unwrap();
        assert_ne!(money.plays[0].play, by_mwc.plays[0].play);
        let level = by_mwc.plays[0].evaluated_at;
        let chances: Vec<f32> = by_mwc
            .plays
            .iter()
            .take_while(|r| r.evaluated_at == level)
            .map(|r| context.mwc(&r.probabilities))
            .collect();
        assert!(chances.len() > 1);
        assert!(chances.windows(2).all(|w| w[0] >= w[1]), "{chances:?}");
        // The play chosen there is the match's best, too.
        let choice = handle.choose(&game, Some(&context), limits).unwrap();
        assert_eq!(choice.play(), by_mwc.plays[0].play);
    }

    #[test]
    fn eval_of_a_game_before_its_roll_is_its_positions() {
        let game = Game::started_by(Rules::default(), Side::X);
        let mut handle = SearchHandle::borrowing(&HeuristicEvaluator);
        let (p, reached) = handle.eval(&game, SearchLimits::plies(1));
        assert_eq!(reached, 1);
        let (q, _) =
            handle.eval_position(game.position(), None, game.rules(), SearchLimits::plies(1));
        assert_eq!(p, q);
    }
}
