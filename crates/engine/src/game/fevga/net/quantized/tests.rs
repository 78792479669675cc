//! The integer Fevga net against its `f32` original: the proved bound
//! holds the sums, equities agree to a few thousandths, the terms are the
//! differences of the sparse inputs, batch updates are exact, and every
//! instruction set gives the same bits.

use super::*;
use crate::eval::game_net::embedded_network;
use crate::eval::net::quantized::checks::{
    assert_batches_and_instruction_sets_give_the_same_bits, assert_sums_inside_the_proved_bound,
    assert_terms_are_the_differences_of_the_sparse_inputs, fixed_inputs,
};
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
    let rules = FevgaRules::default();
    assert_sums_inside_the_proved_bound("fevga", &q, batches(5, 60).iter().flatten(), &rules);
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
    let mut inputs = FevgaInputs::default();
    assert_terms_are_the_differences_of_the_sparse_inputs::<FevgaNet>(
        batches(7, 20).iter().flatten(),
        &FevgaRules::default(),
        |_, parts| {
            expand(parts, &mut inputs);
            fixed_inputs(&inputs)
        },
    );
}

/// Batch positions updated from the previous one equal single
/// evaluations to the bit, also over one long batch, and every
/// instruction set gives the baseline's bits.
#[test]
fn batches_and_instruction_sets_give_the_same_bits() {
    let (_, q) = shipped();
    assert_batches_and_instruction_sets_give_the_same_bits(
        &q,
        batches(8, 20),
        &FevgaRules::default(),
    );
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
