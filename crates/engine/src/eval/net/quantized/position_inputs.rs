//! The integer first layer's terms from a position's inputs as the encoder
//! gives them ([`InputParts`]: each point's content code and each global's
//! count). The terms that change from one batch position to the next are
//! found by comparing 48 bytes of point codes a word at a time and 36
//! counts, with no list of inputs built, sorted or merged: a point whose
//! code is unchanged contributes nothing, and one that changed contributes
//! the difference of its two contents' inputs, from a table.

use super::IntInputs;
use super::bounds::{self, Range};
use super::inputs::{Changes, Fixed, fixed, fixed_table, tabled_fixed};
use crate::eval::features::{
    self, GLOBAL_MAX_COUNT, GLOBALS, InputParts, PER_POINT, PER_SIDE, POINT_CODES, global_value,
    point_inputs,
};
use crate::eval::net::PlakotoNet;
use plakoto_rules::Position;

/// Plakoto's inputs to the integer net: [`InputParts`], their terms
/// here, and the bound of `bounds`.
impl IntInputs for PlakotoNet {
    type Position = Position;
    type Context = ();
    type Parts = InputParts;

    #[inline(always)]
    fn encode_parts(position: &Position, _: &(), parts: &mut InputParts) -> u16 {
        features::encode_parts_inline(position, parts);
        features::outcome_mask(position)
    }

    #[inline(always)]
    fn all_terms(parts: &InputParts, changes: &mut Changes) {
        all_terms(parts, changes);
    }

    #[inline(always)]
    fn terms_between(old: &InputParts, new: &InputParts, changes: &mut Changes) {
        terms_between(old, new, changes);
    }

    fn ranges(w: &[i16], bias: &[i32]) -> Vec<Range> {
        bounds::ranges(w, bias)
    }
}

/// Point codes of both sides, as bytes.
const POINT_BYTES: usize = 2 * 24;

/// The [`Fixed`] inputs of every point content: [`point_inputs`] of each
/// [`PointCode`].
const POINT_FIXED: [[Fixed; PER_POINT]; POINT_CODES] = {
    let mut table = [[0; PER_POINT]; POINT_CODES];
    let mut code = 0;
    while code < POINT_CODES {
        let values = point_inputs((code % 16) as u8, code >= 16);
        let mut k = 0;
        while k < PER_POINT {
            table[code][k] = fixed(values[k]);
            k += 1;
        }
        code += 1;
    }
    table
};

/// The pip count's global.
const PIPS: usize = 1;

/// Counts below this have their globals' [`Fixed`] values in
/// [`GLOBAL_FIXED`]: every global's largest count but the pip count's.
const TABLED_COUNTS: usize = {
    let (mut largest, mut k) = (0, 0);
    while k < GLOBALS {
        if k != PIPS && GLOBAL_MAX_COUNT[k] as usize > largest {
            largest = GLOBAL_MAX_COUNT[k] as usize;
        }
        k += 1;
    }
    largest + 1
};

/// Largest pip count.
const MAX_PIPS: usize = GLOBAL_MAX_COUNT[PIPS] as usize;

/// [`Fixed`] values of each global by count, for counts below
/// [`TABLED_COUNTS`]: the same `f32` division as the sparse inputs', done
/// once.
static GLOBAL_FIXED: [[Fixed; TABLED_COUNTS]; GLOBALS] =
    fixed_table!(global_value, GLOBALS, TABLED_COUNTS);

/// [`Fixed`] values of the pip count's global.
static PIP_FIXED: [Fixed; MAX_PIPS + 1] = fixed_table!(global_value, row PIPS, MAX_PIPS + 1);

/// The [`Fixed`] value of global `k` of count `count`.
#[inline(always)]
fn global_fixed(k: usize, count: u16) -> Fixed {
    let table: &[Fixed] = if k == PIPS {
        &PIP_FIXED
    } else {
        &GLOBAL_FIXED[k]
    };
    tabled_fixed(table, count, || global_value(k, count))
}

/// The one input of a point that is not a flag: (n − 3) / 4.
const EXCESS: usize = 3;

