//! Two independent computations of a Tavli match's winning chances, to
//! check the table against ([`super::table`] solves a backward recurrence
//! level by level, with a linear system for the draws):
//!
//! - [`forward`] plays the match forward as a Markov chain: a
//!   distribution over (points needed by each side, game number, starter)
//!   is pushed through one game at a time, the mass that reaches a
//!   target is banked, until less than `1e-15` is left in play;
//! - [`enumerate`] follows every sequence of game outcomes one path at a
//!   time (no merging of equal states), dropping paths below `1e-12`
//!   and counting the dropped mass.

use std::collections::HashMap;

use super::rates::GameModel;
use super::{AfterDraw, Starter};

/// One game's results for the player when `player_starts`: (player's
/// points won, opponent's points won, next starter, probability), the
/// zero-probability endings left out.
fn outcomes(
    game: &GameModel,
    player_starts: bool,
    after_draw: AfterDraw,
) -> Vec<(i32, i32, Starter, f64)> {
    let (mine, theirs) = if player_starts {
        (game.rates.starter, game.rates.other)
    } else {
        (game.rates.other, game.rates.starter)
    };
    let mut out = Vec::new();
    for k in 0..4 {
        let points = i32::from(game.points[k]);
        out.push((points, 0, Starter::Player, mine[k]));
        out.push((0, points, Starter::Opponent, theirs[k]));
    }
    let drawn_starter = match (after_draw, player_starts) {
        (AfterDraw::OpeningRoll, _) => Starter::OpeningRoll,
        (AfterDraw::SameStarter, true) => Starter::Player,
        (AfterDraw::SameStarter, false) => Starter::Opponent,
    };
    out.push((0, 0, drawn_starter, game.rates.draw));
    out.retain(|o| o.3 > 0.0);
    out
}

/// The concrete starters of a game and their chances: an opening roll is
/// either side with even chances.
fn starters(starter: Starter) -> Vec<(bool, f64)> {
    match starter {
        Starter::Player => vec![(true, 1.0)],
        Starter::Opponent => vec![(false, 1.0)],
        Starter::OpeningRoll => vec![(true, 0.5), (false, 0.5)],
    }
}

/// Where a computation starts: the points the player and the opponent
/// need, the game's index in the sequence and its starter.
pub type Start = (i32, i32, usize, Starter);

/// The player's chance of winning from `start`, and the mass still in
/// play when the propagation stopped.
pub fn forward(games: &[GameModel], after_draw: AfterDraw, start: Start) -> (f64, f64) {
    let (a, b, g, starter) = start;
    let mut live: HashMap<(i32, i32, Starter), f64> = HashMap::from([((a, b, starter), 1.0)]);
    let mut won = 0.0;
    for game in g..g + 100_000 {
        if live.values().sum::<f64>() < 1e-15 {
            break;
        }
        let model = &games[game % games.len()];
        let mut next: HashMap<(i32, i32, Starter), f64> = HashMap::new();
        for (&(need, other_needs, starter), &mass) in &live {
            for (player_starts, roll) in starters(starter) {
                for (mine, theirs, then, p) in outcomes(model, player_starts, after_draw) {
                    let (need, other_needs) = (need - mine, other_needs - theirs);
                    let mass = mass * roll * p;
                    if need <= 0 {
                        won += mass;
                    } else if other_needs > 0 {
                        *next.entry((need, other_needs, then)).or_default() += mass;
                    }
                }
            }
        }
        live = next;
    }
    (won, live.values().sum())
}

/// The player's chance of winning as [`forward`], path by path; paths
/// below `1e-12` are dropped, their mass returned second.
pub fn enumerate(games: &[GameModel], after_draw: AfterDraw, start: Start) -> (f64, f64) {
    let mut totals = (0.0, 0.0);
    walk(games, after_draw, start, 1.0, &mut totals);
    totals
}

/// Adds the paths from `start`, reached with probability `path`, to
/// `totals` (won, dropped).
fn walk(
    games: &[GameModel],
    after_draw: AfterDraw,
    (a, b, g, starter): Start,
    path: f64,
    totals: &mut (f64, f64),
) {
    if a <= 0 {
        totals.0 += path;
        return;
    }
    if b <= 0 {
        return;
    }
    if path < 1e-12 {
        totals.1 += path;
        return;
    }
    let model = &games[g % games.len()];
    for (player_starts, roll) in starters(starter) {
        for (mine, theirs, then, p) in outcomes(model, player_starts, after_draw) {
            let next = (a - mine, b - theirs, g + 1, then);
            walk(games, after_draw, next, path * roll * p, totals);
        }
    }
}
