//! Fevga Position IDs: GNU Backgammon's bit layout with Fevga's numbering
//! (F2), so a Fevga ID is as short as a backgammon one but never read as
//! one by mistake of numbering — the game is named beside it (`set game`,
//! a record's header). The codec is the game layer's
//! ([`crate::tavli::gnubg_id`], shared with Portes); Fevga gives it its
//! sides: points 1 to 24 **in each side's own numbering**, and no bar
//! (Fevga has none). The start is `AACA/z8AAMD/Hw` (15 checkers on each
//! side's own 24-point).

use super::position::{CHECKERS, FevgaPosition, FevgaPositionError};
use crate::sides::{
    GNUBG_ID_LEN, GnubgIdError, SidesLayout, gnubg_position_id, parse_gnubg_position_id,
};

impl SidesLayout for FevgaPosition {
    const GAME: &'static str = "Fevga";
    const BAR: bool = false;
    const BOARD_EXAMPLE: &'static str = "each in its own numbering, e.g. '24:15 / 24:15'";
    const CHECKERS: u8 = CHECKERS;
    type Side = [u8; 24];
    type PositionError = FevgaPositionError;

    fn layout_sides(&self) -> ([u8; 24], [u8; 24]) {
        self.sides()
    }

    fn from_layout_sides(own: [u8; 24], opp: [u8; 24]) -> Result<Self, FevgaPositionError> {
        FevgaPosition::from_sides(own, opp)
    }
}

/// Characters in a Fevga Position ID.
pub const FEVGA_ID_LEN: usize = GNUBG_ID_LEN;

/// Why a text is not a Fevga Position ID.
pub type FevgaIdError = GnubgIdError<FevgaPosition>;

/// The Position ID of `position` (see the module doc).
pub fn fevga_position_id(position: &FevgaPosition) -> String {
    gnubg_position_id(position)
}

/// The position a Fevga Position ID names, seen from its side on roll.
pub fn parse_fevga_position_id(text: &str) -> Result<FevgaPosition, FevgaIdError> {
    parse_gnubg_position_id(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_the_documented_id_and_ids_round_trip() {
        let start = FevgaPosition::start();
        assert_eq!(fevga_position_id(&start), "AACA/z8AAMD/Hw");
        assert_eq!(parse_fevga_position_id("AACA/z8AAMD/Hw"), Ok(start));
        assert_eq!(
            parse_fevga_position_id("AAD/fw"),
            Err(FevgaIdError::Length(6))
        );
    }
}
