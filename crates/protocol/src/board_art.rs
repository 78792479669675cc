//! The ASCII board of `show board`, in pbmserv's two orientations (R23).
//!
//! Points are labelled in the numbering of the side on roll (R2). With
//! `noflip` (the default) that side starts at the top right (its 24) and
//! moves counter-clockwise to its home at the bottom right; with `flip` it
//! starts at the bottom right and moves clockwise to its home at the top
//! right. Checkers are stacked from the board's edge, five to a point at
//! most (the fifth cell then shows the point's total count). A pinned
//! checker is drawn in lower case (`x`, `o`) at the edge, under the
//! checkers that hold it.

use plakoto_rules::{Point, Position, Side};

use super::command::Orientation;

/// Rows a point's stack is drawn in.
const ROWS: usize = 5;

/// Draws `position` (seen from `on_roll`) as text lines.
pub fn draw_board(position: &Position, on_roll: Side, orientation: Orientation) -> Vec<String> {
    let own_row_top = [13u8, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
    let own_row_bottom = [12u8, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    let (top, bottom) = match orientation {
        Orientation::Noflip => (own_row_top, own_row_bottom),
        Orientation::Flip => (own_row_bottom, own_row_top),
    };
    let opponent = on_roll.other();
    let side_info = |side: Side, pos: &Position| {
        let (off, pips) = if side == on_roll {
            (pos.own_off(), pos.own_pips())
        } else {
            (pos.opp_off(), pos.opp_pips())
        };
        let marker = if side == on_roll { "  (on roll)" } else { "" };
        format!("  {side}: off {off:>2}  pips {pips:>3}{marker}")
    };
    // The side on roll's home board is at the bottom with noflip.
    let (top_side, bottom_side) = match orientation {
        Orientation::Noflip => (opponent, on_roll),
        Orientation::Flip => (on_roll, opponent),
    };
    let mut lines = Vec::with_capacity(2 * ROWS + 3);
    lines.push(format!("{}{}", border(&top), side_info(top_side, position)));
    for r in 0..ROWS {
        lines.push(row(position, on_roll, &top, r));
    }
    lines.push(format!(" |{:18}|{:18}|", "", ""));
    for r in (0..ROWS).rev() {
        lines.push(row(position, on_roll, &bottom, r));
    }
    lines.push(format!(
        "{}{}",
        border(&bottom),
        side_info(bottom_side, position)
    ));
    lines
}

fn border(points: &[u8; 12]) -> String {
    let half = |ps: &[u8]| ps.iter().map(|p| format!("{p:->2}-")).collect::<String>();
    format!(" +{}+{}+", half(&points[..6]), half(&points[6..]))
}

/// The checkers on point `p` from the edge outwards: a pinned checker
/// first (lower case), then the free ones on top.
fn stack(position: &Position, on_roll: Side, p: Point) -> (usize, char, Option<char>) {
    let lower = |s: Side| {
        s.to_string()
            .to_ascii_lowercase()
            .chars()
            .next()
            .unwrap_or('?')
    };
    let upper = |s: Side| s.to_string().chars().next().unwrap_or('?');
    let free_own = position.own_free(p) as usize;
    let free_opp = position.opp_count(p) as usize - usize::from(position.opp_pinned_at(p));
    let pinned = if position.own_pinned_at(p) {
        Some(lower(on_roll))
    } else if position.opp_pinned_at(p) {
        Some(lower(on_roll.other()))
    } else {
        None
    };
    if free_own > 0 {
        (free_own, upper(on_roll), pinned)
    } else {
        (free_opp, upper(on_roll.other()), pinned)
    }
}

fn cell(position: &Position, on_roll: Side, point: u8, r: usize) -> String {
    let Some(p) = Point::new(point) else {
        return "   ".into();
    };
    let (free, top, pinned) = stack(position, on_roll, p);
    let total = free + usize::from(pinned.is_some());
    let symbol = if total > ROWS && r == ROWS - 1 {
        total.to_string()
    } else if r >= total {
        String::new()
    } else if r == 0 && pinned.is_some() {
        pinned.map(String::from).unwrap_or_default()
    } else {
        top.to_string()
    };
    format!("{symbol:>2} ")
}

fn row(position: &Position, on_roll: Side, points: &[u8; 12], r: usize) -> String {
    let half = |ps: &[u8]| {
        ps.iter()
            .map(|&p| cell(position, on_roll, p, r))
            .collect::<String>()
    };
    format!(" |{}|{}|", half(&points[..6]), half(&points[6..]))
}
