//! The whole child-process path with a correct external engine: the
//! `random_engine` example answers random legal plays through the protocol,
//! and, told to, faults in the middle of a game.

use crate::random_engine;
use random_engine::random_engine;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use plakoto::arena::engine_process::EngineProcess;
use plakoto::arena::fault::FaultKind;
use plakoto::arena::player::PlayerOptions;
use plakoto::arena::record::{Contestant, GameRecord};
use plakoto::arena::runner::RunSpec;
use plakoto::arena::tavli_runner::run_units;
use plakoto::game::{Rules, Scoring, Variant};
use plakoto::record::Ending;

fn spec(a: String, b: &str, rules: Rules) -> RunSpec {
    RunSpec {
        a,
        b: b.to_string(),
        rules,
        match_to: None,
        seed: 21,
        turn_cap: 2_000,
        options: PlayerOptions {
            move_timeout: Duration::from_millis(2_000),
            start_timeout: Duration::from_millis(5_000),
            show_stderr: false,
        },
        start_positions: Vec::new(),
    }
}

fn run(spec: &RunSpec, games: u64) -> Vec<GameRecord> {
    let units: Vec<u64> = (0..games).collect();
    let mut records = Vec::new();
    run_units(spec, &units, 2, |r| {
        records.push(r);
        Ok(())
    })
    .expect("the run completes");
    records.sort_by_key(|r| (r.unit, r.game));
    records
}

#[test]
fn external_engine_plays_whole_games() {
    let engine = random_engine().display().to_string();
    for rules in [
        Rules::default(),
        Rules::new(Variant::Express, Scoring::Standard).unwrap(),
    ] {
        let records = run(&spec(engine.clone(), "builtin:pipcount", rules), 4);
        assert_eq!(records.len(), 4);
        for r in &records {
            assert!(r.fault.is_none(), "{rules:?}: {:?}", r.fault);
            assert_ne!(r.kind, Ending::Unfinished);
            assert!(r.decisions[0] > 0, "the engine was asked for its plays");
        }
    }
}

#[test]
fn external_engine_faulting_mid_game_is_restarted() {
    let engine = random_engine().display().to_string();
    for (mode, kind) in [
        ("crash", FaultKind::Crash),
        ("garbage", FaultKind::Garbage),
        ("illegal", FaultKind::Illegal),
        ("error", FaultKind::ErrorReply),
    ] {
        // A fresh process plays 3 good moves, then faults: every game
        // reaches the fault only if the engine is restarted each time.
        let command = format!("{engine} --fault {mode} --fault-after 3");
        let records = run(&spec(command, "builtin:random", Rules::default()), 4);
        assert_eq!(records.len(), 4);
        for r in &records {
            let f = r.fault.as_ref().expect("a fault");
            assert_eq!(
                (f.engine, f.kind),
                (Contestant::A, kind),
                "{mode}: {}",
                f.message
            );
            assert_eq!(r.a_points, -2);
            assert!(r.decisions[0] == 4, "{mode}: {}", r.decisions[0]);
        }
    }
}

/// The real engine, `plakoto` on stdin, plays whole games through the
/// protocol as a child process: the referee's `set position`, `play`
/// sequence is accepted move after move, game after game.
#[test]
fn plakoto_engine_plays_whole_games_as_a_child_process() {
    // 1 ply with a time budget: the protocol sequence is what is tested,
    // and the default 2 plies takes up to ~0.6 s a move in Express (over
    // the 2 s move timeout here on a loaded machine, and minutes in all).
    let engine = format!("{} --plies 1 --time 1000", env!("CARGO_BIN_EXE_plakoto"));
    for rules in [
        Rules::default(),
        Rules::new(Variant::Express, Scoring::Standard).unwrap(),
        Rules::new(Variant::Standard, Scoring::Tzannes).unwrap(),
    ] {
        let records = run(&spec(engine.clone(), "builtin:random", rules), 6);
        assert_eq!(records.len(), 6);
        for r in &records {
            assert!(r.fault.is_none(), "{rules:?}: {:?}", r.fault);
            assert_ne!(r.kind, Ending::Unfinished);
            assert!(r.decisions[0] > 0, "the engine was asked for its plays");
        }
    }
}

