//! The board as data for `show board` in JSON in a game of the table
//! (Portes): the shape of Plakoto's `board` object (`points` in the
//! numbering of the side on roll, `off`, `pips`) with the checkers on the
//! bar added and no mothers, so a GUI draws both games from one shape.
//! The type only: the replies hold it, and the table's commands fill it
//! from their board picture (`table/board_data.rs`), so the replies need
//! nothing of the table.

use serde::Serialize;

use plakoto_rules::Side;

use crate::board_data::{PerSide, PointData};

/// The board of a game of the table as data (protocol.md, section 4,
/// `board` in `table_board`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableBoardData {
    /// The side the points are numbered for.
    pub on_roll: Side,
    /// Points 1 to 24 in the numbering of the side on roll; `pinned` is
    /// always `null` (no game of the table pins).
    pub points: Vec<PointData>,
    /// Checkers on the bar.
    pub bar: PerSide<u8>,
    /// Checkers borne off.
    pub off: PerSide<u8>,
    /// Pip counts, each side in its own numbering (a checker on the bar
    /// counts 25).
    pub pips: PerSide<u32>,
}
