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
//! script. As on Plakoto's boards, the board before a play shows the dice
//! and the plays as arrows (`table_arrows`). Each half is tall enough for
//! five checkers a point, on the top and the bottom row, and the dice
//! between them, so that no two checkers overlap and a stack can be
//! counted; past five, the top checker carries the count.

use std::fmt::Write as _;

use super::table::BoardCounts;
use super::table_arrows::{self, Arrows};
use super::table_layout::{
    BAR_STACK, BOTTOM, DIE, HEIGHT, LEFT, Layout, MIDDLE_Y, POINT, RADIUS, STACK, TOP, TRAY_WIDTH,
    TRIANGLE,
};
use plakoto_rules::{GameKind, Side};

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
fn stack(s: &mut String, x: u32, edge: u32, down: bool, count: u8, side: Side, most: u8) {
    let shown = count.min(most);
    for i in 0..u32::from(shown) {
        let offset = RADIUS + 1 + i * (2 * RADIUS + 1);
        let y = if down { edge + offset } else { edge - offset };
        let _ = write!(
            s,
            "<circle class=\"checker {side}\" cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\" fill=\"{}\" stroke=\"#555\"/>",
            fill(side)
        );
        if count > most && i + 1 == u32::from(shown) {
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

/// A die showing `n` centred at (`x`, `y`).
fn die(s: &mut String, x: u32, y: u32, n: u8) {
    let half = DIE / 2;
    let _ = write!(
        s,
        "<g class=\"die\" data-die=\"{n}\"><rect x=\"{}\" y=\"{}\" width=\"{DIE}\" height=\"{DIE}\" rx=\"5\" fill=\"#fbf8ef\" stroke=\"#333\"/>",
        x - half,
        y - half
    );
    let pips: &[(i32, i32)] = match n {
        1 => &[(0, 0)],
        2 => &[(-1, -1), (1, 1)],
        3 => &[(-1, -1), (0, 0), (1, 1)],
        4 => &[(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5 => &[(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        _ => &[(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    };
    for (a, b) in pips {
        let _ = write!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"2.8\" fill=\"#222\"/>",
            x as i32 + 7 * a,
            y as i32 + 7 * b
        );
    }
    s.push_str("</g>");
}

/// What is drawn over a board: the dice of the roll played (on the board
/// before the play) and the plays as arrows.
#[derive(Clone, Debug, Default)]
pub(super) struct Marks<'a> {
    /// The two dice rolled.
    pub dice: Option<[u8; 2]>,
    /// The plays drawn, each in the mover's numbering.
    pub arrows: Vec<Arrows<'a>>,
}

/// The board `b` of a game of `game` (seen by `mover`, who moves from 24
/// to 1) as an SVG element, with `marks` over it and `caption` under it.
pub(super) fn board_svg(
    b: &BoardCounts,
    game: GameKind,
    mover: Side,
    caption: &str,
    marks: &Marks,
) -> String {
    let layout = Layout::of(game);
    let opponent = mover.other();
    let mut s = String::new();
    let width = layout.width();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"table-board\" viewBox=\"0 0 {width} {HEIGHT}\" width=\"{width}\" height=\"{HEIGHT}\">"
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
            (TOP, TOP + TRIANGLE)
        } else {
            (BOTTOM, BOTTOM - TRIANGLE)
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
            stack(
                &mut s,
                x + POINT / 2,
                edge,
                top,
                count.unsigned_abs(),
                side,
                STACK,
            );
        }
    }
    let middle = layout.middle();
    if layout.bar {
        // The bar: the mover's checkers enter from its lower half, the
        // opponent's from the upper half.
        let centre_y = MIDDLE_Y;
        let _ = write!(
            s,
            "<rect class=\"bar\" x=\"{middle}\" y=\"{TOP}\" width=\"{POINT}\" height=\"{}\" fill=\"#6b5536\"><title>bar: {mover} {}, {opponent} {}</title></rect>",
            BOTTOM - TOP,
            b.bar[0],
            b.bar[1]
        );
        let centre = middle + POINT / 2;
        if b.bar[1] > 0 {
            stack(
                &mut s,
                centre,
                centre_y - 8,
                false,
                b.bar[1],
                opponent,
                BAR_STACK,
            );
        }
        if b.bar[0] > 0 {
            stack(
                &mut s,
                centre,
                centre_y + 8,
                true,
                b.bar[0],
                mover,
                BAR_STACK,
            );
        }
    } else {
        // No bar: the strip only parts the halves.
        let _ = write!(
            s,
            "<rect class=\"divider\" x=\"{middle}\" y=\"{TOP}\" width=\"{POINT}\" height=\"{}\" fill=\"#6b5536\"/>",
            BOTTOM - TOP
        );
    }
    // The dice in the mover's home half, between the rows' stacks.
    if let Some([d1, d2]) = marks.dice {
        let centre = layout.home() + 4 * POINT;
        die(&mut s, centre - DIE / 2 - 3, MIDDLE_Y, d1);
        die(&mut s, centre + DIE / 2 + 3, MIDDLE_Y, d2);
    }
    s.push_str(&table_arrows::arrows_svg(&layout, &marks.arrows));
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
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\">{caption}</text></svg>",
        width / 2,
        HEIGHT - 10
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::table_arrows::{ArrowKind, Arrows};

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
        let svg = board_svg(
            &board,
            GameKind::Portes,
            Side::X,
            "after",
            &Marks::default(),
        );
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
        let svg = board_svg(
            &board,
            GameKind::Fevga,
            Side::O,
            "O to play 6-5",
            &Marks::default(),
        );
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

    /// The centres of the checkers of `side` in `svg`.
    fn checker_centres(svg: &str, side: Side) -> Vec<(i64, i64)> {
        let tag = format!("class=\"checker {side}\" cx=\"");
        svg.split(tag.as_str())
            .skip(1)
            .map(|rest| {
                let x = &rest[..rest.find('"').unwrap()];
                let rest = &rest[rest.find("cy=\"").unwrap() + 4..];
                let y = &rest[..rest.find('"').unwrap()];
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    /// Issue 62: tall stacks on both rows of one column (Portes' 13 and
    /// 12), and on the bar, are drawn without two checkers overlapping,
    /// five a point and the count on the top one.
    #[test]
    fn tall_stacks_never_overlap() {
        let mut points = [0i8; 24];
        points[12] = 6; // the mover's 13: top left
        points[11] = -7; // the mover's 12: bottom left, the same column
        points[5] = 5;
        points[18] = -5; // the opponent on the mover's 19, above the mover's 6
        let board = BoardCounts {
            points,
            bar: [4, 2],
            off: [0, 1],
        };
        let svg = board_svg(
            &board,
            GameKind::Portes,
            Side::X,
            "X to play 6-5",
            &Marks::default(),
        );
        let mut all = checker_centres(&svg, Side::X);
        let o = checker_centres(&svg, Side::O);
        // 5 + 5 on the points, 4 on the bar; 5 + 5 and 2 on the bar.
        assert_eq!((all.len(), o.len()), (14, 12));
        all.extend(o);
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let (dx, dy) = (a.0 - b.0, a.1 - b.1);
                assert!(
                    dx * dx + dy * dy >= (2 * i64::from(RADIUS)).pow(2),
                    "checkers at {a:?} and {b:?} overlap"
                );
            }
        }
        // Every checker inside the board's frame.
        assert!(
            all.iter()
                .all(|&(_, y)| y - i64::from(RADIUS) >= i64::from(TOP)
                    && y + i64::from(RADIUS) <= i64::from(BOTTOM))
        );
        assert!(svg.contains(">6</text>") && svg.contains(">7</text>"));
    }

    /// Issue 62: a Portes board before a play has the dice and both plays'
    /// arrows, each move from its point to its point; the bar and the tray
    /// are places too. No arrow passes over the dice.
    #[test]
    fn the_board_before_a_play_has_the_dice_and_the_arrows() {
        let mut points = [0i8; 24];
        points[23] = 2;
        points[12] = 5;
        points[5] = 5;
        points[0] = 2;
        points[18] = -5;
        let board = BoardCounts {
            points,
            bar: [1, 0],
            off: [0, 0],
        };
        let marks = Marks {
            dice: Some([6, 5]),
            arrows: vec![
                Arrows {
                    play: "bar/20 13/7",
                    kind: ArrowKind::Best,
                },
                Arrows {
                    play: "bar/19 24/19 1/off",
                    kind: ArrowKind::Played,
                },
            ],
        };
        let svg = board_svg(&board, GameKind::Portes, Side::X, "X to play 6-5", &marks);
        assert_eq!(svg.matches("class=\"die\"").count(), 2);
        assert!(svg.contains("data-die=\"6\"") && svg.contains("data-die=\"5\""));
        for arrow in [
            "arrow best\" data-from=\"bar\" data-to=\"20\"",
            "arrow best\" data-from=\"13\" data-to=\"7\"",
            "arrow played\" data-from=\"bar\" data-to=\"19\"",
            "arrow played\" data-from=\"24\" data-to=\"19\"",
            "arrow played\" data-from=\"1\" data-to=\"off\"",
        ] {
            assert!(svg.contains(arrow), "{arrow}");
        }
        assert_eq!(svg.matches("class=\"arrow ").count(), 5);
        // Every arrow's curve, sampled, stays off the dice.
        let layout = Layout::of(GameKind::Portes);
        let centre = f64::from(layout.home() + 4 * POINT);
        let (left, right) = (centre - f64::from(DIE) - 3.0, centre + f64::from(DIE) + 3.0);
        let (top, bottom) = (f64::from(MIDDLE_Y - DIE / 2), f64::from(MIDDLE_Y + DIE / 2));
        for arrow in svg.split("class=\"arrow ").skip(1) {
            let path = &arrow[arrow.find(" d=\"M").unwrap() + 5..];
            let numbers: Vec<f64> = path[..path.find('"').unwrap()]
                .split([',', ' ', 'Q'])
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().unwrap())
                .collect();
            let [x1, y1, cx, cy, x2, y2] = numbers[..] else {
                panic!("{numbers:?}")
            };
            for k in 0..=50 {
                let t = f64::from(k) / 50.0;
                let u = 1.0 - t;
                let x = u * u * x1 + 2.0 * u * t * cx + t * t * x2;
                let y = u * u * y1 + 2.0 * u * t * cy + t * t * y2;
                assert!(
                    !(x > left - 2.0 && x < right + 2.0 && y > top - 2.0 && y < bottom + 2.0),
                    "an arrow passes over the dice at ({x:.0}, {y:.0})"
                );
            }
        }
        // The board after a play: no dice.
        let after = board_svg(
            &board,
            GameKind::Portes,
            Side::X,
            "after",
            &Marks::default(),
        );
        assert!(!after.contains("class=\"die\"") && !after.contains("class=\"arrow "));
    }
}
