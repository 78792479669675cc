//! Contact features of the Portes net's inputs: what a one-hidden-layer
//! net cannot easily compute from the point counts alone, because each is
//! a count over the 36 rolls of an interaction between both sides'
//! checkers (TD-Gammon's later versions and GNU Backgammon add inputs of
//! this kind; these are our own definitions).
//!
//! For each side `A`, as if `A` were on roll, in `A`'s own numbering
//! (`A` moves from 24 towards 1, its bar is 25), against the other side
//! `B`:
//!
//! - **shots**: the share of the 36 rolls with which `A` can hit a blot of
//!   `B`, by one checker's single step or a chain of steps whose landings
//!   are open (entering first from the bar);
//! - **pip loss**: the mean over the 36 rolls of the most pips a hit
//!   would cost `B` (a blot on `A`'s point `x` loses `x` pips), over 24;
//! - **escapes**: the share of the rolls with which `A`'s rearmost checker
//!   can pass the lowest point `B` holds within 12 pips in front of it (1
//!   when `B` holds none there);
//! - **prime**: the longest run of consecutive points `A` holds, over 6;
//! - **entry**: while `A` has a checker on the bar, the chance a roll
//!   fails to enter one, `(k / 6)²` for `k` points held by `B` in its home
//!   board (`A`'s 19–24); 0 otherwise.
//!
//! The move rules are simplified where it keeps the count cheap: the
//! chains ignore the duty to use both numbers and which numbers a play
//! must use (R10), and the escape ignores a second checker on the bar.
//! The features need not be exact, only informative and fixed.
//!
//! [`contact`] says whether the sides can still meet at all (the net's
//! contact unit; the features are 0 when they cannot).
//!
//! Everything is computed on bit masks of the 25 places (bit `p` is `A`'s
//! point `p`, bit 25 its bar), a few shifts a roll.

use plakoto_rules::portes::PortesPosition;

/// Whether the sides of `position` can still meet: some checker of the
/// side on roll has an opposing checker ahead of it.
pub fn contact(position: &PortesPosition) -> bool {
    let (own, opp) = position.sides();
    sides_meet(&own, &opp)
}

/// [`contact`] from each side's checkers in its own numbering: with each
/// side's farthest checker (bar = 25) `a` and `b`, the opponent's point
/// `b` is the side's `25 − b`, ahead of `a` when `25 − b < a`.
pub(super) fn sides_meet(own: &[u8; 25], opp: &[u8; 25]) -> bool {
    let farthest = |side: &[u8; 25]| side.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
    farthest(own) + farthest(opp) > 25
}

/// Contact features of one side.
pub const SIDE_FEATURES: usize = 5;

/// Bits of the points 1–24.
const POINTS: u32 = ((1 << 25) - 1) & !1;
/// The bar's bit.
const BAR: u32 = 1 << 25;
/// `A`'s points 19–24, the other side's home board.
const ENTRY_ZONE: u32 = 0b11_1111 << 19;

/// One side's checkers and the other's points, in the side's numbering.
struct Masks {
    /// Points 1–24 with a checker of the side.
    own: u32,
    /// Points 1–24 the side holds (two checkers or more).
    made: u32,
    /// Checkers of the side on the bar.
    bar: u8,
    /// Points held by the other side (two checkers or more).
    blocks: u32,
    /// Points with one checker of the other side.
    blots: u32,
}

/// One side's points as bit masks in its own numbering (bit `p` is its
/// point `p`).
#[derive(Clone, Copy, Default)]
pub(super) struct SideBits {
    /// Points with one checker.
    single: u32,
    /// Points with two or more.
    made: u32,
    /// Checkers on the bar.
    bar: u8,
}

impl SideBits {
    /// From a side's checkers as `PortesPosition::sides` gives them (index
    /// `i` is point `i + 1`, index 24 the bar).
    pub(super) fn new(side: &[u8; 25]) -> SideBits {
        let mut bits = SideBits {
            bar: side[24],
            ..SideBits::default()
        };
        // Without branches: which points are empty, blots or made is not
        // predictable, and this runs for every evaluation.
        for (i, &n) in side[..24].iter().enumerate() {
            bits.single |= u32::from(n == 1) << (i + 1);
            bits.made |= u32::from(n >= 2) << (i + 1);
        }
        bits
    }

    /// The occupied points as bits of their indices (bit `i` is point
    /// `i + 1`), the bar left out.
    pub(super) fn occupied(&self) -> u32 {
        (self.single | self.made) >> 1
    }

    /// The farthest checker's place: 25 for the bar, else its highest
    /// point, 0 with none left (as [`sides_meet`] counts it).
    fn farthest(&self) -> u32 {
        if self.bar > 0 {
            25
        } else {
            (32 - (self.single | self.made).leading_zeros()).saturating_sub(1)
        }
    }

