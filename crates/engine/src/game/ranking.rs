//! What a generic search answers: the plays of a roll ranked best first,
//! each with its value and how it was obtained.

use plakoto_rules::TavliGame;

use super::{Evaluation, GameAfter, SearchLimits, SearchStats, Valuation, order_deepest_by};
use crate::eval::Probabilities;

/// One candidate play of a [`GameRanking`], valued for the side making it.
#[derive(Clone, Copy, Debug)]
pub struct GameRankedPlay<G: TavliGame> {
    /// The play (its resulting position is `game.after(&play)`, seen by
    /// the mover).
    pub play: G::Play,
    /// What follows it: the opponent's turn, with the numbers the play
    /// carried to it (R21), or the mover's own roll.
    pub after: GameAfter<G::Carried>,
    /// Outcome probabilities for the side making the play.
    pub probabilities: Probabilities,
    /// Expected points of `probabilities` ([`super::game_equity`]).
    pub equity: f32,
    /// How the value was obtained: `Plies` of the depth searched, or
    /// `Exact` (the play ends the game, `database: None`; or an exact
    /// database covers the position it leads to).
    pub evaluated_at: Evaluation,
}

// By hand: a derive would ask `G` itself to be comparable, when only its
// plays need be (what follows a play compares by its carried numbers).
impl<G: TavliGame> PartialEq for GameRankedPlay<G>
where
    G::Play: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.play == other.play
            && self.after == other.after
            && self.probabilities == other.probabilities
            && self.equity == other.equity
            && self.evaluated_at == other.evaluated_at
    }
}

/// The plays of one roll ranked by a [`super::GameSearch`].
///
/// `plays` holds every legal play once: first the candidates that
/// survived to the deepest level (with exact plays among them), best
/// first, ties in generation order; then those the move filters dropped
/// earlier, in the order they had when dropped, each with the shallower
/// value it had ([`GameRankedPlay::evaluated_at`] says which).
#[derive(Clone, Debug)]
pub struct GameRanking<G: TavliGame> {
    /// Candidates, best first.
    pub plays: Vec<GameRankedPlay<G>>,
    /// The limits the search was given.
    pub limits: SearchLimits,
    /// Deepest level completed (at most the plies asked for).
    pub plies: u8,
    /// Whether the time budget or a `Stop` ended the
    /// search before the plies asked: the ranking is then that of `plies`.
    pub timed_out: bool,
    /// Whether the candidates are not every legal play: the evaluator cut
    /// a turn too large to list ([`super::EngineGame::root_plays`]).
    /// `false` for [`super::GameSearch::rank_plays`], whose list is the
    /// caller's.
    pub truncated: bool,
    /// Search counters (chance nodes, cache hits, evaluations).
    pub stats: SearchStats,
}

impl<G: TavliGame> GameRanking<G> {
    /// The best play, if any play was ranked.
    pub fn best(&self) -> Option<&GameRankedPlay<G>> {
        self.plays.first()
    }

    /// Orders the candidates searched to the deepest level (plays scored
    /// exactly among them) by `value`, best first, as the Plakoto search's
    /// ranking does at a match score: a Tavli match values plays by
    /// match-winning chances instead of money equity.
    pub fn order_deepest_by(&mut self, value: &Valuation<'_>) {
        order_deepest_by(
            &mut self.plays,
            |r| (r.evaluated_at, &r.probabilities),
            value,
        );
    }
}
