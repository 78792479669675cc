//! `show board` in every game: the board drawn as text, with a bar column
//! between the halves in a game with a bar (Portes; Plakoto and Fevga
//! have none, F1), and pinned checkers in lower case (Plakoto, R4).
//! Portes and Fevga fill its [`BoardPicture`] in `table/hooks.rs`,
//! Plakoto in `games/plakoto/board.rs`; it sits beside both, so neither
//! reaches into the other.
//!
//! The board is drawn from X's side whoever is on roll, so the checkers
//! stay where they are from turn to turn: X starts at the top right and
//! moves counter-clockwise to its home at the bottom right (`noflip`), O
//! starts at the bottom right in Plakoto and Portes (moving the other way)
//! and at the bottom left in Fevga (the same way round, F4); `flip`
//! mirrors the board left to right. The points are labelled in the
//! numbering of the side on roll, in which plays are written. Each side's
//! line says which way it moves. A column shows up to four checkers and
//! then their count.

use crate::command::Orientation;
use plakoto_rules::{Seat, Side};

/// What a board shows, seen from the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPicture {
    /// Points 1–24 in the side on roll's numbering: whose checkers stand
    /// there and how many (a pinned checker under them not counted).
    pub points: [(Option<Seat>, u8); 24],
    /// Whose checker lies pinned under each point's checkers, in the same
    /// numbering (Plakoto, R4; never in Portes or Fevga).
    pub pinned: [Option<Seat>; 24],
    /// Checkers on the bar: the side on roll's, then the opponent's.
    pub bar: [u8; 2],
    /// Checkers borne off, in the same order.
    pub off: [u8; 2],
    /// Pip counts, in the same order.
    pub pips: [u32; 2],
    /// Whether the game has a bar (Portes) or not (Fevga).
    pub has_bar: bool,
    /// Whether both sides move the same way round the board (Fevga: each
    /// side's 24 is the other's 12) rather than against each other
    /// (Portes: each side's 24 is the other's 1).
    pub same_direction: bool,
}

/// Rows drawn for each half of the board.
const ROWS: usize = 5;

/// The text of a column of `count` checkers drawn as `letter` over a
/// pinned one drawn as `pinned` (at the base, R4), `row` rows from its
/// base: checkers up to the last row, which shows the column's count when
/// they overflow.
fn cell(letter: char, count: u8, pinned: Option<char>, row: usize) -> String {
    let total = usize::from(count) + usize::from(pinned.is_some());
    if row == ROWS - 1 && total > ROWS {
        format!("{total:>3}")
    } else if row >= total {
        "   ".to_string()
    } else if let (0, Some(under)) = (row, pinned) {
        format!("{under:>3}")
    } else {
        format!("{letter:>3}")
    }
}

/// The labels of the top and bottom rows, left to right, in the numbering
/// of the side on roll: X's 13–24 along the top and 12–1 along the bottom
/// (`noflip`), whichever side is on roll.
fn rows(picture: &BoardPicture, on_roll: Side, orientation: Orientation) -> (Vec<u8>, Vec<u8>) {
    let x_top: Vec<u8> = (13..=24).collect();
    let x_bottom: Vec<u8> = (1..=12).rev().collect();
    // X's point `p` in O's numbering: 25 - p when the sides move against
    // each other, 12 points on when they move the same way.
    let in_o = |p: u8| {
        if picture.same_direction {
            (p + 11) % 24 + 1
        } else {
            25 - p
        }
    };
    let (mut top, mut bottom) = match on_roll {
        Side::X => (x_top, x_bottom),
        Side::O => (
            x_top.into_iter().map(in_o).collect(),
            x_bottom.into_iter().map(in_o).collect(),
        ),
    };
    if orientation == Orientation::Flip {
        top.reverse();
        bottom.reverse();
    }
    (top, bottom)
}

/// Which way `side` moves round the board as drawn.
fn direction(side: Side, same_direction: bool, orientation: Orientation) -> &'static str {
    // X moves counter-clockwise unflipped; O the same way in Fevga, the
    // other way in Portes; a mirrored board turns both.
    let counter = (side == Side::X || same_direction) == (orientation == Orientation::Noflip);
    if counter {
        "moves counter-clockwise"
    } else {
        "moves clockwise"
    }
}

/// The board's lines; `on_roll` names the side on roll.
pub fn draw_table_board(
    picture: &BoardPicture,
    on_roll: Side,
    orientation: Orientation,
) -> Vec<String> {
    let seat_of = |side: Side| {
        if side == on_roll {
            Seat::OnRoll
        } else {
            Seat::Opponent
        }
    };
    let letter = |seat: Seat| match seat {
        Seat::OnRoll => on_roll.to_string().chars().next().unwrap_or('X'),
        Seat::Opponent => on_roll.other().to_string().chars().next().unwrap_or('O'),
    };
    let (top, bottom) = rows(picture, on_roll, orientation);
    let bar_label = if picture.has_bar { "BAR+" } else { "" };
    let label = |points: &[u8]| -> String {
        let half = |p: &[u8]| p.iter().map(|n| format!("{n:->3}")).collect::<String>();
        format!(
            " +{}-+{bar_label}{}-+",
            half(&points[..6]),
            half(&points[6..])
        )
    };
    let side_line = |side: Side| {
        let index = usize::from(seat_of(side) == Seat::Opponent);
        let bar = if picture.has_bar {
            format!("  bar {:>2}", picture.bar[index])
        } else {
            String::new()
        };
        format!(
            "  {side}: off {:>2}{bar}  pips {}  {}{}",
            picture.off[index],
            picture.pips[index],
            direction(side, picture.same_direction, orientation),
            if side == on_roll { "  (on roll)" } else { "" }
        )
    };
    // O's bar checkers wait in the top half (they enter X's home, bottom
    // right), X's in the bottom.
    let row = |points: &[u8], row: usize, bar_side: Side| -> String {
        let column = |point: &u8| {
            let index = usize::from(*point) - 1;
            let (owner, count) = picture.points[index];
            let pinned = picture.pinned[index].map(|s| letter(s).to_ascii_lowercase());
            owner.map_or_else(
                || "   ".to_string(),
                |s| cell(letter(s), count, pinned, row),
            )
        };
        let bar = if picture.has_bar {
            let seat = seat_of(bar_side);
            let count = picture.bar[usize::from(seat == Seat::Opponent)];
            format!("{}|", cell(letter(seat), count, None, row))
        } else {
            String::new()
        };
        format!(
            " |{} |{bar}{} |",
            points[..6].iter().map(column).collect::<String>(),
            points[6..].iter().map(column).collect::<String>()
        )
    };
    let middle = if picture.has_bar {
        " |                   |   |                   |"
    } else {
        " |                   |                   |"
    };
    let mut lines = vec![format!("{}{}", label(&top), side_line(Side::O))];
    for r in 0..ROWS {
        lines.push(row(&top, r, Side::O));
    }
    lines.push(middle.to_string());
    for r in (0..ROWS).rev() {
        lines.push(row(&bottom, r, Side::X));
    }
    lines.push(format!("{}{}", label(&bottom), side_line(Side::X)));
    lines
}