    /// [`sides_meet`] of this side and `other`, from their bits.
    pub(super) fn meets(&self, other: &SideBits) -> bool {
        self.farthest() + other.farthest() > 25
    }
}

/// The other side's point `q` seen as this side's `25 − q`, for every bit
/// of the points 1–24.
#[inline]
fn seen_from_the_other_side(bits: u32) -> u32 {
    bits.reverse_bits() >> 6
}

impl Masks {
    /// `side` against `other`, each in its own numbering.
    fn new(side: &SideBits, other: &SideBits) -> Masks {
        Masks {
            own: side.single | side.made,
            made: side.made,
            bar: side.bar,
            blocks: seen_from_the_other_side(other.made),
            blots: seen_from_the_other_side(other.single),
        }
    }

    /// Where the checkers of `from` land with a step of `die` (blocked
    /// points included; steps off the board dropped).
    #[inline]
    fn step(from: u32, die: u32) -> u32 {
        (from >> die) & POINTS
    }

    /// Landings of `from` after up to `steps` steps of `die` over open
    /// points, with every blot met on the way.
    #[inline]
    fn chain(&self, mut from: u32, die: u32, steps: u32) -> (u32, u32) {
        let (mut reach, mut hits) = (0, 0);
        for _ in 0..steps {
            from = Self::step(from, die);
            hits |= from & self.blots;
            from &= !self.blocks;
            reach |= from;
        }
        (reach, hits)
    }

    /// Over the 36 rolls: how many let this side hit a blot, and the sum
    /// of the most pips such a hit costs (the highest blot it can hit).
    ///
    /// Written without branches on the rolls' outcomes: those are
    /// unpredictable, and mispredictions cost more than the bit operations.
    fn shots(&self) -> (u32, u32) {
        let open = !self.blocks;
        let (mut shots, mut pips) = (0, 0);
        let mut count = |weight: u32, hits: u32| {
            shots += weight * u32::from(hits != 0);
            // The highest bit's index, 0 when no bit is set.
            pips += weight * (32 - hits.leading_zeros()).saturating_sub(1);
        };
        if self.bar > 0 {
            for d1 in 1..=6 {
                for d2 in d1..=6 {
                    count(if d1 == d2 { 1 } else { 2 }, self.hits_from_the_bar(d1, d2));
                }
            }
            return (shots, pips);
        }
        // Each die's landings, open or not, computed once for the 21 rolls
        // (index 0 is unused).
        let land: [u32; 7] = std::array::from_fn(|d| Self::step(self.own, d as u32));
        for d1 in 1..=6 {
            let (l1, o1) = (land[d1], land[d1] & open);
            // Doubles: a chain of four steps.
            count(1, self.chain(self.own, d1 as u32, 4).1);
            for (d2, &l2) in land.iter().enumerate().skip(d1 + 1) {
                let chained = Self::step(o1, d2 as u32) | Self::step(l2 & open, d1 as u32);
                count(2, (l1 | l2 | chained) & self.blots);
            }
        }
        (shots, pips)
    }

    /// Blots of the other side that one roll lets this side hit while it
    /// has checkers on the bar: they enter first.
    fn hits_from_the_bar(&self, d1: u32, d2: u32) -> u32 {
        let open = !self.blocks;
        if d1 == d2 {
            let bar = u32::from(self.bar);
            let entry = Self::step(BAR, d1) & open;
            if entry == 0 {
                return 0;
            }
            let mut hits = entry & self.blots;
            if bar < 4 {
                hits |= self.chain(self.own | entry, d1, 4 - bar).1;
            }
            return hits;
        }
        if self.bar == 1 {
            let mut hits = 0;
            for (first, second) in [(d1, d2), (d2, d1)] {
                let entry = Self::step(BAR, first) & open;
                if entry != 0 {
                    hits |= (entry | Self::step(self.own | entry, second)) & self.blots;
                }
            }
            hits
        } else {
            (Self::step(BAR, d1) | Self::step(BAR, d2)) & self.blots
        }
    }

    /// How many of the 36 rolls take a checker from the single place
    /// `from` to a point of `target`, over open points.
    fn reach_rolls(&self, from: u32, target: u32) -> u32 {
        let open = !self.blocks;
        let land: [u32; 7] = std::array::from_fn(|d| Self::step(from, d as u32) & open);
        let mut rolls = 0;
        for d1 in 1..=6 {
            rolls += u32::from(self.chain(from, d1 as u32, 4).0 & target != 0);
            let l1 = land[d1];
            for (d2, &l2) in land.iter().enumerate().skip(d1 + 1) {
                let two = (Self::step(l1, d2 as u32) | Self::step(l2, d1 as u32)) & open;
                rolls += 2 * u32::from((l1 | l2 | two) & target != 0);
            }
        }
        rolls
    }

