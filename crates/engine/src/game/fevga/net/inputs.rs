//! The Fevga net's inputs: a TD-Gammon style encoding of a
//! [`FevgaPosition`] plus what Fevga play turns on and a plain point
//! encoding cannot see, from the side on roll (its inputs first).
//!
//! For each side, in its own numbering (point 1 = index 0 of
//! [`FevgaPosition::sides`]):
//!
//! - each of the 24 points, four units for its `n` checkers: `n ≥ 1` (the
//!   point is held, F5), `n ≥ 2`, `n ≥ 3`, and `(n − 3) / 2` beyond three;
//! - for each of the 24 points where the side has checkers, the
//!   opponent's held points 1–6 pips ahead of it, `/ 6` (the numbers
//!   closed to those checkers), and 7–12 pips ahead, `/ 6` (the next
//!   roll's landings); zero where the side has none;
//! - the checkers borne off, `n / 15`; the pip count, `pips / 360` (the
//!   start's count is 1); the checkers in the home board, `n / 15`;
//! - the runner phase (F7): 1 while the side is not released (under the
//!   game's `fevga.release`);
//! - its checkers no single die can move (six closed points ahead), `/ 15`;
//! - the longest run of consecutive points the side holds in front of the
//!   opponent's checkers (along the opponent's path), `/ 6`, and 1 when it
//!   is six or more (a full prime);
//! - the unblocking duty (F9 `wall_to_open`, under `fevga.prime_rule =
//!   unblock` only): 1 when the side, at the start of its turn, would have
//!   to open a wall in front of the opponent gathered on one point.
//!
//! Then one unit for the whole position: 1 while the sides can still meet
//! (contact, `fevga_no_contact`), 0 in a race. Both sides are encoded by
//! the same code from the position and its flip, so the flipped position's
//! inputs are these with the two sides' blocks swapped.
//!
//! The weight file names this layout by [`FEATURE_SET`]: changing it means
//! a new name, so old weights are refused instead of misread.

use crate::eval::game_net::SparseInputs;
use crate::eval::game_net::inputs::count_inputs;
use plakoto_rules::fevga::{FevgaPosition, FevgaRules};

use super::parts::{FevgaParts, NEAR, SIDE_GLOBALS, encode_parts, global_value};

/// The name of this input layout, written into weight files.
pub const FEATURE_SET: &str = "fevga-v1: per side (on roll first) 24 points x [n>=1, n>=2, n>=3, (n-3)/2], 24 points x opponent-held 1-6 ahead/6, 24 points x 7-12 ahead/6, off/15, pips/360, home/15, runner phase, trapped/15, prime in front/6, prime>=6, unblock duty; contact";

/// Offset in a side's block of its 24 points' four units each.
pub const POINTS: usize = 0;
/// Offset of its 24 points' closed points 1–6 pips ahead.
pub const AHEAD_6: usize = POINTS + 24 * 4;
/// Offset of its 24 points' closed points 7–12 pips ahead.
pub const AHEAD_12: usize = AHEAD_6 + 24;
/// Offset of its checkers borne off.
pub const OFF: usize = AHEAD_12 + 24;
/// Offset of its pip count.
pub const PIPS: usize = OFF + 1;
/// Offset of its checkers in the home board.
pub const HOME: usize = PIPS + 1;
/// Offset of its runner phase (not released).
pub const RUNNER: usize = HOME + 1;
/// Offset of its checkers no single die can move.
pub const TRAPPED: usize = RUNNER + 1;
/// Offset of its longest run of points in front of the opponent.
pub const PRIME: usize = TRAPPED + 1;
/// Offset of that run being six or more.
pub const FULL_PRIME: usize = PRIME + 1;
/// Offset of its unblocking duty.
pub const DUTY: usize = FULL_PRIME + 1;

/// Inputs of one side.
pub const SIDE_INPUTS: usize = DUTY + 1;

/// Number of inputs.
pub const INPUTS: usize = 2 * SIDE_INPUTS + 1;

/// Index of the contact unit (after both sides' blocks).
pub const CONTACT: usize = 2 * SIDE_INPUTS;

/// The non-zero inputs of one position, in increasing index order.
pub type FevgaInputs = SparseInputs<INPUTS>;

/// Encodes `position` (side on roll first) under `rules` into `out`: its
/// [`FevgaParts`] ([`encode_parts`]) written out input by input.
pub fn encode(position: &FevgaPosition, rules: &FevgaRules, out: &mut FevgaInputs) {
    let mut parts = FevgaParts::default();
    encode_parts(position, rules, &mut parts);
    expand(&parts, out);
}

