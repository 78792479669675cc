//! Choosing the play to make, below the protocol: the search's best play,
//! and what may be played when the list of plays is incomplete.
//!
//! Plakoto Express low doubles have millions of plays (R20 size warning).
//! The engine lists at most a bounded number of them; the search's root
//! candidates may then be a capped list or the Express beam's lines. Only
//! a play that uses every number, or that ends the game, is surely legal
//! without the complete list (R10). [`Search::choose`] applies that rule
//! and says how the game must check the chosen play ([`Choice`]); the
//! search handle ([`super::SearchHandle::choose`]) calls it for the
//! session, the arena's built-in players and the benchmark.

use super::{Ranking, Root, Search};
use crate::eval::{Evaluator, NextRoll, rate_plays};
use crate::game::express::is_multi_group;
pub use crate::game::express::{CHOICE_LIMIT, ENGINE_MAX_POSITIONS};
use crate::game::{SearchLimits, SearchSettings, Valuation};
use plakoto_rules::{
    CountLimits, CountedPage, Game, GameError, GenLimits, MoveGenerator, Numbers, Play,
    PlayCounter, PlayList, PlayReport, Position, TurnNumbers, game_result,
};

/// Why there is nothing to choose from.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TurnError {
    /// The game refuses (not playing, game over, …).
    #[error(transparent)]
    Game(#[from] GameError),
    /// Playing, but the dice are not rolled yet.
    #[error("no dice: roll (or set the dice) first")]
    NoDice,
    /// The search found no play (only a finished game has none).
    #[error("no legal play")]
    NoLegalPlay,
}

/// The legal plays of the last position and numbers asked about, kept so
/// that paging through a long Express listing (or `hint` after `legal`)
/// does not generate them again. It only saves time.
#[derive(Default)]
pub struct PlayCache {
    generator: MoveGenerator,
    key: Option<(Position, Numbers)>,
    list: PlayList,
}

/// Lists of more plays than this are dropped after use (see
/// [`PlayCache::trim`]): holding an Express low double's list between
/// turns would keep megabytes for nothing.
const KEEP_PLAYS: usize = 4_096;

impl PlayCache {
    /// A cache whose generator keeps at most `limits` plays.
    pub fn with_limits(limits: GenLimits) -> PlayCache {
        PlayCache {
            generator: MoveGenerator::new(limits),
            ..PlayCache::default()
        }
    }

    /// The generator behind the list (for the game to check a play with).
    pub fn generator(&mut self) -> &mut MoveGenerator {
        &mut self.generator
    }

    /// The legal plays for the numbers the game's player must play now.
    pub fn legal(&mut self, g: &Game) -> Result<&PlayList, TurnError> {
        let turn = turn_of(g, &mut self.generator)?;
        let key = (*g.position(), turn.numbers());
        if self.key != Some(key) {
            self.key = None;
            self.generator.generate(&key.0, &key.1, &mut self.list);
            self.key = Some(key);
        }
        Ok(&self.list)
    }

    /// Takes `list`, the legal plays of `g`'s current turn listed elsewhere
    /// (the arena's referee), as the cached list, so that they are not
    /// generated again. Only a complete list is taken: a cut one depends on
    /// the limits it was made with.
    pub fn adopt(&mut self, g: &Game, list: &PlayList) {
        if let (false, Some(turn)) = (list.truncated, g.turn_numbers()) {
            self.list.clone_from(list);
            self.key = Some((*g.position(), turn.numbers()));
        }
    }

    /// Frees a long list and the generator's buffers grown for it, so an
    /// Express session's memory stays bounded by one roll's plays.
    pub fn trim(&mut self) {
        if self.list.plays.capacity() > KEEP_PLAYS {
            *self = PlayCache::with_limits(self.generator.limits());
        }
    }
}

/// The counter's bounds beside lists of at most `limits` plays: the
/// defaults beside the engine's [`ENGINE_MAX_POSITIONS`], in proportion
/// below it, so that a small list bound (tests) stands in for the engine's
/// whole memory bound.
fn count_limits(limits: GenLimits) -> CountLimits {
    let d = CountLimits::default();
    let share = |bytes: usize| {
        let scaled = bytes as u128 * limits.max_positions as u128 / ENGINE_MAX_POSITIONS as u128;
        bytes.min(scaled as usize)
    };
    CountLimits {
        frontier_bytes: share(d.frontier_bytes),
        table_bytes: share(d.table_bytes),
        max_passes: d.max_passes,
    }
}

/// The two lists of plays the engine keeps.
pub struct PlayLists {
    /// Lists as complete as the engine's memory bound allows, for `legal`
    /// and for checking a written play.
    pub complete: PlayCache,
    /// Lists bounded by [`CHOICE_LIMIT`], for the engine's own choice.
    pub choice: PlayCache,
    /// Exact counts and pages of rolls whose list is cut short.
    pub counter: PlayCounter,
    /// The last multi-group roll the counter found short enough to list
    /// whole: its next pages come from the list without counting again.
    listable: Option<(Position, Numbers)>,
}

