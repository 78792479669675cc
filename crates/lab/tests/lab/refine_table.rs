//! `plakoto refine --game portes|fevga`: the sampled decisions are the
//! same for every shard, each candidate's target is the search's value
//! seen by the side that rolls next, a stopped run resumes without
//! relabelling, a fit moves a net towards another net's values, and the
//! options that are Plakoto's are refused.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use plakoto_engine::game::fevga::net::FevgaNetwork;
use plakoto_engine::game::portes::net::PortesNetwork;
use plakoto_engine::game::{Evaluation, SearchLimits, SearchSettings};
use plakoto_engine::game::{GameEvaluator, GameSearch, game_equity};
use plakoto_lab::LabGame;
use plakoto_lab::benchmark::sample::{PhaseMix, PlayerMix};
use plakoto_lab::train::refine::{FitArgs, RefineCommand, RefineError, TargetArgs, run};
use plakoto_lab::train::table::fit::fit;
use plakoto_lab::train::table::game::NetOf;
use plakoto_lab::train::table::refine::{
    TableTargetArgs, TableTargetLine, build_targets, decision_targets, sample_decisions,
};
use plakoto_lab::train::target_line::read_lines;
use plakoto_rules::{Fevga, Portes};
use plakoto_rules::{GameKind, TavliGame, Variant};

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "plakoto-refine-table-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn portes_net(seed: u64) -> <Portes as LabGame>::NetEvaluator {
    Portes::evaluator_of(Arc::new(PortesNetwork::random(16, seed)))
}

fn target_args(out: PathBuf, weights: PathBuf, decisions: usize, shard: &str) -> TableTargetArgs {
    TableTargetArgs {
        out,
        decisions,
        seed: 5,
        plies: 1,
        shard: shard.parse().unwrap(),
        weights: Some(weights),
        epsilon: 0.1,
    }
}

/// Fit options for `targets` from `init` into `out`: one epoch, nothing
/// held out, no averaging.
pub(crate) fn fit_args(targets: PathBuf, init: PathBuf, out: PathBuf) -> FitArgs {
    FitArgs {
        game: GameKind::Portes,
        targets: vec![targets],
        init,
        out,
        epochs: 1,
        lr: 1e-3,
        batch: 8,
        holdout: 0.0,
        seed: 1,
        average_out: None,
        average_from: 1,
        revive_dead: false,
        widen: 0,
        equity_weight: 0.0,
        decision_weight: 0.0,
        choice_weight: 0.0,
        choice_temperature: 0.02,
        only_phases: Vec::new(),
    }
}

#[test]
fn every_shard_samples_the_same_decisions_each_with_a_choice() {
    let net = portes_net(3);
    let a = sample_decisions::<Portes>(&net, 11, 40, 0.1);
    let b = sample_decisions::<Portes>(&net, 11, 40, 0.1);
    assert_eq!(a.len(), 40);
    let game = Portes::trained().rated();
    let mut generator = game.generator();
    let mut list = Default::default();
    for (x, y) in a.iter().zip(&b) {
        assert_eq!((x.position, x.dice), (y.position, y.dice));
        game.generate(&mut generator, &x.position, x.dice, &mut list);
        assert!(game.plays(&list).len() >= 2, "a decision has a choice");
        assert!(game.result(&x.position).is_none());
    }
    let other = sample_decisions::<Portes>(&net, 12, 40, 0.1);
    assert!(
        a.iter().zip(&other).any(|(x, y)| x.position != y.position),
        "another seed, other games"
    );
}

