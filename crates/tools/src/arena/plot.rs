//! `--plot FILE.svg`: A's running points per game over the run, with its
//! 95% confidence band (over duplicate pairs, as the summary computes
//! it), drawn as a self-contained SVG by hand; for a Tavli run
//! (`--game tavli`) a second chart below it, A's running match-win rate
//! with its band (over pairs, as [`super::tavli_stats`] computes it).

use std::fmt::Write as _;
use std::path::Path;

use super::error::ArenaError;
use super::record::GameRecord;
use plakoto_records::record::write_atomic;

use super::interval::Z95;

/// One point of the curve: after `games` games, the running ppg and the
/// half-width of its 95% interval (when at least two pairs are complete).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlotPoint {
    /// Games counted so far.
    pub games: u64,
    /// A's points per game so far.
    pub ppg: f64,
    /// Half-width of the 95% interval.
    pub ci95: Option<f64>,
}

/// The running ppg after each duplicate pair, in pair order.
pub fn running_ppg<'a>(records: impl IntoIterator<Item = &'a GameRecord>) -> Vec<PlotPoint> {
    running_mean(records, |r| Some(f64::from(r.a_points)))
}

/// A's running match-win rate (a match without winner counts ½) after
/// each duplicate pair, in pair order; `games` counts matches.
pub fn running_match_wins<'a>(records: impl IntoIterator<Item = &'a GameRecord>) -> Vec<PlotPoint> {
    running_mean(records, |r| {
        r.unit_over.then(|| match r.score[0].cmp(&r.score[1]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        })
    })
}

/// The running mean of `value` over the records that have one, after
/// each duplicate pair, with the 95% interval over the pairs' means.
fn running_mean<'a>(
    records: impl IntoIterator<Item = &'a GameRecord>,
    value: impl Fn(&GameRecord) -> Option<f64>,
) -> Vec<PlotPoint> {
    let records: Vec<(u64, f64)> = {
        let mut sorted: Vec<&GameRecord> = records.into_iter().collect();
        sorted.sort_by_key(|r| (r.unit, r.game));
        sorted
            .into_iter()
            .filter_map(|r| value(r).map(|v| (r.pair(), v)))
            .collect()
    };
    let mut out = Vec::new();
    let (mut games, mut points) = (0u64, 0f64);
    // Welford's running mean and variance of the pairs' means.
    let (mut n, mut mean, mut m2) = (0f64, 0f64, 0f64);
    let mut i = 0;
    while i < records.len() {
        let pair = records[i].0;
        let (mut pg, mut pp) = (0u64, 0f64);
        while i < records.len() && records[i].0 == pair {
            pg += 1;
            pp += records[i].1;
            i += 1;
        }
        games += pg;
        points += pp;
        let x = pp / pg as f64;
        n += 1.0;
        let d = x - mean;
        mean += d / n;
        m2 += d * (x - mean);
        let ci95 = (n >= 2.0).then(|| Z95 * (m2 / (n - 1.0)).sqrt() / n.sqrt());
        out.push(PlotPoint {
            games,
            ppg: points / games as f64,
            ci95,
        });
    }
    out
}

/// A round step for about `count` intervals over `span`: 1, 2, 2.5 or 5
/// times a power of ten.
pub fn nice_step(span: f64, count: f64) -> f64 {
    let raw = (span / count).max(f64::MIN_POSITIVE);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|step| *step >= raw)
        .unwrap_or(10.0 * power)
}

