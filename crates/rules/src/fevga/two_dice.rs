//! The search of a Fevga non-double `a`-`b` (in dice order): every play
//! once, by the line the generator's results name it by, with no table of
//! positions.
//!
//! The results are defined by a depth-first search that plays `a` then
//! `b` from every source (from 1 up), then `b` then `a`, and keeps for
//! each position the first line to it. Two lines of two steps reach one
//! position only in these ways (the net change of the mover's counts
//! tells them apart otherwise), and the later one is skipped when the
//! earlier one is legal, which the masks of legal sources already built
//! tell:
//! - `b`-first `y`,`x` and `a`-first `x`,`y`: the `a`-first order is legal
//!   whenever `x` could move `a` at the start (`x` still has its checker,
//!   the landing is free, release (F7) and bearing off (F10) only get
//!   easier after a step, and `y` bore off with a larger number only with
//!   nothing above it, where `x`'s checker cannot have been);
//! - one checker moved on (`x`, then its landing) and two checkers, one
//!   landing where the other left (`x - b` first, then `x`): the latter
//!   needs only its first step to be legal, the second lands on a point
//!   the mover held;
//! - two checkers borne off in either order of the numbers.
//!
//! Every intermediate position of the earlier lines is the start's
//! or one the masks of legal first steps judged (F8 `every_step`
//! included), so these hold under every switch.
//!
//! Lines of one step count only when no line of two is legal (R10); then
//! two of them reach one position only by bearing off from one point with
//! either number, and R10 keeps the higher number's.

use super::collect::Collector;
use super::play::FevgaPlay;
use super::steps::FevgaSteps;
use super::turn::{Node, Turn, bit, up_to};

/// Whether `mask` holds point `p`, for a `p` that may be off the board.
#[inline]
fn has(mask: u32, p: i16) -> bool {
    (1..=24).contains(&p) && mask & bit(p as u8) != 0
}

/// The lowest point of a non-empty mask.
#[inline]
fn lowest(mask: u32) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// Searches every play of `a`-`b` (`a != b`) from `root` into `collector`.
pub(crate) fn search_two_dice(
    turn: &Turn<'_>,
    root: Node,
    (a, b): (u8, u8),
    collector: &mut Collector<'_>,
) {
    debug_assert_ne!(a, b);
    let first_a = turn.legal(&root, a);
    let first_b = turn.legal(&root, b);
    // `after_a[x]`: the sources of `b` after `a` from `x`; `after_b` the
    // other way round.
    let (mut after_a, mut after_b) = ([0u32; 25], [0u32; 25]);
    let (ia, ib) = (i16::from(a), i16::from(b));

    // `a` first.
    let mut sources = first_a;
    while sources != 0 {
        let x = lowest(sources);
        sources &= sources - 1;
        let child = root.step(x, a);
        let seconds = turn.legal(&child, b);
        after_a[usize::from(x)] = seconds;
        let mut ys = seconds;
        let xi = i16::from(x);
        // The checker moved on, when `x - b` then `x` was legal.
        if x > a && has(first_a, xi - ib) {
            ys &= !bit(x - a);
        }
        // Both borne off, when the other order of the checkers was.
        if x <= a && x <= b {
            let mut swapped = ys & up_to(x - 1) & first_a;
            while swapped != 0 {
                let y = lowest(swapped);
                swapped &= swapped - 1;
                if after_a[usize::from(y)] & bit(x) != 0 {
                    ys &= !bit(y);
                }
            }
        }
        let line = FevgaSteps::NONE.pushed(x, a);
        while ys != 0 {
            let y = lowest(ys);
            ys &= ys - 1;
            collector.keep(&child.step(y, b), line.pushed(y, b));
        }
    }

    // `b` first: never a source of `a` at the start (the `a`-first order).
    let mut sources = first_b;
    while sources != 0 {
        let y = lowest(sources);
        sources &= sources - 1;
        let child = root.step(y, b);
        let seconds = turn.legal(&child, a);
        after_b[usize::from(y)] = seconds;
        let mut xs = seconds & !first_a;
        if xs == 0 {
            continue;
        }
        let yi = i16::from(y);
        // The checker moved on: `a` then `b` with it, or `y - a` then `y`.
        if y > b && xs & bit(y - b) != 0 {
            let a_first = y > a && has(first_a, yi) && has(after_a[usize::from(y)], yi - ia);
            if a_first || has(first_b, yi - ia) {
                xs &= !bit(y - b);
            }
        }
        // `y` then `x = y + a` onto it, when `x - b` then `x` was legal.
        let x = yi + ia;
        if has(xs, x) && has(first_a, x - ib) {
            xs &= !bit(x as u8);
        }
        // Both borne off, when an earlier order of the numbers was legal.
        if y <= a && y <= b {
            let mut both = xs & up_to(a.min(b));
            while both != 0 {
                let x = lowest(both);
                both &= both - 1;
                let a_first = has(first_a, yi) && after_a[usize::from(y)] & bit(x) != 0;
                let b_earlier =
                    x < y && has(first_b, i16::from(x)) && after_b[usize::from(x)] & bit(y) != 0;
                if a_first || b_earlier {
                    xs &= !bit(x);
                }
            }
        }
        let line = FevgaSteps::NONE.pushed(y, b);
        while xs != 0 {
            let x = lowest(xs);
            xs &= xs - 1;
            collector.keep(&child.step(x, a), line.pushed(x, a));
        }
    }

    if collector.most() < 2 {
        one_step_lines(root, (first_a, first_b), (a, b), collector);
    }
}

/// The lines of one step, when no line of two is kept, with R10's higher
/// number; else the play of no steps.
fn one_step_lines(
    root: Node,
    (first_a, first_b): (u32, u32),
    (a, b): (u8, u8),
    collector: &mut Collector<'_>,
) {
    for (sources, pips) in [(first_a, a), (first_b, b)] {
        let mut rest = sources;
        while rest != 0 {
            let from = lowest(rest);
            rest &= rest - 1;
            collector.keep(&root.step(from, pips), FevgaSteps::NONE.pushed(from, pips));
        }
    }
    if collector.most() == 1 {
        let higher = a.max(b);
        let plays = collector.plays();
        let uses_higher = |p: &FevgaPlay| p.steps.iter().all(|s| s.die.pips() == higher);
        if plays.iter().any(uses_higher) {
            plays.retain(uses_higher);
        }
    } else {
        collector.keep(&root, FevgaSteps::NONE);
    }
}
