//! `plakoto train --game fevga` end to end: a run is reproducible from its
//! seed on any number of threads, `--resume` continues it exactly, a fresh
//! run keeps the seeded random net it starts from as `initial.net`, and
//! Plakoto's options are refused.

use std::path::{Path, PathBuf};

use plakoto_engine::game::fevga::net::FevgaNetwork;
use plakoto_lab::train::checkpoint::TargetKind;
use plakoto_lab::train::{TrainArgs, run};
use plakoto_rules::{GameKind, Variant};

/// A tiny Fevga run's settings: 8 games a round, checks every 16 games.
fn args(dir: &Path, games: u64, threads: usize, resume: bool) -> TrainArgs {
    TrainArgs {
        game: GameKind::Fevga,
        dir: dir.to_path_buf(),
        resume,
        seed: 5,
        rules: Variant::Standard,
        hidden: 32,
        lambda: 0.7,
        lr: 1e-3,
        batch: 32,
        games_per_round: 8,
        epsilon: 0.1,
        target: TargetKind::Sampled,
        init: None,
        games: Some(games),
        minutes: None,
        threads,
        checkpoint_minutes: 60.0,
        check_every: 16,
        check_pairs: 2,
        quiet: true,
    }
}

/// A fresh scratch directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-fevga-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The arena check lines of a run's log without their clock fields.
fn checks(dir: &Path) -> Vec<String> {
    let log = std::fs::read_to_string(dir.join("train.log")).expect("train.log");
    log.lines()
        .map(|l| {
            l.split(' ')
                .filter(|w| !w.starts_with("unix=") && !w.starts_with("hours="))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn fevga_runs_are_reproducible_on_any_threads_and_resume_exactly() {
    let root = scratch_dir("train");
    let (two, one, cut) = (root.join("two"), root.join("one"), root.join("cut"));
    run(&args(&two, 32, 2, false)).expect("run on 2 threads");
    run(&args(&one, 32, 1, false)).expect("run on 1 thread");
    run(&args(&cut, 16, 2, false)).expect("first half");
    run(&args(&cut, 32, 1, true)).expect("resumed");
    let bytes = |dir: &Path, name: &str| std::fs::read(dir.join(name)).expect(name);
    assert_eq!(bytes(&two, "latest.net"), bytes(&one, "latest.net"));
    assert_eq!(bytes(&two, "latest.net"), bytes(&cut, "latest.net"));
    let logged = checks(&two);
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert_eq!(logged, checks(&one));
    assert_eq!(logged, checks(&cut));
    assert!(two.join("best.net").exists());
    // The run learnt: its weights are a Fevga net, not the one it started
    // from, which is kept.
    let initial = FevgaNetwork::load(&two.join("initial.net")).expect("initial.net");
    let latest = FevgaNetwork::load(&two.join("latest.net")).expect("latest.net");
    assert_eq!(initial.hidden, 32);
    assert_ne!(initial.to_bytes(), latest.to_bytes());
    assert_eq!(bytes(&two, "initial.net"), bytes(&one, "initial.net"));
    // A run in the same directory without --resume is refused.
    assert!(run(&args(&two, 40, 1, false)).is_err());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_fevga_run_refuses_plakoto_options_and_minutes_bound_it() {
    let dir = scratch_dir("options");
    let wrong = TrainArgs {
        rules: Variant::Express,
        ..args(&dir, 8, 1, false)
    };
    assert!(run(&wrong).is_err());
    let no_time = TrainArgs {
        minutes: Some(0.0),
        games: None,
        ..args(&dir, 8, 1, false)
    };
    run(&no_time).expect("a zero-minute session");
    assert!(dir.join("checkpoint.bin").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
