//! Plakoto's `show board`: the position as the [`BoardPicture`] every
//! game's board is drawn from (`board_picture.rs`), so that Plakoto's board
//! is drawn as Portes' is: from X's side whoever is on roll, each side's
//! direction marked, the points labelled in the numbering of the side on
//! roll (R2). A pinned checker is drawn in lower case (`x`, `o`) at the
//! base of its point, under the checkers that hold it (R4).

use plakoto_rules::{Point, Position, Seat, Side};

use crate::board_picture::{BoardPicture, draw_table_board};
use crate::command::Orientation;

/// Draws `position` (seen from `on_roll`) as text lines.
pub fn draw_board(position: &Position, on_roll: Side, orientation: Orientation) -> Vec<String> {
    draw_table_board(&plakoto_picture(position), on_roll, orientation)
}

/// `position` as a picture, in the numbering of the side on roll: the
/// free checkers on each point, the pinned one under them apart. Plakoto
/// has no bar, and its sides move against each other (R2).
pub(crate) fn plakoto_picture(position: &Position) -> BoardPicture {
    let mut points = [(None, 0u8); 24];
    let mut pinned = [None; 24];
    for (index, p) in (1..=24).filter_map(Point::new).enumerate() {
        let free_opp = position.opp_count(p) - u8::from(position.opp_pinned_at(p));
        points[index] = match (position.own_free(p), free_opp) {
            (0, 0) => (None, 0),
            (0, theirs) => (Some(Seat::Opponent), theirs),
            (mine, _) => (Some(Seat::OnRoll), mine),
        };
        pinned[index] = if position.own_pinned_at(p) {
            Some(Seat::OnRoll)
        } else if position.opp_pinned_at(p) {
            Some(Seat::Opponent)
        } else {
            None
        };
    }
    BoardPicture {
        points,
        pinned,
        bar: [0, 0],
        off: [position.own_off(), position.opp_off()],
        pips: [position.own_pips(), position.opp_pips()],
        has_bar: false,
        same_direction: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::parse_board_text;

    /// The line and column where `needle` is first drawn on the board.
    fn find(lines: &[String], needle: char) -> (usize, usize) {
        crate::board_picture::first_drawn(lines, needle)
            .unwrap_or_else(|| panic!("{needle} is drawn:\n{}", lines.join("\n")))
    }

    #[test]
    fn checkers_stay_put_when_the_turn_changes_and_directions_are_marked() {
        // X on roll with one checker on its 24, one X checker pinned under
        // two O checkers on X's 7 (O's 18); O's last checker on its 24.
        let x_on_roll = parse_board_text("24:1 7:1* / 24:1 18:2").unwrap();
        // The same board after the turn passes: seen from O.
        let o_on_roll = x_on_roll.flip();
        let before = draw_board(&x_on_roll, Side::X, Orientation::Noflip);
        let after = draw_board(&o_on_roll, Side::O, Orientation::Noflip);
        // Every checker is where it was: X's 24 top right, O's 24 (X's 1)
        // bottom right, the pinned X under the O stack on the bottom row.
        for needle in ['X', 'O', 'x'] {
            assert_eq!(find(&before, needle), find(&after, needle), "{needle}");
        }
        assert_eq!(find(&before, 'X').0, 1, "X starts top right");
        assert!(before[1].ends_with("X |"), "{}", before[1]);
        assert!(before[11].ends_with("O |"), "O starts bottom right");
        assert_eq!(find(&before, 'x').0, 11, "a pinned checker at the base");
        assert_eq!(find(&before, 'O').1, find(&before, 'x').1);
        // The labels are the side on roll's numbers.
        assert!(before[0].starts_with(" +-13-14-15-16-17-18-+-19-20-21-22-23-24-+"));
        assert!(after[0].starts_with(" +-12-11-10--9--8--7-+--6--5--4--3--2--1-+"));
        // The direction marks: X counter-clockwise, O the other way; the
        // side on roll marked.
        assert!(
            before[12].ends_with("X: off 13  pips 31  moves counter-clockwise  (on roll)"),
            "{}",
            before[12]
        );
        assert!(before[0].ends_with("O: off 12  pips 60  moves clockwise"));
        assert!(after[0].ends_with("O: off 12  pips 60  moves clockwise  (on roll)"));
        assert!(after[12].ends_with("X: off 13  pips 31  moves counter-clockwise"));
        // No bar column: Plakoto has none.
        assert!(
            before
                .iter()
                .all(|l| !l.contains("BAR") && !l.contains("bar"))
        );
        // Flipped, the board is mirrored: X starts top left, clockwise.
        let flipped = draw_board(&x_on_roll, Side::X, Orientation::Flip);
        assert!(flipped[1].starts_with(" |  X"), "{}", flipped[1]);
        assert!(flipped[12].contains("X: off 13  pips 31  moves clockwise"));
        assert!(flipped[0].contains("O: off 12  pips 60  moves counter-clockwise"));
    }
}