/// Checks one decision's lines against a search of it, for any game.
fn targets_are_the_plays_values_for_the_opponent<G: LabGame>(net: &G::NetEvaluator) {
    let decisions = sample_decisions::<G>(net, 21, 6, 0.0);
    let rated = G::trained().rated();
    let mut search = GameSearch::<G>::new();
    for (index, decision) in decisions.iter().enumerate() {
        let lines = decision_targets(&mut search, net, decision, index, 1);
        let ranking = search.rank(
            &rated,
            net,
            &decision.position,
            decision.dice,
            &SearchSettings::default(),
            SearchLimits::plies(1),
        );
        let searched: Vec<_> = ranking
            .plays
            .iter()
            .filter(|r| r.evaluated_at == Evaluation::Plies { plies: 1 })
            .collect();
        assert_eq!(lines.len(), searched.len(), "one line a searched play");
        for (line, ranked) in lines.iter().zip(searched) {
            assert_eq!(line.index, index);
            let sum: f32 = line.target.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "a distribution: {sum}");
            assert!(line.target.iter().all(|&t| t >= 0.0));
            let on_roll = rated.parse_position_id(&line.position).expect("an ID");
            assert_eq!(on_roll, rated.flip(&rated.after(&ranked.play)));
            // The target is the opponent's: its equity is the mover's,
            // negated.
            let mut outcomes = G::Outcomes::default();
            outcomes.as_mut().copy_from_slice(&line.target);
            let seen = rated.outcome_equity(&outcomes);
            assert!(
                (seen + ranked.equity).abs() < 1e-4,
                "{seen} {}",
                ranked.equity
            );
            assert!((line.equity - ranked.equity).abs() < 1e-6);
            let static_value = -game_equity(&rated, &net.evaluate(&rated, &on_roll));
            assert!((line.equity0 - static_value).abs() < 1e-6);
        }
    }
}

#[test]
fn portes_targets_are_the_plays_values_for_the_opponent() {
    targets_are_the_plays_values_for_the_opponent::<Portes>(&portes_net(3));
}

#[test]
fn fevga_targets_are_the_plays_values_for_the_opponent() {
    let net = Fevga::evaluator_of(Arc::new(FevgaNetwork::random(16, 3)));
    targets_are_the_plays_values_for_the_opponent::<Fevga>(&net);
}

#[test]
fn shards_label_their_own_decisions_and_resume_without_relabelling() {
    let dir = scratch_dir("shards");
    let weights = dir.join("teacher.net");
    Portes::save(&PortesNetwork::random(16, 3), &weights).unwrap();
    let whole = dir.join("whole.jsonl");
    build_targets::<Portes>(&target_args(whole.clone(), weights.clone(), 10, "1/1")).unwrap();
    let parts: Vec<PathBuf> = ["1/2", "2/2"]
        .iter()
        .enumerate()
        .map(|(n, shard)| {
            let out = dir.join(format!("part-{n}.jsonl"));
            build_targets::<Portes>(&target_args(out.clone(), weights.clone(), 10, shard)).unwrap();
            out
        })
        .collect();
    let mut merged: Vec<TableTargetLine> = parts
        .iter()
        .flat_map(|p| read_lines::<TableTargetLine>(p).unwrap())
        .collect();
    merged.sort_by_key(|l| l.index);
    let mut whole_lines = read_lines::<TableTargetLine>(&whole).unwrap();
    whole_lines.sort_by_key(|l| l.index);
    assert_eq!(merged, whole_lines, "two shards label what one run does");
    let mut decisions: Vec<usize> = whole_lines.iter().map(|l| l.index).collect();
    decisions.dedup();
    assert_eq!(decisions, (0..10).collect::<Vec<_>>());

    // A larger run on the same file labels only the new decisions.
    build_targets::<Portes>(&target_args(whole.clone(), weights, 14, "1/1")).unwrap();
    let mut resumed: Vec<usize> = read_lines::<TableTargetLine>(&whole)
        .unwrap()
        .iter()
        .map(|l| l.index)
        .collect();
    resumed.dedup();
    assert_eq!(resumed, (0..14).collect::<Vec<_>>(), "none labelled twice");
}