/// Bit `k`: flag input `k` of the point is set, for every point content.
const POINT_FLAGS: [u8; POINT_CODES] = {
    let mut table = [0; POINT_CODES];
    let mut code = 0;
    while code < POINT_CODES {
        let mut k = 0;
        while k < PER_POINT {
            if k != EXCESS && POINT_FIXED[code][k] != 0 {
                table[code] |= 1 << k;
            }
            k += 1;
        }
        code += 1;
    }
    table
};

/// Index of input `k` of point index `point` of `side`.
#[inline(always)]
fn point_input(side: usize, point: usize, k: usize) -> u16 {
    (side * PER_SIDE + point * PER_POINT + k) as u16
}

/// Index of global `k` of `side`.
#[inline(always)]
fn global_input(side: usize, k: usize) -> u16 {
    (side * PER_SIDE + 24 * PER_POINT + k) as u16
}

/// Makes `changes` the terms of every input of `inputs`.
#[inline(always)]
pub fn all_terms(inputs: &InputParts, changes: &mut Changes) {
    changes.clear();
    for (byte, &code) in inputs.points.as_flattened().iter().enumerate() {
        if code != 0 {
            let (side, point) = (byte / 24, byte % 24);
            for (k, &v) in POINT_FIXED[usize::from(code)].iter().enumerate() {
                if v != 0 {
                    changes.push_add(point_input(side, point, k), v);
                }
            }
        }
    }
    for (i, &count) in inputs.globals.as_flattened().iter().enumerate() {
        if count != 0 {
            let (side, k) = (i / GLOBALS, i % GLOBALS);
            changes.push_add(global_input(side, k), global_fixed(k, count));
        }
    }
}

