//! The tests of `plakoto_tools::arena::tavli_records`.

use plakoto_records::record::GameOnRecord;
use plakoto_rules::tavli::{TavliGames, TavliRules};
use plakoto_tools::ToolsGame;
use plakoto_tools::arena::tavli_referee::Opening;
use std::path::PathBuf;

use crate::arena_tavli_runner::{game_spec, repo_file, run};
use plakoto_records::record::{Ending, GameEnd, Record, read_record_file};
use plakoto_rules::{Fevga, Portes};
use plakoto_rules::{GameKind, Rules, Side};
use plakoto_tools::arena::player::PlayerOptions;
use plakoto_tools::arena::record::{Contestant, GameRecord};
use plakoto_tools::arena::records_dir::{RunInfo, game_unit_record, unit_path, write_unit};
use plakoto_tools::arena::tavli_match_runner::{TavliMatchSpec, run_tavli_matches};
use plakoto_tools::arena::tavli_records::*;
use plakoto_tools::arena::tavli_runner::TavliRunSpec;

/// The header of a run of `spec`'s engines with seed `seed`.
fn run_info(a: &str, b: &str, seed: u64, match_to: Option<u8>) -> RunInfo {
    RunInfo {
        a: a.into(),
        b: b.into(),
        rules: Rules::default(),
        match_to,
        seed,
        date: "2026-01-01".into(),
    }
}

/// A fresh folder for `name`'s records.
fn records_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "plakoto-table-records-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Plays `games` units of `spec`, writes each as the arena does into a
/// fresh folder and reads every file back: each names the game, its
/// switches, opening, seed and players, and replays through the
/// records crate to the game's end as the runner recorded it (winner,
/// ending, points). Returns the runner's records.
fn written_and_replayed<G: ToolsGame + GameOnRecord + Copy>(
    name: &str,
    spec: &TavliRunSpec<G>,
    games: u64,
) -> Vec<GameRecord> {
    let dir = records_dir(name);
    let records = run(spec, games, 2);
    let info = run_info(&spec.a, &spec.b, spec.seed, None);
    let table = TableRecords {
        game: spec.game,
        opening: spec.opening,
    };
    for r in &records {
        write_unit(&dir, &info, &table, &[r]).expect("the record is written");
    }
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let expected: Vec<String> = (0..games).map(|u| format!("game-{u:06}.txt")).collect();
    assert_eq!(files, expected, "one record a game, no temporary file left");
    for r in &records {
        let path = unit_path(&dir, r.unit, false);
        let record = read_record_file(&path).expect("the record reads back");
        let h = &record.header;
        assert_eq!(h.game, G::KIND);
        // The switches as the arena reports them, of the game the header
        // names and of the game run.
        let switches = |game: &G| game.switch_words();
        assert_eq!(switches(&G::of_header(h)), switches(&spec.game));
        assert_eq!(h.opening, spec.opening.into());
        assert_eq!((h.seed, h.match_length), (Some(spec.seed), 0));
        let (x, o) = match r.a_side {
            Side::X => (&spec.a, &spec.b),
            Side::O => (&spec.b, &spec.a),
        };
        assert_eq!((&h.x, &h.o), (x, o));
        let replay = record
            .replay_game::<G>()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let end = GameEnd {
            ending: r.kind,
            winner: r.winner.map(|w| w.side(r.a_side)),
            points: r.points,
        };
        assert_eq!(replay.ends, [Some(end)], "{}", path.display());
        let played = r.moves.iter().filter(|t| t.record_turn().is_some());
        assert_eq!(replay.turns.len(), played.count());
    }
    let _ = std::fs::remove_dir_all(&dir);
    records
}

#[test]
fn portes_and_fevga_games_are_recorded_and_replay_to_their_results() {
    let portes = game_spec(Portes::default(), "builtin:heuristic", "builtin:random");
    let records = written_and_replayed("portes", &portes, 6);
    assert!(records.iter().all(|r| matches!(r.kind, Ending::Board(_))));
    let fevga = TavliRunSpec {
        opening: Opening::Western,
        ..game_spec(
            Fevga::new("prime_rule=none".parse().unwrap()),
            "builtin:pipcount",
            "builtin:heuristic",
        )
    };
    written_and_replayed("fevga", &fevga, 4);
    // Games stopped by the turn cap are recorded unfinished.
    let capped = TavliRunSpec {
        turn_cap: 7,
        ..portes
    };
    let records = written_and_replayed("capped", &capped, 2);
    assert!(records.iter().all(|r| r.kind == Ending::Unfinished));
}

#[test]
fn forfeits_are_recorded_before_the_opening_roll_and_after_a_fault() {
    // An engine that refuses `set game portes` forfeits every game
    // before its opening roll.
    let refuses = format!(
        "python3 {}",
        repo_file("tests/fake_engines/fake_engine.py plakoto_only")
    );
    let spec = game_spec(Portes::default(), "builtin:random", &refuses);
    for r in written_and_replayed("unstarted", &spec, 2) {
        assert_eq!((r.kind, r.winner), (Ending::Forfeit, Some(Contestant::A)));
        assert!(r.opening.is_empty() && r.moves.is_empty());
    }
    // One whose play is no play forfeits at its first choice.
    let garbage = format!(
        "python3 {}",
        repo_file("tests/fake_engines/fake_engine.py notation")
    );
    let spec = game_spec(Fevga::default(), &garbage, "builtin:random");
    for r in written_and_replayed("faulted", &spec, 2) {
        assert_eq!((r.kind, r.winner), (Ending::Forfeit, Some(Contestant::B)));
        assert!(r.fault.is_some() && !r.opening.is_empty());
    }
}

#[test]
fn tavli_match_records_replay_through_the_rules_core() {
    // Under the Western opening (the starter plays the opening dice).
    let spec = TavliMatchSpec {
        games: TavliGames::default(),
        opening: Opening::Western,
        rules: TavliRules::default(),
        a: "builtin:heuristic".into(),
        b: "builtin:pipcount".into(),
        seed: 5,
        turn_cap: 2_000,
        options: PlayerOptions::default(),
    };
    let mut records = Vec::new();
    run_tavli_matches(&spec, &[0, 1, 2, 3], 2, None, |r| {
        records.push(r);
        Ok(())
    })
    .unwrap();
    records.sort_by_key(|r| (r.unit, r.game));
    let run = run_info(&spec.a, &spec.b, 5, Some(5));
    let info = TavliRecordInfo {
        rules: spec.rules.clone(),
        games: spec.games,
        opening: spec.opening,
    };
    for unit in 0..4 {
        let games: Vec<&GameRecord> = records.iter().filter(|r| r.unit == unit).collect();
        let record = game_unit_record(&run, &info, &games).unwrap();
        let text = record.to_string();
        assert!(
            text.contains("[Game \"tavli\"]") && text.contains("Game 2 plakoto"),
            "{text}"
        );
        let read: Record = text.parse().expect("the record reads back");
        assert_eq!(read.games[1].kind, Some(GameKind::Plakoto));
        let replay = read.replay_tavli().expect("the record replays");
        let last = games.last().unwrap();
        let winner = last.winner.unwrap().side(last.a_side);
        assert_eq!(replay.tavli.winner(), Some(winner));
        assert_eq!(replay.tavli.finished() as usize, games.len());
        let xo = if last.a_side == Side::X {
            last.score
        } else {
            [last.score[1], last.score[0]]
        };
        assert_eq!(replay.tavli.score(), xo.map(u32::from));
    }
}