/// The sparse inputs of `parts`, in increasing index order.
#[inline]
pub fn expand(parts: &FevgaParts, out: &mut FevgaInputs) {
    out.clear();
    for (s, points) in parts.points.iter().enumerate() {
        let base = s * SIDE_INPUTS;
        for (i, &n) in points[..NEAR].iter().enumerate() {
            let at = base + POINTS + 4 * i;
            for (k, &v) in count_inputs(n).iter().enumerate() {
                out.push(at + k, v);
            }
        }
        // The closed points ahead follow the points' units in both the
        // parts and the inputs, in the same order.
        for (i, &ahead) in points[NEAR..].iter().enumerate() {
            out.push(base + AHEAD_6 + i, f32::from(ahead) / 6.0);
        }
        // The side's globals close its block.
        for k in s * SIDE_GLOBALS..(s + 1) * SIDE_GLOBALS {
            out.push(global_input(k), global_value(k, parts.globals[k]));
        }
    }
    let contact = 2 * SIDE_GLOBALS;
    out.push(CONTACT, global_value(contact, parts.globals[contact]));
}

/// The input index of global count `k` of [`FevgaParts::globals`].
#[inline]
pub const fn global_input(k: usize) -> usize {
    if k < 2 * SIDE_GLOBALS {
        (k / SIDE_GLOBALS) * SIDE_INPUTS + OFF + k % SIDE_GLOBALS
    } else {
        CONTACT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fevga::race::fevga_no_contact;
    use crate::game::fevga::shape::{held_ahead, home_checkers, pips, prime_in_front, trapped};
    use plakoto_rules::fevga::{PrimeRule, Release};

    /// A side's pip count at the start (15 checkers on its 24-point, F3).
    const START_PIPS: f32 = 360.0;
    use plakoto_rules::fevga::{is_released, wall_to_open};

    /// The encoding read point by point with the shape functions, as it
    /// was first written: what [`encode`] must give, bit for bit.
    pub(super) fn encode_by_points(
        position: &FevgaPosition,
        rules: &FevgaRules,
        out: &mut FevgaInputs,
    ) {
        out.clear();
        let flipped = position.flipped();
        let (own, opp) = position.sides();
        let views = [
            (position, &own, &opp, position.own_off()),
            (&flipped, &opp, &own, position.opp_off()),
        ];
        for (s, (view, side, other, off)) in views.into_iter().enumerate() {
            let base = s * SIDE_INPUTS;
            for (i, &n) in side.iter().enumerate() {
                let at = base + POINTS + 4 * i;
                out.push(at, f32::from(u8::from(n >= 1)));
                out.push(at + 1, f32::from(u8::from(n >= 2)));
                out.push(at + 2, f32::from(u8::from(n >= 3)));
                out.push(at + 3, f32::from(n.saturating_sub(3)) / 2.0);
            }
            for (i, &n) in side.iter().enumerate() {
                if n > 0 {
                    let ahead = held_ahead(other, i as u8 + 1, 1, 6);
                    out.push(base + AHEAD_6 + i, f32::from(ahead) / 6.0);
                }
            }
            for (i, &n) in side.iter().enumerate() {
                if n > 0 {
                    let ahead = held_ahead(other, i as u8 + 1, 7, 12);
                    out.push(base + AHEAD_12 + i, f32::from(ahead) / 6.0);
                }
            }
            out.push(base + OFF, f32::from(off) / 15.0);
            out.push(base + PIPS, pips(side) as f32 / START_PIPS);
            out.push(base + HOME, f32::from(home_checkers(side)) / 15.0);
            let runner = !is_released(view, rules.release);
            out.push(base + RUNNER, f32::from(u8::from(runner)));
            out.push(base + TRAPPED, f32::from(trapped(side, other)) / 15.0);
            let prime = prime_in_front(side, other);
            out.push(base + PRIME, f32::from(prime.length) / 6.0);
            out.push(base + FULL_PRIME, f32::from(u8::from(prime.length >= 6)));
            let duty = rules.prime_rule == PrimeRule::Unblock && wall_to_open(view).is_some();
            out.push(base + DUTY, f32::from(u8::from(duty)));
        }
        out.push(CONTACT, f32::from(u8::from(!fevga_no_contact(position))));
    }

    #[test]
    fn the_start_sets_the_expected_units() {
        let mut inputs = FevgaInputs::default();
        encode(&FevgaPosition::start(), &FevgaRules::default(), &mut inputs);
        let dense = inputs.dense();
        assert_eq!(dense.len(), INPUTS);
        for base in [0, SIDE_INPUTS] {
            // 15 on the 24-point: three units and (15 - 3) / 2.
            let at = base + POINTS + 4 * 23;
            assert_eq!(&dense[at..at + 4], &[1.0, 1.0, 1.0, 6.0]);
            // The opponent's start is 12 pips ahead.
            assert_eq!(dense[base + AHEAD_6 + 23], 0.0);
            assert_eq!(dense[base + AHEAD_12 + 23], 1.0 / 6.0);
            assert_eq!(dense[base + PIPS], 1.0);
            assert_eq!(dense[base + RUNNER], 1.0);
            assert_eq!(dense[base + OFF], 0.0);
            // The side's own start is the opponent's 12: a run of one in
            // front of the opponent's stack.
            assert_eq!(dense[base + PRIME], 1.0 / 6.0);
        }
        assert_eq!(dense[CONTACT], 1.0);
        assert_eq!(inputs.indices().len(), 2 * 8 + 1);
    }

    #[test]
    fn the_runner_unit_follows_the_release_switch() {
        // The runner on the side's 12 (the opponent has left its start):
        // released under reach_quarter only.
        let mut own = [0u8; 24];
        own[11] = 1;
        own[23] = 14;
        let mut opp = [0u8; 24];
        opp[22] = 15;
        let position = FevgaPosition::from_sides(own, opp).expect("valid");
        let mut inputs = FevgaInputs::default();
        encode(&position, &FevgaRules::default(), &mut inputs);
        assert_eq!(inputs.dense()[RUNNER], 1.0);
        let reach = FevgaRules {
            release: Release::ReachQuarter,
            ..FevgaRules::default()
        };
        encode(&position, &reach, &mut inputs);
        assert_eq!(inputs.dense()[RUNNER], 0.0);
    }

    /// A random board: each side's checkers (up to 15, sometimes all on
    /// one point, sometimes in long runs) on points the other side leaves
    /// free, so walls, primes and races all come up.
    fn random_position(rng: &mut impl rand::Rng) -> FevgaPosition {
        loop {
            let mut own = [0u8; 24];
            let mut opp = [0u8; 24];
            for (s, side) in [&mut own, &mut opp].into_iter().enumerate() {
                let total = rng.gen_range(if s == 0 { 1..=15 } else { 0..=15 });
                let spread = rng.gen_range(1..=8u8);
                let first = rng.gen_range(0..24u8);
                for _ in 0..total {
                    let p = (first + rng.gen_range(0..spread)) % 24;
                    side[usize::from(p)] += 1;
                }
            }
            if rng.gen_range(0..8) == 0 {
                // A wall: the opponent gathered on its point `s`, the side
                // on its points `s - 6 .. s - 1` (some of them).
                opp = [0; 24];
                let s = rng.gen_range(1..=24u8);
                opp[usize::from(s) - 1] = rng.gen_range(1..=15);
                for q in s.saturating_sub(6).max(1)..s {
                    let mine = usize::from(plakoto_rules::fevga::other_numbering(q)) - 1;
                    own[mine] = own[mine].max(u8::from(rng.gen_range(0..8) > 0));
                }
            }
            if let Ok(p) = FevgaPosition::from_sides(own, opp) {
                return p;
            }
        }
    }

    #[test]
    fn the_masks_encode_as_the_points_do() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
        let rules: Vec<FevgaRules> = [Release::PastStart, Release::ReachQuarter]
            .into_iter()
            .flat_map(|release| {
                [PrimeRule::Unblock, PrimeRule::None].map(|prime_rule| FevgaRules {
                    release,
                    prime_rule,
                    ..FevgaRules::default()
                })
            })
            .collect();
        let (mut fast, mut slow) = (FevgaInputs::default(), FevgaInputs::default());
        let (mut walls, mut races) = (0, 0);
        for k in 0..200_000 {
            let position = random_position(&mut rng);
            let rules = &rules[k % rules.len()];
            encode(&position, rules, &mut fast);
            encode_by_points(&position, rules, &mut slow);
            assert_eq!(fast.indices(), slow.indices(), "{position:?}");
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(fast.values()), bits(slow.values()), "{position:?}");
            walls += usize::from(wall_to_open(&position).is_some());
            races += usize::from(fevga_no_contact(&position));
        }
        // The cases the masks read differently are all met.
        assert!(walls > 100 && races > 1000, "walls {walls}, races {races}");
    }
}
