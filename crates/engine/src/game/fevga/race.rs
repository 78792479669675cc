//! The exact race for Fevga: bear-off outcomes once the two sides can
//! never meet again.
//!
//! **When the sides can no longer meet** ([`fevga_no_contact`]): every
//! checker of each side still on the board stands on that side's points
//! 1–12. Why this is enough, and conservative: a checker only ever moves
//! towards its side's 1-point, so side A (farthest checker on its point
//! `a ≤ 12`) will only ever stand on its points `1..=a`, and the opponent
//! (farthest on its point `b ≤ 12`) only on its points `1..=b`, which are
//! A's points `13..=12 + b` (F2: `S(q) = q + 12`). The two sets of points
//! are disjoint, so no checker can again land on, or be refused by, a
//! point the other side holds or will pass (F5). No other rule links the
//! sides there: the runner rule (F7) only restricts moves from the
//! 24-point, which is empty; the own starting quarter (F8, 19–24) cannot be
//! held; the `opponent`/`both` quarter rules concern the side's own 7–12
//! only (one side's constraint, not an interaction); the unblocking duty
//! (F9) needs a wall on the opponent's points below its checkers, i.e. on
//! the side's 13–23, where it has none; every opposing checker has a step
//! (the farthest-forward one can always move 1 or bear off), so
//! `unblock_if_frozen` never arises; and any prime a side can hold is on
//! the opponent's 13–24 with every opposing checker ahead of it, so
//! `ahead_required` never forbids it. The condition is exactly that the
//! two *travel sets* (each side's points from its farthest checker down to
//! its 1-point) are disjoint: a side with a checker above its 12-point will
//! travel over its 13-point, the opponent's 1-point, which is in every
//! travel set of the opponent. It is conservative in counting a point a
//! checker jumps over as one it may meet (F5 only refuses landings).
//!
//! **What is exact.** In such a position the game is two independent
//! one-sided bear-offs. When every checker of each side is in its home
//! board (points 1–6), each bear-off is Fevga's F10–F11, which are R12–R13
//! without pins, every die is usable, and no landing point can be held by
//! the other side: the one-sided tables of [`RaceDb`](crate::eval::race::RaceDb) (shared with Plakoto
//! and Portes) answer it, with the side on roll finishing first on ties.
//! `tests/engine/fevga.rs` checks them against searches written with the
//! Fevga move generator. Races with a checker still on a side's 7–12 are
//! not covered (the table holds home-board layouts only, and F8's
//! `opponent` variant would constrain a bear-in there): they are left to
//! the heuristic's race formula and the net; [`fevga_no_contact`] tells
//! them apart so the net sees the race.
//!
//! Scoring (F13): a double when the loser has borne off nothing, no
//! triple.

use plakoto_rules::fevga::FevgaPosition;

use crate::eval::Probabilities;
use crate::eval::race::home_board_race;

/// Whether the two sides of `position` can never meet again: both have
/// checkers on the board, all of them on their own points 1–12 (see the
/// module comment for why this is enough). Positions where a side has
/// borne everything off are finished games, not races.
pub fn fevga_no_contact(position: &FevgaPosition) -> bool {
    let (own, opp) = position.sides();
    let on_board = |side: &[u8; 24]| side.iter().any(|&c| c > 0);
    let beyond_12 = |side: &[u8; 24]| side[12..].iter().any(|&c| c > 0);
    on_board(&own) && on_board(&opp) && !beyond_12(&own) && !beyond_12(&opp)
}

/// Exact outcome chances of `position` (side on roll, before rolling) when
/// both sides are bearing off from their home boards; `None` otherwise
/// (including no-contact races with checkers still outside, see the
/// module comment).
pub fn evaluate_fevga_race(position: &FevgaPosition) -> Option<Probabilities> {
    let (own, opp) = position.sides();
    home_board_race(&own, &opp, position.own_off(), position.opp_off())
}
