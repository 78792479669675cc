//! Plakoto's turn as the engine plays it through the generic search: the
//! lists of plays it keeps ([`PlayLists`]: as complete as its memory
//! bound allows for `legal` and for checking a written play, bounded by
//! [`CHOICE_LIMIT`] for its own choice, and counted for the Express low
//! doubles too long to list), the turn's plays ranked
//! ([`rank_turn`]) and the play chosen ([`choose_turn`]) with them, and how
//! the game checks the choice ([`Choice`]).
//!
//! Plakoto Express low doubles have millions of plays (R20 size warning).
//! The engine lists at most a bounded number of them; the search's root
//! candidates may then be a capped list or the Express beam's lines. Only
//! a play that uses every number, or that ends the game, is surely legal
//! without the complete list (R10): the generic search applies that rule
//! ([`GameSearch::choose_legal`]), and [`Choice`] says how the game must
//! check the play chosen.

use super::express::is_multi_group;
use super::express::{CHOICE_LIMIT, ENGINE_MAX_POSITIONS};
use super::{
    GameEvaluator, GameRanking, GameSearch, Root, SearchLimits, SearchSettings, Valuation,
};
use crate::eval::{Probabilities, terminal_probabilities};
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{
    CountLimits, CountedPage, Game, GameError, GenLimits, MoveGenerator, Numbers, Play,
    PlayCounter, PlayList, PlayReport, Position, Rules, TurnNumbers, game_result,
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

    /// The most plays a list for the engine's own choice holds (at most
    /// [`CHOICE_LIMIT`]).
    pub fn choice_limit(&self) -> usize {
        self.choice.generator.limits().max_positions
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

/// A Plakoto turn in the game layer's terms.
pub fn to_play(turn: &TurnNumbers) -> ToPlay<Numbers> {
    match *turn {
        TurnNumbers::Rolled(dice, _) => ToPlay::Dice(dice),
        TurnNumbers::Passed(numbers) => ToPlay::Carried(numbers),
    }
}

/// Ranks the current turn's plays of `game` with `search`, rated by
/// `evaluator`, under `settings` within `limits`, and says which numbers
/// they play. The root plays come from the bounded list: Express low
/// doubles are cut at [`CHOICE_LIMIT`] (or searched by the Express beam),
/// and the ranking says so in `truncated`.
///
/// With a `valuation` (match play: the mover's match-winning chance of a
/// candidate's probabilities), the candidates searched to the deepest
/// level are ordered by it instead of by money equity.
pub fn rank_turn(
    search: &mut GameSearch<Plakoto>,
    evaluator: &dyn GameEvaluator<Plakoto>,
    game: &Game,
    settings: &SearchSettings,
    limits: SearchLimits,
    lists: &mut PlayLists,
    valuation: Option<&Valuation<'_>>,
) -> Result<(TurnNumbers, GameRanking<Plakoto>), TurnError> {
    let turn = turn_of(game, lists.choice.generator())?;
    let plakoto = Plakoto::new(game.rules());
    let to_play = to_play(&turn);
    let mut ranking = if is_multi_group(&turn.numbers()) {
        // The Express beam, or the generator when the beam falls short.
        let root = Root::new(&plakoto, evaluator, game.position(), &to_play);
        search.rank_turn_generated(root, lists.choice.generator(), settings, limits)
    } else {
        // The bounded list, generated once for `legal`, `hint` and `play`
        // of the same turn.
        let list = lists.choice.legal(game)?;
        let ranking =
            search.rank_plays(&plakoto, evaluator, &to_play, &list.plays, settings, limits);
        GameRanking {
            truncated: list.truncated,
            ..ranking
        }
    };
    if ranking.plays.is_empty() {
        return Err(TurnError::NoLegalPlay);
    }
    if let Some(value) = valuation {
        ranking.order_deepest_by(value);
    }
    Ok((turn, ranking))
}

/// The engine's play for the current turn of `game`: the generic search's
/// ([`GameSearch::choose_legal`]) with `settings` within `limits`, its root
/// listed by the bounded list's generator: where the candidates are not
/// every play (capped at [`CHOICE_LIMIT`], or the Express beam's lines,
/// R20), a surely legal one (R10), and how the game checks it. A play of a
/// roll of several groups of numbers that uses every number is made
/// without listing the plays again (millions for an Express low double);
/// any other is checked against the bounded list.
pub fn choose_turn(
    search: &mut GameSearch<Plakoto>,
    evaluator: &dyn GameEvaluator<Plakoto>,
    game: &Game,
    settings: &SearchSettings,
    limits: SearchLimits,
    lists: &mut PlayLists,
    valuation: Option<&Valuation<'_>>,
) -> Result<Choice, TurnError> {
    let turn = turn_of(game, lists.choice.generator())?;
    let numbers = turn.numbers();
    let rules = game.rules();
    let plakoto = Plakoto::new(rules);
    let to_play = to_play(&turn);
    let root = Root::new(&plakoto, evaluator, game.position(), &to_play);
    let play = search
        .choose_legal(root, lists.choice.generator(), settings, limits, valuation)
        .ok_or(TurnError::NoLegalPlay)?;
    let whole =
        play.steps.len() == numbers.len() && game_result(&play.position, rules.scoring).is_none();
    Ok(if whole && is_multi_group(&numbers) {
        Choice::UsesEveryNumber(play)
    } else {
        Choice::Listed(play, true)
    })
}

/// The value of `position` under `rules` for its side on roll before it
/// rolls, searched with `search` and `evaluator` under `settings` to
/// `limits.plies` (within its time budget), and the depth reached: exact
/// (depth 0) when the game is over. `passed`: Express numbers handed to
/// the side on roll, which it plays (its best play) before rolling (R21).
pub fn value_before_roll(
    search: &mut GameSearch<Plakoto>,
    evaluator: &dyn GameEvaluator<Plakoto>,
    position: &Position,
    passed: Option<Numbers>,
    rules: Rules,
    settings: &SearchSettings,
    limits: SearchLimits,
) -> (Probabilities, u8) {
    if let Some(result) = game_result(position, rules.scoring) {
        return (terminal_probabilities(&result), 0);
    }
    let game = Plakoto::new(rules);
    search.search_value(&game, evaluator, position, passed, settings, limits)
}
