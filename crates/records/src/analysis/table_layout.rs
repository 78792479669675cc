//! The geometry of a table game's board in the HTML report: the sizes of
//! points, checkers, trays and dice, and where each game puts its bar and
//! its trays. The board (`table_board`) and its arrows (`table_arrows`)
//! both draw on it, so it stands apart from either.

use crate::GameFns;
use plakoto_rules::GameKind;

/// Width of a point.
pub(super) const POINT: u32 = 36;
/// Left edge of the board, without a tray on the left.
pub(super) const LEFT: u32 = 10;
/// Width of a tray of checkers borne off.
pub(super) const TRAY_WIDTH: u32 = 44;
/// Gap between the board and a tray.
pub(super) const GAP: u32 = 8;
/// Top and bottom of the board: two stacks of [`STACK`] checkers (one a
/// row) and the dice between them.
pub(super) const TOP: u32 = 10;
pub(super) const BOTTOM: u32 = TOP + 2 * STACK_HEIGHT + MIDDLE_GAP;
/// Height of a full stack of [`STACK`] checkers.
pub(super) const STACK_HEIGHT: u32 = 1 + STACK as u32 * (2 * RADIUS + 1);
/// Room between the top and the bottom stacks, for the dice.
pub(super) const MIDDLE_GAP: u32 = 40;
/// The middle of the board's height.
pub(super) const MIDDLE_Y: u32 = (TOP + BOTTOM) / 2;
/// Height of a point's triangle.
pub(super) const TRIANGLE: u32 = 130;
/// Height of the whole drawing (the caption under the board).
pub(super) const HEIGHT: u32 = BOTTOM + 40;
/// Checker radius.
pub(super) const RADIUS: u32 = 15;
/// Size of a die.
pub(super) const DIE: u32 = 28;
/// Checkers drawn on the bar, a side, before the count is written.
pub(super) const BAR_STACK: u8 = 4;
/// Checkers drawn on a point before the count is written instead.
pub(super) const STACK: u8 = 5;

/// Where the parts of a game's board go.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    /// Left edge of the board.
    pub(super) left: u32,
    /// Whether the middle strip is a bar holding checkers (Portes).
    pub(super) bar: bool,
    /// Whether the opponent bears off on the left (Fevga), else on the
    /// right beside the mover.
    pub(super) opponent_left: bool,
}

impl Layout {
    /// The layout of the board of the game `kind`: its bar, and where each
    /// side's tray is.
    pub(super) fn of(kind: GameKind) -> Layout {
        let game = GameFns::of(kind);
        Layout {
            // The tray of an opponent bearing off on the left stands left
            // of the board.
            left: if game.opponent_off_left {
                LEFT + TRAY_WIDTH + GAP
            } else {
                LEFT
            },
            bar: game.bar,
            opponent_left: game.opponent_off_left,
        }
    }

    /// Left edge of the middle strip (after six points).
    pub(super) fn middle(&self) -> u32 {
        self.left + 6 * POINT
    }

    /// Left edge of the home half (after the middle strip).
    pub(super) fn home(&self) -> u32 {
        self.middle() + POINT
    }

    /// Left edge of the tray on the right.
    pub(super) fn right_tray(&self) -> u32 {
        self.home() + 6 * POINT + GAP
    }

    /// Width of the whole drawing.
    pub(super) fn width(&self) -> u32 {
        self.right_tray() + TRAY_WIDTH + LEFT
    }

    /// The left edge of point `p` (1–24, seen by the mover) and whether it
    /// is on the top row.
    pub(super) fn point_place(&self, p: u32) -> (u32, bool) {
        match p {
            1..=6 => (self.home() + (6 - p) * POINT, false),
            7..=12 => (self.left + (12 - p) * POINT, false),
            13..=18 => (self.left + (p - 13) * POINT, true),
            _ => (self.home() + (p - 19) * POINT, true),
        }
    }
}
