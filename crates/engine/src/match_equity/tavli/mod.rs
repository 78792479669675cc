//! Match play across the games of a Tavli match (docs/rules.md, the Tavli match): a
//! match equity table over the sequence Portes → Plakoto → Fevga (or any
//! other, `tavli.sequence`) and the valuation hook that turns a play's
//! outcome probabilities into match-winning chances (MWC).
//!
//! **The state.** `E(a, b, g, s)` is the chance that the player who needs
//! `a` points wins the match against one who needs `b`, at the start of
//! game `g` of the sequence (taken modulo its length: the sequence cycles,
//! T1), started by `s`: the player, the opponent or an opening roll (T5).
//! `E(≤0, b) = 1` and `E(a, ≤0) = 0`: the match ends as soon as a total
//! reaches the target, whatever the game was worth (T4, no cap).
//!
//! **A game.** Each game kind has its own outcome distribution **seen
//! from the side that starts it** ([`StarterRates`]): the starter wins
//! single / double / triple / mother, the other side wins the same ways,
//! or a draw (Plakoto only). So the first-move advantage and the gammon
//! rates differ by game: a gammon-prone game is worth more to the
//! trailer. The points of each ending come from the game's own scoring
//! (Portes P11 under `portes.scoring`, Plakoto R17/R18, Fevga F13)
//! ([`GameModel`]).
//!
//! **The recurrence.** With the player starting game `g` (kind `K`,
//! starter's rates `w_k`, other's `l_k`, draw `d`, points `n_k`):
//!
//! ```text
//! E(a, b, g, P) = Σ_k w_k · E(a − n_k, b, g+1, P)      the winner starts (T6)
//!               + Σ_k l_k · E(a, b − n_k, g+1, O)
//!               + d · E(a, b, g+1, D)                  D = R or P (T7)
//! E(a, b, g, R) = ½ E(a, b, g, P) + ½ E(a, b, g, O)    an even opening roll
//! ```
//!
//! and the same for `O` with the roles swapped; after a draw the next
//! game opens with a roll (`tavli.after_draw = opening_roll`) or with the
//! same starter (`same_starter`). Decided games lower `a + b`, so the
//! levels are solved in order of `a + b`; a draw keeps the score and moves
//! to the next game, so the states of one `(a, b)` level are tied in a
//! cycle over the sequence: each level is one small linear system (2 ×
//! the sequence's length unknowns) solved exactly by elimination
//! ([`table`]).
//!
//! **Left out.** The players are equally strong, and play every game as
//! the net plays it for money: the rates are self-play rates of the 0-ply
//! net, not of players who adjust to the score (a trailer who plays for
//! gammons makes more of them). The rates do not depend on the score.
//! Resignations (T9) are not modelled. Portes' backgammons are counted as
//! doubles (the arena scores P11's default): under `portes.scoring =
//! triple` they are still valued at 2, a slight undervaluation. Plakoto
//! Express was not measured by starter (its games are slow to play): it
//! uses [`super::EXPRESS_RATES`] shared equally by the two sides
//! ([`StarterRates::symmetric`]), without a first-move advantage.
//!
//! **The hook.** A play leaving the mover probabilities `p` in game `g`
//! is worth `Σ_k p.win_k · E(a − n_k, b, g+1, mover) + Σ_k p.lose_k ·
//! E(a, b − n_k, g+1, opponent) + p.draw · E(a, b, g+1, D)`
//! ([`TavliMatchContext::mwc`]).
//!
//! With the sequence `[Plakoto]` and rates shared equally between starter
//! and follower, the table is Plakoto's [`super::MatchEquityTable`] (a
//! test checks it).

pub mod context;
pub mod rates;
pub mod table;

#[cfg(test)]
mod brute_force;
#[cfg(test)]
mod tests;

pub use context::{TavliGameInMatch, TavliMatchContext, TavliPlace, TavliSwitches};
pub use rates::{GameModel, StarterRates};
pub use table::TavliEquityTable;

/// Who starts the game after a draw (T7, `tavli.after_draw`): the rules
/// core's switch.
pub use plakoto_rules::tavli::AfterDraw;

/// Who starts a game, from the player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Starter {
    /// The player (the side whose chances the table gives).
    Player,
    /// The opponent.
    Opponent,
    /// An opening roll (T5): either, with even chances.
    OpeningRoll,
}

impl Starter {
    /// The same starter seen from the other side.
    pub fn swapped(self) -> Starter {
        match self {
            Starter::Player => Starter::Opponent,
            Starter::Opponent => Starter::Player,
            Starter::OpeningRoll => Starter::OpeningRoll,
        }
    }
}
