//! A position's inputs as a bit set and a table of values, to find what
//! changed from one batch position to the next with a few word operations
//! instead of a merge of two sorted lists, whose data-dependent branches
//! the processor mispredicts at every difference.
//!
//! Inputs present in one position only are the set bits of the two sets'
//! difference; inputs present in both can only have changed if they are
//! not flags (a flag present is 1), so only those values are compared.
//! Values are read only where a bit is set, so the tables are never
//! cleared.

use super::inputs::Changes;
use crate::eval::features::{self, INPUTS, SparseInputs};

/// 64-bit words of a set of inputs.
const WORDS: usize = INPUTS.div_ceil(64);

/// The inputs that are not flags, as a set.
const FRACTIONAL: [u64; WORDS] = fractional();

const fn fractional() -> [u64; WORDS] {
    let mut set = [0u64; WORDS];
    let mut i = 0;
    while i < INPUTS {
        if !features::is_flag(i) {
            set[i / 64] |= 1 << (i % 64);
        }
        i += 1;
    }
    set
}

/// One position's non-zero inputs.
#[derive(Clone)]
pub struct Snapshot {
    /// Bit `i`: input `i` is not 0.
    present: [u64; WORDS],
    /// The value of each present input (others: stale, never read).
    values: [f32; INPUTS],
}

impl Default for Snapshot {
    fn default() -> Self {
        Snapshot {
            present: [0; WORDS],
            values: [0.0; INPUTS],
        }
    }
}

impl Snapshot {
    /// Makes `self` the inputs `inputs`.
    #[inline]
    pub fn set(&mut self, inputs: &SparseInputs) {
        // The word being filled stays in a register until the (increasing)
        // indices move past it: or-ing each bit into memory would chain
        // every input on the one before through a store and a load.
        let mut present = [0u64; WORDS];
        let (mut word, mut bits) = (0, 0u64);
        for (&i, &v) in inputs.indices().iter().zip(inputs.values()) {
            let i = usize::from(i);
            if i / 64 != word {
                present[word] |= bits;
                (word, bits) = (i / 64, 0);
            }
            bits |= 1 << (i % 64);
            self.values[i] = v;
        }
        present[word] |= bits;
        self.present = present;
    }
}

/// Calls `f` with the index of every set bit of word `w` of a set.
#[inline(always)]
fn each(mut bits: u64, w: usize, mut f: impl FnMut(usize)) {
    while bits != 0 {
        f(w * 64 + bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

impl Changes {
    /// Makes `self` the terms that turn the sums of `old` into those of
    /// `new`: inputs that appear added, inputs that go subtracted, inputs
    /// whose value changed replaced.
    #[inline]
    pub fn set_difference(&mut self, old: &Snapshot, new: &Snapshot) {
        self.clear();
        for (w, &fractional) in FRACTIONAL.iter().enumerate() {
            let (o, n) = (old.present[w], new.present[w]);
            each(o & !n, w, |i| self.push_sub(i as u16, old.values[i]));
            each(n & !o, w, |i| self.push_add(i as u16, new.values[i]));
            each(o & n & fractional, w, |i| {
                let (a, b) = (old.values[i], new.values[i]);
                if a.to_bits() != b.to_bits() {
                    self.push_change(i as u16, a, b);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::inputs::{Change, Scaled};
    use super::*;

    fn snapshot(pairs: &[(usize, f32)]) -> Snapshot {
        let mut dense = vec![0.0; INPUTS];
        for &(i, v) in pairs {
            dense[i] = v;
        }
        let mut s = Snapshot::default();
        s.set(&SparseInputs::from_dense(&dense));
        s
    }

    #[test]
    fn differences_subtract_old_terms_and_add_new_ones() {
        // Flags 0 (stays), 5 (goes), 6 (comes); fractions 3 (changes),
        // 121 (becomes 1), 124 (comes).
        let old = snapshot(&[(0, 1.0), (3, 0.25), (5, 1.0), (121, 1.25)]);
        let new = snapshot(&[(0, 1.0), (3, 0.5), (6, 1.0), (121, 1.0), (124, 0.75)]);
        let mut c = Changes::default();
        c.set_difference(&old, &new);
        let s = |index, whole, frac| Scaled { index, whole, frac };
        assert_eq!(c.add, [6, 121]);
        assert_eq!(c.sub, [5]);
        assert_eq!(c.add_scaled, [s(124, 0, 24576)]);
        assert_eq!(c.sub_scaled, [s(121, 1, 8192)]);
        assert_eq!(
            c.changed,
            [Change {
                old: s(3, 0, 8192),
                new: s(3, 0, 16384)
            }]
        );
        assert_eq!(c.len(), 6);
        // The same snapshot: nothing; from nothing: everything.
        c.set_difference(&new, &new);
        assert_eq!(c.len(), 0);
        c.set_difference(&Snapshot::default(), &new);
        assert_eq!((c.add.len(), c.add_scaled.len(), c.len()), (3, 2, 5));
    }
}
