//! The HTML report's chart of X's equity before each roll: the games side
//! by side on one axis, each its own line, a dashed boundary between them,
//! and each game's result at its end (X's points: the line's last point
//! is the result, labelled `X +1`, the words in its tooltip).

use std::fmt::Write as _;

use super::{Analysis, GameEnd};
use crate::record::Ending;
use plakoto_rules::{ResultKind, Side};

/// How a game ended, in words: `X wins 2 (mother)`, `draw`, `unfinished`,
/// `in progress`.
pub(super) fn result_words(end: Option<&GameEnd>) -> String {
    match end {
        None => "in progress".into(),
        Some(e) => match e.winner {
            Some(w) => format!("{w} wins {} ({})", e.points, e.ending.as_str()),
            None => e.ending.as_str().into(),
        },
    }
}

/// The final score over every game of the record, and in a match who won
/// it: `Final score: X 3 – O 2 (match to 3: X wins the match)`.
pub(super) fn final_score_words(ends: &[Option<GameEnd>], match_length: u8) -> String {
    let mut score = [0u32; 2];
    for end in ends.iter().flatten() {
        match end.winner {
            Some(Side::X) => score[0] += u32::from(end.points),
            Some(Side::O) => score[1] += u32::from(end.points),
            None => {}
        }
    }
    let games = ends.len();
    let finished = ends.iter().filter(|e| e.is_some()).count();
    let total = format!("Final score: X {} – O {}", score[0], score[1]);
    if match_length == 0 {
        let unfinished = if finished < games {
            format!(", {} unfinished", games - finished)
        } else {
            String::new()
        };
        return format!("{total} over {games} game(s){unfinished}");
    }
    let target = u32::from(match_length);
    let outcome = if score[0] >= target {
        "X wins the match"
    } else if score[1] >= target {
        "O wins the match"
    } else {
        "the match is not finished"
    };
    format!("{total} (match to {match_length}: {outcome})")
}

/// The result in short, for the chart: `X +2`, `draw`, `unfinished`.
fn result_short(end: Option<&GameEnd>) -> String {
    match end.map(|e| (e.winner, e.points, e.ending)) {
        Some((Some(w), points, _)) => format!("{w} +{points}"),
        Some((None, _, ending)) => ending.as_str().into(),
        None => "in progress".into(),
    }
}

/// The result as X's points: `None` when the game has no winner's points
/// to show (in progress, unfinished).
fn x_points(end: Option<&GameEnd>) -> Option<f32> {
    let end = end?;
    match end.winner {
        Some(Side::X) => Some(f32::from(end.points)),
        Some(Side::O) => Some(-f32::from(end.points)),
        None if end.ending == Ending::Board(ResultKind::Draw) => Some(0.0),
        None => None,
    }
}

/// One game's points on the chart: X's equity before each roll, then the
/// result.
struct GameLine {
    game: usize,
    values: Vec<f32>,
    result: Option<f32>,
    short: String,
    words: String,
}

/// The SVG chart of every game of `a`.
pub(super) fn equity_chart(a: &Analysis) -> String {
    let lines: Vec<GameLine> = (1..=a.games)
        .map(|game| {
            let end = a.game_ends.get(game - 1).and_then(Option::as_ref);
            GameLine {
                game,
                values: a
                    .turns
                    .iter()
                    .filter(|t| t.game == game)
                    .filter_map(|t| t.x_equity_before)
                    .collect(),
                result: x_points(end),
                short: result_short(end),
                words: result_words(end),
            }
        })
        .collect();
    let all = lines
        .iter()
        .flat_map(|l| l.values.iter().chain(l.result.as_ref()));
    let max = all.fold(1.0f32, |m, v| m.max(v.abs())).min(3.0);
    let count: usize = lines
        .iter()
        .map(|l| l.values.len() + usize::from(l.result.is_some()))
        .sum();
    let (w, h, pad) = (720.0f32, 240.0f32, 30.0f32);
    let n = count.max(2) as f32 - 1.0;
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f32 / n;
    let y = |v: f32| h / 2.0 - (h / 2.0 - pad) * v.clamp(-max, max) / max;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"><rect width=\"{w}\" height=\"{h}\" fill=\"#fafafa\" stroke=\"#ccc\"/><line x1=\"{pad}\" y1=\"{mid}\" x2=\"{x2}\" y2=\"{mid}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/><text x=\"4\" y=\"{top}\" font-size=\"11\">+{max:.2}</text><text x=\"4\" y=\"{bot}\" font-size=\"11\">-{max:.2}</text>",
        mid = h / 2.0,
        x2 = w - pad,
        top = pad,
        bot = h - pad + 10.0,
    );
    let mut i = 0;
    for line in &lines {
        let first = i;
        if line.game > 1 {
            let bx = x(first) - (w - 2.0 * pad) / n / 2.0;
            let _ = write!(
                svg,
                "<line class=\"boundary\" x1=\"{bx:.1}\" y1=\"8\" x2=\"{bx:.1}\" y2=\"{}\" stroke=\"#777\" stroke-dasharray=\"2 3\"/>",
                h - 8.0
            );
        }
        let mut points: Vec<String> = Vec::new();
        for v in line.values.iter().chain(line.result.as_ref()) {
            points.push(format!("{:.1},{:.1}", x(i), y(*v)));
            i += 1;
        }
        let label_x = x(first) + 2.0;
        let _ = write!(
            svg,
            "<g class=\"game\" data-game=\"{}\"><text x=\"{label_x:.1}\" y=\"18\" font-size=\"11\">game {}</text><polyline points=\"{}\" fill=\"none\" stroke=\"#08519c\" stroke-width=\"1.5\"/>",
            line.game,
            line.game,
            points.join(" ")
        );
        if let Some(r) = line.result {
            let (rx, ry) = (x(i - 1), y(r));
            let ty = if r >= 0.0 { ry - 6.0 } else { ry + 14.0 };
            let _ = write!(
                svg,
                "<circle cx=\"{rx:.1}\" cy=\"{ry:.1}\" r=\"3.5\" fill=\"#08519c\"><title>{}</title></circle><text class=\"result\" x=\"{rx:.1}\" y=\"{ty:.1}\" text-anchor=\"end\" font-size=\"11\">{}</text>",
                line.words, line.short
            );
        } else {
            let _ = write!(
                svg,
                "<text class=\"result\" x=\"{:.1}\" y=\"{}\" text-anchor=\"end\" font-size=\"11\">{}</text>",
                x(i.max(1) - 1),
                h - 10.0,
                line.words
            );
        }
        svg.push_str("</g>");
    }
    svg.push_str("</svg>\n");
    svg
}