/// `decisions` decisions labelled at 1 ply by `teacher` into `dir`: the
/// target file.
fn labelled_by<G: LabGame>(dir: &Path, teacher: &NetOf<G>, decisions: usize) -> PathBuf {
    let weights = dir.join(format!("teacher-{}.net", G::NAME));
    G::save(teacher, &weights).unwrap();
    let targets = dir.join(format!("targets-{}.jsonl", G::NAME));
    build_targets::<G>(&target_args(targets.clone(), weights, decisions, "1/1")).unwrap();
    targets
}

#[test]
fn a_fit_moves_a_net_towards_another_nets_values() {
    let dir = scratch_dir("fit");
    let targets = labelled_by::<Portes>(&dir, &PortesNetwork::random(16, 3), 60);
    let init = dir.join("student.net");
    Portes::save(&PortesNetwork::random(16, 4), &init).unwrap();
    let args = FitArgs {
        epochs: 30,
        lr: 3e-3,
        batch: 16,
        holdout: 0.25,
        average_out: Some(dir.join("mean.net")),
        average_from: 20,
        ..fit_args(targets, init, dir.join("fitted.net"))
    };
    let report = fit::<Portes>(&args).unwrap();
    assert!(report.held_out > 0 && report.trained > report.held_out);
    let (before, after) = (report.before, report.after);
    assert!(
        after.loss < before.loss,
        "held-out loss {before:?} -> {after:?}"
    );
    assert!(
        after.equity_error < before.equity_error,
        "held-out equity error {before:?} -> {after:?}"
    );
    let (averaged, _) = report.averaged.expect("--average-out");
    assert!(averaged.loss < before.loss);
    let fitted = Portes::load(&dir.join("fitted.net")).unwrap();
    let mean = Portes::load(&dir.join("mean.net")).unwrap();
    assert_ne!(Portes::short_hash(&fitted), Portes::short_hash(&mean));
}

#[test]
fn a_fevga_target_file_is_refused_by_a_portes_fit() {
    let dir = scratch_dir("mismatch");
    let targets = labelled_by::<Fevga>(&dir, &FevgaNetwork::random(16, 3), 3);
    let init = dir.join("portes.net");
    Portes::save(&PortesNetwork::random(16, 3), &init).unwrap();
    let error = fit::<Portes>(&fit_args(targets, init, dir.join("out.net"))).unwrap_err();
    assert!(matches!(error, RefineError::Target { .. }), "{error}");
    assert!(!dir.join("out.net").exists(), "nothing written");
}

#[test]
fn plakoto_options_are_refused_in_portes_and_epsilon_in_plakoto() {
    let dir = scratch_dir("options");
    let targets = TargetArgs {
        game: GameKind::Portes,
        out: dir.join("t.jsonl"),
        positions: 2,
        seed: 1,
        plies: 1,
        shard: "1/1".parse().unwrap(),
        rules: Variant::Standard,
        weights: None,
        candidates: true,
        players: PlayerMix::Varied,
        phases: PhaseMix::Natural,
        epsilon: 0.0,
    };
    let error = run(&RefineCommand::Targets(targets.clone())).unwrap_err();
    assert!(error.to_string().contains("--candidates"), "{error}");
    let plakoto = TargetArgs {
        game: GameKind::Plakoto,
        candidates: false,
        epsilon: 0.1,
        ..targets
    };
    let error = run(&RefineCommand::Targets(plakoto)).unwrap_err();
    assert!(error.to_string().contains("--epsilon"), "{error}");
    // Every fit option is every game's, but phases only where the game
    // names them: Portes does not.
    let fit_args = FitArgs {
        only_phases: vec![plakoto_lab::benchmark::phase::GamePhase::Opening],
        ..fit_args(
            dir.join("none.jsonl"),
            dir.join("none.net"),
            dir.join("out.net"),
        )
    };
    let error = run(&RefineCommand::Fit(fit_args)).unwrap_err();
    assert!(error.to_string().contains("--only-phases"), "{error}");
}
