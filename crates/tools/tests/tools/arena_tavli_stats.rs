//! The tests of `plakoto_tools::arena::tavli_stats`.

use crate::arena_stats::rec as stats_rec;
use plakoto_records::record::Ending;
use plakoto_rules::GameKind;
use plakoto_rules::ResultKind;
use plakoto_tools::arena::fault::FaultKind;
use plakoto_tools::arena::interval::Z95;
use plakoto_tools::arena::record::FaultRecord;
use plakoto_tools::arena::record::{Contestant, GameRecord};
use plakoto_tools::arena::tavli_stats::*;

/// Game `game` of match `unit`, of `kind`, won by A (`a_points` > 0)
/// or B, with the match score of A and B after it.
fn rec(unit: u64, game: u32, kind: GameKind, a_points: i32, score: [u8; 2]) -> GameRecord {
    GameRecord {
        game,
        score,
        unit_over: score[0] >= 3 || score[1] >= 3,
        game_kind: Some(kind),
        ..stats_rec(unit, a_points, Ending::Board(ResultKind::Single))
    }
}

#[test]
fn match_wins_points_and_games_are_counted_per_kind() {
    use GameKind::*;
    let records = [
        // Pair 0: A wins both matches.
        rec(0, 0, Portes, 2, [2, 0]),
        rec(0, 1, Plakoto, 1, [3, 0]),
        rec(1, 0, Portes, -1, [0, 1]),
        rec(1, 1, Plakoto, 2, [2, 1]),
        rec(1, 2, Fevga, 1, [3, 1]),
        // Pair 1: one match each.
        rec(2, 0, Portes, -2, [0, 2]),
        rec(2, 1, Plakoto, -2, [0, 4]),
        rec(3, 0, Portes, 1, [1, 0]),
        rec(3, 1, Plakoto, 2, [3, 0]),
    ];
    let refs: Vec<&GameRecord> = records.iter().collect();
    let s = tavli_stats(&refs).expect("Tavli records");
    assert_eq!((s.matches, s.pairs, s.a_won, s.b_won), (4, 2, 3, 1));
    assert!((s.win_rate - 0.75).abs() < 1e-12);
    // Pair means 1.0 and 0.5: sd 0.3536, se 0.25.
    assert!((s.win_rate_ci95.unwrap() - Z95 * 0.25).abs() < 1e-9);
    let [lo, hi] = s.win_rate_wilson95.unwrap();
    assert!(lo < 0.75 && 0.75 < hi && lo > 0.2 && hi < 1.0, "{lo} {hi}");
    assert_eq!(s.points_per_match, [9.0 / 4.0, 5.0 / 4.0]);
    assert!((s.games_per_match - 9.0 / 4.0).abs() < 1e-12);
    let kinds: Vec<(GameKind, u64, u64, u64)> = s
        .per_game
        .iter()
        .map(|k| (k.game, k.games, k.a_won, k.b_won))
        .collect();
    assert_eq!(
        kinds,
        [(Portes, 4, 2, 2), (Plakoto, 4, 3, 1), (Fevga, 1, 1, 0)]
    );
    assert!((s.per_game[1].ppg - 3.0 / 4.0).abs() < 1e-12);
    let text = s.to_text();
    assert!(text.contains("A match-win rate 75.0% ± 49.0%"), "{text}");
    assert!(text.contains("plakoto       4      3      1"), "{text}");
}

#[test]
fn unsupported_games_count_as_forfeited_matches() {
    let mut r = rec(0, 2, GameKind::Fevga, 3, [5, 2]);
    r.kind = Ending::Forfeit;
    r.fault = Some(FaultRecord {
        engine: Contestant::B,
        kind: FaultKind::UnsupportedGame,
        message: "the engine does not play Fevga".into(),
    });
    let s = tavli_stats(&[&r]).unwrap();
    assert_eq!(s.forfeited_matches, [0, 1]);
    assert_eq!((s.a_won, s.win_rate_ci95), (1, None));
    assert!(tavli_stats(&[]).is_none());
}
