//! The integer Fevga evaluation compiled once for each instruction set
//! the integer loops have ([`IntKernels`]), chosen with them: the encoder
//! (bit counts of the held points' masks), the terms and the softmax then
//! use the processor's bit-counting and vector instructions, as Plakoto's
//! integer evaluation does (`IntKernels::evaluate`), instead of the
//! baseline processor's (a bit count alone is a dozen instructions there).

use plakoto_rules::fevga::{FevgaPosition, FevgaRules};

use super::{FevgaIntScratch, QuantizedFevgaNetwork};
use crate::eval::fevga::net::outcomes::OUTCOMES;
use crate::eval::net::quantized::kernels::IntKernels;

/// [`QuantizedFevgaNetwork::distribution_with`] for one instruction set.
pub(super) type EvaluateFn = fn(
    &QuantizedFevgaNetwork,
    &FevgaPosition,
    &FevgaRules,
    &mut FevgaIntScratch,
    bool,
) -> [f32; OUTCOMES];

/// The evaluation compiled for the instruction set of `kernels`.
pub(super) fn evaluate_for(kernels: &IntKernels) -> EvaluateFn {
    #[cfg(target_arch = "x86_64")]
    {
        // `IntKernels::available` lists a set only once it is detected.
        match kernels.name {
            "avx2" => return x86::avx2,
            "avx512" | "avx512-vnni" => return x86::avx512,
            _ => {}
        }
    }
    let _ = kernels;
    base
}

fn base(
    net: &QuantizedFevgaNetwork,
    position: &FevgaPosition,
    rules: &FevgaRules,
    s: &mut FevgaIntScratch,
    in_batch: bool,
) -> [f32; OUTCOMES] {
    net.evaluate_inline(position, rules, s, in_batch)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;

    /// Defines `$name`, the evaluation compiled with `$features`.
    macro_rules! compiled_for {
        ($name:ident, $inner:ident, $features:literal) => {
            #[target_feature(enable = $features)]
            unsafe fn $inner(
                net: &QuantizedFevgaNetwork,
                position: &FevgaPosition,
                rules: &FevgaRules,
                s: &mut FevgaIntScratch,
                in_batch: bool,
            ) -> [f32; OUTCOMES] {
                net.evaluate_inline(position, rules, s, in_batch)
            }

            pub(super) fn $name(
                net: &QuantizedFevgaNetwork,
                position: &FevgaPosition,
                rules: &FevgaRules,
                s: &mut FevgaIntScratch,
                in_batch: bool,
            ) -> [f32; OUTCOMES] {
                // SAFETY: chosen only with kernels of this instruction set,
                // which are listed only once it is detected (the bit
                // instructions with it).
                unsafe { $inner(net, position, rules, s, in_batch) }
            }
        };
    }

    compiled_for!(avx2, avx2_inner, "avx2,popcnt,lzcnt,bmi1,bmi2");
    compiled_for!(
        avx512,
        avx512_inner,
        "avx512f,avx512bw,avx2,popcnt,lzcnt,bmi1,bmi2"
    );
}
