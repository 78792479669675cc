//! The integer copy of any one-hidden-layer net's layers, at the largest
//! scale whose first-layer sums are proved to fit `i16` (the scheme of the
//! module comment of [`super`]): Plakoto's [`super::QuantizedNetwork`] and
//! Fevga's integer net are both made by [`IntLayers::new`], each with the
//! bound of its own inputs.

use super::bounds::Range;
use super::output::{PairColumn, pair_major};
use crate::eval::aligned::AlignedI16;

/// The largest first-layer scale tried; lower ones are multiples of
/// [`SCALE_STEP`], down to [`MIN_SCALE`].
const MAX_SCALE: i32 = 512;
const SCALE_STEP: i32 = 32;
/// Below this the integer net is too coarse: the `f32` net is used.
const MIN_SCALE: i32 = 128;

/// Why a network has no integer copy (the evaluator then uses `f32`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuantizeError {
    /// Even at the smallest scale some hidden sum could leave `i16`.
    #[error("the first layer's sums do not fit 16 bits even at scale {MIN_SCALE}")]
    FirstLayer,
    /// The output weights or sums cannot be held in 16 and 32 bits.
    #[error("the output layer does not fit 16-bit weights and 32-bit sums")]
    OutputLayer,
}

/// How much room the first layer's sums have, for tests and reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Headroom {
    /// Integer units per unit of the `f32` sums.
    pub scale: f32,
    /// The smallest and largest sum any position can give, in `f32` units.
    pub bound: (f32, f32),
    /// The widest range of one unit that can be positive, in `f32` units.
    pub widest: f32,
    /// The widest range `i16` holds at this scale, in `f32` units.
    pub window: f32,
}

/// The bound of a net's inputs: each unit's [`Range`] for integer weights
/// (input rows of `bias.len()` weights) and biases.
pub type RangesFn<'a> = &'a dyn Fn(&[i16], &[i32]) -> Vec<Range>;

/// A net's layers in integers, for inference.
#[derive(Clone)]
pub struct IntLayers {
    /// Hidden units.
    pub hidden: usize,
    /// Input rows of `hidden` weights, scale `s1` (line-aligned, as the
    /// loops load them).
    pub w1: AlignedI16,
    /// Biases, scale `s1`, minus each unit's offset.
    pub b1: Vec<i16>,
    /// Each unit's stored sum for a true sum of 0: minus its offset.
    pub zero: AlignedI16,
    /// The output weights, scale `s2`, a column for each pair of hidden
    /// units ([`pair_major`]).
    pub w2: Vec<PairColumn>,
    /// `1 / (s1 · s2)`: from output dot products to logits.
    pub out_scale: f32,
    /// The scale and the room its sums have.
    pub headroom: Headroom,
}

/// The first layer at one scale: weights, biases as `i32`, sum ranges.
struct FirstLayer {
    scale: i32,
    w1: Vec<i16>,
    b1: Vec<i32>,
    ranges: Vec<Range>,
}

impl FirstLayer {
    /// The first layer of `w1`, `b1` at `scale`, if every weight fits `i16`.
    fn at(w1: &[f32], b1: &[f32], scale: i32, ranges: RangesFn<'_>) -> Option<FirstLayer> {
        let s = scale as f32;
        let w1 = w1
            .iter()
            .map(|&w| i16::try_from((w * s).round() as i64).ok())
            .collect::<Option<Vec<i16>>>()?;
        let b1: Vec<i32> = b1.iter().map(|&b| (b * s).round() as i32).collect();
        let ranges = ranges(&w1, &b1);
        Some(FirstLayer {
            scale,
            w1,
            b1,
            ranges,
        })
    }

    /// Whether every unit that can be positive fits `i16` (an offset takes
    /// care of ranges that reach below it).
    fn fits(&self) -> bool {
        self.ranges.iter().all(|r| {
            r.hi <= 0 || (r.hi <= i64::from(i16::MAX) && r.hi - r.lo <= i64::from(u16::MAX))
        })
    }

    /// The largest multiple of [`SCALE_STEP`] at which the ranges, scaled
    /// from this layer's, would fit.
    fn fitting_scale(&self) -> i32 {
        let ratio = self
            .ranges
            .iter()
            .filter(|r| r.hi > 0)
            .map(|r| {
                let wide = f64::from(u16::MAX) / (r.hi - r.lo) as f64;
                wide.min(f64::from(i16::MAX) / r.hi as f64)
            })
            .fold(f64::INFINITY, f64::min);
        let scale = (f64::from(self.scale) * ratio / f64::from(SCALE_STEP)).floor();
        scale.min(f64::from(MAX_SCALE / SCALE_STEP)) as i32 * SCALE_STEP
    }
}

