//! The plays drawn as arrows on the HTML report's boards of the table
//! (Portes, Fevga; `table_board`), as board.js draws them on Plakoto's: a
//! play's notation (`24/18*/13 6/off(2)`, `bar/22`, in the mover's
//! numbering) read into checker moves, one arrow a move from where it
//! starts to where it ends, a repeated move one arrow marked `×2`. The best
//! play is green and solid, the play made red and dashed, as in the
//! report's legend. An arrow along one row bows towards the middle but
//! stays in its half, clear of the dice drawn there.

use std::fmt::Write as _;

use super::table_layout::{Layout, MIDDLE_Y, TOP};

/// Which play an arrow belongs to: its colour and its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ArrowKind {
    /// The best play (green, solid).
    Best,
    /// The play made (red, dashed).
    Played,
}

impl ArrowKind {
    /// The arrow's class and the id of its head's marker.
    fn class(self) -> &'static str {
        match self {
            ArrowKind::Best => "best",
            ArrowKind::Played => "played",
        }
    }
}

/// A play drawn as arrows.
#[derive(Clone, Copy, Debug)]
pub(super) struct Arrows<'a> {
    /// Its notation, in the mover's numbering.
    pub play: &'a str,
    /// Whose play it is.
    pub kind: ArrowKind,
}

/// Where a checker move starts or ends, in the mover's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// A point, 1–24.
    Point(u8),
    /// The bar (Portes: a hit checker entering).
    Bar,
    /// Borne off.
    Off,
}

impl Place {
    /// `13`, `bar` or `off` (a `*` for a hit already taken away).
    fn parse(word: &str) -> Option<Place> {
        match word.to_ascii_lowercase().as_str() {
            "bar" => Some(Place::Bar),
            "off" => Some(Place::Off),
            number => match number.parse() {
                Ok(p @ 1..=24) => Some(Place::Point(p)),
                _ => None,
            },
        }
    }
}

/// The checker moves of `play` (`24/18*/13 6/off(2)` → 24→13 once, 6→off
/// twice), each with how many checkers make it; a word that is not a move
/// (`pass`) gives none.
pub(super) fn moves_of_play(play: &str) -> Vec<(Place, Place, u8)> {
    let mut moves: Vec<(Place, Place, u8)> = Vec::new();
    for word in play.split_whitespace() {
        let (path, times) = match word.strip_suffix(')').and_then(|w| w.split_once('(')) {
            Some((path, times)) => match times.parse::<u8>() {
                Ok(n) => (path, n),
                Err(_) => continue,
            },
            None => (word, 1),
        };
        let places: Option<Vec<Place>> = path
            .split('/')
            .map(|part| Place::parse(part.trim_end_matches('*')))
            .collect();
        let Some(places) = places.filter(|p| p.len() >= 2) else {
            continue;
        };
        let (from, to) = (places[0], places[places.len() - 1]);
        match moves.iter_mut().find(|(f, t, _)| (*f, *t) == (from, to)) {
            Some(known) => known.2 += times,
            None => moves.push((from, to, times)),
        }
    }
    moves
}

/// Where an arrow to or from `place` ends on the board of `layout`: a
/// point's middle, towards the board's centre; the mover's bar checkers;
/// its tray.
fn anchor(layout: &Layout, place: Place) -> (f64, f64) {
    const POINT: u32 = 36;
    match place {
        Place::Point(p) => {
            let (x, top) = layout.point_place(u32::from(p));
            let y = if top {
                TOP + 110
            } else {
                2 * MIDDLE_Y - TOP - 110
            };
            (f64::from(x + POINT / 2), f64::from(y))
        }
        Place::Bar => (
            f64::from(layout.middle() + POINT / 2),
            f64::from(MIDDLE_Y + 40),
        ),
        Place::Off => (
            f64::from(layout.right_tray() + 22),
            f64::from(2 * MIDDLE_Y - TOP - 60),
        ),
    }
}

/// The arrows of `plays` on the board of `layout`, with their heads'
/// markers: SVG markup to put over the checkers.
pub(super) fn arrows_svg(layout: &Layout, plays: &[Arrows]) -> String {
    if plays.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "<defs><marker id=\"tb-best\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#3ccf63\"/></marker><marker id=\"tb-played\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#ff5b4a\"/></marker></defs><g class=\"arrows\">",
    );
    let middle = f64::from(MIDDLE_Y);
    for (lane, arrows) in plays.iter().enumerate() {
        // A second play's arrows a little aside, so that the same move in
        // both plays shows twice.
        let shift = 5.0 * lane as f64;
        let class = arrows.kind.class();
        let dash = match arrows.kind {
            ArrowKind::Best => "",
            ArrowKind::Played => " stroke-dasharray=\"9 5\"",
        };
        let colour = match arrows.kind {
            ArrowKind::Best => "#3ccf63",
            ArrowKind::Played => "#ff5b4a",
        };
        for (from, to, times) in moves_of_play(arrows.play) {
            let (x1, y1) = anchor(layout, from);
            let (x2, y2) = anchor(layout, to);
            let (x1, x2) = (x1 + shift, x2 + shift);
            // Along one row the arrow bows towards the middle by at most
            // 50 (its curve reaches half that), clear of the dice; across
            // the rows it bows sideways.
            let (cx, cy) = if (y1 - y2).abs() < 1.0 {
                let bow = (20.0 + (x2 - x1).abs() * 0.15).min(50.0);
                ((x1 + x2) / 2.0, y1 + if y1 < middle { bow } else { -bow })
            } else {
                ((x1 + x2) / 2.0 + 30.0, (y1 + y2) / 2.0)
            };
            let _ = write!(
                s,
                "<path class=\"arrow {class}\" data-from=\"{}\" data-to=\"{}\" d=\"M{x1:.1},{y1:.1} Q{cx:.1},{cy:.1} {x2:.1},{y2:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"4\" stroke-linecap=\"round\"{dash} marker-end=\"url(#tb-{class})\"/>",
                place_word(from),
                place_word(to)
            );
            if times > 1 {
                let _ = write!(
                    s,
                    "<text class=\"arrowlabel\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" font-weight=\"700\" fill=\"{colour}\" stroke=\"#000\" stroke-width=\"0.4\">×{times}</text>",
                    x2 + (cx - x2) * 0.3 + 6.0,
                    y2 + (cy - y2) * 0.3
                );
            }
        }
    }
    s.push_str("</g>");
    s
}

/// `13`, `bar` or `off`.
fn place_word(place: Place) -> String {
    match place {
        Place::Point(p) => p.to_string(),
        Place::Bar => "bar".to_string(),
        Place::Off => "off".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_reads_as_its_checker_moves() {
        use Place::{Bar, Off, Point};
        assert_eq!(
            moves_of_play("24/18*/13 6/off(2) bar/22"),
            vec![
                (Point(24), Point(13), 1),
                (Point(6), Off, 2),
                (Bar, Point(22), 1)
            ]
        );
        // The same move written twice is one arrow of two checkers.
        assert_eq!(moves_of_play("13/7 13/7"), vec![(Point(13), Point(7), 2)]);
        assert!(moves_of_play("pass").is_empty());
        assert!(moves_of_play("25/20 0/3").is_empty());
    }
}
