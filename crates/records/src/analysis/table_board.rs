//! The board of a game of the table (Portes, Fevga) drawn as inline SVG
//! for the HTML report: the 24 points seen by the side that played (its
//! 1-point at the bottom right, its 24-point at the top right), and the
//! checkers borne off. Portes has a bar between the halves with the
//! checkers on it (a hit checker shows there), and both sides bear off on
//! the right. Fevga has no bar and both sides run the same way round
//! (F4): the opponent starts on the mover's 12-point, bottom left, and
//! bears off past the mover's 13-point, top left, so its tray is drawn
//! there. The Plakoto boards are drawn by the page script instead
//! (board.js, which knows Plakoto's Position IDs only); these need no
//! script.

use std::fmt::Write as _;

use super::table::BoardCounts;
use crate::games::GameOnRecord;
use plakoto_rules::{GameKind, Side, with_game};

/// Width of a point.
const POINT: u32 = 36;
/// Left edge of the board, without a tray on the left.
const LEFT: u32 = 10;
/// Width of a tray of checkers borne off.
const TRAY_WIDTH: u32 = 44;
/// Gap between the board and a tray.
const GAP: u32 = 8;
/// Top and bottom of the board.
const TOP: u32 = 10;
const BOTTOM: u32 = 250;
/// Checker radius.
const RADIUS: u32 = 15;
/// Checkers drawn on a point before the count is written instead.
const STACK: u8 = 5;

/// Where the parts of a game's board go.
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// Left edge of the board.
    left: u32,
    /// Whether the middle strip is a bar holding checkers (Portes).
    bar: bool,
    /// Whether the opponent bears off on the left (Fevga), else on the
    /// right beside the mover.
    opponent_left: bool,
}

impl Layout {
    fn of(game: GameKind) -> Layout {
        with_game!(game, G => Layout::of_game::<G>())
    }

    /// The layout of game `G`'s board: its bar, and where each side's
    /// tray is.
    fn of_game<G: GameOnRecord>() -> Layout {
        Layout {
            // The tray of an opponent bearing off on the left stands left
            // of the board.
            left: if G::OPPONENT_OFF_LEFT {
                LEFT + TRAY_WIDTH + GAP
            } else {
                LEFT
            },
            bar: G::BAR,
            opponent_left: G::OPPONENT_OFF_LEFT,
        }
    }

    /// Left edge of the middle strip (after six points).
    fn middle(&self) -> u32 {
        self.left + 6 * POINT
    }

    /// Left edge of the home half (after the middle strip).
    fn home(&self) -> u32 {
        self.middle() + POINT
    }

    /// Left edge of the tray on the right.
    fn right_tray(&self) -> u32 {
        self.home() + 6 * POINT + GAP
    }

    /// Width of the whole drawing.
    fn width(&self) -> u32 {
        self.right_tray() + TRAY_WIDTH + LEFT
    }

    /// The left edge of point `p` (1–24, seen by the mover) and whether it
    /// is on the top row.
    fn point_place(&self, p: u32) -> (u32, bool) {
        match p {
            1..=6 => (self.home() + (6 - p) * POINT, false),
            7..=12 => (self.left + (12 - p) * POINT, false),
            13..=18 => (self.left + (p - 13) * POINT, true),
            _ => (self.home() + (p - 19) * POINT, true),
        }
    }
}

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

/// A tray of checkers borne off at `x`, with each of `labels` (a height
/// and its text) written in it.
fn tray(s: &mut String, x: u32, labels: &[(u32, String)]) {
    let _ = write!(
        s,
        "<rect class=\"off\" x=\"{x}\" y=\"{TOP}\" width=\"{TRAY_WIDTH}\" height=\"{}\" fill=\"#eee\" stroke=\"#6b5536\"/>",
        BOTTOM - TOP
    );
    for (y, text) in labels {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{y}\" text-anchor=\"middle\" font-size=\"11\">{text}</text>",
            x + TRAY_WIDTH / 2
        );
    }
}

