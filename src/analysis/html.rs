//! `--html`: a self-contained report (no external files, scripts or
//! styles): the players' totals, a chart of X's equity over the games,
//! every turn in a table, and the board (SVG) at each marked play. A small
//! inline script marks the document as ready (`data-ready` on `<body>`,
//! and a `#report-ready` element), which the tests check in a headless
//! browser.

use std::fmt::Write as _;

use super::{Analysis, Mark, TurnAnalysis};
use crate::game::{Point, Position, Side, parse_position_id};

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A turn's figures as the report shows them: game, turn, side, roll,
/// played, mark, loss, best.
fn turn_cells(t: &TurnAnalysis) -> [String; 8] {
    [
        t.game.to_string(),
        t.turn.to_string(),
        t.side.to_string(),
        t.roll.clone(),
        t.played.clone(),
        t.mark.words().to_string(),
        format!("{:.3}", t.loss),
        t.best.clone(),
    ]
}

/// Table cells, escaped.
fn cells(values: &[String]) -> String {
    values
        .iter()
        .map(|v| format!("<td>{}</td>", esc(v)))
        .collect()
}

/// The whole HTML document.
pub fn report(a: &Analysis, title: &str) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>{}</style></head>\n<body>\n<h1>{}</h1>\n<p>Analysed at {} with the {} evaluator: {} game(s), {} turn(s){}.</p>\n",
        esc(title),
        STYLE,
        esc(title),
        super::report::plies(a.plies),
        esc(&a.evaluator),
        a.games,
        a.turns.len(),
        super::report::scale_note(a)
    );
    h.push_str("<table class=\"totals\"><tr><th>Player</th><th>Moves</th><th>Unforced</th><th>Error rate (mpp)</th><th>Rating</th><th>Doubtful</th><th>Bad</th><th>Very bad</th><th>Luck</th></tr>\n");
    for p in &a.players {
        let _ = writeln!(h, "<tr>{}</tr>", cells(&super::report::player_cells(p)));
    }
    h.push_str("</table>\n<h2>X's equity over the game</h2>\n");
    h.push_str(&equity_chart(&a.turns));
    h.push_str("<h2>Turns</h2>\n<table class=\"turns\"><tr><th>Game</th><th>Turn</th><th>Side</th><th>Roll</th><th>Played</th><th>Mark</th><th>Loss</th><th>Best</th><th>Luck</th></tr>\n");
    for t in &a.turns {
        let class = match t.mark {
            Mark::None => "",
            Mark::Doubtful => " class=\"doubtful\"",
            Mark::Bad => " class=\"bad\"",
            Mark::VeryBad => " class=\"verybad\"",
        };
        let luck = t.luck.map_or(String::new(), |l| format!("{l:+.3}"));
        let mut row = turn_cells(t).to_vec();
        row.push(luck);
        let _ = writeln!(h, "<tr{class}>{}</tr>", cells(&row));
    }
    h.push_str("</table>\n<h2>Marked plays</h2>\n");
    let marked: Vec<&TurnAnalysis> = a.turns.iter().filter(|t| t.mark != Mark::None).collect();
    if marked.is_empty() {
        h.push_str("<p>No play is marked.</p>\n");
    }
    for t in marked {
        let [game, turn, side, roll, played, mark, loss, best] = turn_cells(t).map(|c| esc(&c));
        let _ = writeln!(
            h,
            "<section class=\"marked\"><h3>Game {game}, turn {turn}: {side} to play {roll}</h3>\n<p>Played <b>{played}</b> ({mark}, lost {loss}); best <b>{best}</b>.</p>"
        );
        if let Ok(p) = parse_position_id(&t.position_id) {
            h.push_str(&board_svg(&p, t.side));
        }
        let _ = writeln!(
            h,
            "<p class=\"ids\">{}:{}</p></section>",
            esc(&t.position_id),
            esc(&t.match_id)
        );
    }
    h.push_str(SCRIPT);
    h.push_str("</body></html>\n");
    h
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}tr.doubtful{background:#fff7d6}tr.bad{background:#ffe0c0}tr.verybad{background:#ffc0c0}.ids{font-family:monospace;color:#555}";

const SCRIPT: &str = "<script>\n(function(){var n=document.querySelectorAll('section.marked').length;var d=document.createElement('p');d.id='report-ready';d.textContent='report ready: '+n+' marked play(s)';document.body.appendChild(d);document.body.setAttribute('data-ready','yes');})();\n</script>\n";

/// X's equity before each roll, joined over the games, as an SVG chart.
fn equity_chart(turns: &[TurnAnalysis]) -> String {
    let values: Vec<f32> = turns.iter().filter_map(|t| t.x_equity_before).collect();
    let (w, h, pad) = (720.0f32, 220.0f32, 30.0f32);
    let max = values.iter().fold(1.0f32, |m, v| m.max(v.abs())).min(3.0);
    let n = values.len().max(2) as f32 - 1.0;
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f32 / n;
    let y = |v: f32| h / 2.0 - (h / 2.0 - pad) * v.clamp(-max, max) / max;
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
        .collect();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"><rect width=\"{w}\" height=\"{h}\" fill=\"#fafafa\" stroke=\"#ccc\"/><line x1=\"{pad}\" y1=\"{mid}\" x2=\"{x2}\" y2=\"{mid}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/><polyline points=\"{pts}\" fill=\"none\" stroke=\"#08519c\" stroke-width=\"1.5\"/><text x=\"4\" y=\"{top}\" font-size=\"11\">+{max:.2}</text><text x=\"4\" y=\"{bot}\" font-size=\"11\">-{max:.2}</text></svg>\n",
        mid = h / 2.0,
        x2 = w - pad,
        pts = points.join(" "),
        top = pad,
        bot = h - pad + 10.0,
    )
}

