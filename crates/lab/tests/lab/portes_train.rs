//! `plakoto train --game portes` end to end: a run is reproducible from
//! its seed on any number of threads, `--resume` continues it exactly,
//! and the shipped Portes net beats random play.

use std::path::{Path, PathBuf};

use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::game_net::process_network;
use plakoto_engine::game::GameEvaluator;
use plakoto_engine::game::portes::net::PortesNet;
use plakoto_lab::LabGame;
use plakoto_lab::train::checkpoint::TargetKind;
use plakoto_lab::train::table::check_against;
use plakoto_lab::train::{TrainArgs, run};
use plakoto_rules::Portes;
use plakoto_rules::portes::PortesPosition;
use plakoto_rules::{GameKind, Variant};

/// A tiny Portes run's settings: 8 games a round, checks every 16 games.
fn args(dir: &Path, games: u64, threads: usize, resume: bool) -> TrainArgs {
    TrainArgs {
        game: GameKind::Portes,
        dir: dir.to_path_buf(),
        resume,
        seed: 11,
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
    let dir = std::env::temp_dir().join(format!("plakoto-portes-{name}-{}", std::process::id()));
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
fn portes_runs_are_reproducible_on_any_threads_and_resume_exactly() {
    let root = scratch_dir("train");
    let (two, one, cut) = (root.join("two"), root.join("one"), root.join("cut"));
    run(&args(&two, 32, 2, false)).expect("run on 2 threads");
    run(&args(&one, 32, 1, false)).expect("run on 1 thread");
    run(&args(&cut, 16, 2, false)).expect("first half");
    run(&args(&cut, 32, 1, true)).expect("resumed");
    let bytes = |dir: &Path| std::fs::read(dir.join("latest.net")).expect("latest.net");
    assert_eq!(bytes(&two), bytes(&one), "threads changed the weights");
    assert_eq!(bytes(&two), bytes(&cut), "resuming changed the weights");
    let logged = checks(&two);
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert_eq!(logged, checks(&one));
    assert_eq!(logged, checks(&cut));
    assert!(two.join("best.net").exists());
    // The run's weights are a Portes net, which the Plakoto reader refuses.
    assert!(plakoto_engine::eval::net::weights::load(&two.join("latest.net")).is_err());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_portes_run_refuses_plakoto_options_and_minutes_bound_it() {
    let dir = scratch_dir("options");
    let express = TrainArgs {
        rules: Variant::Express,
        ..args(&dir, 8, 1, false)
    };
    assert!(run(&express).is_err());
    // No time at all: the session stops before its first round, with a
    // checkpoint of the untrained net.
    let no_time = TrainArgs {
        minutes: Some(0.0),
        games: None,
        ..args(&dir, 8, 1, false)
    };
    run(&no_time).expect("a zero-minute session");
    assert!(dir.join("checkpoint.bin").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A random player as an evaluator: a pseudo-random value for each
/// position, so the 0-ply choice among plays is arbitrary.
struct Noise;

impl GameEvaluator<Portes> for Noise {
    fn name(&self) -> &str {
        "noise"
    }

    fn evaluate(&self, _game: &Portes, position: &PortesPosition) -> Probabilities {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        let h = BuildHasherDefault::<DefaultHasher>::default().hash_one(position);
        let win = (h % 1000) as f32 / 1000.0;
        Probabilities {
            win_single: win,
            lose_single: 1.0 - win,
            ..Probabilities::default()
        }
    }
}

#[test]
fn the_shipped_portes_net_beats_random_play() {
    let net = process_network::<PortesNet>().expect("the embedded Portes weights");
    let random = || -> Box<dyn GameEvaluator<Portes>> { Box::new(Noise) };
    let result = check_against(Portes::trained(), &net, &random, 40, 3);
    assert!(result.ppg > 0.5, "{result}");
}
