//! Portes board text: the game layer's ([`crate::sides::side_board_text`],
//! shared with Fevga) with a bar: `<side on roll> / <opponent>`, each side
//! in its **own** numbering, highest first: `bar:N` for checkers on the
//! bar, `P:N` for N checkers on point P, and an optional `off:N` that is
//! checked. Checkers not listed are borne off; a side with none left is
//! `-`. The start is `24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5`.

use super::position::PortesPosition;
use crate::sides::{SideBoardTextError, parse_side_board_text, side_board_text};

/// What is wrong with a Portes board text.
pub type PortesBoardTextError = SideBoardTextError<PortesPosition>;

/// The board text of a position (see the module doc).
pub fn portes_board_text(position: &PortesPosition) -> String {
    side_board_text(position)
}

/// Reads a board text (see the module doc).
pub fn parse_portes_board_text(text: &str) -> Result<PortesPosition, PortesBoardTextError> {
    parse_side_board_text(text)
}
