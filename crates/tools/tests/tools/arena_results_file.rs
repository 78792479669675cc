//! The tests of `plakoto_tools::arena::results_file`.

use plakoto_records::record::Ending;
use plakoto_rules::{GameKind, ResultKind, Side};
use plakoto_tools::arena::arena_game::ArenaGame;
use plakoto_tools::arena::record::GameRecord;
use plakoto_tools::arena::results_file::*;
use plakoto_tools::arena::tavli_referee::Opening;

fn header() -> RunHeader {
    RunHeader {
        version: FORMAT_VERSION,
        a: "builtin:random".into(),
        b: "builtin:pipcount".into(),
        seed: 3,
        rules: "standard".into(),
        scoring: "standard".into(),
        match_to: Some(3),
        turn_cap: 2_000,
        shard: None,
        start_positions: None,
        game: ArenaGame::Game(GameKind::Plakoto),
        opening: None,
        switches: None,
        tavli_sequence: None,
        tavli_after_draw: None,
    }
}

fn rec(unit: u64, game: u32, unit_over: bool) -> GameRecord {
    GameRecord {
        unit,
        game,
        a_side: Side::X,
        kind: Ending::Board(ResultKind::Single),
        winner: None,
        points: 1,
        a_points: 0,
        fault: None,
        score: [0, 0],
        unit_over,
        turns: 1,
        opening: vec![],
        moves: vec![],
        think_ms: [0.0, 0.0],
        decisions: [0, 0],
        game_kind: None,
    }
}

#[test]
fn partial_matches_are_replayed_and_torn_lines_dropped() {
    let dir = std::env::temp_dir().join(format!("plakoto-results-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.jsonl");
    let _ = std::fs::remove_file(&path);
    {
        let (mut f, loaded) = ResultsFile::open(&path, &header(), false).unwrap();
        assert!(loaded.units.is_empty());
        for r in [
            rec(0, 0, false),
            rec(1, 0, false), // unit 1 interrupted …
            rec(0, 1, true),
            rec(1, 0, false), // … and replayed from its first game
            rec(1, 1, true),
            rec(2, 0, false), // unit 2 interrupted
        ] {
            f.append(&r).unwrap();
        }
    }
    // A crash in the middle of a line.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"unit\":3,\"ga");
    std::fs::write(&path, &text).unwrap();

    assert!(ResultsFile::open(&path, &header(), false).is_err());
    let other = RunHeader {
        seed: 4,
        ..header()
    };
    assert!(ResultsFile::open(&path, &other, true).is_err());
    let portes = RunHeader {
        game: ArenaGame::Game(GameKind::Portes),
        opening: Some(Opening::Greek),
        ..header()
    };
    assert!(ResultsFile::open(&path, &portes, true).is_err());
    let fevga = RunHeader {
        game: ArenaGame::Game(GameKind::Fevga),
        opening: Some(Opening::Greek),
        switches: Some(plakoto_rules::fevga::FevgaRules::default().describe()),
        ..header()
    };
    assert!(ResultsFile::open(&path, &fevga, true).is_err());

    let (_, loaded) = ResultsFile::open(&path, &header(), true).unwrap();
    assert!(loaded.torn_tail);
    assert_eq!(loaded.units.keys().copied().collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(loaded.units[&1].len(), 2);
    assert_eq!(loaded.partial_lines, 1);
    // The torn tail is gone: the file ends with a complete line.
    assert!(std::fs::read_to_string(&path).unwrap().ends_with("}\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
