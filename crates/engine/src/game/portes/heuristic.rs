//! A hand-written Portes evaluator: the baseline that plays sensibly
//! before a Portes net exists, and the opponent the net must beat.
//!
//! It scores a position in "pip equivalents" for the side on roll (before
//! it rolls), turns the score into a chance of winning with a logistic
//! curve, and spreads wins and losses over single and double games:
//!
//! - **Race**: the pip counts (a checker on the bar counts 25), plus a few
//!   pips for being on roll.
//! - **Blots** (P5): a single checker within reach of opposing checkers
//!   behind it (or of the opposing bar) may be hit and sent back; the cost
//!   is the chance of a shot (direct and combined numbers, blocks ignored)
//!   times the pips it would lose. The opponent's blots are hit first (the
//!   side on roll moves now), so they weigh more than the side's own.
//! - **Points**: points held by two or more checkers in the side's home
//!   board keep hit checkers out (P6), and a run of held points (a prime)
//!   hems opposing checkers in; more so while the opponent has checkers on
//!   the bar or behind them.
//! - **Doubles** (P11): the share of wins that are doubles grows with how
//!   far the loser is from bearing off, and is nil once it has borne off.
//!
//! Exact bear-off races are answered by the race database instead
//! ([`super::race`]). Everything works on the fixed-size position: no
//! allocation per call.

use plakoto_rules::portes::PortesPosition;

use super::race::evaluate_portes_race;
use crate::eval::Probabilities;
use crate::eval::heuristic::SHOTS;

/// Pips a turn on roll is worth in a race.
const ON_ROLL_PIPS: f32 = 8.0;
/// Pips a hit costs beyond the distance lost: the tempo of entering.
const HIT_TEMPO: f32 = 6.0;
/// How much more the opponent's blots weigh than the side's own.
const FIRST_TO_HIT: f32 = 1.4;
/// Pips a held point of the home board is worth.
const HOME_POINT: f32 = 3.0;
/// Pips per point of the longest run of held points, squared.
const PRIME: f32 = 1.0;
/// Pips per held home point for each opposing checker on the bar.
const CLOSED_OUT: f32 = 2.0;
/// Pip equivalents that move the winning chance from 50% to about 73%.
const SCALE: f32 = 12.0;

/// Heuristic outcome chances of `position` for the side on roll, before it
/// rolls, in a game that is not over. Exact in a bear-off race.
pub fn portes_heuristic(position: &PortesPosition) -> Probabilities {
    if let Some(exact) = evaluate_portes_race(position) {
        return exact;
    }
    let (own, opp) = position.sides();
    let (own_pips, opp_pips) = position.pip_counts();
    let mut score = opp_pips as f32 - own_pips as f32 + ON_ROLL_PIPS;
    score += FIRST_TO_HIT * blot_risk(&opp, &own) - blot_risk(&own, &opp);
    score += structure(&own, &opp) - structure(&opp, &own);
    let win = 1.0 / (1.0 + (-score / SCALE).exp());
    let double_share = |loser: &[u8; 25], loser_off: u8, loser_pips: u32| {
        if loser_off > 0 {
            return 0.0;
        }
        // Checkers still outside the loser's home board, and its pips.
        let outside: u8 = loser[6..].iter().sum();
        (f32::from(outside) * 0.03 + loser_pips as f32 / 600.0).min(0.6)
    };
    let own_double = double_share(&opp, position.opp_off(), opp_pips);
    let opp_double = double_share(&own, position.own_off(), own_pips);
    Probabilities::single_or_double(win, own_double, opp_double)
}

/// Pips `side` may lose to hits on its blots by `attacker` (each in its
/// own numbering, index 24 the bar). The attacker moves the other way
/// round: its point `q` is the side's point `25 - q`.
fn blot_risk(side: &[u8; 25], attacker: &[u8; 25]) -> f32 {
    let mut risk = 0.0;
    for point in 1..=24usize {
        if side[point - 1] != 1 {
            continue;
        }
        // Attackers behind the blot, on its way to their home: their
        // points `q` with `25 - q < point`, at `point - (25 - q)` pips;
        // the attacker's bar counts as its point 25 (distance `point`).
        let mut miss = 1.0f32;
        for q in (25 - point + 1)..=25 {
            if attacker[q - 1] == 0 {
                continue;
            }
            let distance = point + q - 25;
            if let Some(&shot) = SHOTS.get(distance) {
                miss *= 1.0 - shot;
            }
        }
        // A hit blot goes back from `point` to the bar (25).
        risk += (1.0 - miss) * ((25 - point) as f32 + HIT_TEMPO);
    }
    risk
}

/// Pips the side's held points are worth against the opponent.
fn structure(side: &[u8; 25], opponent: &[u8; 25]) -> f32 {
    let held = |point: usize| side[point - 1] >= 2;
    let home_points = (1..=6).filter(|&p| held(p)).count() as f32;
    let mut longest = 0u32;
    let mut run = 0u32;
    for point in 1..=24 {
        run = if held(point) { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    // A prime matters while opposing checkers are behind it: on the bar
    // or anywhere short of the side's home board's far side.
    let trapped: u8 = opponent[18..].iter().sum();
    let prime = if trapped > 0 {
        PRIME * (longest * longest) as f32
    } else {
        0.0
    };
    HOME_POINT * home_points + prime + CLOSED_OUT * home_points * f32::from(opponent[24])
}
