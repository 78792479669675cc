//! `plakoto refine`: deep-search targets are valid distributions that
//! agree with the search, resume without relabelling, and a fit moves a
//! net towards them; candidate targets are the plays' values seen from
//! the side that rolls next; rolled-out decisions become targets that
//! teach each candidate its rollout equity, never a benchmark's own.

use std::collections::HashMap;
use std::path::PathBuf;

use plakoto_engine::eval::features::{OUTCOMES, outcome_mask};
use plakoto_engine::eval::net::standard_equity;
use plakoto_engine::eval::net::{Network, weights};
use plakoto_engine::eval::{HeuristicEvaluator, NetEvaluator};
use plakoto_engine::game::GameSearch;
use plakoto_engine::game::plakoto_turn::value_before_roll;
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_lab::benchmark::Benchmark;
use plakoto_lab::benchmark::build::{BuildOptions, build_shard};
use plakoto_lab::benchmark::data::TurnRecord;
use plakoto_lab::benchmark::phase::GamePhase;
use plakoto_lab::benchmark::sample::{PhaseMix, PlayerMix};
use plakoto_lab::benchmark::work::ShardWork;
use plakoto_lab::train::refine::{
    AverageArgs, FitArgs, FromBenchmarkArgs, RefineCommand, RefineError, TargetArgs, TargetLine,
    read_targets, run,
};
use plakoto_lab::train::table::average::average_nets;
use plakoto_lab::train::table::fit::fit;
use plakoto_rules::Plakoto;
use plakoto_rules::{GameKind, Rules};
use plakoto_rules::{Variant, parse_position_id, position_id};

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-refine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn target_args(out: PathBuf, positions: usize) -> TargetArgs {
    TargetArgs {
        game: GameKind::Plakoto,
        out,
        positions,
        seed: 9,
        plies: 1,
        shard: "1/1".parse().unwrap(),
        rules: Variant::Standard,
        weights: None,
        candidates: false,
        players: PlayerMix::Varied,
        phases: PhaseMix::Natural,
        epsilon: 0.0,
    }
}

/// Twelve decisions' candidates labelled at 1 ply into `dir`, and a small
/// random net to fit them from: the target file, its lines, the net's file.
fn twelve_labelled_decisions(dir: &std::path::Path) -> (PathBuf, Vec<TargetLine>, PathBuf) {
    let targets = dir.join("c.jsonl");
    run(&RefineCommand::Targets(TargetArgs {
        candidates: true,
        ..target_args(targets.clone(), 12)
    }))
    .unwrap();
    let lines = read_targets(&targets).unwrap();
    let init = dir.join("random.net");
    weights::save(&Network::random(16, 3), &init).unwrap();
    (targets, lines, init)
}

/// The fit options the by-decision tests share: the decision and equity
/// terms on, a quarter of the decisions held out, no averaging.
fn decision_fit_args(targets: PathBuf, init: PathBuf, out: PathBuf, epochs: usize) -> FitArgs {
    FitArgs {
        game: GameKind::Plakoto,
        epochs,
        lr: 3e-3,
        holdout: 0.25,
        equity_weight: 10.0,
        decision_weight: 30.0,
        ..crate::refine_table::fit_args(targets, init, out)
    }
}

/// Checks that a target line is a distribution that the net's mask
/// allows, whose standard equity is the line's `equity`.
fn assert_valid_target(l: &TargetLine) {
    let position = parse_position_id(&l.position).unwrap();
    let mask = outcome_mask(&position);
    let sum: f32 = l.target.iter().sum();
    assert!((sum - 1.0).abs() < 1e-4, "{l:?}");
    for k in 0..OUTCOMES {
        assert!(l.target[k] >= 0.0);
        if mask >> k & 1 == 0 {
            assert_eq!(l.target[k], 0.0, "masked outcome {k} in {l:?}");
        }
    }
    // The target's standard equity is the search's equity.
    let t = &l.target;
    let equity = (t[0] - t[4]) + 2.0 * (t[1] + t[2] - t[5] - t[6]) + 2.0 * (t[3] - t[7]);
    assert!((equity - l.equity).abs() < 1e-3, "{l:?}");
}

