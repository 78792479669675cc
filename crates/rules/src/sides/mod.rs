//! A position as two sides of checkers, each counted point by point in its
//! own numbering: the view that Portes and Fevga share with GNU
//! Backgammon, and that their Position ID ([`gnubg_id`]) and board text
//! ([`board_text`]) are written from, once for both. It sits below the
//! games (they implement [`SidesLayout`]) and the game layer, and names
//! neither.

pub(crate) mod base64;
pub mod board_text;
pub mod gnubg_id;

use std::fmt;

pub use board_text::{SideBoardTextError, parse_side_board_text, side_board_text};
pub use gnubg_id::{GNUBG_ID_LEN, GnubgIdError, gnubg_position_id, parse_gnubg_position_id};

/// A game whose position is two sides' checker counts, the side on roll's
/// first; what the shared Position ID and board text need of it.
pub trait SidesLayout: Copy + Eq + fmt::Debug {
    /// The game, as error messages name it (`"Portes"`).
    const GAME: &'static str;
    /// Whether a side's last slot (index 24) is its bar.
    const BAR: bool;
    /// What a board text with no `/` is told, after
    /// `a board is '<side on roll> / <opponent>', `: an example of the
    /// game's own.
    const BOARD_EXAMPLE: &'static str;
    /// One side's checkers: points 1 to 24 of its own numbering, then the
    /// bar where the game has one (`[u8; 25]` or `[u8; 24]`).
    type Side: AsRef<[u8]> + AsMut<[u8]> + Default + Copy;
    /// Why two sides form no position of the game.
    type PositionError: fmt::Display + fmt::Debug + Clone + PartialEq + Eq;
    /// Checkers a side has.
    const CHECKERS: u8 = 15;

    /// The side on roll's checkers and the opponent's.
    fn layout_sides(&self) -> (Self::Side, Self::Side);

    /// The position of these sides (the side on roll's first).
    fn from_layout_sides(own: Self::Side, opp: Self::Side) -> Result<Self, Self::PositionError>;
}
