//! Where the rollouts of a decision's plays start: the position each play
//! reached, seen by its mover, and what follows it (the numbers a play of
//! Plakoto Express carries on to the opponent, R21). A play is known by
//! the Position ID after it, as a benchmark stores its candidates; where
//! what follows depends on the play itself, the play is found among the
//! turn's plays as the search lists them.

use super::BenchmarkError;
use plakoto_engine::game::EngineGame;
use plakoto_engine::game::{GameAfter, GameEvaluator, GameSearch, Root};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_rules::TavliGame;
use plakoto_rules::tavli::ToPlay;

/// A rollout's start: the position after a play and what follows it.
pub(crate) type Start<G> = (
    <G as TavliGame>::Position,
    GameAfter<<G as TavliGame>::Carried>,
);

/// Where the rollout of `play`, a play of `to_play`, starts.
pub(crate) fn start_of<G: EngineGame>(
    game: &G,
    to_play: &ToPlay<G::Carried>,
    play: &G::Play,
) -> Start<G> {
    (game.after(play), GameAfter::of(game, to_play, play))
}

/// The turn standing at a decision, and how its plays are listed.
pub(crate) struct DecisionTurn<'a, G: EngineGame> {
    /// The game.
    pub game: &'a G,
    /// Rates the plays of the listing (at 0 ply).
    pub evaluator: &'a dyn GameEvaluator<G>,
    /// The search settings the listing is made under (its Express beam).
    pub settings: &'a SearchSettings,
    /// The position, seen by the side to play.
    pub position: &'a G::Position,
    /// What the side plays: its dice, or numbers carried to it.
    pub to_play: &'a ToPlay<G::Carried>,
}

impl<G: EngineGame> DecisionTurn<'_, G> {
    /// The start of the rollout of each play reaching `afters` (Position
    /// IDs), in order; `None` for one that is none of the turn's plays as
    /// `search` lists them at 0 ply with `generator` (an Express roll of
    /// several groups whose beam missed it). Where no play carries numbers
    /// on (a game that carries none, a roll of the dice), the IDs are read
    /// as they are, without a listing.
    pub(crate) fn starts(
        &self,
        afters: &[&str],
        search: &mut GameSearch<G>,
        generator: &mut G::Generator,
    ) -> Result<Vec<Option<Start<G>>>, BenchmarkError> {
        let game = self.game;
        let carries = game.may_carry() || matches!(self.to_play, ToPlay::Carried(_));
        if !carries {
            return afters
                .iter()
                .map(|id| {
                    let after = game
                        .parse_position_id(id)
                        .map_err(|e| BenchmarkError::Format(format!("{id}: {e}")))?;
                    Ok(Some((after, GameAfter::Opponent { pending: None })))
                })
                .collect();
        }
        Ok(self.listed_starts(afters, search, generator))
    }

    /// [`Self::starts`], each play found among the turn's plays whatever
    /// the game (a play reaching none of them has no start).
    pub(crate) fn listed_starts(
        &self,
        afters: &[&str],
        search: &mut GameSearch<G>,
        generator: &mut G::Generator,
    ) -> Vec<Option<Start<G>>> {
        let game = self.game;
        let root = Root::new(game, self.evaluator, self.position, self.to_play);
        let listed =
            search.rank_turn_generated(root, generator, self.settings, SearchLimits::plies(0));
        afters
            .iter()
            .map(|id| {
                listed
                    .plays
                    .iter()
                    .find(|r| game.position_id(&game.after(&r.play)) == *id)
                    .map(|r| start_of(game, self.to_play, &r.play))
            })
            .collect()
    }
}
