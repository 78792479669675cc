//! The tests of `plakoto_tools::arena::tavli_runner`.

use plakoto_rules::Side;
use plakoto_tools::ToolsGame;
use plakoto_tools::arena::player::PlayerOptions;
use plakoto_tools::arena::record::GameRecord;
use plakoto_tools::arena::tavli_referee::Opening;
use std::path::Path;
use std::time::Duration;

use plakoto_records::record::Ending;
use plakoto_rules::Portes;
use plakoto_rules::ResultKind;
use plakoto_tools::arena::fault::FaultKind;
use plakoto_tools::arena::record::Contestant;
use plakoto_tools::arena::stats::summarize;
use plakoto_tools::arena::tavli_players::preflight_tavli_player;
use plakoto_tools::arena::tavli_runner::*;

/// A Portes run of `a` against `b`.
fn spec(a: &str, b: &str) -> TavliRunSpec<Portes> {
    game_spec(Portes::default(), a, b)
}

/// A run of `game` of `a` against `b`, seed 11.
pub(crate) fn game_spec<G: plakoto_rules::TavliGame>(game: G, a: &str, b: &str) -> TavliRunSpec<G> {
    TavliRunSpec {
        game,
        opening: Opening::Greek,
        a: a.to_string(),
        b: b.to_string(),
        seed: 11,
        turn_cap: 2_000,
        options: PlayerOptions {
            move_timeout: Duration::from_millis(5_000),
            start_timeout: Duration::from_millis(10_000),
            show_stderr: false,
        },
        match_to: None,
        start_positions: Vec::new(),
    }
}

/// The records of `games` units of `spec` on `jobs` threads, by unit.
pub(crate) fn run<G: ToolsGame>(
    spec: &TavliRunSpec<G>,
    games: u64,
    jobs: usize,
) -> Vec<GameRecord> {
    let units: Vec<u64> = (0..games).collect();
    let mut records = Vec::new();
    run_tavli_units(spec, &units, jobs, None, |r| {
        records.push(r);
        Ok(())
    })
    .expect("the run completes");
    records.sort_by_key(|r| r.unit);
    records
}

/// A repository file, from the tools crate.
pub(crate) fn repo_file(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn portes_run_scores_p11_and_pairs_share_the_dice() {
    let s = spec("builtin:heuristic", "builtin:random");
    let records = run(&s, 24, 2);
    assert_eq!(records.len(), 24);
    for r in &records {
        assert!(r.fault.is_none(), "{r:?}");
        let expected = match r.kind {
            Ending::Board(ResultKind::Single) => 1,
            Ending::Board(ResultKind::Double) => 2,
            other => panic!("a Portes game ended {other:?}"),
        };
        assert_eq!(r.points, expected);
        assert_eq!(r.a_points.abs(), i32::from(expected));
        assert!(r.unit_over && r.score == [0, 0]);
    }
    for pair in records.chunks(2) {
        let (first, second) = (&pair[0], &pair[1]);
        assert_eq!((first.a_side, second.a_side), (Side::X, Side::O));
        assert_eq!(first.opening, second.opening);
        let rolls = |r: &GameRecord| r.moves.iter().map(|m| m.roll.clone()).collect::<Vec<_>>();
        let n = first.moves.len().min(second.moves.len());
        assert_eq!(rolls(first)[..n], rolls(second)[..n]);
    }
    let summary = summarize(&records, false);
    assert!(
        summary.a_points > 0,
        "the heuristic beats random: {}",
        summary.a_points
    );
    // The same seed plays the same games with any number of threads.
    let again: Vec<GameRecord> = run(&s, 24, 1).iter().map(|r| r.without_timing()).collect();
    let first: Vec<GameRecord> = records.iter().map(|r| r.without_timing()).collect();
    assert_eq!(first, again);
}

#[test]
fn an_engine_without_portes_faults_clearly() {
    let engine = format!(
        "python3 {}",
        repo_file("tests/fake_engines/fake_engine.py plakoto_only")
    );
    let s = spec("builtin:random", &engine);
    let error = preflight_tavli_player(&s.game, &engine, &s.options)
        .err()
        .expect("the engine refuses set game portes")
        .to_string();
    assert!(error.contains("does not play Portes"), "{error}");
    assert!(error.contains("set game portes"), "{error}");
    for r in run(&s, 2, 1) {
        let fault = r.fault.expect("forfeited");
        assert_eq!(
            (fault.engine, fault.kind),
            (Contestant::B, FaultKind::UnsupportedGame)
        );
        assert!(
            fault.message.contains("does not play Portes"),
            "{}",
            fault.message
        );
        assert_eq!(
            (r.kind, r.winner, r.points),
            (Ending::Forfeit, Some(Contestant::A), 2)
        );
    }
}

/// GNU Backgammon through scripts/gnubg_player.py: a few games against
/// the heuristic end on the board, with no fault (its moves resolve as
/// our notation). Skipped where gnubg is not installed.
#[test]
fn gnubg_adapter_plays_portes_games_without_faults() {
    if !Path::new("/usr/games/gnubg").exists() {
        eprintln!("skipped: /usr/games/gnubg is not installed (apt-get install gnubg)");
        return;
    }
    let gnubg = format!("python3 {}", repo_file("scripts/gnubg_player.py"));
    let records = run(&spec("builtin:heuristic", &gnubg), 4, 1);
    assert_eq!(records.len(), 4);
    for r in &records {
        assert!(r.fault.is_none(), "{:?}", r.fault);
        assert!(matches!(r.kind, Ending::Board(_)), "{:?}", r.kind);
        assert!(r.decisions[1] > 0, "gnubg was asked");
    }
}
