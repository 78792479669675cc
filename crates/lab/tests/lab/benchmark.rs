//! The strength benchmark end to end: a tiny benchmark built in two shards
//! (one stopped and resumed), merged, read back, and a known-bad player
//! judged worse than the net on it; plays that are no candidate rolled out
//! on the builder's dice; a benchmark rolled out again on other dice.

use std::path::PathBuf;

use plakoto_engine::eval::{GameEvaluator, HeuristicEvaluator, NetEvaluator};
use plakoto_engine::game::express::CHOICE_LIMIT;
use plakoto_engine::game::{GameAfter, GameSearch, SearchSettings};
use plakoto_lab::LabGame;
use plakoto_lab::benchmark::build::{BuildOptions, build_shard, merge};
use plakoto_lab::benchmark::choices::{self, Agreement};
use plakoto_lab::benchmark::score::{Chooser, StrengthReport, score};
use plakoto_lab::benchmark::unlisted::UnlistedRollouts;
use plakoto_lab::benchmark::work::ShardWork;
use plakoto_lab::benchmark::{Benchmark, GamePhase};
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{PlayList, Rules, TavliGame, Variant, parse_position_id, position_id};
use plakoto_tools::arena::shard::Shard;

/// The game of `benchmark`: Plakoto under its rules.
fn plakoto_of(benchmark: &Benchmark) -> Plakoto {
    Plakoto::new(Rules {
        variant: benchmark.header.variant().expect("a Plakoto benchmark"),
        ..Rules::default()
    })
}

/// `evaluator`'s 0-ply choices (`None`: random plays) on `benchmark`,
/// judged on `threads` threads, the unlisted ones rolled out by
/// `unlisted` when given.
fn score_player(
    benchmark: &Benchmark,
    evaluator: Option<&dyn GameEvaluator<Plakoto>>,
    player: &str,
    threads: usize,
    unlisted: Option<&UnlistedRollouts<'_, Plakoto>>,
) -> StrengthReport {
    let settings = SearchSettings::default();
    let game = plakoto_of(benchmark);
    let chooser = match evaluator {
        Some(evaluator) => Chooser::Search {
            evaluator,
            plies: 0,
            settings: &settings,
        },
        None => Chooser::Random,
    };
    score(benchmark, &game, &chooser, player, threads, unlisted).unwrap()
}