/// The board before a play, drawn from X's side: points 13–24 on top,
/// 12–1 below; checker counts written (a point holding both sides is a
/// pin).
pub fn board_svg(position: &Position, on_roll: Side) -> String {
    // Counts seen by X: X's point n, and O's checkers on X's point n.
    let (own_is_x, p) = (on_roll == Side::X, position);
    let mut s = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"520\" height=\"240\" viewBox=\"0 0 520 240\"><rect width=\"520\" height=\"240\" fill=\"#f3e6c8\" stroke=\"#6b4f2a\"/>",
    );
    for n in 1..=24u8 {
        let Some(point) = Point::new(n) else { continue };
        // X's point n is point n for X, 25-n for O.
        // The position is numbered for the side on roll: X's point n is
        // O's 25-n.
        let Some(mirror) = Point::new(25 - n) else {
            continue;
        };
        let (x_count, o_count) = if own_is_x {
            (p.own_count(point), p.opp_count(point))
        } else {
            (p.opp_count(mirror), p.own_count(mirror))
        };
        let top = n >= 13;
        let col = if top { n - 13 } else { 12 - n };
        let cx = 20.0 + 40.0 * f32::from(col) + if col >= 6 { 20.0 } else { 0.0 };
        let (tip, base) = if top { (100.0, 10.0) } else { (140.0, 230.0) };
        let fill = if n % 2 == 0 { "#b5835a" } else { "#7a5230" };
        let _ = write!(
            s,
            "<polygon points=\"{:.0},{base} {:.0},{base} {cx:.0},{tip}\" fill=\"{fill}\"/>",
            cx - 16.0,
            cx + 16.0
        );
        let label_y = if top { 24.0 } else { 222.0 };
        let mut label = String::new();
        if x_count > 0 {
            label.push_str(&format!("X{x_count}"));
        }
        if o_count > 0 {
            if !label.is_empty() {
                label.push('/');
            }
            label.push_str(&format!("O{o_count}"));
        }
        if !label.is_empty() {
            let _ = write!(
                s,
                "<text x=\"{cx:.0}\" y=\"{:.0}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#111\">{label}</text>",
                if top { label_y + 40.0 } else { label_y - 40.0 }
            );
        }
        let _ = write!(
            s,
            "<text x=\"{cx:.0}\" y=\"{label_y:.0}\" font-size=\"9\" text-anchor=\"middle\" fill=\"#fff\">{n}</text>"
        );
    }
    let (x_off, o_off) = if own_is_x {
        (p.own_off(), p.opp_off())
    } else {
        (p.opp_off(), p.own_off())
    };
    let _ = writeln!(
        s,
        "<text x=\"260\" y=\"124\" font-size=\"12\" text-anchor=\"middle\">{on_roll} on roll · off: X {x_off}, O {o_off}</text></svg>"
    );
    s
}