    /// The rearmost checker's place (the bar's bit while any is there).
    fn rearmost(&self) -> Option<u32> {
        if self.bar > 0 {
            return Some(25);
        }
        (self.own != 0).then(|| 31 - self.own.leading_zeros())
    }

    /// The points the rearmost checker must pass to escape: those below
    /// the lowest point held within 12 pips in front of it; `None` when
    /// nothing is held there (it is free).
    fn escape_target(&self) -> Option<(u32, u32)> {
        let n = self.rearmost()?;
        let low = n.saturating_sub(12).max(1);
        let zone = ((1u32 << n) - 1) & !((1u32 << low) - 1);
        let ahead = self.blocks & zone;
        if ahead == 0 {
            return None;
        }
        let lowest = ahead.trailing_zeros();
        Some((1 << n, ((1u32 << lowest) - 1) & POINTS))
    }
}

/// Longest run of consecutive set bits.
fn longest_run(mut bits: u32) -> u32 {
    let mut len = 0;
    while bits != 0 {
        bits &= bits >> 1;
        len += 1;
    }
    len
}

/// The [`SIDE_FEATURES`] contact features of each side against the other,
/// `own`'s first (each in its own numbering, as `PortesPosition::sides`
/// gives them), in the order of the module's list.
pub fn features(own: &[u8; 25], opp: &[u8; 25]) -> [[f32; SIDE_FEATURES]; 2] {
    feature_counts(&SideBits::new(own), &SideBits::new(opp))
        .map(|side| std::array::from_fn(|f| feature_value(f, side[f])))
}

/// The contact features of each side against the other, `a`'s first, from
/// their bits, as the counts they are made of ([`feature_value`] gives each
/// one's input value): what the integer net compares from one position to
/// the next.
pub(super) fn feature_counts(a: &SideBits, b: &SideBits) -> [[u16; SIDE_FEATURES]; 2] {
    [
        side_counts(&Masks::new(a, b)),
        side_counts(&Masks::new(b, a)),
    ]
}

/// The largest count of each contact feature: rolls out of 36 that hit,
/// the pips those hits cost summed over the 36 (at most 24 each), rolls
/// that escape, the longest prime (15 checkers hold at most 7 points),
/// points held in the entry zone.
pub const MAX_COUNT: [u16; SIDE_FEATURES] = [36, 36 * 24, 36, 7, 6];

/// The input value of contact feature `f` whose count is `count`: shots
/// and escapes over 36 rolls, the pip loss over 36 × 24, the prime over 6,
/// and the entry's `(k / 6)²`.
#[inline]
pub const fn feature_value(f: usize, count: u16) -> f32 {
    let c = count as f32;
    match f {
        0 | 2 => c / 36.0,
        1 => c / (36.0 * 24.0),
        3 => c / 6.0,
        _ => {
            let k = c / 6.0;
            k * k
        }
    }
}