/// The identity `evaluator` rolls `benchmark` out with.
fn identity(benchmark: &Benchmark, evaluator: &dyn GameEvaluator<Plakoto>) -> String {
    evaluator.identity_in(&plakoto_of(benchmark))
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-benchmark-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn options(shard: &str, out: PathBuf, variant: Variant, decisions: usize) -> BuildOptions {
    BuildOptions {
        variant,
        seed: 5,
        decisions,
        top_candidates: 3,
        trials: 36,
        max_trials: 72,
        target_error: 0.02,
        player_plies: 0,
        max_turns: 500,
        luck_adjust: false,
        rollout_seed: 3,
        disagreements_only: false,
        work: ShardWork {
            shard: shard.parse::<Shard>().expect("shard"),
            ..ShardWork::whole(out)
        },
    }
}

#[test]
fn a_tiny_benchmark_is_built_in_shards_resumed_merged_and_ranks_players() {
    let dir = scratch_dir("standard");
    let net = NetEvaluator::with_default_network().expect("embedded net");
    let decisions = 24;
    // Shard 1 in two slices (as if stopped and resumed), shard 2 at once.
    let mut first = options("1/2", dir.join("1.jsonl"), Variant::Standard, decisions);
    first.work.limit = Some(5);
    assert_eq!(build_shard(&first, &net, &HeuristicEvaluator).unwrap(), 5);
    first.work.limit = None;
    assert_eq!(build_shard(&first, &net, &HeuristicEvaluator).unwrap(), 7);
    assert_eq!(build_shard(&first, &net, &HeuristicEvaluator).unwrap(), 0);
    let second = options("2/2", dir.join("2.jsonl"), Variant::Standard, decisions);
    assert_eq!(build_shard(&second, &net, &HeuristicEvaluator).unwrap(), 12);

    let out = dir.join("standard.jsonl.gz");
    merge(&[dir.join("1.jsonl"), dir.join("2.jsonl")], &out).unwrap();
    let benchmark = Benchmark::read(&out).unwrap();
    let ids: Vec<usize> = benchmark.decisions.iter().map(|d| d.id).collect();
    assert_eq!(ids, (0..decisions).collect::<Vec<_>>());
    for d in &benchmark.decisions {
        let position = parse_position_id(&d.position).expect("position id");
        assert_eq!(GamePhase::of(&position), d.phase);
        assert!(
            d.candidates.len() >= 2,
            "decision {} has one candidate",
            d.id
        );
        assert!(d.legal_plays >= 2);
        // Best first.
        for pair in d.candidates.windows(2) {
            assert!(pair[0].equity >= pair[1].equity, "decision {}", d.id);
        }
        assert!(
            d.candidates
                .iter()
                .all(|c| c.trials >= 36 && c.trials <= 72)
        );
    }
    // Every phase the sampler found is labelled; the opening is always there.
    assert!(
        benchmark
            .decisions
            .iter()
            .any(|d| d.phase == GamePhase::Opening)
    );

    let net_report = score_player(&benchmark, Some(&net), "net", 1, None);
    let random_report = score_player(&benchmark, None, "random", 2, None);
    assert_eq!(net_report.decisions, decisions);
    assert!(
        random_report.mean_loss_milli > net_report.mean_loss_milli + 20.0,
        "random {} vs net {}",
        random_report.mean_loss_milli,
        net_report.mean_loss_milli
    );
    assert!(random_report.blunder_rate > net_report.blunder_rate);
    let json = serde_json::to_value(&net_report).unwrap();
    for key in [
        "decisions",
        "mean_loss_milli",
        "blunder_rate",
        "standard_error_milli",
        "by_phase",
    ] {
        assert!(json.get(key).is_some(), "no {key} in {json}");
    }
    let by_phase: usize = net_report.by_phase.values().map(|p| p.decisions).sum();
    assert_eq!(by_phase, decisions);

    // The choices, kept in a file and compared: the net agrees with itself
    // everywhere, and where random play differs from it, random loses more.
    let ids: Vec<usize> = net_report.choices.iter().map(|c| c.id).collect();
    assert_eq!(ids, (0..decisions).collect::<Vec<_>>());
    let file = dir.join("net.choices");
    choices::write(&file, &net_report.player, &net_report.choices).unwrap();
    let (player, read_back) = choices::read(&file).unwrap();
    assert_eq!((player.as_str(), &read_back), ("net", &net_report.choices));
    let itself = Agreement::of(&net_report.choices, &player, &read_back);
    assert_eq!((itself.compared, itself.differing), (decisions, 0));
    let random = Agreement::of(&random_report.choices, &player, &read_back);
    assert!(random.differing > decisions / 2, "{random:?}");
    assert!(
        random.mean_loss_where_differing_milli > random.other_mean_loss_where_differing_milli,
        "{random:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--disagreements-only`: the build keeps exactly the decisions where the
/// net's 0-ply choice is not the 2-ply search's best candidate, each as the
/// full build rolls it out, and its header says so.
#[test]
fn a_build_of_disagreements_only_keeps_the_decisions_where_0_and_2_ply_differ() {
    let dir = scratch_dir("disagreements");
    let net = NetEvaluator::with_default_network().expect("embedded net");
    let decisions = 16;
    let all = options("1/1", dir.join("all.jsonl"), Variant::Standard, decisions);
    assert_eq!(
        build_shard(&all, &net, &HeuristicEvaluator).unwrap(),
        decisions
    );
    let mut some = options("1/1", dir.join("some.jsonl"), Variant::Standard, decisions);
    some.disagreements_only = true;
    let kept = build_shard(&some, &net, &HeuristicEvaluator).unwrap();
    // Resuming looks at the passed-over decisions again and adds nothing.
    assert_eq!(build_shard(&some, &net, &HeuristicEvaluator).unwrap(), 0);
    let all = Benchmark::read(&dir.join("all.jsonl")).unwrap();
    let some = Benchmark::read(&dir.join("some.jsonl")).unwrap();
    assert!(some.header.disagreements_only && !all.header.disagreements_only);
    assert_eq!(some.decisions.len(), kept);

    let net_choices = score_player(&all, Some(&net), "net", 1, None).choices;
    let mut expected = Vec::new();
    for (d, choice) in all.decisions.iter().zip(&net_choices) {
        assert_eq!(d.id, choice.id);
        let best_at_2_ply = d
            .candidates
            .iter()
            .max_by(|a, b| a.ply2_equity.total_cmp(&b.ply2_equity))
            .expect("candidates");
        if best_at_2_ply.after != choice.after {
            expected.push(d.clone());
        }
    }
    assert_eq!(some.decisions, expected);
    // Both kinds occur in this sample, so the test tells keeping from passing over.
    assert!(0 < kept && kept < decisions, "{kept} of {decisions} kept");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_build_refuses_a_work_file_of_other_options_and_merge_refuses_mixed_files() {
    let dir = scratch_dir("mismatch");
    let net = NetEvaluator::with_default_network().expect("embedded net");
    let mut a = options("1/1", dir.join("a.jsonl"), Variant::Standard, 4);
    a.work.limit = Some(1);
    build_shard(&a, &net, &HeuristicEvaluator).unwrap();
    let mut other = a.clone();
    other.trials = 72;
    assert!(build_shard(&other, &net, &HeuristicEvaluator).is_err());
    other.work.out = dir.join("b.jsonl");
    build_shard(&other, &net, &HeuristicEvaluator).unwrap();
    assert!(
        merge(
            &[dir.join("a.jsonl"), dir.join("b.jsonl")],
            &dir.join("m.jsonl.gz")
        )
        .is_err()
    );
    assert!(!dir.join("m.jsonl.gz").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn express_decisions_carry_their_numbers_and_build() {
    let dir = scratch_dir("express");
    let net = NetEvaluator::with_default_network().expect("embedded net");
    let mut o = options("1/1", dir.join("e.jsonl"), Variant::Express, 6);
    o.work.limit = Some(2);
    assert_eq!(build_shard(&o, &net, &HeuristicEvaluator).unwrap(), 2);
    let benchmark = Benchmark::read(&dir.join("e.jsonl")).unwrap();
    assert_eq!(benchmark.header.rules, "express");
    for d in &benchmark.decisions {
        assert!(d.turn.turn(Variant::Express).is_ok());
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Rolls every candidate but the best of `benchmark` out on demand, as a
/// play that is no candidate would be, and checks that it gets its stored
/// loss (and, if `check_error`, its stored standard error); returns how
/// many candidates were checked, and how many of them carry numbers on to
/// the opponent (Express, R21).
fn assert_candidates_roll_to_their_losses(
    benchmark: &Benchmark,
    rollouts: &UnlistedRollouts<'_, Plakoto>,
    check_error: bool,
) -> (usize, usize) {
    let game = plakoto_of(benchmark);
    let mut search = GameSearch::new();
    let mut generator = game.generator_listing_at_most(CHOICE_LIMIT);
    let mut list = PlayList::default();
    let (mut checked, mut carrying) = (0, 0);
    for d in &benchmark.decisions {
        let position = d.position().unwrap();
        let to_play = game.to_play(&d.turn).unwrap();
        match &to_play {
            ToPlay::Dice(dice) => game.generate(&mut generator, &position, *dice, &mut list),
            ToPlay::Carried(numbers) => {
                game.generate_carried(&mut generator, &position, numbers, &mut list)
            }
        }
        let tied_at_the_top = d.candidates[1..]
            .iter()
            .any(|c| c.equity == d.candidates[0].equity);
        for c in d.candidates.iter().skip(1) {
            let Some(play) = list
                .plays
                .iter()
                .find(|p| position_id(&p.position) == c.after)
            else {
                // Only a list cut short (an Express low double) may miss
                // a candidate of the builder's beam.
                assert!(list.truncated, "a candidate is a legal play");
                continue;
            };
            carrying += usize::from(GameAfter::of(&game, &to_play, play).passes_on());
            let rolled = rollouts
                .loss(d, &position, &to_play, play, &mut search, &mut generator)
                .unwrap()
                .expect("the best candidate is listed");
            let stored = d.candidates[0].equity - c.equity;
            assert!(
                (rolled.loss - stored.max(0.0)).abs() < 1e-4,
                "decision {} {}: rolled {} stored {stored}",
                d.id,
                c.play,
                rolled.loss
            );
            // Where another candidate ties the first in equity, the
            // builder's best (against which the stored errors are) may be
            // that other one.
            if check_error && !tied_at_the_top {
                assert!(
                    (rolled.std_error - c.loss_std_error).abs() < 1e-4,
                    "decision {} {}: rolled ± {} stored ± {} (loss {} trials {} best {})",
                    d.id,
                    c.play,
                    rolled.std_error,
                    c.loss_std_error,
                    rolled.loss,
                    c.trials,
                    d.candidates[0].trials
                );
            }
            checked += 1;
        }
    }
    (checked, carrying)
}

/// `--roll-unlisted`: a play rolled out on demand beside the best candidate
/// plays on the builder's dice, so that a candidate rolled out again that
/// way (one stage, as the builder gave it) has exactly its stored loss.
#[test]
fn a_play_rolled_out_on_demand_gets_the_loss_the_builder_measured() {
    let dir = scratch_dir("unlisted");
    let net = NetEvaluator::with_default_network().expect("embedded net");
    let mut o = options("1/1", dir.join("u.jsonl"), Variant::Standard, 8);
    // One stage for every candidate: its loss is over the stage's dice.
    o.max_trials = 36;
    o.work.limit = Some(4);
    assert_eq!(build_shard(&o, &net, &HeuristicEvaluator).unwrap(), 4);
    let benchmark = Benchmark::read(&dir.join("u.jsonl")).unwrap();
    let game = plakoto_of(&benchmark);
    let net_identity = identity(&benchmark, &net);
    let rollouts =
        UnlistedRollouts::for_benchmark(&benchmark.header, &game, &net, &net_identity).unwrap();
    let (checked, _) = assert_candidates_roll_to_their_losses(&benchmark, &rollouts, true);
    assert!(checked >= 4, "only {checked} candidates checked");

    // The known-bad player, its unlisted plays rolled out, is still judged
    // far worse than the net, and the report says how it was judged.
    let random = score_player(&benchmark, None, "random", 1, Some(&rollouts));
    assert!(random.unlisted_rolled_out);
    let net_report = score_player(&benchmark, Some(&net), "net", 1, Some(&rollouts));
    assert!(random.mean_loss_milli > net_report.mean_loss_milli);

    // Only the player that built the benchmark can roll out its plays.
    let other = identity(&benchmark, &HeuristicEvaluator);
    assert!(
        UnlistedRollouts::for_benchmark(&benchmark.header, &game, &HeuristicEvaluator, &other)
            .is_err()
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The same in Express: a candidate whose play carries numbers on to the
/// opponent (R21) is rolled out on demand from where its play left the
/// game, those numbers to be played first, as the builder rolled it.
#[test]
fn an_express_play_rolled_out_on_demand_starts_as_its_play_left_the_game() {
    let dir = scratch_dir("unlisted-express");
    let net = NetEvaluator::with_default_network().expect("embedded net");
    let mut o = options("1/1", dir.join("e.jsonl"), Variant::Express, 48);
    o.max_trials = 36;
    o.work.limit = Some(EXPRESS_DECISIONS);
    assert_eq!(
        build_shard(&o, &net, &HeuristicEvaluator).unwrap(),
        EXPRESS_DECISIONS
    );
    let benchmark = Benchmark::read(&dir.join("e.jsonl")).unwrap();
    let game = plakoto_of(&benchmark);
    let net_identity = identity(&benchmark, &net);
    let rollouts =
        UnlistedRollouts::for_benchmark(&benchmark.header, &game, &net, &net_identity).unwrap();
    let (checked, carrying) = assert_candidates_roll_to_their_losses(&benchmark, &rollouts, true);
    assert!(checked >= 4, "only {checked} candidates checked");
    assert!(carrying > 0, "no candidate carries numbers on");
    std::fs::remove_dir_all(&dir).ok();
}

/// Express decisions the test above builds.
const EXPRESS_DECISIONS: usize = 16;

/// Builds the first `limit` of `decisions` Standard decisions (at most
/// `max_trials` games a candidate) twice, on rollout seeds 3 and 4, into
/// `dir`'s work files `s3.jsonl` and `s4.jsonl`; returns their paths.
fn build_on_rollout_seeds_3_and_4(
    dir: &std::path::Path,
    net: &NetEvaluator,
    decisions: usize,
    limit: usize,
    max_trials: u32,
) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for seed in [3, 4] {
        let path = dir.join(format!("s{seed}.jsonl"));
        let mut o = options("1/1", path.clone(), Variant::Standard, decisions);
        o.max_trials = max_trials;
        o.work.limit = Some(limit);
        o.rollout_seed = seed;
        assert_eq!(build_shard(&o, net, &HeuristicEvaluator).unwrap(), limit);
        paths.push(path);
    }
    paths
}

/// Two builds of the same decisions on other rollout seeds pool into one
/// benchmark that reads back with every candidate's games, and a play
/// rolled out on demand on a pooled benchmark is rolled on both seeds'
/// dice: a candidate rolled that way (one stage a seed, as the builds gave
/// it) gets exactly its pooled loss.
#[test]
fn rollouts_on_other_dice_pool_and_unlisted_plays_roll_on_every_seed() {
    let dir = scratch_dir("pool");
    let net = NetEvaluator::with_default_network().expect("embedded net");
    let paths = build_on_rollout_seeds_3_and_4(&dir, &net, 8, 4, 36);
    let out = dir.join("pooled.jsonl.gz");
    let report = plakoto_lab::benchmark::pool::pool(&paths, &out).unwrap();
    assert_eq!(report.not_in_every_input, 0);
    let pooled = Benchmark::read(&out).unwrap();
    assert_eq!(pooled, report.benchmark);
    assert_eq!(pooled.header.rollout_seeds(), vec![3, 4]);
    let (a, b) = (
        Benchmark::read(&paths[0]).unwrap(),
        Benchmark::read(&paths[1]).unwrap(),
    );
    let game = plakoto_of(&pooled);
    let net_identity = identity(&pooled, &net);
    let rollouts =
        UnlistedRollouts::for_benchmark(&pooled.header, &game, &net, &net_identity).unwrap();
    for d in &pooled.decisions {
        let equity = |bench: &Benchmark, after: &str| {
            let same = bench.decisions.iter().find(|e| e.id == d.id).unwrap();
            same.candidates
                .iter()
                .find(|c| c.after == after)
                .unwrap()
                .equity
        };
        for w in d.candidates.windows(2) {
            assert!(w[0].equity >= w[1].equity, "best first");
        }
        for c in &d.candidates {
            // One stage of 36 games in each build: the plain mean.
            let mean = (equity(&a, &c.after) + equity(&b, &c.after)) / 2.0;
            assert!((c.equity - mean).abs() < 1e-5, "{} vs {mean}", c.equity);
            assert_eq!(c.trials, 72);
        }
    }
    let (checked, _) = assert_candidates_roll_to_their_losses(&pooled, &rollouts, false);
    assert!(checked >= 4, "only {checked} candidates checked");
    // The same seed twice is no pool.
    assert!(
        plakoto_lab::benchmark::pool::pool(&[paths[0].clone(), paths[0].clone()], &out).is_err()
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A benchmark rolled out again on another seed (`benchmark reroll`: its
/// own decisions and candidates, in shards, one stopped and resumed) is
/// exactly the benchmark built on that seed, and pools with its source;
/// a re-roll on the source's own dice, or by another player, is refused.
#[test]
fn a_benchmark_rerolled_on_other_dice_is_the_build_on_those_dice() {
    use plakoto_lab::benchmark::reroll::{RerollOptions, reroll_shard};
    let dir = scratch_dir("reroll");
    let net = NetEvaluator::with_default_network().expect("embedded net");
    let built = build_on_rollout_seeds_3_and_4(&dir, &net, 12, 6, 72);
    let reroll = |shard: &str, limit: Option<usize>| RerollOptions {
        from: built[0].clone(),
        rollout_seed: 4,
        work: ShardWork {
            shard: shard.parse::<Shard>().expect("shard"),
            limit,
            ..ShardWork::whole(dir.join(format!("r{}.jsonl", &shard[..1])))
        },
    };
    assert_eq!(reroll_shard(&reroll("1/2", Some(1)), &net).unwrap(), 1);
    assert_eq!(reroll_shard(&reroll("1/2", None), &net).unwrap(), 2);
    assert_eq!(reroll_shard(&reroll("1/2", None), &net).unwrap(), 0);
    assert_eq!(reroll_shard(&reroll("2/2", None), &net).unwrap(), 3);
    let merged = dir.join("rerolled.jsonl.gz");
    let rerolled = merge(&[dir.join("r1.jsonl"), dir.join("r2.jsonl")], &merged).unwrap();
    let direct = Benchmark::read(&built[1]).unwrap();
    assert_eq!(rerolled.header, direct.header);
    assert_eq!(rerolled.decisions.len(), 6);
    assert_eq!(rerolled.decisions, direct.decisions);

    let pooled = plakoto_lab::benchmark::pool::pool(&[built[0].clone(), merged], &dir.join("p.gz"));
    assert_eq!(pooled.unwrap().benchmark.decisions.len(), 6);

    let mut same_dice = reroll("1/1", None);
    same_dice.rollout_seed = 3;
    let refusal = |result: Result<usize, _>| match result {
        Err(plakoto_lab::benchmark::BenchmarkError::Options(message)) => message,
        other => panic!("not refused: {other:?}"),
    };
    assert!(refusal(reroll_shard(&same_dice, &net)).contains("on seed 3 already"));
    let by_heuristic = refusal(reroll_shard(&reroll("1/1", None), &HeuristicEvaluator));
    assert!(
        by_heuristic.contains("needs the same player"),
        "{by_heuristic}"
    );
    // A work file done before on other dice is not taken as done.
    let mut other = reroll("1/1", None);
    other.rollout_seed = 5;
    other.work.out = dir.join("r5.jsonl");
    other.work.done_in = vec![dir.join("r1.jsonl")];
    assert!(refusal(reroll_shard(&other, &net)).contains("other options"));
    std::fs::remove_dir_all(&dir).ok();
}
