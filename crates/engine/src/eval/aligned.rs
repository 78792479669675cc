//! [`Aligned`]: numbers in memory aligned to a cache line (64 bytes), for
//! the nets' vector loops: [`AlignedI16`] for the integer nets' first
//! layer, sums, zero points and activations, [`AlignedF32`] for the `f32`
//! nets' first layer.
//!
//! Why: the AVX-512 loops load 64 bytes at a time from the first layer's
//! rows (32 `i16`s or 16 `f32`s) and from the hidden sums. A `Vec` is only
//! aligned to its element; where the allocator happened to place the
//! weights 48 bytes into a line, every such load split two cache lines,
//! and Plakoto's 2-ply hint took 6% longer (the accumulate loop alone 22%)
//! than in a build where it placed them on a line boundary: the speed
//! depended on the allocation history of the process. Aligned, it does
//! not.

use std::ops::{Deref, DerefMut};

/// A number an [`Aligned`] run holds, with the cache line that holds
/// [`Lane::PER_LINE`] of them. Implemented for `i16` and `f32` only:
/// [`Aligned`]'s reads rely on the line being exactly that many numbers,
/// with no padding, and on every bit pattern (all zeros included) being a
/// number.
pub trait Lane: Copy + std::fmt::Debug + private::Sealed + 'static {
    /// One cache line of these numbers.
    type Line: Copy;
    /// Numbers a line holds.
    const PER_LINE: usize;
    /// A line of zeros.
    const ZERO_LINE: Self::Line;
    /// Zero.
    const ZERO: Self;
}

mod private {
    /// Only this module's numbers are [`super::Lane`]s.
    pub trait Sealed {}
    impl Sealed for i16 {}
    impl Sealed for f32 {}
}

/// One cache line of `N` numbers.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub struct Line<T, const N: usize>([T; N]);

impl Lane for i16 {
    type Line = Line<i16, 32>;
    const PER_LINE: usize = 32;
    const ZERO_LINE: Self::Line = Line([0; 32]);
    const ZERO: i16 = 0;
}

impl Lane for f32 {
    type Line = Line<f32, 16>;
    const PER_LINE: usize = 16;
    const ZERO_LINE: Self::Line = Line([0.0; 16]);
    const ZERO: f32 = 0.0;
}

/// A growable run of numbers whose first element starts a cache line; it
/// reads and writes as a slice.
#[derive(Clone)]
pub struct Aligned<T: Lane> {
    lines: Vec<T::Line>,
    len: usize,
}

/// `i16`s aligned to a cache line.
pub type AlignedI16 = Aligned<i16>;

/// `f32`s aligned to a cache line.
pub type AlignedF32 = Aligned<f32>;

impl<T: Lane> Default for Aligned<T> {
    fn default() -> Self {
        Aligned {
            lines: Vec::new(),
            len: 0,
        }
    }
}

impl<T: Lane> Aligned<T> {
    /// A copy of `values`.
    pub fn from_slice(values: &[T]) -> Aligned<T> {
        let mut out = Aligned::default();
        out.copy_from(values);
        out
    }

    /// Makes the contents a copy of `values` (no allocation once large
    /// enough).
    #[inline]
    pub fn copy_from(&mut self, values: &[T]) {
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
            self.lines.resize(len.div_ceil(T::PER_LINE), T::ZERO_LINE);
            self.len = len;
            self[old..].fill(T::ZERO);
        } else {
            self.len = len;
        }
    }
}

impl<T: Lane> Deref for Aligned<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: a line is `PER_LINE` numbers with no padding (`Lane`'s
        // two impls: `repr(C)` arrays of 64 bytes, alignment 64, which the
        // number's divides), so the lines are `PER_LINE · lines.len()`
        // contiguous, initialised numbers, and `len <= PER_LINE ·
        // lines.len()`. With no line the pointer is dangling but aligned
        // and non-null, as an empty slice allows.
        unsafe { std::slice::from_raw_parts(self.lines.as_ptr().cast::<T>(), self.len) }
    }
}

impl<T: Lane> DerefMut for Aligned<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as `deref`, and `&mut self` borrows the lines uniquely.
        unsafe { std::slice::from_raw_parts_mut(self.lines.as_mut_ptr().cast::<T>(), self.len) }
    }
}

impl<T: Lane> std::fmt::Debug for Aligned<T> {
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

    #[test]
    fn an_f32_run_is_line_aligned_and_reads_as_its_values() {
        let values: Vec<f32> = (0..50).map(|i| i as f32 / 3.0).collect();
        let mut a = AlignedF32::from_slice(&values);
        assert_eq!(&*a, &values[..]);
        assert_eq!(a.as_ptr() as usize % 64, 0);
        a.resize(10);
        a.resize(20);
        assert_eq!(&a[..10], &values[..10]);
        assert!(a[10..].iter().all(|&x| x == 0.0));
    }
}
