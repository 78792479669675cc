//! The tests of `plakoto_tools::arena::stats`.

use plakoto_records::record::Ending;
use plakoto_rules::ResultKind;
use plakoto_rules::Side;
use plakoto_tools::arena::interval::Z95;
use plakoto_tools::arena::record::{Contestant, GameRecord};
use plakoto_tools::arena::stats::*;

pub(crate) fn rec(unit: u64, a_points: i32, kind: Ending) -> GameRecord {
    GameRecord {
        unit,
        game: 0,
        a_side: if unit.is_multiple_of(2) {
            Side::X
        } else {
            Side::O
        },
        kind,
        winner: match a_points.signum() {
            1 => Some(Contestant::A),
            -1 => Some(Contestant::B),
            _ => None,
        },
        points: a_points.unsigned_abs() as u8,
        a_points,
        fault: None,
        score: [0, 0],
        unit_over: true,
        turns: 10,
        opening: vec![],
        moves: vec![],
        think_ms: [1.0, 3.0],
        decisions: [1, 1],
        game_kind: None,
    }
}

#[test]
fn pairs_cancel_luck_in_the_interval() {
    // Each pair: A wins one game and loses the other by the same points:
    // zero spread over pairs, wide spread over games.
    let records: Vec<_> = (0..20)
        .map(|u| {
            let pts = if u % 2 == 0 { 2 } else { -2 };
            rec(u, pts, Ending::Board(ResultKind::Double))
        })
        .collect();
    let s = summarize(&records, false);
    assert_eq!(s.games, 20);
    assert_eq!(s.pairs, 10);
    assert_eq!(s.ppg, 0.0);
    assert_eq!(s.ci95, Some(0.0));
    assert!(s.ci95_per_game.unwrap() > 0.5);
    assert_eq!(s.a_wins.double, 10);
    assert_eq!(s.b_wins.double, 10);
    assert_eq!(s.ms_per_move, [Some(1.0), Some(3.0)]);
}

#[test]
fn interval_matches_the_formula() {
    let records = vec![
        rec(0, 1, Ending::Board(ResultKind::Single)),
        rec(1, 1, Ending::Board(ResultKind::Single)),
        rec(2, -1, Ending::Board(ResultKind::Single)),
        rec(3, 0, Ending::Board(ResultKind::Draw)),
    ];
    let s = summarize(&records, false);
    // Pair means 1.0 and -0.5: mean 0.25, sd 1.0607, se 0.75.
    assert!((s.ppg - 0.25).abs() < 1e-12);
    assert!((s.ci95.unwrap() - Z95 * 0.75).abs() < 1e-9);
    assert_eq!(s.draws, 1);
    assert_eq!(s.kinds["single"], 3);
}

#[test]
fn one_pair_names_no_interval_it_cannot_give() {
    let records = vec![
        rec(0, 2, Ending::Board(ResultKind::Double)),
        rec(1, -1, Ending::Board(ResultKind::Single)),
    ];
    let s = summarize(&records, false);
    assert_eq!(s.ci95, None);
    let text = s.to_text("a", "b");
    let line = text.lines().nth(2).unwrap();
    assert!(line.contains("(1 duplicate pair)"), "{line}");
    assert!(
        line.contains("ppg +0.500   (no CI over pairs: it needs 2 pairs; per-game CI ± "),
        "{line}"
    );
    assert!(!line.contains("95% CI over pairs"), "{line}");
}

#[test]
fn in_matches_the_pairs_are_pairs_of_matches() {
    // Two games of match 0 and one of match 1: one pair of matches.
    let mut second = rec(0, 1, Ending::Board(ResultKind::Single));
    second.game = 1;
    let records = vec![
        rec(0, 1, Ending::Board(ResultKind::Single)),
        second,
        rec(1, -1, Ending::Board(ResultKind::Single)),
    ];
    let text = summarize(&records, true).to_text("a", "b");
    let line = text.lines().nth(2).unwrap();
    assert!(
        line.starts_with("games 3 (1 duplicate pair of matches)"),
        "{line}"
    );
    let text = summarize(&records, false).to_text("a", "b");
    let line = text.lines().nth(2).unwrap();
    assert!(line.starts_with("games 3 (1 duplicate pair)"), "{line}");
}
