//! The integer Fevga net against its `f32` original: the proved bound
//! holds the sums, equities agree to a few thousandths, the terms are the
//! differences of the sparse inputs, batch updates are exact, and every
//! instruction set gives the same bits.

use std::collections::BTreeMap;

use super::*;
use crate::eval::game_net::embedded_network;
use crate::eval::net::quantized::Changes;
use crate::eval::net::quantized::inputs::fixed;
use crate::eval::net::quantized::kernels::IntKernels;
use crate::game::batches::random_batches;
use crate::game::fevga::net::inputs::{FevgaInputs, expand};
use crate::game::fevga::net::outcomes::to_probabilities;
use crate::game::fevga::net::{FevgaNet, FevgaNetwork};
use crate::game::game_equity;
use plakoto_rules::Fevga;

/// Batches as a search makes them, from seeded games of random plays.
fn batches(seed: u64, games: usize) -> Vec<Vec<FevgaPosition>> {
    random_batches(&Fevga::default(), seed, games)
}

fn shipped() -> (FevgaNetwork, QuantizedFevgaNetwork) {
    let net = embedded_network::<FevgaNet>().expect("embedded Fevga weights");
    let q = QuantizedFevgaNetwork::new(&net).expect("the shipped net quantises");
    (net, q)
}

/// The proved bound fits, and the sums of the positions met stay inside
/// it and inside `i16`.
#[test]
fn shipped_net_sums_stay_inside_the_proved_bound() {
    let (_, q) = shipped();
    let h = q.headroom();
    let rules = FevgaRules::default();
    let limit = f32::from(i16::MAX) / h.scale;
    let (mut lo, mut hi, mut n) = (0.0f32, 0.0f32, 0);
    for p in batches(5, 60).iter().flatten() {
        let sums = q.sums_of(p, &rules);
        lo = sums.iter().fold(lo, |m, &x| m.min(x));
        hi = sums.iter().fold(hi, |m, &x| m.max(x));
        n += 1;
    }
    println!(
        "fevga: scale {}, {n} positions: sums {lo:.1} to {hi:.1} (limit ±{limit:.1}); \
         proved bound {:.1} to {:.1}, widest unit {:.1} of a {:.1} window",
        h.scale, h.bound.0, h.bound.1, h.widest, h.window
    );
    assert!(h.scale >= 256.0, "scale {}", h.scale);
    assert!(h.bound.1 < limit && h.widest <= h.window, "{h:?}");
    assert!(lo >= h.bound.0 && hi <= h.bound.1);
}

/// Equities of the integer and `f32` nets: the quantisation moves them by
/// a few thousandths; a wrong row, scale or rounding would move them by
/// tenths.
#[test]
fn integer_equities_are_within_a_few_thousandths_of_f32() {
    let (net, q) = shipped();
    let game = Fevga::default();
    let (mut inputs, mut hidden) = (FevgaInputs::default(), Vec::new());
    let mut s = FevgaIntScratch::default();
    let (mut worst, mut total, mut n) = (0.0f64, 0.0f64, 0);
    for p in batches(6, 60).iter().flatten() {
        let mut float = [0.0; OUTCOMES];
        crate::game::fevga::net::inputs::encode(p, &game.rules, &mut inputs);
        net.forward(&inputs, outcome_mask(p), &mut hidden, &mut float);
        let int = q.distribution_with(p, &game.rules, &mut s, false);
        let equity = |d: &[f32; OUTCOMES]| f64::from(game_equity(&game, &to_probabilities(d)));
        let delta = (equity(&float) - equity(&int)).abs();
        worst = worst.max(delta);
        total += delta;
        n += 1;
    }
    let mean = total / f64::from(n);
    println!("fevga: {n} positions, |Δequity| max {worst:.4} mean {mean:.5}");
    assert!(worst < 0.03, "max |Δequity| {worst}");
    assert!(mean < 0.004, "mean |Δequity| {mean}");
    assert!(worst > 0.0, "no difference at all: not the integer path?");
}

/// Every position's terms are its sparse inputs (in fixed form), and the
/// terms between two positions are the difference of their inputs.
#[test]
fn terms_are_the_differences_of_the_sparse_inputs() {
    let rules = FevgaRules::default();
    let (mut parts, mut previous) = (FevgaParts::default(), FevgaParts::default());
    let mut previous_sparse = BTreeMap::new();
    let (mut inputs, mut changes) = (FevgaInputs::default(), Changes::default());
    let mut checked = 0;
    for p in batches(7, 20).iter().flatten() {
        encode_parts(p, &rules, &mut parts);
        expand(&parts, &mut inputs);
        let sparse: BTreeMap<u16, i64> = inputs
            .iter()
            .map(|(i, v)| (i as u16, i64::from(fixed(v))))
            .collect();
        terms::all_terms(&parts, &mut changes);
        assert_eq!(changes.effect(), sparse, "{p:?}");
        let mut expected = sparse.clone();
        for (i, v) in &previous_sparse {
            *expected.entry(*i).or_default() -= v;
        }
        expected.retain(|_, v| *v != 0);
        terms::terms_between(&previous, &parts, &mut changes);
        assert_eq!(changes.effect(), expected, "{p:?}");
        terms::terms_between(&parts, &parts, &mut changes);
        assert_eq!(changes.len(), 0);
        (previous, previous_sparse) = (parts.clone(), sparse);
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} positions");
}

/// Batch positions updated from the previous one equal single
/// evaluations to the bit, also over one long batch, and every
/// instruction set gives the baseline's bits.
#[test]
fn batches_and_instruction_sets_give_the_same_bits() {
    let (_, q) = shipped();
    let rules = FevgaRules::default();
    let mut all = batches(8, 20);
    all.push(all.iter().flatten().copied().take(2000).collect());
    let run = |q: &QuantizedFevgaNetwork, in_batch: bool| -> Vec<u32> {
        let mut s = FevgaIntScratch::default();
        let mut out = Vec::new();
        for batch in &all {
            s.forget();
            for p in batch {
                out.extend(
                    q.distribution_with(p, &rules, &mut s, in_batch)
                        .map(f32::to_bits),
                );
            }
        }
        out
    };
    let base = q.clone().with_kernels(IntKernels::baseline());
    let want = run(&base, false);
    assert!(want.len() > 4 * 3000);
    assert_eq!(run(&base, true), want, "baseline batches");
    for k in IntKernels::available() {
        println!("comparing {} with the baseline", k.name);
        assert_eq!(run(&q.clone().with_kernels(k), true), want, "{}", k.name);
    }
}

/// A freshly initialised net (other weights and size) quantises and
/// agrees with its `f32` original too.
#[test]
fn a_random_net_quantises_and_agrees() {
    let game = Fevga::default();
    let net = FevgaNetwork::random(64, 3);
    let q = QuantizedFevgaNetwork::new(&net).expect("quantises");
    let (mut inputs, mut hidden) = (FevgaInputs::default(), Vec::new());
    let mut s = FevgaIntScratch::default();
    for p in batches(9, 3).iter().flatten() {
        let mut float = [0.0; OUTCOMES];
        crate::game::fevga::net::inputs::encode(p, &game.rules, &mut inputs);
        net.forward(&inputs, outcome_mask(p), &mut hidden, &mut float);
        let int = q.distribution_with(p, &game.rules, &mut s, true);
        for k in 0..OUTCOMES {
            assert!((float[k] - int[k]).abs() < 0.01, "{p:?}: {float:?} {int:?}");
        }
    }
}
