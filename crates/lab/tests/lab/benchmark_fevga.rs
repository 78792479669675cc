//! The Fevga benchmark end to end: a tiny one built in two shards (one
//! stopped and resumed), merged and read back, its decisions labelled with
//! their Fevga phases and Position IDs, its header naming the game and the
//! rollout player; a random player judged worse than the rollout player on
//! it, with plays that are no candidate rolled out on the builder's dice;
//! and the Plakoto tools refusing it.

use std::path::PathBuf;

use plakoto_lab::benchmark::build::{BuildOptions, merge};
use plakoto_lab::benchmark::data::TurnRecord;
use plakoto_lab::benchmark::work::ShardWork;
use plakoto_lab::benchmark::{Benchmark, GamePhase};
use plakoto_lab::games::fevga::fevga_phase;
use plakoto_lab::games::fevga::{FEVGA_PHASE_SHARES, build_shard, evaluator, strength};
use plakoto_rules::Fevga;
use plakoto_rules::tavli::GameKind;
use plakoto_rules::{Dice, TavliGame};
use plakoto_tools::arena::shard::Shard;

/// The rollout player of these tests, the strong side of the sampled
/// games (the pip count, which rates every play of a runner's roll alike,
/// would find no runner decision to sample).
const ROLLOUT_PLAYER: &str = "heuristic";
/// The weak side.
const WEAK: &str = "pipcount";

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-fevga-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn options(shard: &str, out: PathBuf, decisions: usize) -> BuildOptions {
    BuildOptions {
        variant: plakoto_rules::Variant::Standard,
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
fn a_tiny_fevga_benchmark_is_built_in_shards_resumed_merged_and_ranks_players() {
    let dir = scratch_dir("build");
    let decisions = 20;
    // Decisions whose candidates all roll out alike are passed over, so a
    // shard writes at most its share.
    let build = |o: &BuildOptions| build_shard(o, ROLLOUT_PLAYER, WEAK).unwrap();
    let mut first = options("1/2", dir.join("1.jsonl"), decisions);
    first.work.limit = Some(4);
    let sliced = build(&first);
    assert!(sliced <= 4);
    first.work.limit = None;
    let rest = build(&first);
    assert!(sliced + rest <= 10);
    assert_eq!(build(&first), 0, "resumed: nothing left");
    let second = options("2/2", dir.join("2.jsonl"), decisions);
    let other = build(&second);
    assert!(other <= 10);
    // Another rollout player into the same file is refused.
    assert!(build_shard(&second, WEAK, ROLLOUT_PLAYER).is_err());

    let out = dir.join("fevga.jsonl.gz");
    merge(&[dir.join("1.jsonl"), dir.join("2.jsonl")], &out).unwrap();
    let benchmark = Benchmark::read(&out).unwrap();
    let header = &benchmark.header;
    assert_eq!(header.game, GameKind::Fevga);
    assert_eq!(header.evaluator, ROLLOUT_PLAYER);
    assert_eq!((header.trials, header.max_trials), (36, 72));
    let ids: Vec<usize> = benchmark.decisions.iter().map(|d| d.id).collect();
    assert_eq!(ids.len(), sliced + rest + other);
    assert!(
        ids.len() >= decisions / 2,
        "{} of {decisions} kept",
        ids.len()
    );
    assert!(ids.windows(2).all(|w| w[0] < w[1]) && ids.iter().all(|&i| i < decisions));
    let game = Fevga::default();
    for d in &benchmark.decisions {
        let position = game.parse_position_id(&d.position).expect("a Fevga ID");
        assert_eq!(fevga_phase(&position, &game.rules), d.phase);
        assert!(FEVGA_PHASE_SHARES.iter().any(|(p, _)| *p == d.phase));
        assert!(d.legal_plays >= 2 && d.candidates.len() >= 2, "{}", d.id);
        let TurnRecord::Rolled { dice: [a, b] } = d.turn else {
            panic!("decision {} has no roll", d.id);
        };
        let dice = Dice::new(a, b).expect("dice");
        // Every candidate is a legal play of the roll, named in Fevga's
        // notation, best first, rolled out 36 to 72 games.
        let mut generator = game.generator();
        let mut list = Default::default();
        game.generate(&mut generator, &position, dice, &mut list);
        for c in &d.candidates {
            let play = game
                .plays(&list)
                .iter()
                .find(|p| game.position_id(&game.after(p)) == c.after)
                .expect("a legal play");
            assert_eq!(game.format_play(&position, play), c.play);
            assert!((36..=72).contains(&c.trials));
        }
        for pair in d.candidates.windows(2) {
            assert!(pair[0].equity >= pair[1].equity, "decision {}", d.id);
        }
        let spread = d.candidates[0].equity - d.candidates.last().unwrap().equity;
        assert!(spread > 0.002, "decision {} is no choice", d.id);
        assert!(d.played.is_some(), "the play made is a candidate");
    }

    let rollout_player = strength(&benchmark, ROLLOUT_PLAYER, 0, 1, false).unwrap();
    let random = strength(&benchmark, "random", 0, 2, false).unwrap();
    assert_eq!(rollout_player.decisions, ids.len());
    assert_eq!(rollout_player.rules, "fevga");
    assert!(
        random.mean_loss_milli > rollout_player.mean_loss_milli + 20.0,
        "random {} against {}",
        random.mean_loss_milli,
        rollout_player.mean_loss_milli
    );
    // The rollout player's own 0-ply choice is always a candidate.
    assert_eq!(rollout_player.unlisted_rate, 0.0);
    // Random plays that are no candidate, rolled out on the builder's dice:
    // each loss is measured, none charged the worst candidate's.
    assert!(random.unlisted_rate > 0.0);
    let rolled = strength(&benchmark, "random", 0, 2, true).unwrap();
    assert!(rolled.unlisted_rolled_out);
    assert_eq!(rolled.unlisted_rate, random.unlisted_rate);
    assert_ne!(rolled.mean_loss_milli, random.mean_loss_milli);
    // A 1-ply search is judged too.
    let searched = strength(&benchmark, ROLLOUT_PLAYER, 1, 2, false).unwrap();
    assert_eq!(searched.decisions, ids.len());
    assert!(searched.player.contains("1-ply"));
    // Only the benchmark's own rollout player rolls unlisted plays out.
    let mut other = benchmark.clone();
    other.header.evaluator = "heuristic-of-another-day".to_string();
    assert!(strength(&other, "random", 0, 1, true).is_err());
}

#[test]
fn the_phase_shares_cover_the_fevga_phases() {
    // Fevga's five phases, in report order (docs/rules.md, Fevga).
    let fevga = [
        GamePhase::Runner,
        GamePhase::Blocking,
        GamePhase::Prime,
        GamePhase::Bearoff,
        GamePhase::Race,
    ];
    let phases: Vec<GamePhase> = FEVGA_PHASE_SHARES.iter().map(|(p, _)| *p).collect();
    assert_eq!(phases, fevga);
    let total: f64 = FEVGA_PHASE_SHARES.iter().map(|(_, s)| s).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

#[test]
fn plakoto_tools_refuse_a_fevga_benchmark() {
    let dir = scratch_dir("refuse");
    let out = dir.join("1.jsonl");
    build_shard(&options("1/1", out.clone(), 4), ROLLOUT_PLAYER, WEAK).unwrap();
    let benchmark = Benchmark::read(&out).unwrap();
    assert!(!benchmark.decisions.is_empty());
    assert!(benchmark.header.variant().is_err());
    let chooser = plakoto_lab::benchmark::score::Chooser::Random;
    let plakoto = plakoto_rules::Plakoto::default();
    assert!(
        plakoto_lab::benchmark::score::score(&benchmark, &plakoto, &chooser, "random", 1, None)
            .is_err()
    );
}

#[test]
fn a_net_is_recorded_with_its_weights_and_others_by_name() {
    let (_, identity) = evaluator("net").expect("the shipped Fevga net");
    let hash = identity.strip_prefix("net ").expect("net HASH");
    assert!(hash.len() == 8 && hash.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(evaluator("heuristic").unwrap().1, "heuristic");
    assert!(evaluator("chess").is_err());
}

/// `--disagreements-only` in Fevga: the decisions kept are exactly those of
/// the full build where the rollout player's 0-ply choice is not the 2-ply
/// search's best candidate, each rolled out as the full build rolls it.
#[test]
fn a_fevga_build_of_disagreements_only_keeps_a_part_of_the_full_build() {
    let dir = scratch_dir("disagreements");
    let decisions = 12;
    let mut all = options("1/1", dir.join("all.jsonl"), decisions);
    all.max_trials = 36;
    let mut some = options("1/1", dir.join("some.jsonl"), decisions);
    some.max_trials = 36;
    some.disagreements_only = true;
    build_shard(&all, ROLLOUT_PLAYER, WEAK).unwrap();
    let kept = build_shard(&some, ROLLOUT_PLAYER, WEAK).unwrap();
    let all = Benchmark::read(&dir.join("all.jsonl")).unwrap();
    let some = Benchmark::read(&dir.join("some.jsonl")).unwrap();
    assert!(some.header.disagreements_only && !all.header.disagreements_only);
    assert_eq!(some.decisions.len(), kept);
    assert!(0 < kept && kept < all.decisions.len(), "{kept} kept");
    for d in &some.decisions {
        let full = all.decisions.iter().find(|a| a.id == d.id);
        assert_eq!(full, Some(d), "decision {} as the full build has it", d.id);
    }
    std::fs::remove_dir_all(&dir).ok();
}
