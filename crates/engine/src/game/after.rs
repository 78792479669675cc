//! What follows a play in the generic search: the opponent's roll, with
//! the numbers the play carried to it first (Plakoto Express, R21), or the
//! mover's own roll after it played numbers carried to it. It decides
//! from whose side a play's position is valued, and whether a decision
//! (the opponent's play of the carried numbers) comes before the next
//! chance event.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::ToPlay;

/// What follows a play of the game whose carried numbers are `C`
/// ([`TavliGame::Carried`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameAfter<C> {
    /// The opponent is on roll; first it plays the numbers the mover left
    /// unused, if the game carries any (R21).
    Opponent {
        /// Numbers carried to the opponent.
        pending: Option<C>,
    },
    /// The mover played numbers carried to it and now rolls itself (R21).
    MoverRolls,
}

impl<C: Copy> GameAfter<C> {
    /// What follows `play`, made of what `to_play` gave the mover: a play
    /// of carried numbers is followed by the mover's own roll; a play of
    /// a roll by the opponent's turn, with whatever the play left unused
    /// (nothing in a game that carries nothing).
    pub fn of<G: TavliGame<Carried = C>>(game: &G, to_play: &ToPlay<C>, play: &G::Play) -> Self {
        match to_play {
            ToPlay::Carried(_) => GameAfter::MoverRolls,
            ToPlay::Dice(dice) => GameAfter::Opponent {
                pending: game.carried_after(*dice, play),
            },
        }
    }

    /// Whether the play hands numbers on to the opponent: its value then
    /// depends on the opponent's best play of them, not only on its
    /// position.
    pub fn passes_on(&self) -> bool {
        matches!(self, GameAfter::Opponent { pending: Some(_) })
    }
}
