//! `show board` for the games of the table: the board drawn as text, in
//! the frame Plakoto's board uses, with a bar column between the halves.
//!
//! The side on roll's numbering labels the points: its 13–24 along the
//! top, 12–1 along the bottom, so it moves counter-clockwise from the top
//! right (`noflip`); `flip` mirrors the board left to right. A column
//! shows up to four checkers and then their count.

use crate::command::Orientation;
use plakoto_rules::{Seat, Side};

/// What a board shows, seen from the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPicture {
    /// Points 1–24 in the side on roll's numbering: whose checkers stand
    /// there and how many.
    pub points: [(Option<Seat>, u8); 24],
    /// Checkers on the bar: the side on roll's, then the opponent's.
    pub bar: [u8; 2],
    /// Checkers borne off, in the same order.
    pub off: [u8; 2],
    /// Pip counts, in the same order.
    pub pips: [u32; 2],
}

/// Rows drawn for each half of the board.
const ROWS: usize = 5;

/// The text of a column `count` checkers high, `row` rows from its base:
/// checkers up to the last row, which shows the count when they overflow.
fn cell(letter: char, count: u8, row: usize) -> String {
    let count = usize::from(count);
    if row < ROWS - 1 && row < count || row == ROWS - 1 && count == ROWS {
        format!("{letter:>3}")
    } else if row == ROWS - 1 && count > ROWS {
        format!("{count:>3}")
    } else {
        "   ".to_string()
    }
}

/// The board's lines; `on_roll` names the side on roll.
pub fn draw_table_board(
    picture: &BoardPicture,
    on_roll: Side,
    orientation: Orientation,
) -> Vec<String> {
    let letter = |seat: Seat| match seat {
        Seat::OnRoll => on_roll.to_string().chars().next().unwrap_or('X'),
        Seat::Opponent => on_roll.other().to_string().chars().next().unwrap_or('O'),
    };
    let mut top: Vec<u8> = (13..=24).collect();
    let mut bottom: Vec<u8> = (1..=12).rev().collect();
    if orientation == Orientation::Flip {
        top.reverse();
        bottom.reverse();
    }
    let label = |points: &[u8]| -> String {
        let half = |p: &[u8]| p.iter().map(|n| format!("{n:->3}")).collect::<String>();
        format!(" +{}-+BAR+{}-+", half(&points[..6]), half(&points[6..]))
    };
    let side_line = |seat: Seat| {
        let index = usize::from(seat == Seat::Opponent);
        let side = if seat == Seat::OnRoll {
            on_roll
        } else {
            on_roll.other()
        };
        format!(
            "  {side}: off {:>2}  bar {:>2}  pips {}{}",
            picture.off[index],
            picture.bar[index],
            picture.pips[index],
            if seat == Seat::OnRoll {
                "  (on roll)"
            } else {
                ""
            }
        )
    };
    // The opponent's bar checkers wait in the top half (they enter the
    // side on roll's home, bottom right), the side's own in the bottom.
    let row = |points: &[u8], row: usize, bar_seat: Seat| -> String {
        let column = |point: &u8| {
            let (owner, count) = picture.points[usize::from(*point) - 1];
            owner.map_or_else(|| "   ".to_string(), |s| cell(letter(s), count, row))
        };
        let bar_count = picture.bar[usize::from(bar_seat == Seat::Opponent)];
        let bar = cell(letter(bar_seat), bar_count, row);
        format!(
            " |{} |{}|{} |",
            points[..6].iter().map(column).collect::<String>(),
            bar,
            points[6..].iter().map(column).collect::<String>()
        )
    };
    let mut lines = vec![format!("{}{}", label(&top), side_line(Seat::Opponent))];
    for r in 0..ROWS {
        lines.push(row(&top, r, Seat::Opponent));
    }
    lines.push(" |                   |   |                   |".to_string());
    for r in (0..ROWS).rev() {
        lines.push(row(&bottom, r, Seat::OnRoll));
    }
    lines.push(format!("{}{}", label(&bottom), side_line(Seat::OnRoll)));
    lines
}
