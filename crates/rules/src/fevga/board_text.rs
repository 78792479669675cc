//! Fevga board text: the game layer's ([`crate::sides::side_board_text`],
//! shared with Portes) without a bar: `<side on roll> / <opponent>`, each
//! side in its **own** numbering (F2), highest first: `P:N` for N checkers
//! on point P, and an optional `off:N` that is checked. Checkers not listed
//! are borne off; a side with none left is `-`. The start is
//! `24:15 / 24:15`.

use super::position::FevgaPosition;
use crate::sides::{SideBoardTextError, parse_side_board_text, side_board_text};

/// What is wrong with a Fevga board text.
pub type FevgaBoardTextError = SideBoardTextError<FevgaPosition>;

/// The board text of a position (see the module doc).
pub fn fevga_board_text(position: &FevgaPosition) -> String {
    side_board_text(position)
}

/// Reads a board text (see the module doc).
pub fn parse_fevga_board_text(text: &str) -> Result<FevgaPosition, FevgaBoardTextError> {
    parse_side_board_text(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga::position::FevgaPositionError;

    #[test]
    fn the_start_reads_and_writes_as_documented() {
        let start = FevgaPosition::start();
        assert_eq!(fevga_board_text(&start), "24:15 / 24:15");
        assert_eq!(parse_fevga_board_text("24:15 / 24:15"), Ok(start));
        assert!(matches!(
            parse_fevga_board_text("24:15 / 12:15"),
            Err(FevgaBoardTextError::Position(
                FevgaPositionError::SharedPoint(24)
            ))
        ));
        assert!(matches!(
            parse_fevga_board_text("bar:1 24:14 / 24:15"),
            Err(FevgaBoardTextError::Token(_))
        ));
    }
}
