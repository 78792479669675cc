//! A hand-written Fevga evaluator: the baseline that plays sensibly before
//! a Fevga net exists, and the opponent the net must beat.
//!
//! It scores a position in "pip equivalents" for the side on roll (before
//! it rolls), turns the score into a chance of winning with a logistic
//! curve whose width grows with the pips left (a lead of 10 pips decides
//! more of a short race than of a long one), and spreads wins and losses
//! over single and double games. Each side's costs, counted against it:
//!
//! - **Race**: the pip counts, plus a few pips for being on roll.
//! - **Runner phase** (F7): until a side is released only its runner moves,
//!   so every die the runner cannot play is lost; a blocked runner loses
//!   whole turns.
//! - **Blocking** (F5): a point the opponent holds within six pips ahead of
//!   a checker closes that number to it. The cost grows with the square of
//!   the closed share (one closed point hurts little, five nearly freeze
//!   the checker), and with the checkers standing there; a checker facing
//!   six closed points cannot move at all.
//! - **Primes** (F9): a run of consecutive points held in front of
//!   opposing checkers, worth the square of its length from three points
//!   on, in proportion to the checkers it holds up (those within 12 pips
//!   behind it).
//! - **Stacks**: checkers beyond three on a point (the starting point
//!   aside) hold no extra point and block nothing more.
//! - **Coming home early**: once released, checkers in the home board can
//!   only move within it and block only what is still behind them; while
//!   the opponent still has checkers to bring round through the side's
//!   half of the board, they are checkers out of play.
//! - **Doubles** (F13): the share of wins that are doubles grows with the
//!   loser's checkers outside its home board, more so while it is still in
//!   the runner phase, and is nil once it has borne off.
//!
//! Exact bear-off races are answered by the race tables instead
//! ([`super::race`]); in a race with checkers still outside the home
//! boards only the pips count. Everything works on fixed-size arrays: no
//! allocation per call.

use plakoto_rules::fevga::{FevgaPosition, FevgaRules, is_released};

use super::race::{evaluate_fevga_race, fevga_no_contact};
use super::shape::{
    held_ahead, home_checkers, pips, prime_in_front, runner_dice_open, runner_point, trapped,
};
use crate::eval::Probabilities;

/// Pips a turn on roll is worth in a race (half an average roll).
const ON_ROLL_PIPS: f32 = 4.0;
/// Pips a side in the runner phase pays for its lack of choice.
const RUNNER: f32 = 4.0;
/// Pips per runner die that cannot be played (six: a turn is lost).
const RUNNER_DIE_CLOSED: f32 = 2.5;
/// Pips a point's checkers pay when all six points ahead are closed, at
/// one checker there; the cost scales with the square of the closed share.
const BLOCKED: f32 = 15.0;
/// Extra pips per checker no die can move.
const TRAPPED: f32 = 2.0;
/// Pips per squared point of a prime of three or more, with all fifteen
/// opposing checkers behind it.
const PRIME: f32 = 1.2;
/// Pips per checker beyond three on a point below the 24-point.
const STACK: f32 = 1.0;
/// Pips per checker in the home board once released, with all fifteen
/// opposing checkers still on the side's points 1–12.
const HOME_EARLY: f32 = 1.5;
/// Logistic width: `SCALE_BASE + SCALE_PER_ROOT_PIP · √(pips of both)`.
const SCALE_BASE: f32 = 2.0;
const SCALE_PER_ROOT_PIP: f32 = 0.75;

/// Heuristic outcome chances of `position` for the side on roll, before it
/// rolls, in a game that is not over, under `rules` (whose release switch
/// says who is still in the runner phase). Exact in a home-board bear-off.
pub fn fevga_heuristic(position: &FevgaPosition, rules: &FevgaRules) -> Probabilities {
    if let Some(exact) = evaluate_fevga_race(position) {
        return exact;
    }
    let (own, opp) = position.sides();
    let (own_pips, opp_pips) = (pips(&own), pips(&opp));
    let mut score = opp_pips as f32 - own_pips as f32 + ON_ROLL_PIPS;
    let own_released = is_released(position, rules.release);
    let opp_released = is_released(&position.flipped(), rules.release);
    if !fevga_no_contact(position) {
        score += costs(&opp, &own, opp_released) - costs(&own, &opp, own_released);
    }
    let scale = SCALE_BASE + SCALE_PER_ROOT_PIP * ((own_pips + opp_pips) as f32).sqrt();
    let win = 1.0 / (1.0 + (-score / scale).exp());
    let own_double = double_share(&opp, position.opp_off(), opp_released);
    let opp_double = double_share(&own, position.own_off(), own_released);
    Probabilities::single_or_double(win, own_double, opp_double)
}

/// What `side`'s position costs it in pips against `other`'s points (each
/// in its own numbering): its runner phase, its blocked checkers, the
/// prime in front of it, its stacks and its checkers home too early.
fn costs(side: &[u8; 24], other: &[u8; 24], released: bool) -> f32 {
    let mut cost = 0.0;
    if !released {
        let open = runner_dice_open(runner_point(side), other);
        cost += RUNNER + RUNNER_DIE_CLOSED * f32::from(6 - open);
    }
    for p in 1..=24u8 {
        let n = side[usize::from(p) - 1];
        if n == 0 {
            continue;
        }
        let closed = f32::from(held_ahead(other, p, 1, 6)) / 6.0;
        // More checkers on a point share its exits: the cost grows less
        // than in proportion.
        let weight = 1.0 + 0.5 * f32::from(n.min(7) - 1);
        cost += BLOCKED * closed * closed * weight;
    }
    cost += TRAPPED * f32::from(trapped(side, other));
    let stacked: u8 = side[..23].iter().map(|&n| n.saturating_sub(3)).sum();
    cost += STACK * f32::from(stacked);
    if released {
        // The opponent's points 13–24 are the side's 1–12.
        let to_come: u8 = other[12..].iter().sum();
        cost += HOME_EARLY * f32::from(home_checkers(side)) * f32::from(to_come) / 15.0;
    }
    let prime = prime_in_front(other, side);
    if prime.length >= 3 {
        let length = f32::from(prime.length.min(8));
        cost += PRIME * length * length * f32::from(prime.behind) / 15.0;
    }
    cost
}

/// The share of `loser`'s losses that are doubles (F13): none once it has
/// borne off; otherwise more the more checkers it has outside its home
/// board, and more while it is still in the runner phase.
fn double_share(loser: &[u8; 24], loser_off: u8, released: bool) -> f32 {
    if loser_off > 0 {
        return 0.0;
    }
    let outside: u8 = loser[6..].iter().sum();
    let runner = if released { 0.0 } else { 0.1 };
    (0.025 * f32::from(outside) + runner).min(0.6)
}
