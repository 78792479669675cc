//! The Fevga net's inputs in parts, as counts: each side's checkers on
//! each point, the opponent's closed points ahead of each of them, and the
//! globals' counts. [`super::inputs::encode`] turns them into the sparse
//! list the `f32` net reads; the integer net ([`super::quantized`]) reads
//! them directly, to find what changed between two positions of a batch
//! byte by byte instead of input by input.

use plakoto_rules::fevga::{FevgaPosition, FevgaRules, PrimeRule, Release};

use super::side_bits::{SideBits, held_mask, no_contact};
use crate::game::fevga::shape::{home_checkers, pips};

/// Bytes of one side's point parts: 24 counts, then 24 closed points 1–6
/// ahead, then 24 closed points 7–12 ahead.
pub const POINT_BYTES: usize = 3 * 24;

/// Offset in a side's point parts of the closed points 1–6 ahead.
pub const NEAR: usize = 24;

/// Offset in a side's point parts of the closed points 7–12 ahead.
pub const FAR: usize = 48;

/// Global counts of a side, in the order of its inputs from
/// [`super::inputs::OFF`]: borne off, pips, home board, runner phase,
/// trapped, prime in front, full prime, unblocking duty.
pub const SIDE_GLOBALS: usize = 8;

/// All global counts: both sides' and the contact unit.
pub const GLOBALS: usize = 2 * SIDE_GLOBALS + 1;

/// What each side global's count is divided by to give its input value.
pub const SIDE_DIVISOR: [f32; SIDE_GLOBALS] = [15.0, 360.0, 15.0, 1.0, 15.0, 6.0, 1.0, 1.0];

/// The largest count each side global can have: borne off, pips (15 on
/// the 24-point), home, the flag, trapped, a run of held points (at most
/// one a checker), the flags.
pub const SIDE_MAX_COUNT: [u16; SIDE_GLOBALS] = [15, 360, 15, 1, 15, 15, 1, 1];

/// A position's inputs as counts (see the module comment).
#[derive(Clone, Debug)]
pub struct FevgaParts {
    /// Per side (the side on roll first), in its own numbering: its 24
    /// points' checkers, then for each point the opponent's held points
    /// 1–6 pips ahead (0 where the side has no checker), then 7–12.
    pub points: [[u8; POINT_BYTES]; 2],
    /// Each side's [`SIDE_GLOBALS`] counts, then the contact flag.
    pub globals: [u16; GLOBALS],
}

impl Default for FevgaParts {
    fn default() -> Self {
        FevgaParts {
            points: [[0; POINT_BYTES]; 2],
            globals: [0; GLOBALS],
        }
    }
}

/// The input value of global count `k` (of [`GLOBALS`]) being `count`:
/// as `f32` division as the sparse encoding writes it.
#[inline]
pub const fn global_value(k: usize, count: u16) -> f32 {
    let divisor = if k < 2 * SIDE_GLOBALS {
        SIDE_DIVISOR[k % SIDE_GLOBALS]
    } else {
        1.0
    };
    count as f32 / divisor
}

/// Encodes `position` (side on roll first) under `rules` into `out`.
///
/// Each side's block reads the held points as masks (`SideBits`): the
/// same values, bit for bit, as the point-by-point reading of
/// [`crate::game::fevga::shape`] (the tests of `inputs` compare the two).
#[inline(always)]
pub fn encode_parts(position: &FevgaPosition, rules: &FevgaRules, out: &mut FevgaParts) {
    let (own, opp) = position.sides();
    let (own_mask, opp_mask) = (held_mask(&own), held_mask(&opp));
    let last_unreleased = match rules.release {
        Release::PastStart => 11,
        Release::ReachQuarter => 12,
    };
    let unblock = rules.prime_rule == PrimeRule::Unblock;
    let views = [
        (&own, SideBits::new(own_mask, opp_mask), position.own_off()),
        (&opp, SideBits::new(opp_mask, own_mask), position.opp_off()),
    ];
    for (s, (side, bits, off)) in views.into_iter().enumerate() {
        let points = &mut out.points[s];
        points[..NEAR].copy_from_slice(side);
        points[NEAR..].fill(0);
        let mut trapped = 0u8;
        for i in set_bits(bits.held) {
            let near = bits.held_ahead(i, 1, 6);
            // Below the 7-point a die may bear off: never trapped.
            if near == 6 && i >= 6 {
                trapped += side[i];
            }
            points[NEAR + i] = near;
            points[FAR + i] = bits.held_ahead(i, 7, 12);
        }
        let released = off > 0 || bits.holds_up_to(last_unreleased);
        let prime = bits.prime_length();
        let duty = unblock && bits.wall_to_open();
        out.globals[s * SIDE_GLOBALS..][..SIDE_GLOBALS].copy_from_slice(&[
            u16::from(off),
            pips(side) as u16,
            u16::from(home_checkers(side)),
            u16::from(!released),
            u16::from(trapped),
            u16::from(prime),
            u16::from(prime >= 6),
            u16::from(duty),
        ]);
    }
    out.globals[2 * SIDE_GLOBALS] = u16::from(!no_contact(own_mask, opp_mask));
}

/// The indices of the set bits of `mask`, lowest first.
#[inline]
fn set_bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
