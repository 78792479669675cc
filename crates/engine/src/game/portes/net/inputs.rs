//! The Portes net's inputs: a TD-Gammon style encoding of a
//! [`PortesPosition`], seen from the side on roll (its checkers first).
//!
//! For each side, in its own numbering (point 1 = index 0 of
//! [`PortesPosition::sides`]):
//!
//! - each of the 24 points, four units for its `n` checkers: `n ≥ 1`,
//!   `n ≥ 2`, `n ≥ 3`, and `(n − 3) / 2` beyond three (so a blot, a made
//!   point and a spare stand apart, as Tesauro's net saw them);
//! - the bar, `n / 2`;
//! - the checkers borne off, `n / 15`;
//! - the pip count (a checker on the bar counts 25), `pips / 167` (the
//!   start's count is 1).
//!
//! Then one unit for the whole position: 1 while the sides can still
//! meet (contact), 0 in a race; then the [`super::contact`] features of
//! each side (on roll first), computed only in contact (0 in a race,
//! where they mean nothing). That is 2 × 99 + 1 + 2 × 5 = [`INPUTS`]
//! inputs, about forty of them non-zero, kept sparse for the first
//! layer's kernel ([`crate::eval::game_net::kernels`]).
//!
//! The weight file names this layout by [`FEATURE_SET`]: changing it means
//! a new name, so old weights are refused instead of misread.

use crate::eval::game_net::SparseInputs;
use plakoto_rules::portes::PortesPosition;

use super::contact::{SIDE_FEATURES, SideBits, feature_counts, feature_value};
use super::outcomes::mask_of_sides;

/// The name of this input layout, written into weight files.
pub const FEATURE_SET: &str = "portes-tdg-v2: per side (on roll first) 24 points x [n>=1, n>=2, n>=3, (n-3)/2], bar n/2, off n/15, pips/167; contact; per side shots, pip loss, escapes, prime, entry";

/// Inputs of one side.
pub(super) const SIDE_INPUTS: usize = 24 * 4 + 3;

/// Number of inputs.
pub const INPUTS: usize = 2 * SIDE_INPUTS + 1 + 2 * SIDE_FEATURES;

/// Index of the contact unit.
pub(super) const CONTACT: usize = 2 * SIDE_INPUTS;

/// Index of the first contact feature (the side on roll's).
pub(super) const FEATURES: usize = CONTACT + 1;

/// The pip count of a side at the start (15 checkers as P2 sets them).
pub(super) const START_PIPS: f32 = 167.0;

/// The non-zero inputs of one position, in increasing index order.
pub type PortesInputs = SparseInputs<INPUTS>;

/// Encodes `position` (side on roll first) into `out`, and returns its
/// [`outcome_mask`](super::outcomes::outcome_mask), read from the same
/// unpacked sides.
pub fn encode(position: &PortesPosition, out: &mut PortesInputs) -> u32 {
    encode_with(position, out, true)
}

/// [`encode`] without the contact features (their inputs left 0): the
/// inputs of the pruning net ([`super::prune`]), for which the features
/// would cost more than the rest of its evaluation.
pub fn encode_for_pruning(position: &PortesPosition, out: &mut PortesInputs) -> u32 {
    encode_with(position, out, false)
}

/// [`encode`], with the contact features only if `features`.
#[inline(always)]
fn encode_with(position: &PortesPosition, out: &mut PortesInputs, features: bool) -> u32 {
    out.clear();
    let (own, opp) = position.sides();
    // Each side's points as bits, read once for the units and the contact
    // features.
    let bits = [SideBits::new(&own), SideBits::new(&opp)];
    let sides = [(&own, position.own_off()), (&opp, position.opp_off())];
    for (s, (side, off)) in sides.into_iter().enumerate() {
        let base = s * SIDE_INPUTS;
        let mut pips = 25 * u32::from(side[24]);
        // Most points are empty, their four units all 0: only the
        // occupied ones are visited, by their bits (which points are
        // empty is too irregular for a branch a point).
        let mut rest = bits[s].occupied();
        while rest != 0 {
            let point = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let n = side[point];
            pips += (point as u32 + 1) * u32::from(n);
            let at = base + 4 * point;
            // The units that are 1 or more, without branching on `n`.
            out.push_if(true, at, 1.0);
            out.push_if(n >= 2, at + 1, 1.0);
            out.push_if(n >= 3, at + 2, 1.0);
            out.push_if(n > 3, at + 3, f32::from(n.saturating_sub(3)) / 2.0);
        }
        out.push(base + 96, f32::from(side[24]) / 2.0);
        out.push(base + 97, f32::from(off) / 15.0);
        out.push(base + 98, pips as f32 / START_PIPS);
    }
    let touching = bits[0].meets(&bits[1]);
    if touching {
        out.push(CONTACT, 1.0);
    }
    if touching && features {
        for (s, counts) in feature_counts(&bits[0], &bits[1]).into_iter().enumerate() {
            let base = FEATURES + s * SIDE_FEATURES;
            for (k, count) in counts.into_iter().enumerate() {
                out.push(base + k, feature_value(k, count));
            }
        }
    }
    mask_of_sides(position, &own, &opp, touching)
}