impl PlayLists {
    /// Lists of at most `limits` plays (the choice at most
    /// [`CHOICE_LIMIT`]).
    pub fn new(limits: GenLimits) -> PlayLists {
        PlayLists {
            complete: PlayCache::with_limits(limits),
            choice: PlayCache::with_limits(GenLimits {
                max_positions: limits.max_positions.min(CHOICE_LIMIT),
            }),
            counter: PlayCounter::new(count_limits(limits)),
            listable: None,
        }
    }

    /// The exact number of legal plays for the numbers the game's player
    /// must play now and the plays at `offset..offset + limit` in the
    /// counter's order, counted in bounded memory (see [`PlayCounter`]),
    /// for a roll with more plays than the engine's complete list holds;
    /// `None` when the list holds them all (page it instead) or the roll
    /// does not fit the counter's limits either (the list cut short is
    /// then all there is).
    ///
    /// Only sequences of several groups of equal numbers (Express doubles)
    /// can be that long. They are counted before anything is listed: the
    /// count is what says whether the list would be whole, and listing
    /// first would hold the list's memory beside the count's.
    pub fn count_page(
        &mut self,
        g: &Game,
        offset: usize,
        limit: usize,
    ) -> Result<Option<CountedPage>, TurnError> {
        let turn = turn_of(g, self.complete.generator())?;
        let (position, numbers) = (g.position(), turn.numbers());
        if !is_multi_group(&numbers) {
            return Ok(None);
        }
        if self.listable == Some((*position, numbers)) {
            return Ok(None);
        }
        let listed = self.complete.generator().limits().max_positions;
        match self.counter.total(position, &numbers) {
            Some(total) if total > listed => {
                // The engine's list is not needed past this point.
                self.complete.trim();
                Ok(self.counter.page(position, &numbers, offset, limit))
            }
            _ => {
                // The list will be built: the count's frontier and table
                // (up to 40 MB) are freed first, so the two never hold
                // their memory side by side, and the verdict is kept so
                // that paging through the list does not count again.
                self.counter.trim();
                self.listable = Some((*position, numbers));
                Ok(None)
            }
        }
    }

    /// Lists bounded by [`ENGINE_MAX_POSITIONS`].
    pub fn bounded() -> PlayLists {
        PlayLists::new(GenLimits {
            max_positions: ENGINE_MAX_POSITIONS,
        })
    }

    /// [`PlayCache::trim`] on both lists.
    pub fn trim(&mut self) {
        self.complete.trim();
        self.choice.trim();
    }
}

/// The numbers to play now, or why there are none.
pub fn turn_of(g: &Game, generator: &mut MoveGenerator) -> Result<TurnNumbers, TurnError> {
    g.turn_numbers().ok_or_else(|| {
        g.legal_plays(generator)
            .err()
            .map_or(TurnError::NoDice, TurnError::Game)
    })
}

/// The engine's choice of play, and how the game checks it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Choice {
    /// A play of the bounded list (`true`) or of the complete list, which
    /// the game checks against that list.
    Listed(Play, bool),
    /// A play of the Express beam that uses every number and does not end
    /// the game: legal by construction (each group generated legally, all
    /// numbers used, R10), though not in the capped list; the game checks
    /// it by replaying its steps.
    UsesEveryNumber(Play),
}

impl Choice {
    /// The play chosen.
    pub fn play(&self) -> Play {
        match self {
            Choice::Listed(p, _) | Choice::UsesEveryNumber(p) => *p,
        }
    }

    /// Makes the chosen play in `game`, checked the way the choice says.
    pub fn commit(&self, game: &mut Game, lists: &mut PlayLists) -> Result<PlayReport, GameError> {
        match self {
            Choice::Listed(play, true) => game.play(play, lists.choice.generator()),
            Choice::Listed(play, false) => game.play(play, lists.complete.generator()),
            Choice::UsesEveryNumber(play) => game.play_using_every_number(play),
        }
    }
}

/// Whether `play` uses every number of the turn.
fn uses_every_number(g: &Game, play: &Play) -> bool {
    g.turn_numbers()
        .is_some_and(|t| play.steps.len() == t.numbers().len())
}

/// Whether `play` is legal for sure without the complete list of plays:
/// it uses every number or ends the game (R10).
fn surely_legal(g: &Game, play: &Play) -> bool {
    uses_every_number(g, play) || game_result(&play.position, g.rules().scoring).is_some()
}

