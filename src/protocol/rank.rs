//! A lean 0-ply ranking of a list of plays, for the one case the search
//! cannot serve: `play` on a capped Express list whose searched best lines
//! the game cannot check cheaply (see `session::choose_play`). It needs one
//! `(f32, u32)` a play beyond the list, so millions of plays can be ranked.
//! `hint`, `play`, `eval` and `rollout` otherwise use [`crate::search`].

use crate::eval::{Evaluator, Probabilities, evaluate_or_score};
use crate::game::{Play, Rules};

/// A rated candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ranked {
    /// Index of the play in the list rated.
    pub index: usize,
    /// Chances after the play, for the player making it.
    pub probabilities: Probabilities,
    /// Equity after the play, for the player making it.
    pub equity: f32,
}

/// The chances of the player who makes `play`. `mover_keeps_turn` is true
/// when the player rolls again next (Express numbers passed to it are
/// played before its own roll, R21); otherwise the opponent is on roll.
pub fn rate_play(
    evaluator: &dyn Evaluator,
    rules: Rules,
    play: &Play,
    mover_keeps_turn: bool,
) -> Probabilities {
    if mover_keeps_turn {
        evaluate_or_score(evaluator, &play.position, rules)
    } else {
        evaluate_or_score(evaluator, &play.position.flip(), rules).flipped()
    }
}

/// The best `keep` plays of `plays`, best first (ties keep list order).
/// Memory beyond the result is one `(f32, u32)` a play, so Express lists
/// of millions of plays can be ranked.
pub fn rank_plays(
    evaluator: &dyn Evaluator,
    rules: Rules,
    plays: &[Play],
    mover_keeps_turn: bool,
    keep: usize,
) -> Vec<Ranked> {
    let mut scored: Vec<(f32, u32)> = plays
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let e = rate_play(evaluator, rules, p, mover_keeps_turn).equity(rules.scoring);
            (e, i as u32)
        })
        .collect();
    let better = |a: &(f32, u32), b: &(f32, u32)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
    let keep = keep.min(scored.len());
    if keep == 0 {
        return Vec::new();
    }
    if keep < scored.len() {
        scored.select_nth_unstable_by(keep - 1, better);
        scored.truncate(keep);
    }
    scored.sort_by(better);
    scored
        .into_iter()
        .map(|(equity, i)| Ranked {
            index: i as usize,
            probabilities: rate_play(evaluator, rules, &plays[i as usize], mover_keeps_turn),
            equity,
        })
        .collect()
}