/// A fresh path in the temporary directory (no blanks: it goes on a shell
/// command line), removed first.
fn temp_path(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("plakoto-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// An engine whose first start takes longer than the start timeout (a slow
/// import on a busy machine) is started again, with more time, instead of
/// forfeiting its game before any move.
#[test]
fn engine_missing_the_start_timeout_is_started_again() {
    let engine = random_engine().display().to_string();
    let slow = |marker: &PathBuf| {
        format!(
            "{engine} --slow-start 1500 --once-file {}",
            marker.display()
        )
    };
    // Control: one try alone misses the deadline.
    let marker = temp_path("slow-control");
    let once = EngineProcess::start(&slow(&marker), Duration::from_millis(500), false);
    assert_eq!(once.err().map(|f| f.kind), Some(FaultKind::Timeout));
    // The arena tries again and the games are played.
    let marker = temp_path("slow-arena");
    let mut s = spec(slow(&marker), "builtin:random", Rules::default());
    s.options.start_timeout = Duration::from_millis(500);
    let records = run(&s, 2);
    assert!(marker.exists(), "the first start was the slow one");
    for r in &records {
        assert!(r.fault.is_none(), "{:?}", r.fault);
        assert!(r.decisions[0] > 0, "the engine was asked for its plays");
    }
    let _ = std::fs::remove_file(marker);
}

/// `plakoto arena` checks an external engine before the run with the same
/// process that then plays: one worker, one start.
#[test]
fn arena_starts_an_engine_once() {
    let engine = random_engine().display().to_string();
    let starts = temp_path("starts");
    let command = format!("{engine} --starts-file {}", starts.display());
    let out = Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args([
            "arena",
            "--a",
            &command,
            "--b",
            "builtin:random",
            "--games",
            "2",
            "--jobs",
            "1",
            "--quiet",
        ])
        .output()
        .expect("the arena runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&starts).expect("the engine wrote its starts");
    assert_eq!(
        text.lines().count(),
        1,
        "started {} times",
        text.lines().count()
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.contains("faults: none"), "{summary}");
    let _ = std::fs::remove_file(starts);
}

/// An engine from before `set position` (it has `set board` and
/// `set matchid`) plays whole games without a forfeit: the referee learns
/// at start (`known_command`) that it lacks `set position`, or, when the
/// engine has no discovery commands either, from its first
/// `? unknown_command`, and sets each position with the older pair.
#[test]
fn engine_without_set_position_plays_whole_games() {
    use plakoto::arena::tavli_player::{
        PositionCommands, TavliPlayer, TavliProcessPlayer, TavliRandomPlayer,
    };
    use plakoto::arena::tavli_referee::{Opening, TavliSetup, play_tavli_game};
    use plakoto::game::MatchScore;
    use plakoto::game::Plakoto;
    use plakoto_tools::ToolsGame;

    let engine = random_engine().display().to_string();
    for (flags, learnt_at_start) in [
        (
            "--no-set-position 1",
            Some(PositionCommands::BoardThenMatchId),
        ),
        ("--no-set-position 1 --no-discovery 1", None),
        ("", Some(PositionCommands::SetPosition)),
    ] {
        let command = format!("{engine} {flags}");
        let options = spec(String::new(), "", Rules::default()).options;
        let mut player = TavliProcessPlayer::started(&Plakoto::default(), &command, options)
            .expect("the engine starts");
        assert_eq!(player.position_commands(), learnt_at_start, "{flags}");
        let mut other = TavliRandomPlayer::new("random");
        for (seed, rules) in [
            (1, Rules::default()),
            (2, Rules::new(Variant::Express, Scoring::Standard).unwrap()),
            (3, Rules::new(Variant::Standard, Scoring::Tzannes).unwrap()),
        ] {
            let game = Plakoto::new(rules);
            let mut generator = game.referee_generator();
            let setup = TavliSetup {
                opening: Opening::Greek,
                dice_seed: seed,
                player_seeds: [seed, seed + 1],
                turn_cap: 2_000,
                starter: None,
                score: MatchScore {
                    length: 5,
                    score: [1, 3],
                },
                tavli: None,
            };
            let players: [&mut dyn TavliPlayer<Plakoto>; 2] = [&mut player, &mut other];
            let out = play_tavli_game(&game, &setup, players, &mut generator);
            assert!(out.fault.is_none(), "{flags}: {:?}", out.fault);
            assert_ne!(out.kind, Ending::Unfinished, "{flags}");
            assert!(out.decisions[0] > 0, "{flags}: the engine was asked");
        }
        let expected = learnt_at_start.unwrap_or(PositionCommands::BoardThenMatchId);
        assert_eq!(player.position_commands(), Some(expected), "{flags}");
    }
}

/// Issue 41: the `plakoto` engine plays Portes in `arena --game portes`
/// as a child process — told `set game portes`, then `set position` with
/// gnubg's IDs and `play` each turn — whole games with no fault, and it
/// beats random play.
#[test]
fn plakoto_engine_plays_portes_games_as_a_child_process() {
    let engine = format!("{} --plies 1", env!("CARGO_BIN_EXE_plakoto"));
    let out = Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(["arena", "--game", "portes", "--games", "6", "--seed", "4"])
        .args(["--a", &engine, "--b", "builtin:random", "--json"])
        .output()
        .expect("arena runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(report["game"], "portes");
    assert_eq!(report["games"], 6);
    assert_eq!(report["unfinished"], 0);
    for side in ["a_wins", "b_wins"] {
        assert_eq!(report[side]["forfeit"], 0, "{report}");
    }
    assert_eq!(report["fault_counts"], serde_json::json!([{}, {}]));
    assert!(report["a_points"].as_i64().unwrap() > 0, "{report}");
}

/// Issue 42: the `plakoto` engine plays Fevga in `arena --game fevga` as a
/// child process — told `set game fevga` and the switches off their
/// defaults, then `set position` with Fevga's Position ID and `play` each
/// turn — whole games with no fault, and it beats random play; the
/// results file names the game, the opening and every switch, and resumes
/// only under the same switches.
#[test]
fn plakoto_engine_plays_fevga_games_under_switches_as_a_child_process() {
    let dir = std::env::temp_dir().join(format!("plakoto-arena-fevga-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out_file = dir.join("run.jsonl");
    let engine = format!("{} --plies 0", env!("CARGO_BIN_EXE_plakoto"));
    let switches = "fevga.release=reach_quarter prime_rule=none";
    let arena = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_plakoto"))
            .args(["arena", "--game", "fevga", "--games", "6", "--seed", "4"])
            .args(["--a", &engine, "--b", "builtin:random", "--json", "--quiet"])
            .args(["--opening", "western", "--out", out_file.to_str().unwrap()])
            .args(extra)
            .output()
            .expect("arena runs")
    };
    let out = arena(&["--switches", switches]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(report["game"], "fevga");
    assert_eq!(report["opening"], "western");
    assert_eq!(
        report["switches"],
        "fevga.release=reach_quarter fevga.quarter_rule=own fevga.quarter_check=every_step fevga.prime_rule=none"
    );
    assert_eq!(
        (report["games"].as_u64(), report["unfinished"].as_u64()),
        (Some(6), Some(0))
    );
    for side in ["a_wins", "b_wins"] {
        assert_eq!(report[side]["forfeit"], 0, "{report}");
    }
    assert_eq!(report["fault_counts"], serde_json::json!([{}, {}]));
    assert!(report["a_points"].as_i64().unwrap() > 0, "{report}");

    let text = std::fs::read_to_string(&out_file).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["header"]["game"], "fevga");
    assert_eq!(header["header"]["switches"], report["switches"]);
    // The same file under other switches is another run.
    let other = arena(&["--resume"]);
    assert!(!other.status.success());
    let stderr = String::from_utf8_lossy(&other.stderr);
    assert!(stderr.contains("different run"), "{stderr}");
    // Under the same ones it resumes with nothing left to play.
    // (`--fevga-switches` is the older name of `--switches`.)
    let again = arena(&["--resume", "--fevga-switches", switches]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let resumed: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(resumed["a_points"], report["a_points"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
