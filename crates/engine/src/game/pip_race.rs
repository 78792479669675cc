//! The pip-count baseline's formula, shared by the games whose `pipcount`
//! evaluator is the race alone (Portes, Fevga): the pip lead plus the turn
//! on roll, squashed into a chance of a single win.

use crate::eval::Probabilities;

/// Pips that move the winning chance by one logistic unit.
const PIPS_SCALE: f32 = 25.0;

/// The chances of the side on roll with `own` pips to go against the
/// opponent's `opp`, a turn on roll being worth `on_roll_pips` pips: a
/// single win or a single loss, nothing else (the baseline knows no
/// gammons).
pub(crate) fn pip_race_probabilities(own: u32, opp: u32, on_roll_pips: f32) -> Probabilities {
    let score = (opp as f32 - own as f32 + on_roll_pips) / PIPS_SCALE;
    let win = 1.0 / (1.0 + (-score).exp());
    Probabilities {
        win_single: win,
        lose_single: 1.0 - win,
        ..Probabilities::default()
    }
}