/// The board `b` of a game of `game` (seen by `mover`, who moves from 24
/// to 1) as an SVG element, with `caption` under it.
pub(super) fn board_svg(b: &BoardCounts, game: GameKind, mover: Side, caption: &str) -> String {
    let layout = Layout::of(game);
    let opponent = mover.other();
    let mut s = String::new();
    let width = layout.width();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"table-board\" viewBox=\"0 0 {width} 290\" width=\"{width}\" height=\"290\">"
    );
    let _ = write!(
        s,
        "<rect x=\"{}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#d9c7a0\" stroke=\"#6b5536\"/>",
        layout.left,
        13 * POINT,
        BOTTOM - TOP
    );
    for p in 1..=24u32 {
        let (x, top) = layout.point_place(p);
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
    let middle = layout.middle();
    if layout.bar {
        // The bar: the mover's checkers enter from its lower half, the
        // opponent's from the upper half.
        let centre_y = (TOP + BOTTOM) / 2;
        let _ = write!(
            s,
            "<rect class=\"bar\" x=\"{middle}\" y=\"{TOP}\" width=\"{POINT}\" height=\"{}\" fill=\"#6b5536\"><title>bar: {mover} {}, {opponent} {}</title></rect>",
            BOTTOM - TOP,
            b.bar[0],
            b.bar[1]
        );
        let centre = middle + POINT / 2;
        if b.bar[1] > 0 {
            stack(&mut s, centre, centre_y - 8, false, b.bar[1], opponent);
        }
        if b.bar[0] > 0 {
            stack(&mut s, centre, centre_y + 8, true, b.bar[0], mover);
        }
    } else {
        // No bar: the strip only parts the halves.
        let _ = write!(
            s,
            "<rect class=\"divider\" x=\"{middle}\" y=\"{TOP}\" width=\"{POINT}\" height=\"{}\" fill=\"#6b5536\"/>",
            BOTTOM - TOP
        );
    }
    let mover_off = (BOTTOM - 10, format!("{mover} off {}", b.off[0]));
    let opponent_off = (TOP + 20, format!("{opponent} off {}", b.off[1]));
    if layout.opponent_left {
        tray(&mut s, LEFT, &[opponent_off]);
        tray(&mut s, layout.right_tray(), &[mover_off]);
    } else {
        tray(&mut s, layout.right_tray(), &[opponent_off, mover_off]);
    }
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

    /// The x coordinates of the checkers of `side` in `svg`, in order.
    fn checker_xs(svg: &str, side: Side) -> Vec<u32> {
        let tag = format!("class=\"checker {side}\" cx=\"");
        svg.split(tag.as_str())
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
            .collect()
    }

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
        let svg = board_svg(&board, GameKind::Portes, Side::X, "after");
        assert!(svg.contains("class=\"bar\""));
        assert!(svg.contains("<title>bar: X 1, O 1</title>"));
        // 5 shown on each stack (14 written), 1 on the bar for each side.
        assert_eq!(svg.matches("class=\"checker X\"").count(), 6);
        assert_eq!(svg.matches("class=\"checker O\"").count(), 6);
        assert!(svg.contains(">14</text>"));
        // Both trays on the right: one tray.
        assert_eq!(svg.matches("class=\"off\"").count(), 1);
    }

    /// F4: the mover starts top right, the opponent on the mover's 12
    /// (bottom left); no bar; the opponent's tray top left, the mover's
    /// bottom right.
    #[test]
    fn a_fevga_board_has_no_bar_and_both_sides_in_the_movers_numbering() {
        let mut points = [0i8; 24];
        points[23] = 15; // the mover's 24: top right
        points[11] = -13; // the opponent's start, the mover's 12: bottom left
        points[0] = -1; // the opponent's 13, the mover's 1: bottom right
        let board = BoardCounts {
            points,
            bar: [0, 0],
            off: [0, 1],
        };
        let svg = board_svg(&board, GameKind::Fevga, Side::O, "O to play 6-5");
        assert!(!svg.contains("class=\"bar\"") && !svg.contains("bar:"));
        assert!(svg.contains("class=\"divider\""));
        let layout = Layout::of(GameKind::Fevga);
        let centre = |p: u32| layout.point_place(p).0 + POINT / 2;
        // The mover (O here) on its 24-point, the last point top right.
        assert!(checker_xs(&svg, Side::O).iter().all(|&x| x == centre(24)));
        assert_eq!(layout.point_place(24), (layout.home() + 5 * POINT, true));
        // The opponent on the mover's 12 (bottom left) and 1 (bottom right).
        let xs = checker_xs(&svg, Side::X);
        assert_eq!(xs.iter().filter(|&&x| x == centre(12)).count(), 5);
        assert_eq!(xs.iter().filter(|&&x| x == centre(1)).count(), 1);
        assert_eq!(layout.point_place(12), (layout.left, false));
        // Two trays: the opponent's at the left edge, the mover's right.
        assert_eq!(svg.matches("class=\"off\"").count(), 2);
        let left_tray = format!("<rect class=\"off\" x=\"{LEFT}\"");
        let x_off = svg.find("X off 1").unwrap();
        assert!(svg.find(&left_tray).unwrap() < x_off);
        assert!(x_off < svg.find("O off 0").unwrap());
        // Nothing is drawn over the left tray.
        assert!(layout.left >= LEFT + TRAY_WIDTH);
    }
}
