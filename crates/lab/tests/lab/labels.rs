//! `plakoto refine labels|merge-labels|fit` on rollout labels (issue 60):
//! labels are reproducible from a seed on any number of threads, a run's
//! shards merged are the unsharded run's file byte for byte (one of them
//! stopped and resumed), a file made otherwise is refused, and a fit on
//! the labels moves a net towards them. Tiny nets, few positions and
//! trials: seconds in release.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::refine_table::fit_args;
use plakoto_engine::game::fevga::net::FevgaNetwork;
use plakoto_engine::game::portes::net::PortesNetwork;
use plakoto_lab::LabGame;
use plakoto_lab::train::label_args::LabelArgs;
use plakoto_lab::train::label_file::LabelFile;
use plakoto_lab::train::refine::FitArgs;
use plakoto_lab::train::refine::{MergeLabelsArgs, RefineCommand, RefineError, run};
use plakoto_lab::train::table::fit::fit;
use plakoto_lab::train::table::game::NetOf;
use plakoto_lab::train::table::label_positions::{PositionSampling, sample_positions};
use plakoto_lab::train::table::labels::{LabelSummary, label_shard};
use plakoto_rules::{Fevga, Portes};
use plakoto_rules::{GameKind, TavliGame};

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-labels-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Label options of a small run into `out` with the net in `weights`: no
/// luck adjustment (20 times the work a turn) unless a test asks.
fn label_args(game: GameKind, out: PathBuf, weights: &Path, positions: usize) -> LabelArgs {
    LabelArgs {
        game,
        out,
        positions,
        seed: 5,
        epsilon: 0.1,
        share: 0.3,
        disagreements: false,
        trials: 36,
        max_turns: 200,
        no_luck_adjust: true,
        weights: Some(weights.to_path_buf()),
        shard: "1/1".parse().unwrap(),
        threads: 1,
        minutes: None,
        limit: None,
        save_minutes: 0.0,
    }
}

fn label<G: LabGame>(a: &LabelArgs) -> LabelSummary {
    label_shard::<G>(a, &mut |_| {}).expect("labels")
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("a label file")
}

#[test]
fn labels_are_reproducible_from_a_seed_on_any_number_of_threads() {
    let dir = scratch_dir("seed");
    let weights = dir.join("net.net");
    PortesNetwork::random(16, 1).save(&weights).unwrap();
    let one = label_args(GameKind::Portes, dir.join("one.txt"), &weights, 10);
    // Through the command, as `plakoto refine labels` runs it, with the
    // 2-ply disagreements.
    let one = LabelArgs {
        disagreements: true,
        share: 0.5,
        ..one
    };
    run(&RefineCommand::Labels(one.clone())).expect("refine labels");
    let two = LabelArgs {
        out: dir.join("two.txt"),
        threads: 2,
        ..one.clone()
    };
    label::<Portes>(&two);
    assert_eq!(bytes(&one.out), bytes(&two.out));

    let file = LabelFile::read(&one.out).unwrap();
    assert_eq!(file.header.game, "Portes");
    assert_eq!(file.header.net, PortesNetwork::random(16, 1).short_hash());
    let indices: Vec<usize> = file.lines.iter().map(|l| l.index).collect();
    assert_eq!(indices, (0..10).collect::<Vec<_>>());
    let game = Portes::trained();
    for line in &file.lines {
        game.parse_position_id(&line.position)
            .expect("a Position ID");
        assert_eq!(line.trials, 36);
        assert_eq!(line.distribution.len(), 6);
        let sum: f32 = line.distribution.iter().sum();
        assert!((sum - 1.0).abs() < 1e-4, "{line}");
    }
    // Another seed, other positions or other dice.
    let other = LabelArgs {
        out: dir.join("other.txt"),
        seed: 6,
        ..one
    };
    label::<Portes>(&other);
    let other = LabelFile::read(&other.out).unwrap();
    assert_ne!(file.lines, other.lines);
}

