//! Where any game stands, as the game layer and Plakoto's own [`Game`](crate::Game)
//! share it: its [`Phase`], the [`StateError`]s that refuse what the state
//! does not allow, and the [`FinalResult`] of a finished game.

use crate::point::Side;
use crate::result_kind::ResultKind;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Before the opening roll decides who starts (R19).
    Opening = 0,
    /// A player is on roll.
    Playing = 1,
    /// The game has ended.
    Over = 2,
}

/// An operation the game's state does not allow, or parts of a game that
/// do not fit together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateError {
    /// Dice and passed numbers at once.
    DiceAndPassed,
    /// Passed numbers outside Express (R21).
    PassedOutsideExpress,
    /// Marked over, but the position is not finished.
    OverButNotFinished,
    /// Dice or passed numbers outside a game in play.
    DiceOutsidePlay,
    /// An opening roll after the game started.
    OpeningRollMade,
    /// Dice before the opening roll decided who starts.
    OpeningNotMade,
    /// The game is over.
    GameOver,
    /// Rolling while passed numbers wait to be played (R21).
    PassedFirst,
    /// Rolling twice.
    AlreadyRolled,
    /// Dice replaced outside a turn in play, or with passed numbers.
    DiceNotReplaceable,
    /// A play before the opening roll.
    NotStarted,
    /// A play with no dice.
    NoDice,
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StateError::DiceAndPassed => {
                "passed numbers are played before rolling: a turn cannot have both"
            }
            StateError::PassedOutsideExpress => "numbers are passed on only in Plakoto Express",
            StateError::OverButNotFinished => {
                "the game is marked over but the position is not finished"
            }
            StateError::DiceOutsidePlay => {
                "dice or passed numbers only while a game is being played"
            }
            StateError::OpeningRollMade => "the opening roll is made only before the game starts",
            StateError::OpeningNotMade => {
                "the opening roll has not been made; who starts is not decided"
            }
            StateError::GameOver => "the game is over",
            StateError::PassedFirst => {
                "the numbers passed by the opponent must be played before rolling (R21)"
            }
            StateError::AlreadyRolled => "the dice are already rolled; play first",
            StateError::DiceNotReplaceable => {
                "dice can be set only on a turn in play with no passed numbers"
            }
            StateError::NotStarted => "the game has not started: make the opening roll",
            StateError::NoDice => "no dice: roll (or set the dice) first",
        })
    }
}

/// The finished game's result in absolute terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinalResult {
    /// How it ended.
    pub kind: ResultKind,
    /// Who won; `None` for a draw.
    pub winner: Option<Side>,
    /// Points the winner scores.
    pub points: u8,
}