impl Search {
    /// Ranks the current turn's plays of `game` with `settings` within
    /// `limits`. The root
    /// plays come from the bounded list: Express low doubles are cut at
    /// [`CHOICE_LIMIT`] (or searched by the Express beam), and the ranking
    /// says so in `truncated`.
    ///
    /// With a `valuation` (match play: the mover's match-winning chance of
    /// a candidate's probabilities), the candidates searched to the deepest
    /// level are ordered by it instead of by money equity.
    pub(super) fn rank_turn(
        &mut self,
        game: &Game,
        evaluator: &dyn Evaluator,
        settings: &SearchSettings,
        limits: SearchLimits,
        lists: &mut PlayLists,
        valuation: Option<&Valuation<'_>>,
    ) -> Result<(TurnNumbers, Ranking), TurnError> {
        let turn = turn_of(game, lists.choice.generator())?;
        let root = Root::new(game.position(), &turn, game.rules(), evaluator);
        let mut ranking = if is_multi_group(&turn.numbers()) {
            // The Express beam, or the generator when the beam falls short.
            self.rank(root, lists.choice.generator(), settings, limits)
        } else {
            // The bounded list, generated once for `legal`, `hint` and
            // `play` of the same turn.
            self.rank_listed(root, lists.choice.legal(game)?, settings, limits)
        };
        if ranking.plays.is_empty() {
            return Err(TurnError::NoLegalPlay);
        }
        if let Some(value) = valuation {
            ranking.order_deepest_by(value);
        }
        Ok((turn, ranking))
    }

    /// The engine's play for the current turn of `game`: the best of the
    /// search with `settings` within `limits`.
    ///
    /// When the search's candidates are not a complete list (capped at
    /// [`CHOICE_LIMIT`], or the Express beam's lines for a roll of several
    /// groups of numbers, R20), only a play that uses every number (or
    /// ends the game) is surely legal (R10): such a play is made directly,
    /// without listing the plays again (millions for an Express low
    /// double). Otherwise (a beam whose lines leave numbers unplayed lists
    /// every play instead) the game checks the best play against the
    /// bounded list, which is then complete. Should no searched candidate
    /// be surely legal, the choice falls back to the best 0-ply play of the
    /// bounded list, or of the complete list.
    pub(super) fn choose(
        &mut self,
        game: &Game,
        evaluator: &dyn Evaluator,
        settings: &SearchSettings,
        limits: SearchLimits,
        lists: &mut PlayLists,
        valuation: Option<&Valuation<'_>>,
    ) -> Result<Choice, TurnError> {
        let g = game;
        let turn = turn_of(g, lists.choice.generator())?;
        let beam_root = is_multi_group(&turn.numbers());
        if !beam_root {
            // Cheap outside Express low doubles; a forced play needs no
            // search.
            let bounded = lists.choice.legal(g)?;
            if bounded.len() == 1 && !bounded.truncated {
                return Ok(Choice::Listed(bounded.plays[0], true));
            }
        }
        let (_, ranking) = self.rank_turn(g, evaluator, settings, limits, lists, valuation)?;
        if !ranking.truncated {
            // The search's candidates are the bounded list, and it is
            // complete (an Express roll's too, when its beam fell short
            // and every play was listed: its best searched play is legal,
            // where a static 0-ply choice among them lost equity).
            return Ok(Choice::Listed(ranking.plays[0].play, true));
        }
        for r in &ranking.plays {
            if uses_every_number(g, &r.play)
                && game_result(&r.play.position, g.rules().scoring).is_none()
            {
                return Ok(Choice::UsesEveryNumber(r.play));
            }
            if surely_legal(g, &r.play) {
                // It ends the game: the game checks it against the lists.
                let bounded = lists.choice.legal(g)?;
                if let Some(p) = bounded.find(&r.play.position) {
                    return Ok(Choice::Listed(*p, true));
                }
                return Ok(Choice::Listed(r.play, false));
            }
        }
        log::debug!("no searched play is surely legal: choosing at 0 plies");
        let next = NextRoll::after(matches!(turn, TurnNumbers::Passed(_)));
        let play = self.best_static(g, evaluator, next, lists.choice.legal(g)?)?;
        let bounded = lists.choice.legal(g)?;
        if !bounded.truncated || surely_legal(g, &play) {
            return Ok(Choice::Listed(play, true));
        }
        let play = self.best_static(g, evaluator, next, lists.complete.legal(g)?)?;
        Ok(Choice::Listed(play, false))
    }

    /// The best play of `list` at 0 plies (the first of equals).
    fn best_static(
        &mut self,
        g: &Game,
        evaluator: &dyn Evaluator,
        next: NextRoll,
        list: &PlayList,
    ) -> Result<Play, TurnError> {
        rate_plays(evaluator, g.rules(), &list.plays, next, &mut self.rate);
        let best = self.rate.best(g.rules()).map(|i| list.plays[i]);
        self.rate.trim(KEEP_PLAYS);
        best.ok_or(TurnError::NoLegalPlay)
    }
}