#[test]
fn targets_are_valid_resume_and_a_fit_learns_them() {
    let dir = scratch_dir("fit");
    let targets = dir.join("t.jsonl");
    run(&RefineCommand::Targets(target_args(targets.clone(), 20))).unwrap();
    // Resumed with more positions: the first 20 are not labelled again.
    run(&RefineCommand::Targets(target_args(targets.clone(), 60))).unwrap();
    let lines = read_targets(&targets).unwrap();
    let mut indices: Vec<usize> = lines.iter().map(|l| l.index).collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..60).collect::<Vec<_>>());
    lines.iter().for_each(assert_valid_target);

    let init = dir.join("random.net");
    weights::save(&Network::random(16, 3), &init).unwrap();
    let out = dir.join("fitted.net");
    let report = fit::<Plakoto>(&FitArgs {
        game: GameKind::Plakoto,
        epochs: 30,
        lr: 3e-3,
        holdout: 0.25,
        ..crate::refine_table::fit_args(targets, init, out.clone())
    })
    .unwrap();
    assert_eq!(report.trained + report.held_out, 60);
    assert_eq!(report.held_out_decisions, 15, "every line its own decision");
    assert_eq!(report.before.choice_loss, None);
    assert!(report.after.loss < report.before.loss, "{report:?}");
    assert!(weights::load(&out).is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

/// `--candidates`: each decision gives the positions its plays reach, the
/// opponent on roll, valued by the ranking at the full depth. Valued
/// again from the opponent's side by a separate search of that position
/// (`value_before_roll`, the path `eval` takes), each gets the same
/// equity: the perspective is turned the right way.
#[test]
fn candidate_targets_are_the_plays_values_seen_by_the_opponent() {
    let dir = scratch_dir("candidates");
    let targets = dir.join("c.jsonl");
    let args = |positions| TargetArgs {
        candidates: true,
        ..target_args(targets.clone(), positions)
    };
    run(&RefineCommand::Targets(args(6))).unwrap();
    run(&RefineCommand::Targets(args(12))).unwrap();
    let lines = read_targets(&targets).unwrap();
    let mut decisions: Vec<usize> = lines.iter().map(|l| l.index).collect();
    decisions.dedup();
    assert_eq!(decisions, (0..12).collect::<Vec<_>>(), "resumed in order");
    assert!(lines.len() > 12, "several candidates a decision");
    lines.iter().for_each(assert_valid_target);

    let net = NetEvaluator::with_default_network().unwrap();
    let mut search = GameSearch::new();
    for l in &lines {
        let position = parse_position_id(&l.position).unwrap();
        let (p, plies) = value_before_roll(
            &mut search,
            &net,
            &position,
            None,
            Rules::default(),
            &SearchSettings::default(),
            SearchLimits::plies(1),
        );
        assert_eq!(plies, 1);
        let equity = p.equity(Rules::default().scoring);
        assert!((equity - l.equity).abs() < 1e-4, "{l:?}: {equity}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `refine fit --decision-weight`: the held-out share is whole decisions
/// (a decision's candidates are never split between training and held
/// out), and the fit reports what the net's choices lose there.
#[test]
fn a_fit_by_decision_holds_out_whole_decisions() {
    let dir = scratch_dir("by-decision");
    let (targets, lines, init) = twelve_labelled_decisions(&dir);
    let report = fit::<Plakoto>(&FitArgs {
        average_out: Some(dir.join("averaged.net")),
        average_from: 11,
        ..decision_fit_args(targets, init, dir.join("fitted.net"), 20)
    })
    .unwrap();
    assert_eq!(report.trained + report.held_out, lines.len());
    assert_eq!(report.held_out_decisions, 3);
    // Held out: as many lines as some three decisions have.
    let sizes: Vec<usize> = (0..12)
        .map(|index| lines.iter().filter(|l| l.index == index).count())
        .collect();
    let three_decisions = |n: usize| {
        (0..12)
            .any(|a| (a + 1..12).any(|b| (b + 1..12).any(|c| sizes[a] + sizes[b] + sizes[c] == n)))
    };
    assert!(report.held_out > 3, "several candidates a decision");
    assert!(three_decisions(report.held_out), "{report:?} {sizes:?}");
    let (before, decisions) = report.before.choice_loss.expect("reported by decision");
    let (after, _) = report.after.choice_loss.expect("reported by decision");
    assert!(before >= 0.0 && after >= 0.0, "{report:?}");
    assert!(decisions <= 3, "{report:?}");
    assert!(report.after.loss < report.before.loss, "{report:?}");
    // The mean of the last ten epochs' ends, written beside the net.
    let (averaged, epochs) = report.averaged.expect("--average-out given");
    assert_eq!(epochs, 10);
    assert!(averaged.loss < report.before.loss, "{report:?}");
    let averaged = weights::load(&dir.join("averaged.net")).unwrap();
    let last = weights::load(&dir.join("fitted.net")).unwrap();
    assert_ne!(averaged.short_hash(), last.short_hash());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn average_writes_the_mean_of_nets_of_one_shape_and_refuses_others() {
    let dir = scratch_dir("average");
    let save = |name: &str, net: &Network| {
        let path = dir.join(name);
        weights::save(net, &path).unwrap();
        path
    };
    let (a, b) = (Network::random(16, 1), Network::random(16, 2));
    let (pa, pb) = (save("a.net", &a), save("b.net", &b));
    let average = |nets: Vec<PathBuf>, out: &str| {
        average_nets::<Plakoto>(&AverageArgs {
            game: GameKind::Plakoto,
            nets,
            out: dir.join(out),
        })
    };
    // A net averaged with itself is itself.
    let same = average(vec![pa.clone(), pa.clone()], "aa.net").unwrap();
    assert_eq!(same.short_hash(), a.short_hash());
    // The mean of two nets is a third net, whatever their order, and the
    // file holds it.
    let ab = average(vec![pa.clone(), pb.clone()], "ab.net").unwrap();
    let ba = average(vec![pb.clone(), pa.clone()], "ba.net").unwrap();
    assert_eq!(ab.short_hash(), ba.short_hash());
    assert_ne!(ab.short_hash(), a.short_hash());
    assert_ne!(ab.short_hash(), b.short_hash());
    let written = weights::load(&dir.join("ab.net")).unwrap();
    assert_eq!(written.short_hash(), ab.short_hash());
    // Nets of different shapes do not average, and nothing is written.
    let wide = save("wide.net", &Network::random(32, 3));
    let refused = average(vec![pa, wide], "bad.net");
    assert!(
        matches!(refused, Err(RefineError::Options(_))),
        "{refused:?}"
    );
    assert!(!dir.join("bad.net").exists());
    // Every game's nets average through the command; a file of another
    // game is refused.
    let portes = |name: &str, seed| {
        let path = dir.join(name);
        plakoto_engine::game::portes::net::PortesNetwork::random(16, seed)
            .save(&path)
            .unwrap();
        path
    };
    let portes_args = |nets: Vec<PathBuf>, out: &str| AverageArgs {
        game: GameKind::Portes,
        nets,
        out: dir.join(out),
    };
    let (qa, qb) = (portes("pa.net", 1), portes("pb.net", 2));
    run(&RefineCommand::Average(portes_args(
        vec![qa.clone(), qb],
        "pm.net",
    )))
    .unwrap();
    assert!(plakoto_engine::game::portes::net::PortesNetwork::load(&dir.join("pm.net")).is_ok());
    let mixed = run(&RefineCommand::Average(portes_args(
        vec![qa, pb],
        "mixed.net",
    )));
    assert!(matches!(mixed, Err(RefineError::Weights(_))), "{mixed:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `refine fit --only-phases`: the fit trains and holds out exactly the
/// lines whose position is in a listed phase, and refuses a list that
/// leaves no line, as it refuses an empty target file.
#[test]
fn a_fit_on_some_phases_uses_only_their_lines() {
    let dir = scratch_dir("phases");
    let (targets, lines, init) = twelve_labelled_decisions(&dir);
    let phase_of = |l: &TargetLine| GamePhase::of(&parse_position_id(&l.position).unwrap());
    let opening = lines
        .iter()
        .filter(|l| phase_of(l) == GamePhase::Opening)
        .count();
    assert!(
        0 < opening && opening < lines.len(),
        "{opening} of {}",
        lines.len()
    );
    let args = |only_phases: Vec<GamePhase>| FitArgs {
        only_phases,
        ..decision_fit_args(targets.clone(), init.clone(), dir.join("fitted.net"), 2)
    };
    let report = fit::<Plakoto>(&args(vec![GamePhase::Opening])).unwrap();
    assert_eq!(report.trained + report.held_out, opening);
    let absent: Vec<GamePhase> = GamePhase::ALL
        .into_iter()
        .filter(|p| lines.iter().all(|l| phase_of(l) != *p))
        .collect();
    assert!(
        !absent.is_empty(),
        "a phase these twelve decisions never reach"
    );
    let error = fit::<Plakoto>(&args(absent)).unwrap_err();
    assert!(matches!(error, RefineError::Options(_)), "{error}");
    // Nor is an empty target file fitted.
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let error = fit::<Plakoto>(&FitArgs {
        targets: vec![empty],
        ..args(vec![])
    })
    .unwrap_err();
    assert!(error.to_string().contains("no line"), "{error}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A tiny benchmark of ten decisions, rolled out briefly, as a work file.
fn tiny_benchmark(dir: &std::path::Path) -> PathBuf {
    let out = dir.join("rolled.jsonl");
    let options = BuildOptions {
        variant: Variant::Standard,
        seed: 21,
        decisions: 10,
        top_candidates: 3,
        trials: 36,
        max_trials: 36,
        target_error: 0.02,
        player_plies: 0,
        max_turns: 500,
        luck_adjust: false,
        rollout_seed: 4,
        disagreements_only: false,
        work: ShardWork::whole(out.clone()),
    };
    let net = NetEvaluator::with_default_network().expect("embedded net");
    assert_eq!(
        build_shard(&options, &net, &HeuristicEvaluator).unwrap(),
        10
    );
    out
}

#[test]
fn rollout_targets_teach_each_candidate_its_rolled_out_equity_and_skip_excluded_decisions() {
    let dir = scratch_dir("rollouts");
    let rolled = tiny_benchmark(&dir);
    let benchmark = Benchmark::read(&rolled).unwrap();
    // A benchmark holding the first three decisions, to be excluded; its
    // rolls are written with the dice the other way round, which is the
    // same decision.
    let judged_ids: Vec<usize> = benchmark.decisions.iter().take(3).map(|d| d.id).collect();
    let mut judged_decisions = benchmark.decisions[..3].to_vec();
    for d in &mut judged_decisions {
        if let TurnRecord::Rolled { dice } = &mut d.turn {
            dice.swap(0, 1);
        }
    }
    let judged = Benchmark {
        header: benchmark.header.clone(),
        decisions: judged_decisions,
    };
    let judged_path = dir.join("judged.jsonl.gz");
    judged.write_gz(&judged_path).unwrap();

    let out = dir.join("targets.jsonl");
    run(&RefineCommand::FromBenchmark(FromBenchmarkArgs {
        benchmarks: vec![rolled.clone()],
        out: out.clone(),
        weights: None,
        exclude: vec![judged_path],
    }))
    .unwrap();
    let lines = read_targets(&out).unwrap();
    assert!(!lines.is_empty());

    // Every candidate's rollout, by the position the opponent rolls in.
    let mut rolled_out: HashMap<String, (usize, f32)> = HashMap::new();
    for d in &benchmark.decisions {
        for c in &d.candidates {
            let after = parse_position_id(&c.after).unwrap();
            rolled_out.insert(position_id(&after.flip()), (d.id, c.equity));
        }
    }
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for l in &lines {
        assert!(
            !judged_ids.contains(&l.index),
            "decision {} was excluded",
            l.index
        );
        let (id, equity) = rolled_out[&l.position];
        assert_eq!(id, l.index);
        assert_eq!(l.equity, -equity);
        // A distribution over the possible outcomes whose equity is the
        // rollout's (rollout equities of 36 games stay inside the range
        // the outcomes can reach, so none is clamped here).
        let position = parse_position_id(&l.position).unwrap();
        let mask = outcome_mask(&position);
        for k in 0..OUTCOMES {
            assert!(l.target[k] >= 0.0);
            if mask >> k & 1 == 0 {
                assert_eq!(l.target[k], 0.0);
            }
        }
        assert!((l.target.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        assert!(
            (standard_equity(&l.target) - l.equity).abs() < 2e-3,
            "{} against {}",
            standard_equity(&l.target),
            l.equity
        );
        match runs.last_mut() {
            Some((index, n)) if *index == l.index => *n += 1,
            _ => runs.push((l.index, 1)),
        }
    }
    // Each decision's lines are consecutive and at least two.
    let mut seen = std::collections::HashSet::new();
    for (index, n) in &runs {
        assert!(seen.insert(*index), "decision {index} is split");
        assert!(*n >= 2, "decision {index} has {n} line");
    }

    // The lines fit by decision, as candidate targets do.
    let init = dir.join("random.net");
    weights::save(&Network::random(16, 3), &init).unwrap();
    let mut args = decision_fit_args(out, init, dir.join("fitted.net"), 30);
    args.holdout = 0.0;
    let report = fit::<Plakoto>(&args).unwrap();
    assert_eq!(report.trained, lines.len());
}

#[test]
fn a_benchmark_that_cannot_be_read_is_refused_and_nothing_is_written() {
    let dir = scratch_dir("rollouts-refused");
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "not a benchmark\n").unwrap();
    let out = dir.join("targets.jsonl");
    let e = run(&RefineCommand::FromBenchmark(FromBenchmarkArgs {
        benchmarks: vec![bad.clone()],
        out: out.clone(),
        weights: None,
        exclude: vec![],
    }))
    .unwrap_err();
    assert!(e.to_string().contains("bad.jsonl"), "{e}");
    assert!(!out.exists());
}
