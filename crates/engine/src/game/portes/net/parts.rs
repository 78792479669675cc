//! The Portes net's inputs in parts, as counts: each side's checkers on
//! each point, and the globals' counts (the bar, the checkers off, the
//! pips, contact, and the contact features' counts). The integer net
//! ([`super::quantized`]) reads them, to find what changed between two
//! positions of a batch byte by byte instead of input by input; the `f32`
//! encoder ([`super::inputs::encode`]) writes the same values (a test
//! compares the two).

use plakoto_rules::portes::PortesPosition;

use super::contact::{MAX_COUNT, SIDE_FEATURES, SideBits, feature_counts, feature_value};
use super::inputs::{CONTACT, FEATURES, SIDE_INPUTS, START_PIPS};
use super::outcomes::mask_of_sides;

/// Global counts of a side's own inputs: the bar, borne off, the pips.
pub const SIDE_GLOBALS: usize = 3;

/// Index in [`PortesParts::globals`] of the contact flag; each side's
/// [`SIDE_GLOBALS`] come before it, the sides' contact features after it.
pub const CONTACT_GLOBAL: usize = 2 * SIDE_GLOBALS;

/// All global counts.
pub const GLOBALS: usize = CONTACT_GLOBAL + 1 + 2 * SIDE_FEATURES;

/// The largest count of each side global: 15 checkers on the bar, 15
/// off, 15 on the bar for pips (25 each).
const SIDE_MAX_COUNT: [u16; SIDE_GLOBALS] = [15, 15, 15 * 25];

/// A position's inputs as counts (see the module comment).
#[derive(Clone, Debug, Default)]
pub struct PortesParts {
    /// Per side (the side on roll first), in its own numbering, its 24
    /// points' checkers.
    pub points: [[u8; 24]; 2],
    /// Each side's [`SIDE_GLOBALS`], the contact flag, then each side's
    /// contact feature counts (0 out of contact).
    pub globals: [u16; GLOBALS],
}

/// The input index of global count `k` of [`PortesParts::globals`].
#[inline]
pub const fn global_input(k: usize) -> usize {
    if k < CONTACT_GLOBAL {
        (k / SIDE_GLOBALS) * SIDE_INPUTS + 24 * 4 + k % SIDE_GLOBALS
    } else if k == CONTACT_GLOBAL {
        CONTACT
    } else {
        FEATURES + k - CONTACT_GLOBAL - 1
    }
}

/// The input value of global count `k` being `count`, computed as the
/// sparse encoder computes it.
#[inline]
pub const fn global_value(k: usize, count: u16) -> f32 {
    if k < CONTACT_GLOBAL {
        let c = count as f32;
        match k % SIDE_GLOBALS {
            0 => c / 2.0,
            1 => c / 15.0,
            _ => c / START_PIPS,
        }
    } else if k == CONTACT_GLOBAL {
        count as f32
    } else {
        feature_value((k - CONTACT_GLOBAL - 1) % SIDE_FEATURES, count)
    }
}

/// The largest count global `k` takes.
pub const fn global_max(k: usize) -> u16 {
    if k < CONTACT_GLOBAL {
        SIDE_MAX_COUNT[k % SIDE_GLOBALS]
    } else if k == CONTACT_GLOBAL {
        1
    } else {
        MAX_COUNT[(k - CONTACT_GLOBAL - 1) % SIDE_FEATURES]
    }
}

/// Encodes `position` (side on roll first) into `out`, and returns its
/// [`outcome_mask`](super::outcomes::outcome_mask), read from the same
/// unpacked sides (as the sparse encoder does).
#[inline(always)]
pub fn encode_parts(position: &PortesPosition, out: &mut PortesParts) -> u32 {
    let (own, opp) = position.sides();
    let sides = [(&own, position.own_off()), (&opp, position.opp_off())];
    for (s, (side, off)) in sides.into_iter().enumerate() {
        out.points[s].copy_from_slice(&side[..24]);
        let pips = side[..24]
            .iter()
            .enumerate()
            .fold(25 * u16::from(side[24]), |sum, (i, &n)| {
                sum + (i as u16 + 1) * u16::from(n)
            });
        out.globals[s * SIDE_GLOBALS..][..SIDE_GLOBALS].copy_from_slice(&[
            u16::from(side[24]),
            u16::from(off),
            pips,
        ]);
    }
    let bits = [SideBits::new(&own), SideBits::new(&opp)];
    let touching = bits[0].meets(&bits[1]);
    out.globals[CONTACT_GLOBAL] = u16::from(touching);
    let counts = if touching {
        feature_counts(&bits[0], &bits[1])
    } else {
        [[0; SIDE_FEATURES]; 2]
    };
    out.globals[CONTACT_GLOBAL + 1..].copy_from_slice(counts.as_flattened());
    mask_of_sides(position, &own, &opp, touching)
}