#[test]
fn the_luck_adjustment_changes_the_equities_not_the_labels() {
    let dir = scratch_dir("luck");
    let weights = dir.join("net.net");
    PortesNetwork::random(16, 1).save(&weights).unwrap();
    // Its 21 rolls a turn on games cut short: a random net's games run
    // long.
    let plain = LabelArgs {
        max_turns: 20,
        ..label_args(GameKind::Portes, dir.join("plain.txt"), &weights, 3)
    };
    let adjusted = LabelArgs {
        out: dir.join("adjusted.txt"),
        no_luck_adjust: false,
        ..plain.clone()
    };
    label::<Portes>(&plain);
    label::<Portes>(&adjusted);
    let plain = LabelFile::read(&plain.out).unwrap();
    let adjusted = LabelFile::read(&adjusted.out).unwrap();
    assert!(!plain.header.luck_adjust && adjusted.header.luck_adjust);
    for (p, a) in plain.lines.iter().zip(&adjusted.lines) {
        // The same games on the same dice: the same outcomes.
        assert_eq!(
            (&p.position, &p.distribution),
            (&a.position, &a.distribution)
        );
        assert_ne!(p.equity, a.equity, "{p}\n{a}");
    }
}

#[test]
fn two_shards_merged_are_one_run_and_a_stopped_shard_resumes() {
    let dir = scratch_dir("shards");
    let weights = dir.join("net.net");
    FevgaNetwork::random(16, 2).save(&weights).unwrap();
    let whole = label_args(GameKind::Fevga, dir.join("whole.txt"), &weights, 9);
    assert_eq!(
        label::<Fevga>(&whole),
        LabelSummary {
            done_before: 0,
            labelled: 9,
            left: 0
        }
    );
    let shard = |k: &str, limit| LabelArgs {
        out: dir.join(format!("shard-{}.txt", &k[..1])),
        shard: k.parse().unwrap(),
        limit,
        ..whole.clone()
    };
    // Shard 1/2 (positions 0, 2, 4, 6, 8) stopped after two, then resumed.
    let stopped = label::<Fevga>(&shard("1/2", Some(2)));
    assert_eq!((stopped.labelled, stopped.left), (2, 3));
    let kept = LabelFile::read(&dir.join("shard-1.txt")).unwrap();
    assert_eq!(kept.lines.len(), 2);
    let resumed = label::<Fevga>(&shard("1/2", None));
    assert_eq!(
        resumed,
        LabelSummary {
            done_before: 2,
            labelled: 3,
            left: 0
        }
    );
    let merged = dir.join("merged.txt");
    let merge = |shards: Vec<PathBuf>| {
        run(&RefineCommand::MergeLabels(MergeLabelsArgs {
            shards,
            out: merged.clone(),
        }))
    };
    // Shard 2/2 missing: refused, nothing written.
    let e = merge(vec![dir.join("shard-1.txt")]).unwrap_err();
    assert!(
        e.to_string()
            .contains("4 of the run's 9 positions are not labelled (the first: 1)"),
        "{e}"
    );
    assert!(!merged.exists());
    label::<Fevga>(&shard("2/2", None));
    merge(vec![dir.join("shard-2.txt"), dir.join("shard-1.txt")]).expect("merge");
    assert_eq!(bytes(&merged), bytes(&whole.out));
    // A shard given twice labels its positions twice: refused.
    let e = merge(vec![dir.join("shard-1.txt"), dir.join("shard-1.txt")]).unwrap_err();
    assert!(
        e.to_string().contains("labelled in two of the files"),
        "{e}"
    );
}

#[test]
fn a_file_of_other_labels_is_refused_not_mixed() {
    let dir = scratch_dir("other");
    let weights = dir.join("net.net");
    FevgaNetwork::random(16, 3).save(&weights).unwrap();
    let first = label_args(GameKind::Fevga, dir.join("labels.txt"), &weights, 3);
    label::<Fevga>(&first);
    let before = bytes(&first.out);
    let more_trials = LabelArgs {
        trials: 72,
        ..first.clone()
    };
    let e = label_shard::<Fevga>(&more_trials, &mut |_| {}).unwrap_err();
    assert!(e.to_string().contains("holds labels made otherwise"), "{e}");
    let other_shard = LabelArgs {
        shard: "2/2".parse().unwrap(),
        ..first.clone()
    };
    let e = label_shard::<Fevga>(&other_shard, &mut |_| {}).unwrap_err();
    assert!(e.to_string().contains("is not shard 2/2's"), "{e}");
    assert_eq!(bytes(&first.out), before);
    // Plakoto has no game-layer trainer: refused with the reason.
    let plakoto = LabelArgs {
        game: GameKind::Plakoto,
        out: dir.join("plakoto.txt"),
        ..first
    };
    let e = run(&RefineCommand::Labels(plakoto)).unwrap_err();
    assert!(matches!(e, RefineError::Options(_)), "{e}");
    assert!(
        e.to_string().contains("--game portes or --game fevga"),
        "{e}"
    );
}

