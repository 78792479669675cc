//! The tests of `plakoto_tools::arena::plot`.

use plakoto_records::record::Ending;
use plakoto_rules::{ResultKind, Side};
use plakoto_tools::arena::interval::Z95;
use plakoto_tools::arena::plot::*;
use plakoto_tools::arena::record::GameRecord;

fn rec(unit: u64, a_points: i32) -> GameRecord {
    GameRecord {
        unit,
        game: 0,
        a_side: Side::X,
        kind: Ending::Board(ResultKind::Single),
        winner: None,
        points: a_points.unsigned_abs() as u8,
        a_points,
        fault: None,
        score: [0, 0],
        unit_over: true,
        turns: 1,
        opening: vec![],
        moves: vec![],
        think_ms: [0.0; 2],
        decisions: [0; 2],
        game_kind: None,
    }
}

#[test]
fn running_ppg_matches_the_totals_and_band_needs_two_pairs() {
    let records = [
        rec(0, 1),
        rec(1, -2),
        rec(2, 2),
        rec(3, 2),
        rec(4, -1),
        rec(5, 1),
    ];
    let points = running_ppg(&records);
    assert_eq!(points.len(), 3);
    assert_eq!(points[0].ci95, None);
    assert!((points[0].ppg - -0.5).abs() < 1e-12);
    assert!((points[2].ppg - 3.0 / 6.0).abs() < 1e-12);
    // Pairs' ppg: -0.5, 2, 0 → sd = sqrt(((-1)² + 1.5² + (-0.5)²)/2)
    let sd: f64 = ((1.0f64 + 2.25 + 0.25) / 2.0).sqrt();
    assert!((points[2].ci95.unwrap() - Z95 * sd / 3f64.sqrt()).abs() < 1e-9);
    let drawing = svg(&points, "a <b>");
    assert!(drawing.starts_with("<svg") && drawing.contains("polygon"));
    assert!(drawing.contains("a &lt;b&gt;"));
    let final_text = format!(
        "final: +0.500 ± {:.3} ppg after 6 games",
        points[2].ci95.unwrap()
    );
    assert!(drawing.contains(&final_text), "{drawing}");
    // Round ticks: games 0, 1, … 6; ppg on a 0.5 or 1 grid.
    assert!(drawing.contains(">6</text>"), "{drawing}");
    assert!(!drawing.contains("+2.72") && !drawing.contains("+1.11"));
}

#[test]
fn ticks_are_round() {
    assert_eq!(nice_step(4.0, 6.0), 1.0);
    assert_eq!(nice_step(2000.0, 6.0), 500.0);
    assert_eq!(nice_step(1.3, 6.0), 0.25);
    assert_eq!(nice_step(0.1, 6.0), 0.02);
    assert_eq!(ticks(-0.5, 1.0, 0.5), vec![-0.5, 0.0, 0.5, 1.0]);
    assert_eq!(decimals(0.25), 2);
    assert_eq!(decimals(500.0), 0);
    let points: Vec<PlotPoint> = (1..=1000)
        .map(|k| PlotPoint {
            games: 2 * k,
            ppg: 0.9 + 0.1 / k as f64,
            ci95: (k >= 2).then(|| 1.0 / (k as f64).sqrt()),
        })
        .collect();
    let drawing = svg(&points, "t");
    for label in [">0</text>", ">500</text>", ">1000</text>", ">2000</text>"] {
        assert!(drawing.contains(label), "{label}");
    }
    assert!(
        drawing.contains("final: +0.900 ± 0.032 ppg after 2000 games"),
        "{drawing}"
    );
}

#[test]
fn tavli_runs_also_draw_the_match_win_rate() {
    // Pair 0: A wins both matches (two games each); pair 1: one each.
    let mut records = Vec::new();
    for (unit, won) in [(0, true), (1, true), (2, true), (3, false)] {
        let mut first = rec(unit, if won { 2 } else { -2 });
        first.game_kind = Some(plakoto_rules::GameKind::Portes);
        first.unit_over = false;
        let mut last = rec(unit, if won { 1 } else { -1 });
        last.game = 1;
        last.game_kind = Some(plakoto_rules::GameKind::Plakoto);
        last.score = if won { [3, 0] } else { [0, 3] };
        records.push(first);
        records.push(last);
    }
    let wins = running_match_wins(&records);
    assert_eq!(wins.len(), 2);
    assert_eq!((wins[0].games, wins[0].ppg), (2, 1.0));
    assert_eq!((wins[1].games, wins[1].ppg), (4, 0.75));
    // Pair means 1 and 0.5: se 0.25.
    assert!((wins[1].ci95.unwrap() - Z95 * 0.25).abs() < 1e-9);
    let path = std::env::temp_dir().join(format!("plakoto-plot-{}.svg", std::process::id()));
    write_plot(&path, records.iter().collect(), true, "a", "b").unwrap();
    let drawing = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert!(drawing.contains("height=\"720\""), "{drawing}");
    assert!(drawing.contains("match-win rate (A)"), "{drawing}");
    assert!(
        drawing.contains("final: 0.750 ± 0.490 match-win rate after 4 matches"),
        "{drawing}"
    );
    assert!(drawing.contains("ppg after 8 games"), "{drawing}");
}
