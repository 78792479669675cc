//! The integer forward pass's working memory and its game-independent
//! steps: the hidden sums brought up to a position (updated exactly from
//! the previous position of the batch, or summed afresh), then the output
//! layer's sums. Plakoto's net and Fevga's run the same steps, each with
//! its own encoding of a position into parts `P` and its own way of
//! finding the terms that changed.

use super::inputs::Changes;
use super::layers::IntLayers;
use super::output::{OutputScratch, PairColumn};
use crate::eval::aligned::AlignedI16;
use crate::eval::features::{InputParts, OUTCOMES};

/// Per-thread working memory of the integer forward pass, for inputs
/// encoded as `P` (Plakoto's [`InputParts`] by default).
#[derive(Default)]
pub struct IntScratch<P = InputParts> {
    /// The inputs `sums` belong to and the current position's, as the
    /// encoder gives them.
    pub(super) inputs: [P; 2],
    /// Which of `inputs` is the current position's (the other is the
    /// previous one's): swapping the index instead of the tables.
    current: usize,
    /// The hidden sums of `previous`, as stored (offset); line-aligned,
    /// as the loops load them.
    pub(crate) sums: AlignedI16,
    /// The network `sums` were computed by (its address); `None` at the
    /// start of a batch.
    owner: Option<usize>,
    /// Rows to add and subtract.
    changes: Changes,
    /// The ReLU activations and the output layer's list of pairs.
    pub(super) output: OutputScratch,
}

impl<P> IntScratch<P> {
    /// Starts a new batch: the next pass sums afresh.
    pub(crate) fn forget(&mut self) {
        self.owner = None;
    }

    /// Starts bringing the hidden sums up to a position: the previous
    /// position's parts when the sums are to be updated from them (when
    /// `in_batch` and they are `owner`'s, the network's address), `None`
    /// when they are summed afresh (they are reset to the biases); the
    /// parts to encode the position into; the list of terms to fill (the
    /// changes between the two, or all the terms), which [`Self::apply`]
    /// then adds. No closures: each step inlines into the caller, which
    /// may be compiled for an instruction set of its own.
    #[inline(always)]
    pub(crate) fn begin(
        &mut self,
        layers: &IntLayers,
        owner: usize,
        in_batch: bool,
    ) -> (Option<&P>, &mut P, &mut Changes) {
        // Updating is exact, so it is chosen whenever the sums are this
        // net's: a batch's positions share most of their inputs.
        let update = in_batch && self.owner == Some(owner);
        if !update {
            self.sums.copy_from(&layers.b1);
        }
        let [a, b] = &mut self.inputs;
        let (previous, current) = if self.current == 1 {
            (&*a, b)
        } else {
            (&*b, a)
        };
        (update.then_some(previous), current, &mut self.changes)
    }

    /// Adds the terms listed since [`Self::begin`] to the sums with
    /// `accumulate` (an [`super::IntKernels`] loop), and keeps the
    /// position's parts as the previous ones of `owner`'s sums.
    #[inline(always)]
    pub(crate) fn apply(
        &mut self,
        layers: &IntLayers,
        owner: usize,
        accumulate: impl FnOnce(&mut [i16], &[i16], &Changes),
    ) {
        accumulate(&mut self.sums, &layers.w1, &self.changes);
        self.current ^= 1;
        self.owner = Some(owner);
    }

    /// The ReLU of the sums and the output layer's integer sums, one an
    /// outcome lane (`output`: an [`super::IntKernels`] output layer).
    #[inline(always)]
    pub(crate) fn output_sums(
        &mut self,
        layers: &IntLayers,
        output: impl FnOnce(&[i16], &[i16], &[PairColumn], &mut OutputScratch) -> [i32; OUTCOMES],
    ) -> [i32; OUTCOMES] {
        self.output.fit(layers.hidden);
        output(&self.sums, &layers.zero, &layers.w2, &mut self.output)
    }
}
