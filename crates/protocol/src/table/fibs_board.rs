//! `set board fibs board:…`: a FIBS board string (the form GNU Backgammon
//! sends an external player, and FIBS its clients) read as the whole state
//! of a Portes game: the board, the side on roll (X is FIBS's colour -1,
//! O its colour 1), the dice and the match score. Portes only: the other
//! games are not backgammon boards.

use plakoto_rules::portes::{FibsBoard, PortesPosition};
use plakoto_rules::{Dice, Side};

use crate::reply::{ErrorCode, ProtoError};

/// What a FIBS board sets (`P`: the game's position; Portes').
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FibsSetup<P> {
    /// The position, seen from the side on roll.
    pub position: P,
    /// The side on roll.
    pub on_roll: Side,
    /// Its dice, if rolled.
    pub dice: Option<Dice>,
    /// Points to win the match; 0 unlimited.
    pub match_length: u8,
    /// X's and O's points.
    pub score: [u32; 2],
}

/// Largest match length a session plays (the Match ID's 7-bit field,
/// less one to keep scores below it).
const MAX_MATCH_LENGTH: u32 = 127;

/// Reads `text` (`board:…`) as a Portes game's state. Errors:
/// `invalid_position`, with the reason.
pub fn read_fibs_board(text: &str) -> Result<FibsSetup<PortesPosition>, ProtoError> {
    let invalid = |reason: String| {
        ProtoError::new(
            ErrorCode::InvalidPosition,
            format!("not a FIBS board of a Portes game: {reason}"),
        )
    };
    let board: FibsBoard = text.parse().map_err(|e| invalid(format!("{e}")))?;
    let view = board.view().map_err(|e| invalid(format!("{e}")))?;
    if view.match_length > MAX_MATCH_LENGTH {
        return Err(invalid(format!(
            "a match to {} points is longer than {MAX_MATCH_LENGTH}",
            view.match_length
        )));
    }
    let on_roll = if view.on_roll < 0 { Side::X } else { Side::O };
    let (mover, other) = view.scores;
    let score = match on_roll {
        Side::X => [mover, other],
        Side::O => [other, mover],
    };
    if view.match_length > 0 && score.iter().any(|&s| s >= view.match_length) {
        return Err(invalid(format!(
            "a score of {} or more ends a match to {}",
            view.match_length, view.match_length
        )));
    }
    Ok(FibsSetup {
        position: view.position,
        on_roll,
        dice: view.dice,
        match_length: view.match_length as u8,
        score,
    })
}
