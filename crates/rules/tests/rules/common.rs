//! Test helpers shared by the integration tests: a brute-force reference
//! move generator written straight from docs/rules.md, with none of the fast
//! generator's shortcuts, to check it against.
#![allow(dead_code)]

use std::collections::HashMap;

use plakoto_rules::{Die, Numbers, Point, Position, Scoring, Step, game_result};

/// Every legal resulting position per R10/R11, by trying every step of every
/// number in every order with `Position::try_step`, and the game-end test
/// of `game_result`.
pub fn reference_plays(start: &Position, numbers: &Numbers) -> Vec<Position> {
    let found = reference_found(start, numbers);
    // R10 decision: M counts every line, one on which the game ends up to
    // its last step; an ending play is always legal, every other play uses
    // M numbers (and the higher die when M is 1 and some line uses it).
    let most = found.values().map(|v| v.0).max().unwrap_or(0);
    let higher = match numbers {
        Numbers::Pair(a, _) if most == 1 => a.pips(),
        _ => 0,
    };
    let higher_only = higher > 0 && found.values().any(|v| v.0 == 1 && v.2 == higher);
    found
        .iter()
        .filter(|(_, v)| v.1 || (v.0 == most && (!higher_only || v.2 == higher)))
        .map(|(p, _)| *p)
        .collect()
}

/// Every line's result: position -> (numbers used, whether the game ended,
/// the first die used).
pub fn reference_found(
    start: &Position,
    numbers: &Numbers,
) -> HashMap<Position, (usize, bool, u8)> {
    let orders: Vec<Vec<u8>> = match numbers {
        Numbers::Pair(a, b) => vec![vec![a.pips(), b.pips()], vec![b.pips(), a.pips()]],
        Numbers::Sequence(_) => vec![numbers.to_vec()],
    };
    // position -> (numbers used, ending, first die)
    let mut found: HashMap<Position, (usize, bool, u8)> = HashMap::new();
    for order in &orders {
        explore(start, order, 0, 0, &mut found);
    }
    found
}

fn explore(
    pos: &Position,
    order: &[u8],
    depth: usize,
    first: u8,
    found: &mut HashMap<Position, (usize, bool, u8)>,
) {
    if depth == order.len() {
        record(found, *pos, depth, false, first);
        return;
    }
    let die = Die::new(order[depth]).unwrap();
    let mut moved = false;
    for p in Point::all() {
        let mut next = *pos;
        if next.try_step(Step { from: p, die }).is_ok() {
            moved = true;
            let f = if depth == 0 { die.pips() } else { first };
            if game_result(&next, Scoring::Standard).is_some() {
                record(found, next, depth + 1, true, f);
            } else {
                explore(&next, order, depth + 1, f, found);
            }
        }
    }
    if !moved {
        record(found, *pos, depth, false, first);
    }
}

fn record(
    found: &mut HashMap<Position, (usize, bool, u8)>,
    p: Position,
    used: usize,
    ending: bool,
    first: u8,
) {
    let e = found.entry(p).or_insert((used, ending, first));
    if used > e.0 {
        *e = (used, ending, first);
    } else if used == e.0 && first > e.2 {
        e.2 = first;
    }
}
