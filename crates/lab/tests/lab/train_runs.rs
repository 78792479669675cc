//! `plakoto train` runs end to end, under both rule sets: a run is
//! reproducible from its seed, `--resume` continues it exactly (with the
//! rules it was started with), and the arena checks it logs are the same.

use std::path::{Path, PathBuf};

use plakoto_engine::eval::net::weights;
use plakoto_lab::train::checkpoint::TargetKind;
use plakoto_lab::train::table::checkpoint;
use plakoto_lab::train::{TrainArgs, run};
use plakoto_rules::Plakoto;
use plakoto_rules::Variant;

/// A tiny run's settings: 8 games a round from the shipped standard
/// weights (a random net's arena games under Express run for thousands
/// of turns), arena checks every 16 games.
fn args(dir: &Path, rules: Variant, games: u64, threads: usize, resume: bool) -> TrainArgs {
    TrainArgs {
        game: plakoto_rules::GameKind::Plakoto,
        minutes: None,
        dir: dir.to_path_buf(),
        resume,
        seed: 5,
        rules,
        hidden: 512,
        lambda: 0.7,
        lr: 1e-4,
        batch: 32,
        games_per_round: 8,
        epsilon: 0.05,
        target: TargetKind::Sampled,
        init: Some(PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../engine/weights/default.net"
        ))),
        games: Some(games),
        threads,
        checkpoint_minutes: 60.0,
        check_every: 16,
        check_pairs: 2,
        quiet: true,
    }
}

/// A fresh scratch directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-train-{name}-{}", std::process::id()));
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

fn run_is_reproducible_and_resumes(rules: Variant) {
    let root = scratch_dir(&format!("{rules:?}"));
    let (straight, cut) = (root.join("straight"), root.join("cut"));
    run(&args(&straight, rules, 32, 2, false)).expect("straight run");
    run(&args(&cut, rules, 16, 1, false)).expect("first half");
    // The resumed run keeps its own rules whatever the command line says.
    let other = match rules {
        Variant::Standard => Variant::Express,
        Variant::Express => Variant::Standard,
    };
    run(&args(&cut, other, 32, 2, true)).expect("resumed run");
    let bytes = |dir: &Path| std::fs::read(dir.join("latest.net")).expect("latest.net");
    assert_eq!(bytes(&straight), bytes(&cut), "{rules:?}: weights differ");
    let (state, net, _) =
        checkpoint::load::<Plakoto>(&cut.join("checkpoint.bin")).expect("checkpoint");
    assert_eq!(state.config.rules, rules);
    assert_eq!(state.games, 32);
    assert_eq!(weights::to_bytes(&net), bytes(&cut));
    let logged = checks(&straight);
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert_eq!(logged, checks(&cut));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_standard_run_is_reproducible_and_resumes_exactly() {
    run_is_reproducible_and_resumes(Variant::Standard);
}

#[test]
fn an_express_run_is_reproducible_and_resumes_exactly() {
    run_is_reproducible_and_resumes(Variant::Express);
}

#[test]
fn the_rules_decide_what_is_learnt() {
    let root = scratch_dir("rules");
    let mut nets = Vec::new();
    for rules in [Variant::Standard, Variant::Express] {
        let dir = root.join(format!("{rules:?}"));
        let mut a = args(&dir, rules, 8, 1, false);
        a.check_every = 0;
        run(&a).expect("run");
        let (state, ..) =
            checkpoint::load::<Plakoto>(&dir.join("checkpoint.bin")).expect("checkpoint");
        assert_eq!(state.config.rules, rules);
        nets.push(std::fs::read(dir.join("latest.net")).expect("latest.net"));
    }
    assert_ne!(
        nets[0], nets[1],
        "express self-play learnt what standard did"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// `--minutes` bounds a Plakoto session as it bounds a Portes or Fevga
/// one (the run is the same for every game): a zero-minute session plays
/// no round but leaves a checkpoint, and `--resume` then plays the games
/// asked for.
#[test]
fn minutes_bound_a_plakoto_session() {
    let dir = scratch_dir("minutes");
    let no_time = TrainArgs {
        minutes: Some(0.0),
        ..args(&dir, Variant::Standard, 8, 1, false)
    };
    run(&no_time).expect("a zero-minute session");
    let read = |dir: &Path| {
        checkpoint::load::<Plakoto>(&dir.join("checkpoint.bin"))
            .expect("checkpoint")
            .0
    };
    assert_eq!(read(&dir).games, 0);
    run(&args(&dir, Variant::Standard, 8, 1, true)).expect("resumed");
    assert_eq!(read(&dir).games, 8);
    let _ = std::fs::remove_dir_all(&dir);
}
