//! The integer copy of a [`Network`] that the evaluator infers with, as
//! chess engines' NNUE nets do: first-layer weights and hidden sums in
//! `i16`, the ReLU in `i16`, the output layer as `i16 × i16 → i32` dot
//! products, then `f32` logits and the same masked softmax. Training and
//! self-play keep the `f32` network; this copy is made from it.
//!
//! **Scales.** A first-layer weight `w` becomes `round(w · s1)`; `s1` is
//! 512 (each weight to within 1/1024) unless the bound below does not
//! fit; then the largest multiple of 32 at which it does (the shipped
//! nets: 448). Quantising, bound included, takes about 8 ms. Input values are
//! kept to 1/32768 (`inputs`). Output weights become `round(w · s2)`,
//! `s2` as large as `i16` weights and `i32` sums allow (about 1,500 for the
//! shipped nets), and a logit is `dot / (s1 · s2) + b2`.
//!
//! **No overflow, proved.** `bounds` computes the range of each hidden
//! unit's integer sum over every legal position. A scale is used only if
//! every range that reaches above 0 is at most 65,535 wide and tops out
//! below 32,768; a unit whose range reaches below −32,768 keeps its sum
//! shifted up by a per-unit offset, and its ReLU compares with the shifted
//! zero instead of 0. Units that can never be positive are dropped (their
//! activation is always 0). Additions wrap, so a sum that passes outside
//! `i16` on the way comes back exactly; only final sums need to fit, and
//! they do. The output layer's `i32` sums are bounded the same way, by the
//! largest activations. The shipped nets' bound is about −95 to +59 (in
//! units of the `f32` sums, widest unit 139 wide against a window of 146
//! at 448); the sums of random games' positions stay between about −38
//! and +10 (the test `shipped_nets_sums_stay_far_from_the_i16_limits`
//! prints them).
//!
//! **Exact updates.** An input's term depends on its index and value
//! alone and integer addition is exact, so a batch position's sums updated
//! from the previous position's equal the full sum to the bit, however
//! long the batch: no periodic recomputation, unlike the `f32` path.
//! Results are also the same bits whichever vector instruction set runs
//! ([`kernels`]).
//!
//! **What changed.** The encoder gives each point's content as a code and
//! each global as a count ([`features::encode_parts`]); the terms that
//! change from the previous position are found by comparing those
//! (`position_inputs`), with no sparse list of inputs built or merged.
//!
//! **Output layer.** Most activations are 0 (93% over random games'
//! positions), so the outcome sums are taken over the non-zero pairs of
//! units only ([`output`]).
//!
//! **Softmax.** The outputs go through the same masked softmax as the
//! `f32` net's, with a vectorised `exp` (`softmax`) that agrees with the
//! library's to a few parts in 10⁷.

mod bounds;
mod inputs;
pub mod kernels;
pub mod output;
mod position_inputs;
mod softmax;
#[cfg(target_arch = "x86_64")]
mod x86;
#[cfg(target_arch = "x86_64")]
mod x86_output;

pub(crate) use self::inputs::Changes;
use self::kernels::IntKernels;
use self::output::{OutputScratch, PairColumn};
use super::{Network, Scratch};
use crate::eval::features::{self, INPUTS, InputParts, OUTCOMES};
use plakoto_rules::Position;

/// The largest first-layer scale tried; lower ones are multiples of
/// [`SCALE_STEP`], down to [`MIN_SCALE`].
const MAX_SCALE: i32 = 512;
const SCALE_STEP: i32 = 32;
/// Below this the integer net is too coarse: the `f32` net is used.
const MIN_SCALE: i32 = 128;

/// Hidden layer sizes are multiples of this: the smallest block of the
/// portable loops ([`kernels`]) and of the AVX2 ones (`x86`), which share it.
pub const LANES: usize = 16;

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

/// A [`Network`] in integers, for inference. Cheap to share.
#[derive(Clone)]
pub struct QuantizedNetwork {
    hidden: usize,
    /// `INPUTS` rows of `hidden` weights, scale `s1`.
    w1: Vec<i16>,
    /// Biases, scale `s1`, minus each unit's offset.
    b1: Vec<i16>,
    /// Each unit's stored sum for a true sum of 0: minus its offset.
    zero: Vec<i16>,
    /// The output weights, scale `s2`, a column for each pair of hidden
    /// units ([`output::pair_major`]).
    w2: Vec<PairColumn>,
    b2: [f32; OUTCOMES],
    /// `1 / (s1 · s2)`: from output dot products to logits.
    out_scale: f32,
    headroom: Headroom,
    kernels: IntKernels,
}

