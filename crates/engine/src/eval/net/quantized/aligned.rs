//! [`AlignedI16`]: `i16`s in memory aligned to a cache line (64 bytes).
//!
//! Why: the AVX-512 loops load 32 `i16`s (64 bytes) at a time from the
//! first layer's rows, the hidden sums and the zero points. A `Vec<i16>`
//! is only 2-byte aligned; where the allocator happened to place the
//! weights 48 bytes into a line, every such load split two cache lines,
//! and the 2-ply hint took 6% longer (the accumulate loop alone 22%)
//! than in a build where it placed them on a line boundary: the speed
//! depended on the allocation history of the process. Aligned, it does
//! not.

use std::ops::{Deref, DerefMut};

/// `i16` values a line holds.
const PER_LINE: usize = 32;

/// One cache line of `i16`s.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([i16; PER_LINE]);

const ZERO_LINE: Line = Line([0; PER_LINE]);

/// A growable run of `i16`s whose first element starts a cache line; it
/// reads and writes as a slice.
#[derive(Clone, Default)]
pub struct AlignedI16 {
    lines: Vec<Line>,
    len: usize,
}

impl AlignedI16 {
    /// A copy of `values`.
    pub fn from_slice(values: &[i16]) -> AlignedI16 {
        let mut out = AlignedI16::default();
        out.copy_from(values);
        out
    }

    /// Makes the contents a copy of `values` (no allocation once large
    /// enough).
    #[inline]
    pub fn copy_from(&mut self, values: &[i16]) {
        self.resize(values.len());
        self.copy_from_slice(values);
    }

    /// Sets the length to `len`; new elements are 0, as `Vec::resize`'s.
    #[inline]
    pub fn resize(&mut self, len: usize) {
        if len > self.len {
            // Elements past the old length may hold what a longer run
            // left there.
            let old = self.len;
            self.lines.resize(len.div_ceil(PER_LINE), ZERO_LINE);
            self.len = len;
            self[old..].fill(0);
        } else {
            self.len = len;
        }
    }
}

impl Deref for AlignedI16 {
    type Target = [i16];

    #[inline]
    fn deref(&self) -> &[i16] {
        // SAFETY: `Line` is 32 `i16`s with no padding (`repr(C)`, 64
        // bytes, alignment 64, which `i16`'s divides), so the lines are
        // `32 · lines.len()` contiguous, initialised `i16`s, and
        // `len <= 32 · lines.len()`. With no line the pointer is dangling
        // but aligned and non-null, as an empty slice allows.
        unsafe { std::slice::from_raw_parts(self.lines.as_ptr().cast::<i16>(), self.len) }
    }
}

impl DerefMut for AlignedI16 {
    #[inline]
    fn deref_mut(&mut self) -> &mut [i16] {
        // SAFETY: as `deref`, and `&mut self` borrows the lines uniquely.
        unsafe { std::slice::from_raw_parts_mut(self.lines.as_mut_ptr().cast::<i16>(), self.len) }
    }
}

impl std::fmt::Debug for AlignedI16 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_line_aligned_and_reads_as_its_values() {
        let values: Vec<i16> = (0..100).collect();
        let mut a = AlignedI16::from_slice(&values);
        assert_eq!(&*a, &values[..]);
        assert_eq!(a.as_ptr() as usize % 64, 0);
        // Shrunk, then grown back: the new elements are 0, not what the
        // longer run left.
        a.resize(40);
        assert_eq!(&*a, &values[..40]);
        a.resize(70);
        assert_eq!(&a[..40], &values[..40]);
        assert!(a[40..].iter().all(|&x| x == 0));
        a[69] = -7;
        assert_eq!(a[69], -7);
        a.copy_from(&[1, 2, 3]);
        assert_eq!(&*a, &[1, 2, 3]);
        assert!(AlignedI16::default().is_empty());
    }
}
