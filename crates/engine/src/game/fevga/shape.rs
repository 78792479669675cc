//! The shape of a Fevga board as play sees it, for the heuristic and the
//! net's inputs: which points are closed to a side's checkers ahead of
//! them (F5), checkers no die can move, the longest run of points one side
//! holds in front of the other's checkers (a prime, F9), and the runner's
//! way out (F7).
//!
//! Every function takes each side's checkers in its own numbering (index
//! `p − 1` for its point `p`, as [`FevgaPosition::sides`] gives them);
//! `side`'s point `p` is `other`'s point `S(p)` (F2, [`other_numbering`]).
//! The two sides are treated alike, so each feature of one side is the
//! same function of the flipped position's other side.
//!
//! [`FevgaPosition::sides`]: plakoto_rules::fevga::FevgaPosition::sides

use plakoto_rules::fevga::other_numbering;

/// Whether `holder` holds the point that the other side numbers `p`: one
/// checker closes a point (F5).
#[inline]
pub fn held_by(holder: &[u8; 24], p: u8) -> bool {
    holder[usize::from(other_numbering(p)) - 1] > 0
}

/// How many of the points `near..=far` pips ahead of `side`'s point `p`
/// (those on the board, i.e. `p − d ≥ 1`) are held by `other`, the points
/// a checker there may not land on.
#[inline]
pub fn held_ahead(other: &[u8; 24], p: u8, near: u8, far: u8) -> u8 {
    (near..=far)
        .filter(|&d| p > d && held_by(other, p - d))
        .count() as u8
}

/// Checkers of `side` that no single die can move: `other` holds all six
/// points ahead of them. Only points 7–24 count: below, a die that leaves
/// the board may bear off.
pub fn trapped(side: &[u8; 24], other: &[u8; 24]) -> u8 {
    (7..=24u8)
        .filter(|&p| side[usize::from(p) - 1] > 0 && held_ahead(other, p, 1, 6) == 6)
        .map(|p| side[usize::from(p) - 1])
        .sum()
}

/// How far behind a prime (in pips) the blocked side's checkers count as
/// held up by it ([`Prime::behind`]).
pub const PRIME_REACH: u8 = 12;

/// A run of consecutive points one side holds along the other side's path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prime {
    /// Points in the run (0: no point held in front of the other side).
    pub length: u8,
    /// The run's highest point in the blocked side's numbering (its far
    /// end as that side meets it).
    pub top: u8,
    /// The blocked side's checkers close behind the run (on its points
    /// `top + 1 ..= top + PRIME_REACH`), which must get past it soon; those
    /// farther back may see it broken before they arrive.
    pub behind: u8,
}

/// The longest run of consecutive points `holder` holds in front of
/// `blocked`'s farthest-back checker, counted along `blocked`'s path (its
/// numbering, so a run may straddle the holder's 1- and 24-points as F9
/// says). The first longest is kept, nearest `blocked`'s home.
pub fn prime_in_front(holder: &[u8; 24], blocked: &[u8; 24]) -> Prime {
    let Some(back) = (1..=24u8).rev().find(|&q| blocked[usize::from(q) - 1] > 0) else {
        return Prime::default();
    };
    let mut best = Prime::default();
    let mut run = 0u8;
    for q in 1..back {
        run = if held_by(holder, q) { run + 1 } else { 0 };
        if run > best.length {
            best.length = run;
            best.top = q;
        }
    }
    if best.length > 0 {
        let top = usize::from(best.top);
        best.behind = blocked[top..(top + usize::from(PRIME_REACH)).min(24)]
            .iter()
            .sum();
    }
    best
}

/// The point of `side`'s runner while it is not released (F7): the one
/// checker off the 24-point, or the 24-point itself while all are there.
/// The caller knows the side is not released.
pub fn runner_point(side: &[u8; 24]) -> u8 {
    (1..24u8)
        .rev()
        .find(|&p| side[usize::from(p) - 1] > 0)
        .unwrap_or(24)
}

/// How many of the six dice can move `side`'s runner one step from
/// `runner` (its landing point not held by `other`): while not released,
/// these are the only numbers the side can play at all (F7). Under
/// `past_start` a runner may stand on 12, so every landing is on the
/// board.
pub fn runner_dice_open(runner: u8, other: &[u8; 24]) -> u8 {
    6 - held_ahead(other, runner, 1, 6)
}

/// Checkers of `side` in its home board (points 1–6).
#[inline]
pub fn home_checkers(side: &[u8; 24]) -> u8 {
    side[..6].iter().sum()
}

/// The pips `side` still travels to bear off.
#[inline]
pub fn pips(side: &[u8; 24]) -> u32 {
    side.iter()
        .enumerate()
        .map(|(i, &c)| u32::from(c) * (i as u32 + 1))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::fevga::FevgaPosition;

    fn side(points: &[(usize, u8)]) -> [u8; 24] {
        let mut s = [0u8; 24];
        for &(p, n) in points {
            s[p - 1] = n;
        }
        s
    }

    #[test]
    fn points_ahead_are_read_in_the_other_sides_numbering() {
        // The opponent's start (its 24) is the side's 12.
        let other = side(&[(24, 15)]);
        assert!(held_by(&other, 12));
        assert_eq!(held_ahead(&other, 18, 1, 6), 1);
        assert_eq!(held_ahead(&other, 24, 1, 6), 0);
        assert_eq!(held_ahead(&other, 24, 7, 12), 1);
        // Past the 1-point nothing is held.
        assert_eq!(held_ahead(&side(&[(13, 1)]), 3, 1, 6), 1);
        assert_eq!(held_ahead(&side(&[(13, 1)]), 1, 1, 6), 0);
    }

    #[test]
    fn a_checker_facing_six_held_points_is_trapped() {
        // The opponent holds its 17..=22, the side's 5..=10; a side's
        // checker on 11 faces all six.
        let other = side(&[
            (17, 1),
            (18, 1),
            (19, 2),
            (20, 1),
            (21, 1),
            (22, 1),
            (24, 8),
        ]);
        let mine = side(&[(11, 3), (12, 1), (24, 11)]);
        assert_eq!(trapped(&mine, &other), 3);
        let prime = prime_in_front(&other, &mine);
        // In the side's numbering the run is 5..=10 (plus 12, not
        // consecutive): length 6, top 10; the 4 checkers on 11 and 12 are
        // within 12 pips behind it, the 11 on 24 are not.
        assert_eq!((prime.length, prime.top, prime.behind), (6, 10, 4));
    }

    #[test]
    fn a_prime_may_straddle_the_holders_1_and_24_points() {
        // The holder's 23, 24, 1, 2 are the blocked side's 11, 12, 13, 14.
        let holder = side(&[(1, 1), (2, 1), (23, 1), (24, 1)]);
        let blocked = side(&[(20, 15)]);
        let prime = prime_in_front(&holder, &blocked);
        assert_eq!((prime.length, prime.top, prime.behind), (4, 14, 15));
    }

    #[test]
    fn the_runner_and_its_open_dice() {
        let start = FevgaPosition::start();
        let (own, opp) = start.sides();
        assert_eq!(runner_point(&own), 24);
        assert_eq!(runner_dice_open(24, &opp), 6);
        // A runner on 15 with the opponent on its start (the side's 12)
        // cannot play a 3.
        let mine = side(&[(15, 1), (24, 14)]);
        assert_eq!(runner_point(&mine), 15);
        assert_eq!(runner_dice_open(15, &opp), 5);
        assert_eq!(pips(&own), 360);
        assert_eq!(home_checkers(&side(&[(6, 2), (7, 1)])), 2);
    }
}
