//! The integer net against its `f32` original: room left in `i16`,
//! agreement of equities, exact batch updates, and the same bits from
//! every instruction set.

use std::sync::Arc;

use rand::SeedableRng;

use super::*;
use crate::eval::net::test_batches::batches;
use crate::eval::net::{Network, to_probabilities};
use crate::eval::{GameEvaluator, NetEvaluator};
use plakoto_rules::Plakoto;
use plakoto_rules::{MoveGenerator, Rules, Scoring, game_result};

/// Positions of seeded random games, both sides on roll.
fn positions(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut generator = MoveGenerator::default();
    let mut out = Vec::new();
    for _ in 0..games {
        plakoto_rules::sampling::random_game(
            &mut rng,
            Rules::default(),
            &mut generator,
            400,
            |p| {
                out.extend([*p, p.flip()]);
            },
        );
    }
    out
}

fn shipped() -> [(&'static str, Network); 2] {
    [
        ("default", Network::embedded().expect("embedded weights")),
        (
            "express",
            Network::embedded_express().expect("embedded express weights"),
        ),
    ]
}

/// The proved bound fits, and random games use well under the `i16`
/// limits: the true sums and the stored (offset) accumulators.
#[test]
fn shipped_nets_sums_stay_far_from_the_i16_limits() {
    let positions = positions(5, 150);
    for (name, net) in shipped() {
        let q = QuantizedNetwork::new(&net).expect("the shipped nets quantise");
        let h = q.headroom();
        let limit = f32::from(i16::MAX) / h.scale;
        let (mut lo, mut hi, mut stored) = (0.0f32, 0.0f32, 0i32);
        let mut s = Scratch::default();
        for p in &positions {
            let sums = q.sums_of(p, &());
            lo = sums.iter().fold(lo, |m, &x| m.min(x));
            hi = sums.iter().fold(hi, |m, &x| m.max(x));
            q.distribution_with(p, &mut s, false);
            stored = s
                .integer
                .sums
                .iter()
                .fold(stored, |m, &x| m.max(i32::from(x).abs()));
        }
        println!(
            "{name}: scale {}, {} positions: sums {lo:.1} to {hi:.1} (limit ±{limit:.1}); \
             stored accumulators up to {stored} of 32767; proved bound {:.1} to {:.1}, \
             widest unit {:.1} of a {:.1} window",
            h.scale,
            positions.len(),
            h.bound.0,
            h.bound.1,
            h.widest,
            h.window
        );
        assert!(h.scale >= 384.0, "{name}: scale {}", h.scale);
        assert!(h.bound.1 < limit && h.widest <= h.window, "{name}: {h:?}");
        assert!(hi < 0.85 * limit, "{name}: a sum reached {hi} of {limit}");
        assert!(stored < 28_000, "{name}: an accumulator reached {stored}");
        // The bound is sound: nothing observed lies outside it.
        assert!(lo >= h.bound.0 && hi <= h.bound.1, "{name}");
    }
}

/// Equities of the integer and `f32` nets over random-game positions: the
/// quantisation moves them by a few thousandths; a wrong row, scale or
/// rounding would move them by tenths.
#[test]
fn integer_equities_are_within_a_few_thousandths_of_f32() {
    let positions = positions(6, 150);
    for (name, net) in shipped() {
        let q = QuantizedNetwork::new(&net).expect("quantises");
        let mut s = Scratch::default();
        for scoring in [Scoring::Standard, Scoring::Tzannes] {
            let (mut worst, mut total) = (0.0f64, 0.0f64);
            for p in &positions {
                let float = net.distribution_with(p, &mut s, false);
                let int = q.distribution_with(p, &mut s, false);
                let equity =
                    |d: &[f32; OUTCOMES]| f64::from(to_probabilities(d, scoring).equity(scoring));
                let delta = (equity(&float) - equity(&int)).abs();
                worst = worst.max(delta);
                total += delta;
            }
            let mean = total / positions.len() as f64;
            println!(
                "{name} {scoring:?}: {} positions, |Δequity| max {worst:.4} mean {mean:.5}",
                positions.len()
            );
            // Measured: max 0.03, mean 0.0013 to 0.0033 (the shipped nets,
            // both scorings).
            assert!(worst < 0.06, "{name}: max |Δequity| {worst}");
            assert!(mean < 0.008, "{name}: mean |Δequity| {mean}");
            assert!(
                worst > 0.0,
                "{name}: no difference at all: not the integer path?"
            );
        }
    }
}

/// Batch positions updated from the previous one equal single evaluations
/// to the bit, also over one long batch (no drift to reset).
#[test]
fn integer_batches_equal_single_evaluations_bit_for_bit() {
    let evaluator = NetEvaluator::new(Arc::new(Network::embedded().expect("embedded")));
    let rules = Rules::default();
    let mut long: Vec<Position> = positions(8, 3)
        .into_iter()
        .filter(|p| game_result(p, rules.scoring).is_none())
        .collect();
    long.truncate(600);
    let mut all = batches(7, 8);
    all.push(long);
    let (mut got, mut checked) = (Vec::new(), 0);
    for batch in &all {
        evaluator.evaluate_batch(&Plakoto::new(rules), batch, &mut got);
        for (p, b) in batch.iter().zip(&got) {
            let single = evaluator.evaluate(&Plakoto::new(rules), p);
            let bits = |x: &crate::eval::Probabilities| x.as_array().map(f32::to_bits);
            assert_eq!(bits(b), bits(&single), "{p:?}");
            checked += 1;
        }
    }
    assert!(checked > 2000, "only {checked} positions");
}

/// Every instruction set this CPU has gives the baseline's bits, singly
/// and in batches (exercising every kind of row change).
#[test]
fn every_instruction_set_gives_the_same_bits() {
    let net = Network::embedded().expect("embedded");
    let base = QuantizedNetwork::new(&net)
        .expect("quantises")
        .with_kernels(IntKernels::baseline());
    let batches = batches(9, 6);
    let run = |q: &QuantizedNetwork| -> Vec<u32> {
        let mut s = Scratch::default();
        let mut out = Vec::new();
        for batch in &batches {
            s.begin_batch();
            for p in batch {
                out.extend(q.distribution_with(p, &mut s, true).map(f32::to_bits));
            }
        }
        out
    };
    let want = run(&base);
    for k in IntKernels::available() {
        println!("comparing {} with the baseline", k.name);
        assert_eq!(run(&base.clone().with_kernels(k)), want, "{}", k.name);
    }
}

/// A freshly initialised net (other weights, 256 units) quantises too.
#[test]
fn a_random_net_quantises_and_agrees() {
    let net = Network::random(256, 11);
    let q = QuantizedNetwork::new(&net).expect("quantises");
    let mut s = Scratch::default();
    for p in positions(10, 5) {
        let (a, b) = (
            net.distribution_with(&p, &mut s, false),
            q.distribution_with(&p, &mut s, false),
        );
        for k in 0..OUTCOMES {
            assert!((a[k] - b[k]).abs() < 0.01, "{p:?}: {a:?} {b:?}");
        }
    }
}

/// The `f32` evaluator stays available and differs from the integer one.
#[test]
fn the_f32_evaluator_names_itself() {
    let e = NetEvaluator::new(Arc::new(Network::embedded().expect("embedded")));
    let f = e.clone().with_f32();
    assert_eq!((e.name(), f.name()), ("net", "net-f32"));
    assert!(f.identity().ends_with("(f32)"), "{}", f.identity());
    assert!(e.kernel_name().ends_with("i16") && f.kernel_name().ends_with("f32"));
}

/// The sparse output layer ([`output`]) pays because most activations are
/// 0: over random games' positions, the share of zero units and of pairs
/// of units both zero, for both shipped nets. A net for which this fails
/// still evaluates correctly, but the dense layer would be as fast.
#[test]
fn shipped_nets_activations_are_mostly_zero() {
    let positions = positions(5, 150);
    for (name, net) in shipped() {
        let q = QuantizedNetwork::new(&net).expect("the shipped nets quantise");
        let mut s = Scratch::default();
        let (mut units, mut zero_units, mut zero_pairs) = (0usize, 0usize, 0usize);
        for p in &positions {
            q.distribution_with(p, &mut s, false);
            let x = &s.integer.output.activations;
            units += x.len();
            zero_units += x.iter().filter(|&&a| a == 0).count();
            zero_pairs += x.chunks(2).filter(|c| c == &[0, 0]).count();
        }
        let zero = zero_units as f64 / units as f64;
        let pairs = 2.0 * zero_pairs as f64 / units as f64;
        println!(
            "{name}: {} positions, {:.1}% of activations 0, {:.1}% of pairs both 0",
            positions.len(),
            100.0 * zero,
            100.0 * pairs
        );
        assert!(pairs > 0.75, "{name}: only {pairs:.3} of pairs are both 0");
    }
}