/// Makes `changes` the terms that turn the sums of `old`'s inputs into
/// those of `new`'s.
#[inline(always)]
pub fn terms_between(old: &InputParts, new: &InputParts, changes: &mut Changes) {
    changes.clear();
    let (old_points, new_points) = (old.points.as_flattened(), new.points.as_flattened());
    let words = |p: &[u8]| -> [u64; POINT_BYTES / 8] {
        std::array::from_fn(|w| u64::from_le_bytes(p[w * 8..][..8].try_into().expect("8 bytes")))
    };
    let (was, now) = (words(old_points), words(new_points));
    for (w, (&a, &b)) in was.iter().zip(&now).enumerate() {
        let mut differ = a ^ b;
        while differ != 0 {
            let byte_in_word = differ.trailing_zeros() as usize / 8;
            differ &= !(0xff << (8 * byte_in_word));
            let byte = w * 8 + byte_in_word;
            let (side, point) = (byte / 24, byte % 24);
            let at = point_input(side, point, 0);
            let (from, to) = (old_points[byte], new_points[byte]);
            // The flags (every input but the excess) as bit masks.
            let flags = |code: u8| POINT_FLAGS[usize::from(code)];
            changes.push_flags(at, flags(from), flags(to));
            let (a, b) = (
                POINT_FIXED[usize::from(from)][EXCESS],
                POINT_FIXED[usize::from(to)][EXCESS],
            );
            changes.push_transition(at + EXCESS as u16, a, b);
        }
    }
    // Which globals differ, as a mask built without branches; then only
    // those are visited.
    let (old_globals, new_globals) = (old.globals.as_flattened(), new.globals.as_flattened());
    let mut differ = 0u64;
    for (i, (a, b)) in old_globals.iter().zip(new_globals).enumerate() {
        differ |= u64::from(a != b) << i;
    }
    while differ != 0 {
        let i = differ.trailing_zeros() as usize;
        differ &= differ - 1;
        let (side, k) = (i / GLOBALS, i % GLOBALS);
        // A count of 0 is value 0: the input is absent.
        changes.push_transition(
            global_input(side, k),
            global_fixed(k, old_globals[i]),
            global_fixed(k, new_globals[i]),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::checks::fixed_inputs;
    use super::super::inputs::{Change, FIXED_ONE, Scaled};
    use super::*;
    use crate::eval::features::{self, SparseInputs};
    use plakoto_rules::{MoveGenerator, Rules};
    use rand::SeedableRng;

    fn inputs_of(p: &plakoto_rules::Position) -> InputParts {
        let mut parts = InputParts::default();
        features::encode_parts(p, &mut parts);
        parts
    }

    /// The (index, fixed value) pairs a list of changes adds, minus those
    /// it subtracts, as a map: what it does to the sums.
    fn effect(c: &Changes) -> std::collections::BTreeMap<u16, i64> {
        let mut m = std::collections::BTreeMap::new();
        let value = |s: &Scaled| i64::from(s.whole) * i64::from(FIXED_ONE) + i64::from(s.frac);
        for &i in &c.add {
            *m.entry(i).or_default() += i64::from(FIXED_ONE);
        }
        for &i in &c.sub {
            *m.entry(i).or_default() -= i64::from(FIXED_ONE);
        }
        for s in &c.add_scaled {
            *m.entry(s.index).or_default() += value(s);
        }
        for s in &c.sub_scaled {
            *m.entry(s.index).or_default() -= value(s);
        }
        for Change { old, new } in &c.changed {
            assert_eq!(old.index, new.index);
            *m.entry(new.index).or_default() += value(new) - value(old);
        }
        m.retain(|_, v| *v != 0);
        m
    }

    /// The sparse encoder's inputs in fixed form.
    fn sparse_fixed(p: &plakoto_rules::Position) -> std::collections::BTreeMap<u16, i64> {
        let mut s = SparseInputs::default();
        features::encode(p, &mut s);
        fixed_inputs(&s)
    }

    /// Every term of a position is that of the sparse encoder's input list,
    /// and the terms from one position of a random game to the next (or to
    /// itself, or from nothing) are the difference of the two lists.
    #[test]
    fn terms_are_the_differences_of_the_sparse_inputs() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261124);
        let mut generator = MoveGenerator::default();
        let mut previous = InputParts::default();
        let mut previous_sparse = std::collections::BTreeMap::new();
        let mut changes = Changes::default();
        let mut checked = 0;
        for _ in 0..20 {
            plakoto_rules::sampling::random_game(
                &mut rng,
                Rules::default(),
                &mut generator,
                400,
                |p| {
                    let inputs = inputs_of(p);
                    let sparse = sparse_fixed(p);
                    all_terms(&inputs, &mut changes);
                    assert_eq!(effect(&changes), sparse, "{p:?}");
                    assert!(changes.changed.is_empty() && changes.sub.is_empty());
                    let mut expected = sparse.clone();
                    for (i, v) in &previous_sparse {
                        *expected.entry(*i).or_default() -= v;
                    }
                    expected.retain(|_, v| *v != 0);
                    terms_between(&previous, &inputs, &mut changes);
                    assert_eq!(effect(&changes), expected, "{p:?}");
                    terms_between(&inputs, &inputs, &mut changes);
                    assert_eq!(changes.len(), 0);
                    terms_between(&InputParts::default(), &inputs, &mut changes);
                    assert_eq!(effect(&changes), sparse, "{p:?}");
                    (previous, previous_sparse) = (inputs, sparse);
                    checked += 1;
                },
            );
        }
        assert!(checked > 1000, "only {checked} positions");
    }

    #[test]
    fn a_changed_value_is_one_change_and_flags_are_whole_rows() {
        let mut old = InputParts::default();
        let mut new = InputParts::default();
        // Own point index 2: 2 free checkers, then 5 free and a pin.
        old.points[0][2] = 2;
        new.points[0][2] = 5 + 16;
        // Global 1 (pips) changes count, 80 to 120 (value 0.5 to 0.75);
        // global 12 (race) comes.
        old.globals[0][1] = 80;
        new.globals[0][1] = 120;
        new.globals[0][12] = 1;
        let mut c = Changes::default();
        terms_between(&old, &new, &mut c);
        let s = |index, whole, frac| Scaled { index, whole, frac };
        assert_eq!(c.add, [12, 14, 132]);
        assert!(c.sub.is_empty() && c.sub_scaled.is_empty());
        assert_eq!(c.add_scaled, [s(13, 0, 16384)]);
        assert_eq!(
            c.changed,
            [Change {
                old: s(121, 0, 16384),
                new: s(121, 0, 24576)
            }]
        );
    }
}