impl IntLayers {
    /// The integer copy of the `f32` layers `w1` (input rows of
    /// `b1.len()` weights), `b1` and `w2` (output rows), at the largest
    /// scale whose sums `ranges` proves to fit (see [`super`]).
    pub fn new(
        w1: &[f32],
        b1: &[f32],
        w2: &[f32],
        ranges: RangesFn<'_>,
    ) -> Result<IntLayers, QuantizeError> {
        let h = b1.len();
        let mut scale = MAX_SCALE;
        let first = loop {
            if scale < MIN_SCALE {
                return Err(QuantizeError::FirstLayer);
            }
            match FirstLayer::at(w1, b1, scale, ranges) {
                Some(first) if first.fits() => break first,
                // Ranges grow with the scale: go straight to the scale at
                // which they would fit (then on down, if rounding objects).
                Some(first) => scale = first.fitting_scale().min(scale - SCALE_STEP),
                None => scale -= SCALE_STEP,
            }
        };
        let inputs = w1.len() / h;
        let (mut w1, mut b1, mut zero) = (first.w1, Vec::with_capacity(h), Vec::with_capacity(h));
        // The largest activation of each unit, for the output bound.
        let mut top = Vec::with_capacity(h);
        for (j, r) in first.ranges.iter().enumerate() {
            if r.hi <= 0 {
                // Never positive: a constant 0 sum and activation.
                for i in 0..inputs {
                    w1[i * h + j] = 0;
                }
                b1.push(0);
                zero.push(0);
                top.push(0);
                continue;
            }
            // Shift a range that reaches below i16 up into it.
            let offset = (r.lo - i64::from(i16::MIN)).min(0);
            let narrow = |x: i64| i16::try_from(x).expect("the range fits i16");
            b1.push(narrow(i64::from(first.b1[j]) - offset));
            zero.push(narrow(-offset));
            top.push(r.hi);
        }
        let (w2_int, s2) = output_layer(w2, h, &top).ok_or(QuantizeError::OutputLayer)?;
        let widest = first
            .ranges
            .iter()
            .filter(|r| r.hi > 0)
            .map(|r| r.hi - r.lo)
            .max()
            .unwrap_or(0);
        let s1 = first.scale as f32;
        let headroom = Headroom {
            scale: s1,
            bound: (
                first.ranges.iter().map(|r| r.lo).min().unwrap_or(0) as f32 / s1,
                first.ranges.iter().map(|r| r.hi).max().unwrap_or(0) as f32 / s1,
            ),
            widest: widest as f32 / s1,
            window: f32::from(u16::MAX) / s1,
        };
        Ok(IntLayers {
            hidden: h,
            w1: AlignedI16::from_slice(&w1),
            b1,
            zero: AlignedI16::from_slice(&zero),
            w2: pair_major(&w2_int, h),
            out_scale: ((1.0 / (f64::from(first.scale) * s2)) as f32),
            headroom,
        })
    }

    /// The logits from the output layer's integer sums `dots` and the
    /// `f32` output biases `b2` (one a logit).
    #[inline(always)]
    pub fn logits<const N: usize>(&self, dots: &[i32], b2: &[f32; N]) -> [f32; N] {
        std::array::from_fn(|r| dots[r] as f32 * self.out_scale + b2[r])
    }
}

/// The output weights `w2` (rows of `h`) in `i16` at the largest scale
/// under which no dot product can leave `i32` (`top[j]`: unit `j`'s
/// largest integer activation), and that scale.
fn output_layer(w2: &[f32], h: usize, top: &[i64]) -> Option<(Vec<i16>, f64)> {
    let outcomes = w2.len() / h;
    let largest = w2.iter().fold(0.0f32, |m, w| m.max(w.abs()));
    let reach = (0..outcomes)
        .map(|r| {
            (0..h)
                .map(|j| top[j] as f64 * f64::from(w2[r * h + j].abs()))
                .sum::<f64>()
        })
        .fold(0.0f64, f64::max);
    let mut s2 = (f64::from(i16::MAX) / f64::from(largest).max(1e-9))
        .min(f64::from(i32::MAX) / reach.max(1e-9))
        .floor();
    // Rounding can push the exact bound over: check it in integers.
    while s2 >= 1.0 {
        let w2_int: Vec<i16> = w2
            .iter()
            .map(|&w| (f64::from(w) * s2).round() as i16)
            .collect();
        let fits = (0..outcomes).all(|r| {
            let sum: i64 = (0..h)
                .map(|j| top[j] * i64::from(w2_int[r * h + j]).abs())
                .sum();
            sum <= i64::from(i32::MAX)
        });
        if fits {
            return Some((w2_int, s2));
        }
        s2 = (s2 * 0.99).floor();
    }
    None
}
