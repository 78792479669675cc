//! The neural evaluator: valid distributions (R16–R18 masks), weight files
//! that read back identically, and training that learns.

use std::path::Path;
use std::sync::Arc;

use plakoto_engine::eval::features::outcome_mask;
use plakoto_engine::eval::net::{Network, to_probabilities, weights};
use plakoto_engine::eval::{GameEvaluator, NetEvaluator, Probabilities};
use plakoto_lab::train::checkpoint::{SelfPlaySettings, TargetKind, TrainConfig};
use plakoto_lab::train::table::arena_check::duplicate_match;
use plakoto_lab::train::table::{TableTrainer, initial_network};
use plakoto_rules::Plakoto;
use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::{Position, Rules, Scoring, Variant, game_result, parse_board_text};

fn suite() -> Vec<Position> {
    let mut v = midgame_suite(99, 300, 4);
    for text in [
        // Opponent has borne off: no double win for the side on roll.
        "6:5 5:5 4:2 3:1 / 6:3 5:3 3:2",
        // Own mother gone, opponent's pinned: no mother loss, no draw.
        "20:5 13:5 1:3 / 24:1* 18:4 10:10",
        // Both mothers at home, checkers in both starting quadrants.
        "24:3 22:2 13:5 6:5 / 24:4 20:3 11:4 5:4",
        // A pure race (race database for the net evaluator).
        "6:3 5:3 4:3 3:2 2:2 1:2 / 6:5 5:5 4:5",
    ] {
        v.push(parse_board_text(text).expect("valid board"));
    }
    v.retain(|p| game_result(p, Scoring::Standard).is_none());
    v
}

fn outcomes(p: &Probabilities) -> [f32; 9] {
    p.as_array()
}

fn assert_valid(p: &Position, probs: &Probabilities, scoring: Scoring) {
    let o = outcomes(probs);
    let sum: f32 = o.iter().sum();
    assert!((sum - 1.0).abs() < 1e-5, "{p:?}: sums to {sum}");
    assert!(
        o.iter().all(|&x| x >= 0.0 && x.is_finite()),
        "{p:?}: {probs:?}"
    );
    let mask = outcome_mask(p);
    for (k, &x) in o.iter().enumerate() {
        if mask >> k & 1 == 0 {
            assert_eq!(x, 0.0, "{p:?}: outcome {k} is impossible but has {x}");
        }
    }
    if scoring == Scoring::Standard {
        assert_eq!(
            probs.win_triple + probs.lose_triple,
            0.0,
            "no triples under R17"
        );
    }
    if p.opp_off() > 0 {
        assert_eq!(
            probs.win_double + probs.win_triple,
            0.0,
            "R17: the loser has borne off"
        );
    }
    if p.own_off() > 0 {
        assert_eq!(
            probs.lose_double + probs.lose_triple,
            0.0,
            "R17: the loser has borne off"
        );
    }
}

#[test]
fn r16_r17_r18_every_net_output_is_a_valid_distribution() {
    let embedded = Arc::new(Network::embedded().expect("the embedded weights read"));
    let random = Arc::new(Network::random(32, 5));
    let evaluators = [embedded, random].into_iter().flat_map(|net| {
        [
            NetEvaluator::new(net.clone()),
            NetEvaluator::new(net).with_f32(),
        ]
    });
    for e in evaluators {
        for scoring in [Scoring::Standard, Scoring::Tzannes] {
            let rules = Rules {
                scoring,
                ..Rules::default()
            };
            let positions = suite();
            let mut batch = Vec::new();
            e.evaluate_batch(&Plakoto::new(rules), &positions, &mut batch);
            assert_eq!(batch.len(), positions.len());
            for (p, probs) in positions.iter().zip(&batch) {
                assert_valid(p, probs, scoring);
                // One at a time gives the same as the batch, up to float
                // rounding: a batch updates the first layer from the
                // previous position's where few inputs changed.
                let single = outcomes(&e.evaluate(&Plakoto::new(rules), p));
                for (k, (a, b)) in single.iter().zip(outcomes(probs)).enumerate() {
                    assert!((a - b).abs() <= 1e-5, "{p:?}: outcome {k}: {a} vs {b}");
                }
            }
        }
    }
}

