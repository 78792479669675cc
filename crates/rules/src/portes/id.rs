//! Portes Position IDs: GNU Backgammon's own encoding (P7a), so gnubg, any
//! backgammon GUI and this engine read each other's IDs. The codec is the
//! game layer's ([`crate::tavli::gnubg_id`], shared with Fevga); Portes
//! gives it its sides: points 1 to 24 and then the bar, as gnubg does.

use super::position::{CHECKERS, PortesPosition, PortesPositionError};
use crate::sides::{GnubgIdError, SidesLayout, gnubg_position_id, parse_gnubg_position_id};

impl SidesLayout for PortesPosition {
    const GAME: &'static str = "Portes";
    const BAR: bool = true;
    const BOARD_EXAMPLE: &'static str = "e.g. '24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5'";
    const CHECKERS: u8 = CHECKERS;
    type Side = [u8; 25];
    type PositionError = PortesPositionError;

    fn layout_sides(&self) -> ([u8; 25], [u8; 25]) {
        self.sides()
    }

    fn from_layout_sides(own: [u8; 25], opp: [u8; 25]) -> Result<Self, PortesPositionError> {
        PortesPosition::from_sides(own, opp)
    }
}

/// Why a text is not a Portes Position ID.
pub type PortesIdError = GnubgIdError<PortesPosition>;

/// The gnubg Position ID of `position` (the side on roll is its player on roll).
pub fn portes_position_id(position: &PortesPosition) -> String {
    gnubg_position_id(position)
}

/// The position a gnubg Position ID names, seen from its player on roll.
pub fn parse_portes_position_id(text: &str) -> Result<PortesPosition, PortesIdError> {
    parse_gnubg_position_id(text)
}
