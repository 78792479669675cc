//! The pinned side's bear-off once its checker is freed and can meet no
//! opposing checker any more: the freed checker (the *runner*) travels
//! home, then all 15 are borne off (R12: not before the runner is home).
//!
//! Like the race database, this is a one-sided table: for a runner on the
//! side's point 7..=23 and its 14 other checkers at home, the chances of
//! finishing and of bearing off the first checker on each turn, each roll
//! played to finish in the fewest expected turns. Once the runner is home
//! the race database's tables take over.

use super::layouts::LayoutIndex;
use super::positions::{mover_layout, runner_on_roll};
use crate::eval::race::{Layout, MAX_TURNS, RaceDb, pips, shift_add};
use plakoto_rules::{Dice, MoveGenerator, PlayList, Variant};

/// Lowest and highest runner points tracked (the runner is pinned on the
/// pinner's 2..=6, the pinned side's 23..=19, and only comes down).
const LOWEST: u8 = 7;
const HIGHEST: u8 = 23;

/// One state's turn distributions.
#[derive(Clone, Copy)]
pub struct TurnDistributions {
    /// Chance of bearing off the last checker on turn `t`.
    pub finish: [f32; MAX_TURNS],
    /// Chance of bearing off the first checker on turn `t`.
    pub first: [f32; MAX_TURNS],
    expected: f32,
}

const EMPTY: TurnDistributions = TurnDistributions {
    finish: [0.0; MAX_TURNS],
    first: [0.0; MAX_TURNS],
    expected: 0.0,
};

/// The one-sided tables for every runner point and home layout.
pub struct RunnerRace {
    states: Vec<TurnDistributions>,
    homes: usize,
}

impl RunnerRace {
    /// Solves every state, fewest pips first (each roll lowers them).
    pub fn build(index: &LayoutIndex, race: &RaceDb) -> RunnerRace {
        let homes = index.homes().len();
        let mut table = RunnerRace {
            states: vec![EMPTY; usize::from(HIGHEST - LOWEST + 1) * homes],
            homes,
        };
        let mut order: Vec<(u32, u8, usize)> = (LOWEST..=HIGHEST)
            .flat_map(|r| {
                index
                    .homes()
                    .iter()
                    .enumerate()
                    .map(move |(h, l)| (u32::from(r) + pips(l), r, h))
            })
            .collect();
        order.sort_unstable();
        let mut generator = MoveGenerator::default();
        let mut plays = PlayList::default();
        for &(_, runner, h) in &order {
            let position = runner_on_roll(runner, &index.homes()[h]);
            let mut state = TurnDistributions {
                expected: 1.0,
                ..EMPTY
            };
            for (dice, weight) in Dice::all_rolls() {
                let w = f32::from(weight) / 36.0;
                generator.generate(&position, &dice.numbers(Variant::Standard), &mut plays);
                let best = plays
                    .plays
                    .iter()
                    .map(|play| {
                        let (home, outside) = mover_layout(&play.position);
                        let borne_off = play.position.own_off() > 0;
                        match outside {
                            Some(r) => {
                                let next =
                                    table.at(r, index.home_place(&home).expect("14 at home"));
                                (next.expected, next.finish, next.first, borne_off)
                            }
                            None => home_race(race, &home, borne_off),
                        }
                    })
                    .min_by(|a, b| a.0.total_cmp(&b.0))
                    .expect("the runner can always move");
                state.expected += w * best.0;
                shift_add(&mut state.finish, &best.1, w);
                if best.3 {
                    state.first[1] += w;
                } else {
                    shift_add(&mut state.first, &best.2, w);
                }
            }
            let at = table.place(runner, h);
            table.states[at] = state;
        }
        table
    }

    /// The distributions of the runner on `runner` with home layout number
    /// `home` (see [`LayoutIndex::homes`]).
    pub fn at(&self, runner: u8, home: usize) -> &TurnDistributions {
        &self.states[self.place(runner, home)]
    }

    fn place(&self, runner: u8, home: usize) -> usize {
        usize::from(runner - LOWEST) * self.homes + home
    }
}

/// Expected turns and distributions of an all-home layout, from the race
/// database.
fn home_race(
    race: &RaceDb,
    home: &Layout,
    borne_off: bool,
) -> (f32, [f32; MAX_TURNS], [f32; MAX_TURNS], bool) {
    let mut finish = [0.0; MAX_TURNS];
    finish.copy_from_slice(race.finish_of(home));
    let mut first = [0.0; MAX_TURNS];
    first.copy_from_slice(race.first_of(home));
    (race.expected_turns(home), finish, first, borne_off)
}