#[test]
fn weights_written_and_read_back_evaluate_identically() {
    let net = Network::random(48, 11);
    let dir = std::env::temp_dir().join(format!("plakoto-net-test-{}", std::process::id()));
    let path = dir.join("w.net");
    weights::save(&net, &path).expect("saved");
    let back = weights::load(&path).expect("read back");
    assert_eq!(net.short_hash(), back.short_hash());
    for p in suite() {
        let (a, b) = (net.distribution(&p), back.distribution(&p));
        assert_eq!(a.map(f32::to_bits), b.map(f32::to_bits));
    }
    // A damaged file is refused, not misread.
    let mut bytes = std::fs::read(&path).expect("readable");
    bytes[100] ^= 1;
    assert_eq!(
        weights::from_bytes(&bytes).err(),
        Some(weights::WeightsError::Checksum)
    );
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

/// Plays as good as randomly: a fixed pseudo-random value per position.
struct Scrambled;

impl GameEvaluator<Plakoto> for Scrambled {
    fn name(&self) -> &str {
        "scrambled"
    }

    fn evaluate(&self, _game: &Plakoto, position: &Position) -> Probabilities {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        position.hash(&mut h);
        let w = (h.finish() % 1000) as f32 / 1000.0;
        Probabilities {
            win_single: w,
            lose_single: 1.0 - w,
            ..Default::default()
        }
    }
}

#[test]
fn a_short_seeded_training_run_beats_random_play() {
    let config = TrainConfig {
        self_play: SelfPlaySettings {
            seed: 4,
            hidden: 32,
            lambda: 0.7,
            lr: 2e-3,
            batch: 64,
            games_per_round: 16,
            epsilon: 0.0,
            target: TargetKind::Sampled,
        },
        rules: Variant::Standard,
    };
    let net = initial_network::<Plakoto>(Path::new("unused"), 32, 4).expect("a random net");
    let mut trainer = TableTrainer::<Plakoto>::new(config, net);
    for _ in 0..12 {
        trainer.round();
    }
    assert_eq!(trainer.state.games, 12 * 16);
    let net = Arc::new(trainer.net.clone());
    let mine =
        move || -> Box<dyn GameEvaluator<Plakoto>> { Box::new(NetEvaluator::new(net.clone())) };
    let random = || -> Box<dyn GameEvaluator<Plakoto>> { Box::new(Scrambled) };
    let result = duplicate_match(Plakoto::default(), &mine, &random, 40, 17);
    assert!(
        result.ppg - result.ci95 > 0.3,
        "trained net vs random: {result}"
    );
}

#[test]
fn express_rules_use_the_express_weights() {
    // No weights are named in this test process (no --weights, no
    // $PLAKOTO_WEIGHTS): the default evaluator holds both embedded nets.
    let standard = Network::embedded().expect("standard weights");
    let express = Network::embedded_express().expect("express weights");
    assert_ne!(standard.short_hash(), express.short_hash());
    let evaluator = NetEvaluator::with_default_network().expect("embedded nets");
    let express_rules = Rules {
        variant: Variant::Express,
        ..Rules::default()
    };
    assert_eq!(
        evaluator.identity_in(&Plakoto::default()),
        format!("net {}", standard.short_hash())
    );
    assert_eq!(
        evaluator.identity_in(&Plakoto::new(express_rules)),
        format!("net {} (express weights)", express.short_hash())
    );
    let mut open = 0;
    for p in midgame_suite(7, 60, 4) {
        if evaluator
            .exact_value(&Plakoto::new(express_rules), &p)
            .is_some()
        {
            continue;
        }
        open += 1;
        // The f32 nets, to compare to the bit (the integer copies
        // evaluate within a few thousandths of them).
        let seen = evaluator
            .clone()
            .with_f32()
            .evaluate(&Plakoto::new(express_rules), &p);
        let want = to_probabilities(&express.distribution(&p), Scoring::Standard);
        assert_eq!(seen.as_array(), want.as_array(), "{p:?}");
        let integer = evaluator.evaluate(&Plakoto::new(express_rules), &p);
        let gap = integer.equity(Scoring::Standard) - want.equity(Scoring::Standard);
        assert!(gap.abs() < 0.05, "{p:?}: integer {integer:?} f32 {want:?}");
        // A net named for the whole process serves Express too.
        let one = NetEvaluator::new(Arc::new(standard.clone())).with_f32();
        let standard_view = one.evaluate(&Plakoto::new(express_rules), &p);
        let want = to_probabilities(&standard.distribution(&p), Scoring::Standard);
        assert_eq!(standard_view.as_array(), want.as_array(), "{p:?}");
    }
    assert!(open > 30, "only {open} positions the net rates");
}
