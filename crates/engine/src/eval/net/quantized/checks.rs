//! The checks every game's integer net passes, written once for any
//! [`IntInputs`]: its proved bound holds the sums it meets, its terms are
//! the differences of the `f32` encoder's sparse inputs, and batch
//! updates and every instruction set give the same bits. Each game's
//! tests call them on its own positions and shipped net.

use std::collections::BTreeMap;

use super::inputs::fixed;
use super::kernels::IntKernels;
use super::{Changes, IntInputs, IntScratch, QuantizedGameNetwork};
use crate::eval::game_net::SparseInputs;

/// `inputs` in fixed form, by index: what the terms of an integer net's
/// first layer add up to.
pub(crate) fn fixed_inputs<const N: usize>(inputs: &SparseInputs<N>) -> BTreeMap<u16, i64> {
    inputs
        .iter()
        .map(|(i, v)| (i as u16, i64::from(fixed(v))))
        .collect()
}

/// The proved bound fits in `i16` at a scale of 256 or more, and the sums
/// of `positions` stay inside it; prints the scale and the room used.
pub(crate) fn assert_sums_inside_the_proved_bound<'a, I: IntInputs>(
    name: &str,
    q: &QuantizedGameNetwork<I>,
    positions: impl IntoIterator<Item = &'a I::Position>,
    context: &I::Context,
) where
    I::Position: 'a,
{
    let h = q.headroom();
    let limit = f32::from(i16::MAX) / h.scale;
    let (mut lo, mut hi, mut n) = (0.0f32, 0.0f32, 0);
    for p in positions {
        let sums = q.sums_of(p, context);
        lo = sums.iter().fold(lo, |m, &x| m.min(x));
        hi = sums.iter().fold(hi, |m, &x| m.max(x));
        n += 1;
    }
    println!(
        "{name}: scale {}, {n} positions: sums {lo:.1} to {hi:.1} (limit ±{limit:.1}); \
         proved bound {:.1} to {:.1}, widest unit {:.1} of a {:.1} window",
        h.scale, h.bound.0, h.bound.1, h.widest, h.window
    );
    assert!(h.scale >= 256.0, "scale {}", h.scale);
    assert!(h.bound.1 < limit && h.widest <= h.window, "{h:?}");
    assert!(lo >= h.bound.0 && hi <= h.bound.1);
}

/// Every position's terms are its sparse inputs (`sparse`: the `f32`
/// encoder's, in fixed form, of the position and its parts), the terms
/// between two positions are the difference of their inputs, and a
/// position's parts against themselves have none. Checks more than 1,000
/// positions.
pub(crate) fn assert_terms_are_the_differences_of_the_sparse_inputs<'a, I: IntInputs>(
    positions: impl IntoIterator<Item = &'a I::Position>,
    context: &I::Context,
    mut sparse: impl FnMut(&I::Position, &I::Parts) -> BTreeMap<u16, i64>,
) where
    I::Position: 'a + std::fmt::Debug,
    I::Parts: Clone,
{
    let (mut parts, mut previous) = (I::Parts::default(), I::Parts::default());
    let mut previous_sparse = BTreeMap::new();
    let mut changes = Changes::default();
    let mut checked = 0;
    for p in positions {
        I::encode_parts(p, context, &mut parts);
        let sparse = sparse(p, &parts);
        I::all_terms(&parts, &mut changes);
        assert_eq!(changes.effect(), sparse, "{p:?}");
        let mut expected = sparse.clone();
        for (i, v) in &previous_sparse {
            *expected.entry(*i).or_default() -= v;
        }
        expected.retain(|_, v| *v != 0);
        I::terms_between(&previous, &parts, &mut changes);
        assert_eq!(changes.effect(), expected, "{p:?}");
        I::terms_between(&parts, &parts, &mut changes);
        assert_eq!(changes.len(), 0);
        (previous, previous_sparse) = (parts.clone(), sparse);
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} positions");
}

/// Batch positions updated from the previous one equal single
/// evaluations to the bit, also over one long batch of the first 2,000
/// positions, and every instruction set gives the baseline's bits (the
/// game's outcomes, over more than 3,000 positions).
pub(crate) fn assert_batches_and_instruction_sets_give_the_same_bits<I: IntInputs>(
    q: &QuantizedGameNetwork<I>,
    mut batches: Vec<Vec<I::Position>>,
    context: &I::Context,
) where
    I::Position: Copy,
{
    batches.push(batches.iter().flatten().copied().take(2000).collect());
    let run = |q: &QuantizedGameNetwork<I>, in_batch: bool| -> Vec<u32> {
        let mut s = IntScratch::<I::Parts>::default();
        let mut out = Vec::new();
        for batch in &batches {
            s.forget();
            for p in batch {
                let lanes = q.evaluate(p, context, &mut s, in_batch);
                out.extend(lanes[..I::OUTCOMES].iter().map(|x| x.to_bits()));
            }
        }
        out
    };
    let base = q.clone().with_kernels(IntKernels::baseline());
    let want = run(&base, false);
    assert!(want.len() > I::OUTCOMES * 3000);
    assert_eq!(run(&base, true), want, "baseline batches");
    for k in IntKernels::available() {
        println!("comparing {} with the baseline", k.name);
        assert_eq!(run(&q.clone().with_kernels(k), true), want, "{}", k.name);
    }
}