/// Where `letter` is first drawn on the board `lines` below its top
/// label line: (line, column); for the tests of every game's board.
#[cfg(test)]
pub(crate) fn first_drawn(lines: &[String], letter: char) -> Option<(usize, usize)> {
    lines
        .iter()
        .enumerate()
        .skip(1)
        .find_map(|(i, l)| l.find(letter).map(|c| (i, c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture with one checker of the side on roll on its 24 and one of
    /// the opponent's on the on-roll side's `opponent_at`.
    fn picture(opponent_at: u8, has_bar: bool, same_direction: bool) -> BoardPicture {
        let mut points = [(None, 0u8); 24];
        points[23] = (Some(Seat::OnRoll), 1);
        points[usize::from(opponent_at) - 1] = (Some(Seat::Opponent), 1);
        BoardPicture {
            points,
            pinned: [None; 24],
            bar: [0, 0],
            off: [14, 14],
            pips: [24, 25 - u32::from(opponent_at)],
            has_bar,
            same_direction,
        }
    }

    /// Where `letter` stands: (line, column) of its first cell.
    fn find(lines: &[String], letter: char) -> (usize, usize) {
        first_drawn(lines, letter).expect("the checker is drawn")
    }

    #[test]
    fn portes_checkers_stay_put_when_the_turn_changes() {
        // X's 24 (O's 1) and O's 24 (X's 1): from X's side, then from O's.
        let x_view = draw_table_board(&picture(1, true, false), Side::X, Orientation::Noflip);
        let o_view = draw_table_board(&picture(1, true, false), Side::O, Orientation::Noflip);
        assert_eq!(find(&x_view, 'X'), find(&o_view, 'X'));
        assert_eq!(find(&x_view, 'O'), find(&o_view, 'O'));
        // X's 24 at the top right, O's 24 at the bottom right.
        assert_eq!(find(&x_view, 'X').0, 1);
        assert_eq!(find(&x_view, 'O').0, 11);
        // The labels are the side on roll's numbers.
        assert!(x_view[0].starts_with(" +-13-14-15-16-17-18-+BAR+-19-20-21-22-23-24-+"));
        assert!(o_view[0].starts_with(" +-12-11-10--9--8--7-+BAR+--6--5--4--3--2--1-+"));
        assert!(o_view[12].starts_with(" +-13-14-15-16-17-18-+BAR+-19-20-21-22-23-24-+"));
        // Directions: X counter-clockwise, O the other way.
        assert!(
            x_view[12].contains("X: off 14  bar  0  pips 24  moves counter-clockwise  (on roll)")
        );
        assert!(x_view[0].contains("O: off 14  bar  0  pips 24  moves clockwise"));
    }

    #[test]
    fn fevga_x_starts_top_right_o_bottom_left_and_no_bar() {
        // X's 24 and O's 24 (X's 12), seen from X then from O.
        let x_view = draw_table_board(&picture(12, false, true), Side::X, Orientation::Noflip);
        let o_view = draw_table_board(&picture(12, false, true), Side::O, Orientation::Noflip);
        assert_eq!(find(&x_view, 'X'), find(&o_view, 'X'));
        assert_eq!(find(&x_view, 'O'), find(&o_view, 'O'));
        let (x_line, x_column) = find(&x_view, 'X');
        let (o_line, o_column) = find(&x_view, 'O');
        assert_eq!(x_line, 1);
        assert_eq!(o_line, 11);
        assert!(x_column > o_column, "X top right, O bottom left");
        assert!(
            x_view
                .iter()
                .all(|l| !l.contains("BAR") && !l.contains("bar"))
        );
        assert!(x_view[0].starts_with(" +-13-14-15-16-17-18-+-19-20-21-22-23-24-+"));
        assert!(o_view[0].starts_with(" +--1--2--3--4--5--6-+--7--8--9-10-11-12-+"));
        assert!(o_view[12].starts_with(" +-24-23-22-21-20-19-+-18-17-16-15-14-13-+"));
        // Both sides go the same way round.
        assert!(x_view[0].contains("moves counter-clockwise"));
        assert!(x_view[12].contains("moves counter-clockwise"));
        let flipped = draw_table_board(&picture(12, false, true), Side::X, Orientation::Flip);
        assert!(flipped[0].contains("moves clockwise"));
        assert!(flipped[12].contains("moves clockwise"));
    }
}