/// The feature counts of one side, from its masks.
fn side_counts(m: &Masks) -> [u16; SIDE_FEATURES] {
    let (shots, pip_loss) = if m.blots != 0 { m.shots() } else { (0, 0) };
    let escapes = match m.escape_target() {
        Some((from, target)) => m.reach_rolls(from, target),
        None => 36,
    };
    let entry = if m.bar > 0 {
        (m.blocks & ENTRY_ZONE).count_ones()
    } else {
        0
    };
    [shots, pip_loss, escapes, longest_run(m.made), entry].map(|c| c as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A side with `checkers` as (point, count), 25 for the bar.
    fn side(checkers: &[(usize, u8)]) -> [u8; 25] {
        let mut s = [0u8; 25];
        for &(p, n) in checkers {
            s[p - 1] = n;
        }
        s
    }

    #[test]
    fn a_direct_six_shot_hits_on_seventeen_rolls() {
        // A on its 13, a B blot on A's 7 (B's 18): 6 pips away, nothing
        // held between. Rolls hitting: any 6 (11), 5-1, 4-2 (4), 3-3, 2-2
        // (2): 17 of 36.
        let a = side(&[(13, 15)]);
        let b = side(&[(18, 1), (1, 14)]);
        let f = features(&a, &b)[0];
        assert!((f[0] - 17.0 / 36.0).abs() < 1e-6, "{f:?}");
        // Every hit costs B 7 pips.
        assert!((f[1] - 17.0 * 7.0 / (36.0 * 24.0)).abs() < 1e-6, "{f:?}");
    }

    #[test]
    fn a_held_point_on_the_way_stops_a_combination_shot() {
        // 6 away again, but B holds A's 10 and 9 (3 and 4 pips on), so
        // 4-2 must go 13/11/7 (2 first) and 5-1 13/12/7 or 13/8/7; 3-3
        // and 2-2 pass A's 10 or 9 ... 2-2 lands on 11, 9 (held): blocked;
        // 3-3 lands on 10 (held): blocked. 11 + 4 = 15 rolls.
        let a = side(&[(13, 15)]);
        let b = side(&[(18, 1), (15, 2), (16, 2), (1, 10)]);
        let f = features(&a, &b)[0];
        assert!((f[0] - 15.0 / 36.0).abs() < 1e-6, "{f:?}");
    }

    #[test]
    fn a_checker_on_the_bar_enters_before_hitting() {
        // A has one on the bar and the rest on its 6; a B blot on A's 20
        // (B's 5) and B's point on A's 24 (B's 1). Hits: an entering 5
        // (11 rolls); 4-1 (enter on 21, then 1) and 3-2 (enter on 22 then
        // 2, or on 23 then 3): 4 more; 1s cannot enter, 2-2 passes 20.
        let a = side(&[(25, 1), (6, 14)]);
        let b = side(&[(5, 1), (1, 14)]);
        let f = features(&a, &b)[0];
        assert!((f[0] - 15.0 / 36.0).abs() < 1e-6, "{f:?}");
        // B holds one point of its home board.
        assert!((f[4] - 1.0 / 36.0).abs() < 1e-6, "{f:?}");
    }

    #[test]
    fn entry_fails_by_the_square_of_held_home_points() {
        let a = side(&[(25, 1), (6, 14)]);
        let b = side(&[(1, 2), (2, 2), (3, 2), (13, 9)]);
        assert!((features(&a, &b)[0][4] - 0.25).abs() < 1e-6);
        // Off the bar, the entry feature is 0.
        let a = side(&[(6, 15)]);
        assert_eq!(features(&a, &b)[0][4], 0.0);
    }

    #[test]
    fn a_full_prime_in_front_stops_every_escape() {
        // A's back checker on 24, B holds A's 23..18 (a six-prime).
        let a = side(&[(24, 1), (6, 14)]);
        let b = side(&[(2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (13, 3)]);
        let f = features(&a, &b)[0];
        assert_eq!(f[2], 0.0, "{f:?}");
        // And B's prime is six long.
        let g = features(&b, &a)[0];
        assert!((g[3] - 1.0).abs() < 1e-6, "{g:?}");
    }

    #[test]
    fn nothing_held_in_front_is_a_free_escape() {
        let a = side(&[(24, 1), (6, 14)]);
        let b = side(&[(24, 15)]);
        assert_eq!(features(&a, &b)[0][2], 1.0);
    }

    #[test]
    fn the_start_has_no_shots_and_blocked_back_checkers() {
        let (a, b) = (
            side(&[(24, 2), (13, 5), (8, 3), (6, 5)]),
            side(&[(24, 2), (13, 5), (8, 3), (6, 5)]),
        );
        let f = features(&a, &b)[0];
        assert_eq!((f[0], f[1], f[4]), (0.0, 0.0, 0.0));
        // Back checkers on 24 face B's points on A's 19, 17 and 12: the
        // lowest within 12 pips is 12, 13 pips or more away over open
        // points. Only doubles go that far, and each lands on a held
        // point first (6-6 on 12, 5-5 on 19, 4-4 on 12): no escape.
        assert_eq!(f[2], 0.0, "{f:?}");
        // A holds 6, 8, 13 and 24: no two in a row.
        assert!((f[3] - 1.0 / 6.0).abs() < 1e-6, "{f:?}");
    }

    #[test]
    fn the_bits_meet_as_the_sides_do() {
        use rand::{Rng, SeedableRng};
        // Random sides, the bar and empty sides included: the encoder's
        // contact test from the bits is the one from the counts.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (mut touching, mut apart) = (0, 0);
        for _ in 0..5_000 {
            let mut sides = [[0u8; 25]; 2];
            for side in &mut sides {
                let reach = rng.gen_range(0..=25);
                for _ in 0..rng.gen_range(0..=15) {
                    if reach > 0 {
                        side[rng.gen_range(0..reach)] += 1;
                    }
                }
            }
            let [a, b] = sides;
            let meet = sides_meet(&a, &b);
            assert_eq!(
                SideBits::new(&a).meets(&SideBits::new(&b)),
                meet,
                "{a:?} {b:?}"
            );
            touching += usize::from(meet);
            apart += usize::from(!meet);
        }
        assert!(touching > 500 && apart > 500, "{touching} {apart}");
    }
}
