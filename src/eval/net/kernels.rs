//! The two vector loops of inference, written so the compiler vectorises
//! them (fixed 16-lane chunks, separate accumulators), compiled once for
//! the baseline CPU and once each for AVX2 and AVX-512, chosen at run time.
//!
//! Every variant runs the same arithmetic in the same order (Rust never
//! fuses a multiply and an add on its own), so results are bit-identical
//! whichever is chosen: weights evaluate the same on every machine.

/// Lanes of one chunk. Hidden layer sizes are multiples of this.
pub const LANES: usize = 16;

/// The loops for one instruction set.
#[derive(Clone, Copy)]
pub struct Kernels {
    /// `acc += scale * row`.
    pub axpy: fn(&mut [f32], f32, &[f32]),
    /// `Σ a·b`.
    pub dot: fn(&[f32], &[f32]) -> f32,
    /// Name of the instruction set, for benchmarks.
    pub name: &'static str,
}

#[inline(always)]
fn axpy_generic(acc: &mut [f32], scale: f32, row: &[f32]) {
    for (a, r) in acc.chunks_exact_mut(LANES).zip(row.chunks_exact(LANES)) {
        for j in 0..LANES {
            a[j] += scale * r[j];
        }
    }
}

#[inline(always)]
fn dot_generic(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0.0f32; LANES];
    for (x, y) in a.chunks_exact(LANES).zip(b.chunks_exact(LANES)) {
        for j in 0..LANES {
            acc[j] += x[j] * y[j];
        }
    }
    // Fixed pairwise order, the same in every variant.
    let mut width = LANES / 2;
    while width > 0 {
        for j in 0..width {
            acc[j] += acc[j + width];
        }
        width /= 2;
    }
    acc[0]
}

fn axpy_base(acc: &mut [f32], scale: f32, row: &[f32]) {
    axpy_generic(acc, scale, row)
}

fn dot_base(a: &[f32], b: &[f32]) -> f32 {
    dot_generic(a, b)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{axpy_generic, dot_generic};

    #[target_feature(enable = "avx2")]
    unsafe fn axpy_avx2_inner(acc: &mut [f32], scale: f32, row: &[f32]) {
        axpy_generic(acc, scale, row)
    }

    #[target_feature(enable = "avx2")]
    unsafe fn dot_avx2_inner(a: &[f32], b: &[f32]) -> f32 {
        dot_generic(a, b)
    }

    #[target_feature(enable = "avx512f")]
    unsafe fn axpy_avx512_inner(acc: &mut [f32], scale: f32, row: &[f32]) {
        axpy_generic(acc, scale, row)
    }

    #[target_feature(enable = "avx512f")]
    unsafe fn dot_avx512_inner(a: &[f32], b: &[f32]) -> f32 {
        dot_generic(a, b)
    }

    pub fn axpy_avx2(acc: &mut [f32], scale: f32, row: &[f32]) {
        // SAFETY: only selected after `is_x86_feature_detected!("avx2")`.
        unsafe { axpy_avx2_inner(acc, scale, row) }
    }

    pub fn dot_avx2(a: &[f32], b: &[f32]) -> f32 {
        // SAFETY: only selected after `is_x86_feature_detected!("avx2")`.
        unsafe { dot_avx2_inner(a, b) }
    }

    pub fn axpy_avx512(acc: &mut [f32], scale: f32, row: &[f32]) {
        // SAFETY: only selected after `is_x86_feature_detected!("avx512f")`.
        unsafe { axpy_avx512_inner(acc, scale, row) }
    }

    pub fn dot_avx512(a: &[f32], b: &[f32]) -> f32 {
        // SAFETY: only selected after `is_x86_feature_detected!("avx512f")`.
        unsafe { dot_avx512_inner(a, b) }
    }
}

impl Kernels {
    /// The fastest variant this CPU supports.
    pub fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                return Kernels {
                    axpy: x86::axpy_avx512,
                    dot: x86::dot_avx512,
                    name: "avx512",
                };
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return Kernels {
                    axpy: x86::axpy_avx2,
                    dot: x86::dot_avx2,
                    name: "avx2",
                };
            }
        }
        Kernels::baseline()
    }

    /// The variant for the baseline CPU of the build.
    pub fn baseline() -> Kernels {
        Kernels {
            axpy: axpy_base,
            dot: dot_base,
            name: "baseline",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_gives_identical_results() {
        let a: Vec<f32> = (0..64).map(|i| (i as f32 * 0.37).sin()).collect();
        let b: Vec<f32> = (0..64).map(|i| (i as f32 * 0.11).cos()).collect();
        let (base, best) = (Kernels::baseline(), Kernels::detect());
        assert_eq!((base.dot)(&a, &b).to_bits(), (best.dot)(&a, &b).to_bits());
        let (mut x, mut y) = (a.clone(), a.clone());
        (base.axpy)(&mut x, 0.3, &b);
        (best.axpy)(&mut y, 0.3, &b);
        assert_eq!(x, y);
        let naive: f32 = a.iter().zip(&b).map(|(p, q)| p * q).sum();
        assert!(((base.dot)(&a, &b) - naive).abs() < 1e-4);
    }
}