/// The multiples of `step` from `lo` to `hi` (both on the grid).
pub fn ticks(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let first = (lo / step).round() as i64;
    let last = (hi / step).round() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// Decimals that show `step` exactly (0.25 → 2, 0.5 → 1, 100 → 0).
pub fn decimals(step: f64) -> usize {
    (0..4)
        .find(|d| {
            let scaled = step * 10f64.powi(*d);
            (scaled - scaled.round()).abs() < 1e-9
        })
        .unwrap_or(4) as usize
}

/// What a chart shows: its axes' words, the figure it ends on, the value
/// its dashed line marks and the range its values are drawn in.
#[derive(Clone, Copy, Debug)]
pub struct Axes {
    /// What the x axis counts (`games`, `matches`).
    pub x: &'static str,
    /// What the y axis shows.
    pub y: &'static str,
    /// The figure's unit in the final text (`ppg`).
    pub figure: &'static str,
    /// The dashed line (even play).
    pub reference: f64,
    /// The least range shown.
    pub range: (f64, f64),
    /// The most range shown (values beyond are drawn at its edge).
    pub limits: (f64, f64),
    /// Whether values are written with their sign (`+0.500`).
    pub signed: bool,
}

/// A's points per game.
pub const PPG_AXES: Axes = Axes {
    x: "games",
    y: "points per game (A)",
    figure: "ppg",
    reference: 0.0,
    range: (-0.5, 0.5),
    limits: (-3.5, 3.5),
    signed: true,
};

/// A's match-win rate.
pub const MATCH_WIN_AXES: Axes = Axes {
    x: "matches",
    y: "match-win rate (A)",
    figure: "match-win rate",
    reference: 0.5,
    range: (0.0, 1.0),
    limits: (0.0, 1.0),
    signed: false,
};

/// The SVG drawing of `points`: round ticks on both axes with a light
/// grid, the band, the running ppg, and the final ppg with its interval
/// written at the top right and marked at the curve's end.
pub fn svg(points: &[PlotPoint], title: &str) -> String {
    svg_charts(&[(points, title, &PPG_AXES)])
}

/// Charts of `(points, title, axes)` stacked in one SVG drawing, each as
/// [`svg`] draws its one.
pub fn svg_charts(charts: &[(&[PlotPoint], &str, &Axes)]) -> String {
    let (w, h) = (720.0, 360.0);
    let total = h * charts.len().max(1) as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{total}" viewBox="0 0 {w} {total}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{total}" fill="white"/>"#);
    for (i, (points, title, axes)) in charts.iter().enumerate() {
        if i > 0 {
            let _ = writeln!(s, r#"<g transform="translate(0,{})">"#, h * i as f64);
        }
        chart(&mut s, points, title, axes);
        if i > 0 {
            s.push_str("</g>\n");
        }
    }
    s.push_str("</svg>\n");
    s
}

/// One chart's elements, drawn in a 720 × 360 box.
fn chart(s: &mut String, points: &[PlotPoint], title: &str, axes: &Axes) {
    let (w, h, left, right, top, bottom) = (720.0, 360.0, 60.0, 20.0, 48.0, 44.0);
    let games_seen = points.last().map_or(1, |p| p.games).max(1) as f64;
    let (mut lo, mut hi) = axes.range;
    for p in points {
        let c = p.ci95.unwrap_or(0.0);
        lo = lo.min(p.ppg - c);
        hi = hi.max(p.ppg + c);
    }
    let (lo, hi) = (lo.max(axes.limits.0), hi.min(axes.limits.1));
    // The axes end on round values.
    let y_step = nice_step(hi - lo, 6.0);
    let (lo, hi) = (
        (lo / y_step).floor() * y_step,
        (hi / y_step).ceil() * y_step,
    );
    let x_step = nice_step(games_seen, 6.0).max(1.0);
    let max_games = (games_seen / x_step).ceil() * x_step;
    let x = |g: f64| left + (w - left - right) * g / max_games;
    let y = |v: f64| top + (h - top - bottom) * (hi - v.clamp(lo, hi)) / (hi - lo);
    let _ = writeln!(s, r#"<text x="{left}" y="18">{}</text>"#, escape(title));
    // Grid and ticks.
    let y_decimals = decimals(y_step);
    for v in ticks(lo, hi, y_step) {
        let label = if v.abs() < y_step / 2.0 {
            format!("{:.*}", y_decimals, 0.0)
        } else if axes.signed {
            format!("{:+.*}", y_decimals, v)
        } else {
            format!("{:.*}", y_decimals, v)
        };
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="#e4e4e4"/><line x1="{2:.1}" y1="{0:.1}" x2="{left}" y2="{0:.1}" stroke="black"/><text x="{3:.1}" y="{4:.1}" text-anchor="end">{label}</text>"##,
            y(v),
            w - right,
            left - 4.0,
            left - 7.0,
            y(v) + 4.0,
        );
    }
    for g in ticks(0.0, max_games, x_step) {
        let _ = writeln!(
            s,
            r##"<line x1="{0:.1}" y1="{top}" x2="{0:.1}" y2="{1:.1}" stroke="#e4e4e4"/><line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="black"/><text x="{0:.1}" y="{3:.1}" text-anchor="middle">{g}</text>"##,
            x(g),
            h - bottom,
            h - bottom + 4.0,
            h - bottom + 17.0
        );
    }
    // The band: upper edge forward, lower edge back.
    let banded: Vec<&PlotPoint> = points.iter().filter(|p| p.ci95.is_some()).collect();
    if banded.len() >= 2 {
        let mut d = String::new();
        for p in &banded {
            let c = p.ci95.unwrap_or(0.0);
            let _ = write!(d, "{:.1},{:.1} ", x(p.games as f64), y(p.ppg + c));
        }
        for p in banded.iter().rev() {
            let c = p.ci95.unwrap_or(0.0);
            let _ = write!(d, "{:.1},{:.1} ", x(p.games as f64), y(p.ppg - c));
        }
        let _ = writeln!(
            s,
            r##"<polygon points="{}" fill="#9ecae1" fill-opacity="0.6" stroke="none"><title>95% confidence band</title></polygon>"##,
            d.trim_end()
        );
    }
    let _ = writeln!(
        s,
        r##"<line x1="{left}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="#888" stroke-dasharray="4 3"/>"##,
        y(axes.reference),
        w - right
    );
    let line: Vec<String> = points
        .iter()
        .map(|p| format!("{:.1},{:.1}", x(p.games as f64), y(p.ppg)))
        .collect();
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#08519c" stroke-width="1.5"/>"##,
        line.join(" ")
    );
    // Axes and labels.
    let _ = writeln!(
        s,
        r#"<line x1="{left}" y1="{top}" x2="{left}" y2="{0}" stroke="black"/><line x1="{left}" y1="{0}" x2="{1}" y2="{0}" stroke="black"/>"#,
        h - bottom,
        w - right
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="14" y="{:.1}" text-anchor="middle" transform="rotate(-90 14 {:.1})">{}</text>"#,
        left + (w - left - right) / 2.0,
        h - 6.0,
        axes.x,
        top + (h - top - bottom) / 2.0,
        top + (h - top - bottom) / 2.0,
        axes.y,
    );
    // The final figure, as the summary writes it.
    if let Some(last) = points.last() {
        let value = if axes.signed {
            format!("{:+.3}", last.ppg)
        } else {
            format!("{:.3}", last.ppg)
        };
        let figure = match last.ci95 {
            Some(c) => format!("{value} ± {c:.3}"),
            None => format!("{value} (no interval: one pair)"),
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="#08519c"/><text x="{:.1}" y="36" text-anchor="end" font-weight="bold" class="final">final: {} {} after {} {} (95% CI over pairs)</text>"##,
            x(last.games as f64),
            y(last.ppg),
            w - right,
            escape(&figure),
            axes.figure,
            last.games,
            axes.x,
        );
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes the plot of `records` to `path` (atomically).
pub fn write_plot(
    path: &Path,
    records: Vec<&GameRecord>,
    matches: bool,
    a: &str,
    b: &str,
) -> Result<(), ArenaError> {
    let unit = if matches { "match games" } else { "games" };
    let tavli = records.iter().any(|r| r.game_kind.is_some());
    let wins = running_match_wins(records.iter().copied());
    let points = running_ppg(records);
    let title = format!("{a} vs {b}: points per game for A over {unit}, 95% band");
    let drawing = if tavli {
        let wins_title = format!("{a} vs {b}: Tavli match-win rate for A, 95% band");
        svg_charts(&[
            (&points, &title, &PPG_AXES),
            (&wins, &wins_title, &MATCH_WIN_AXES),
        ])
    } else {
        svg(&points, &title)
    };
    write_atomic(path, &drawing).map_err(ArenaError::file("cannot write", path))
}
