//! The board of a game of the table (Portes) drawn as inline SVG for the
//! HTML report: the 24 points seen by the side that played (its 1-point
//! at the bottom right), the bar between the halves with the checkers on
//! it (a hit checker shows there), and the checkers borne off. The
//! Plakoto boards are drawn by the page script instead (board.js, which
//! knows Plakoto's Position IDs only); these need no script.

use std::fmt::Write as _;

use super::table::BoardCounts;
use plakoto_rules::Side;

/// Width of a point.
const POINT: u32 = 36;
/// Left edge of the board.
const LEFT: u32 = 10;
/// Left edge of the bar (after six points).
const BAR: u32 = LEFT + 6 * POINT;
/// Left edge of the home half (after the bar).
const HOME: u32 = BAR + POINT;
/// Left edge of the tray of checkers borne off.
const TRAY: u32 = HOME + 6 * POINT + 8;
/// Top and bottom of the board.
const TOP: u32 = 10;
const BOTTOM: u32 = 250;
/// Checker radius.
const RADIUS: u32 = 15;
/// Checkers drawn on a point before the count is written instead.
const STACK: u8 = 5;

/// The fill of `side`'s checkers (X light, O dark, as on the page).
fn fill(side: Side) -> &'static str {
    match side {
        Side::X => "#f4efe2",
        Side::O => "#3b2f2a",
    }
}

/// The text colour that reads on `side`'s checkers.
fn ink(side: Side) -> &'static str {
    match side {
        Side::X => "#222",
        Side::O => "#fff",
    }
}

/// The left edge of point `p` (1–24, seen by the mover) and whether it
/// is on the top row.
fn point_place(p: u32) -> (u32, bool) {
    match p {
        1..=6 => (HOME + (6 - p) * POINT, false),
        7..=12 => (LEFT + (12 - p) * POINT, false),
        13..=18 => (LEFT + (p - 13) * POINT, true),
        _ => (HOME + (p - 19) * POINT, true),
    }
}

/// A stack of `count` checkers of `side` centred at `x`, from `edge`
/// towards the middle (`down`: from the top).
fn stack(s: &mut String, x: u32, edge: u32, down: bool, count: u8, side: Side) {
    let shown = count.min(STACK);
    for i in 0..u32::from(shown) {
        let offset = RADIUS + 1 + i * (2 * RADIUS + 1);
        let y = if down { edge + offset } else { edge - offset };
        let _ = write!(
            s,
            "<circle class=\"checker {side}\" cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\" fill=\"{}\" stroke=\"#555\"/>",
            fill(side)
        );
        if count > STACK && i + 1 == u32::from(shown) {
            let _ = write!(
                s,
                "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\" fill=\"{}\">{count}</text>",
                y + 5,
                ink(side)
            );
        }
    }
}

/// The board `b` (seen by `mover`, who moves from 24 to 1) as an SVG
/// element, with `caption` under it.
pub(super) fn board_svg(b: &BoardCounts, mover: Side, caption: &str) -> String {
    let opponent = mover.other();
    let mut s = String::new();
    let width = TRAY + 44 + LEFT;
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"table-board\" viewBox=\"0 0 {width} 290\" width=\"{width}\" height=\"290\">"
    );
    let _ = write!(
        s,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#d9c7a0\" stroke=\"#6b5536\"/>",
        HOME + 6 * POINT - LEFT,
        BOTTOM - TOP
    );
    for p in 1..=24u32 {
        let (x, top) = point_place(p);
        let colour = if p % 2 == 0 { "#8c4a2f" } else { "#e3d3b0" };
        let (base, tip) = if top {
            (TOP, TOP + 100)
        } else {
            (BOTTOM, BOTTOM - 100)
        };
        let _ = write!(
            s,
            "<polygon points=\"{x},{base} {},{base} {},{tip}\" fill=\"{colour}\" stroke=\"#6b5536\"/>",
            x + POINT,
            x + POINT / 2
        );
        let label_y = if top { TOP - 1 } else { BOTTOM + 12 };
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{label_y}\" text-anchor=\"middle\" font-size=\"9\">{p}</text>",
            x + POINT / 2
        );
        let count = b.points[(p - 1) as usize];
        if count != 0 {
            let side = if count > 0 { mover } else { opponent };
            let edge = if top { TOP } else { BOTTOM };
            stack(&mut s, x + POINT / 2, edge, top, count.unsigned_abs(), side);
        }
    }
    // The bar: the mover's checkers enter from its lower half, the
    // opponent's from the upper half.
    let middle = (TOP + BOTTOM) / 2;
    let _ = write!(
        s,
        "<rect class=\"bar\" x=\"{BAR}\" y=\"{TOP}\" width=\"{POINT}\" height=\"{}\" fill=\"#6b5536\"><title>bar: {mover} {}, {opponent} {}</title></rect>",
        BOTTOM - TOP,
        b.bar[0],
        b.bar[1]
    );
    let centre = BAR + POINT / 2;
    if b.bar[1] > 0 {
        stack(&mut s, centre, middle - 8, false, b.bar[1], opponent);
    }
    if b.bar[0] > 0 {
        stack(&mut s, centre, middle + 8, true, b.bar[0], mover);
    }
    let _ = write!(
        s,
        "<rect class=\"off\" x=\"{TRAY}\" y=\"{TOP}\" width=\"44\" height=\"{}\" fill=\"#eee\" stroke=\"#6b5536\"/>",
        BOTTOM - TOP
    );
    let tray_x = TRAY + 22;
    let _ = write!(
        s,
        "<text x=\"{tray_x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{opponent} off {}</text><text x=\"{tray_x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{mover} off {}</text>",
        TOP + 20,
        b.off[1],
        BOTTOM - 10,
        b.off[0]
    );
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"280\" text-anchor=\"middle\" font-size=\"13\">{caption}</text></svg>",
        width / 2
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_checker_is_drawn_on_the_bar() {
        let mut points = [0i8; 24];
        points[5] = 14;
        points[20] = -14;
        let board = BoardCounts {
            points,
            bar: [1, 1],
            off: [0, 0],
        };
        let svg = board_svg(&board, Side::X, "after");
        assert!(svg.contains("class=\"bar\""));
        assert!(svg.contains("<title>bar: X 1, O 1</title>"));
        // 5 shown on each stack (14 written), 1 on the bar for each side.
        assert_eq!(svg.matches("class=\"checker X\"").count(), 6);
        assert_eq!(svg.matches("class=\"checker O\"").count(), 6);
        assert!(svg.contains(">14</text>"));
    }
}