#[test]
fn a_session_out_of_time_leaves_a_file_to_resume() {
    let dir = scratch_dir("minutes");
    let weights = dir.join("net.net");
    FevgaNetwork::random(16, 5).save(&weights).unwrap();
    let out_of_time = LabelArgs {
        minutes: Some(0.0),
        ..label_args(GameKind::Fevga, dir.join("labels.txt"), &weights, 3)
    };
    assert_eq!(
        label::<Fevga>(&out_of_time),
        LabelSummary {
            done_before: 0,
            labelled: 0,
            left: 3
        }
    );
    let file = LabelFile::read(&out_of_time.out).unwrap();
    assert!(file.lines.is_empty());
    let resumed = label::<Fevga>(&LabelArgs {
        minutes: None,
        ..out_of_time
    });
    assert_eq!((resumed.labelled, resumed.left), (3, 0));
}

/// Mean cross-entropy and mean absolute difference of `net`'s outputs
/// from the labels of `file`.
fn distance_to_labels(net: &NetOf<Portes>, file: &LabelFile) -> (f32, f32) {
    let game = Portes::trained();
    let (mut inputs, mut hidden) = (Default::default(), Vec::new());
    let (mut loss, mut error) = (0.0, 0.0);
    for line in &file.lines {
        let position = game.parse_position_id(&line.position).unwrap();
        let p = game.forward(net, &position, &mut inputs, &mut hidden);
        for (&pk, &tk) in p.iter().zip(&line.distribution) {
            if tk > 0.0 {
                loss -= tk * pk.max(1e-12).ln();
            }
            error += (pk - tk).abs();
        }
    }
    let n = file.lines.len() as f32;
    (loss / n, error / n)
}

#[test]
fn a_fit_moves_a_net_towards_its_labels() {
    let dir = scratch_dir("fit");
    let labeller = dir.join("labeller.net");
    PortesNetwork::random(16, 4).save(&labeller).unwrap();
    let labels = label_args(GameKind::Portes, dir.join("labels.txt"), &labeller, 40);
    label::<Portes>(&labels);
    let init = dir.join("init.net");
    let start = PortesNetwork::random(16, 9);
    start.save(&init).unwrap();
    let out = dir.join("fitted.net");
    let report = fit::<Portes>(&FitArgs {
        epochs: 30,
        lr: 3e-3,
        holdout: 0.25,
        ..fit_args(labels.out.clone(), init, out.clone())
    })
    .expect("fit");
    assert_eq!((report.trained, report.held_out), (30, 10));
    assert!(
        report.after.loss < report.before.loss,
        "held-out loss {:?} -> {:?}",
        report.before,
        report.after
    );
    let file = LabelFile::read(&labels.out).unwrap();
    let fitted = PortesNetwork::load(&out).unwrap();
    let (loss0, error0) = distance_to_labels(&start, &file);
    let (loss1, error1) = distance_to_labels(&fitted, &file);
    assert!(loss1 < loss0, "cross-entropy {loss0} -> {loss1}");
    assert!(error1 < 0.8 * error0, "distance {error0} -> {error1}");
}

#[test]
fn the_sampled_positions_do_not_depend_on_the_threads_or_the_count() {
    let net = Portes::evaluator_of(Arc::new(PortesNetwork::random(16, 1)));
    let sampling = |count| PositionSampling {
        seed: 5,
        count,
        epsilon: 0.1,
        share: 0.5,
        disagreements: true,
    };
    let on = |threads: usize, count: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| sample_positions::<Portes>(&net, &sampling(count)))
    };
    let few = on(1, 8);
    let more = on(3, 14);
    assert_eq!(few.len(), 8);
    assert_eq!(more.len(), 14);
    assert_eq!(few[..], more[..8]);
    // From several games and turns, not the start over and over.
    let distinct: std::collections::HashSet<_> = more.iter().collect();
    assert!(distinct.len() > 10, "{} distinct", distinct.len());
}