impl std::fmt::Debug for QuantizedNetwork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "QuantizedNetwork({INPUTS}-{}-{OUTCOMES}, {:?})",
            self.hidden, self.headroom
        )
    }
}

/// The first layer at one scale: weights, biases as `i32`, sum ranges.
struct FirstLayer {
    scale: i32,
    w1: Vec<i16>,
    b1: Vec<i32>,
    ranges: Vec<bounds::Range>,
}

impl FirstLayer {
    /// The first layer of `net` at `scale`, if every weight fits `i16`.
    fn at(net: &Network, scale: i32) -> Option<FirstLayer> {
        let s = scale as f32;
        let w1 = net
            .w1
            .iter()
            .map(|&w| i16::try_from((w * s).round() as i64).ok())
            .collect::<Option<Vec<i16>>>()?;
        let b1: Vec<i32> = net.b1.iter().map(|&b| (b * s).round() as i32).collect();
        let ranges = bounds::ranges(&w1, &b1);
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

impl QuantizedNetwork {
    /// The integer copy of `net`, at the largest scale whose sums are
    /// proved to fit (see the module comment).
    pub fn new(net: &Network) -> Result<QuantizedNetwork, QuantizeError> {
        let mut scale = MAX_SCALE;
        let first = loop {
            if scale < MIN_SCALE {
                return Err(QuantizeError::FirstLayer);
            }
            match FirstLayer::at(net, scale) {
                Some(first) if first.fits() => break first,
                // Ranges grow with the scale: go straight to the scale at
                // which they would fit (then on down, if rounding objects).
                Some(first) => scale = first.fitting_scale().min(scale - SCALE_STEP),
                None => scale -= SCALE_STEP,
            }
        };
        let h = net.hidden;
        let (mut w1, mut b1, mut zero) = (first.w1, Vec::with_capacity(h), Vec::with_capacity(h));
        // The largest activation of each unit, for the output bound.
        let mut top = Vec::with_capacity(h);
        for (j, r) in first.ranges.iter().enumerate() {
            if r.hi <= 0 {
                // Never positive: a constant 0 sum and activation.
                for i in 0..INPUTS {
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
        let (w2, s2) = output_layer(net, &top).ok_or(QuantizeError::OutputLayer)?;
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
        let mut b2 = [0.0; OUTCOMES];
        b2.copy_from_slice(&net.b2);
        Ok(QuantizedNetwork {
            hidden: h,
            w1,
            b1,
            zero,
            w2: output::pair_major(&w2, h),
            b2,
            out_scale: ((1.0 / (f64::from(first.scale) * s2)) as f32),
            headroom,
            kernels: IntKernels::detect(),
        })
    }

    /// The same network running `kernels` (tests compare instruction sets).
    pub fn with_kernels(self, kernels: IntKernels) -> QuantizedNetwork {
        QuantizedNetwork { kernels, ..self }
    }

    /// The scales and the room the first layer's sums have.
    pub fn headroom(&self) -> Headroom {
        self.headroom
    }

    /// The instruction set inference uses.
    pub fn kernel_name(&self) -> &'static str {
        self.kernels.name
    }

    /// The outcome distribution of `position` (side on roll), as
    /// [`Network::distribution_with`] gives it but in integers. `in_batch`:
    /// `position` follows the batch's previous position (since
    /// [`Scratch::begin_batch`]), whose sums are updated, exactly, by the
    /// terms of the inputs that changed instead of summed afresh.
    #[inline]
    pub(crate) fn distribution_with(
        &self,
        position: &Position,
        s: &mut Scratch,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        (self.kernels.evaluate)(self, position, &mut s.integer, in_batch)
    }

    /// [`Self::distribution_with`] with the encoder and loops given: each
    /// instruction set's [`IntKernels::evaluate`] instantiates it within
    /// one function compiled for that set, so everything (encoding,
    /// differences, softmax) is compiled for it and the loops inline.
    #[inline(always)]
    pub(super) fn evaluate_with(
        &self,
        position: &Position,
        q: &mut IntScratch,
        in_batch: bool,
        encode: impl Fn(&Position, &mut InputParts),
        accumulate: impl Fn(&mut [i16], &[i16], &Changes),
        output: impl Fn(&[i16], &[i16], &[PairColumn], &mut OutputScratch) -> [i32; OUTCOMES],
    ) -> [f32; OUTCOMES] {
        let mask = features::outcome_mask(position);
        let owner = self as *const QuantizedNetwork as usize;
        let [a, b] = &mut q.inputs;
        let (previous, current) = if q.current == 1 { (&*a, b) } else { (&*b, a) };
        encode(position, current);
        // Updating is exact, so it is chosen whenever the sums are this
        // net's: a batch's positions share most of their inputs.
        if in_batch && q.owner == Some(owner) {
            position_inputs::terms_between(previous, current, &mut q.changes);
        } else {
            q.sums.clear();
            q.sums.extend_from_slice(&self.b1);
            position_inputs::all_terms(current, &mut q.changes);
        }
        accumulate(&mut q.sums, &self.w1, &q.changes);
        q.current ^= 1;
        q.owner = Some(owner);
        // The ReLU, the output layer and the masked softmax (outcomes the
        // mask rules out are computed too, and ignored).
        q.output.fit(self.hidden);
        let dots = output(&q.sums, &self.zero, &self.w2, &mut q.output);
        let mut logits = [0.0f32; OUTCOMES];
        for ((l, &d), &b) in logits.iter_mut().zip(&dots).zip(&self.b2) {
            *l = d as f32 * self.out_scale + b;
        }
        let mut out = [0.0; OUTCOMES];
        softmax::masked_softmax(&logits, mask, &mut out);
        out
    }

    /// Each hidden unit's sum for `position` computed afresh, in units of
    /// the `f32` sums (tests: the headroom actually used).
    #[cfg(test)]
    fn sums_of(&self, position: &Position) -> Vec<f32> {
        let mut s = Scratch::default();
        self.distribution_with(position, &mut s, false);
        s.integer
            .sums
            .iter()
            .zip(&self.zero)
            .map(|(&x, &z)| (i32::from(x) - i32::from(z)) as f32 / self.headroom.scale)
            .collect()
    }
}

/// The output weights of `net` in `i16` at the largest scale under which
/// no dot product can leave `i32` (`top[j]`: unit `j`'s largest integer
/// activation), and that scale.
fn output_layer(net: &Network, top: &[i64]) -> Option<(Vec<i16>, f64)> {
    let h = net.hidden;
    let largest = net.w2.iter().fold(0.0f32, |m, w| m.max(w.abs()));
    let reach = (0..OUTCOMES)
        .map(|r| {
            (0..h)
                .map(|j| top[j] as f64 * f64::from(net.w2[r * h + j].abs()))
                .sum::<f64>()
        })
        .fold(0.0f64, f64::max);
    let mut s2 = (f64::from(i16::MAX) / f64::from(largest).max(1e-9))
        .min(f64::from(i32::MAX) / reach.max(1e-9))
        .floor();
    // Rounding can push the exact bound over: check it in integers.
    while s2 >= 1.0 {
        let w2: Vec<i16> = net
            .w2
            .iter()
            .map(|&w| (f64::from(w) * s2).round() as i16)
            .collect();
        let fits = (0..OUTCOMES).all(|r| {
            let sum: i64 = (0..h)
                .map(|j| top[j] * i64::from(w2[r * h + j]).abs())
                .sum();
            sum <= i64::from(i32::MAX)
        });
        if fits {
            return Some((w2, s2));
        }
        s2 = (s2 * 0.99).floor();
    }
    None
}

/// Per-thread working memory of the integer forward pass.
#[derive(Default)]
pub struct IntScratch {
    /// The inputs `sums` belong to and the current position's, as the
    /// encoder gives them.
    inputs: [InputParts; 2],
    /// Which of `inputs` is the current position's (the other is the
    /// previous one's): swapping the index instead of the tables.
    current: usize,
    /// The hidden sums of `previous`, as stored (offset).
    sums: Vec<i16>,
    /// The network `sums` were computed by (its address); `None` at the
    /// start of a batch.
    owner: Option<usize>,
    /// Rows to add and subtract.
    changes: Changes,
    /// The ReLU activations and the output layer's list of pairs.
    output: OutputScratch,
}

impl IntScratch {
    /// Starts a new batch: the next pass sums afresh.
    pub(crate) fn forget(&mut self) {
        self.owner = None;
    }
}

#[cfg(test)]
mod tests;
