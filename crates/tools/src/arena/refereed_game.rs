//! What the arena needs of a game beyond [`TavliGame`], apart from the
//! referee and the players that use it (both name it): the Match ID of a
//! turn and how a written play's error is classed, and its Portes
//! implementation.

use plakoto_rules::portes::{PortesGameState, PortesMatchId, PortesNotationError};
use plakoto_rules::tavli::Portes;
use plakoto_rules::{Dice, Side, TavliGame};

/// What the arena needs of a game beyond [`TavliGame`]: the Match ID that
/// goes with a Position ID in `set position`, and how a written play's
/// error is classed.
pub trait RefereedGame: TavliGame {
    /// The Match ID of a turn of a single game (no match): `side` on roll
    /// with `dice`.
    fn turn_match_id(&self, side: Side, dice: Dice) -> String;

    /// Whether `error` means the text is no play at all (garbage), rather
    /// than a readable play that is not legal.
    fn is_garbage(&self, error: &Self::PlayError) -> bool;
}

impl RefereedGame for Portes {
    fn turn_match_id(&self, side: Side, dice: Dice) -> String {
        PortesMatchId {
            match_length: 0,
            score: [0, 0],
            turn: side,
            dice_owner: side,
            dice: Some(dice),
            state: PortesGameState::Playing,
            resignation: None,
        }
        .to_string()
    }

    fn is_garbage(&self, error: &PortesNotationError) -> bool {
        matches!(error, PortesNotationError::Syntax(_))
    }
}
