//! The retrograde solution of the pin endgames.
//!
//! Every move comes from the rules core's move generator, on the position
//! a state stands for ([`super::positions`]). Two facts keep it small:
//!
//! - the pinner's plays do not depend on the pinned side's home layout,
//!   and the pinned side's plays (its runner is pinned, so only its home
//!   checkers move, and none may bear off, R12) do not depend on the
//!   pinner's layout, so each side's plays are generated once per own
//!   layout and roll;
//! - every play lowers the mover's pips, so with both lists sorted by pips
//!   a state only needs states already solved; the pinned side may have to
//!   pass (R10), which leads to the same layouts with the pinner on roll,
//!   solved just before.
//!
//! Each roll is played for the best equity under standard scoring (R17):
//! the pinner wins a double if it bears off its last checker before the
//! other side has borne off any (always, while the pin stands), a single
//! otherwise, and loses a single (it has borne checkers off). When the
//! pinner's last checker leaves the pin point, the freed checker can meet
//! no pinner checker any more (they are all below it), and the game is a
//! race: [`RunnerRace`] against the race database's tables.

use std::collections::HashMap;

use super::layouts::{LayoutIndex, PinnerState};
use super::positions::{mover_layout, pinner_on_roll};
use super::runner::RunnerRace;
use crate::eval::race::{Layout, RaceDb, race_chances};
use plakoto_rules::{Dice, MoveGenerator, PlayList, Variant};

/// The pinner's chances: of winning, and of winning a double.
pub type Chances = [f32; 2];

/// What a pinner's play leads to.
#[derive(Clone, Copy)]
enum PinnerResult {
    /// Its last checker is off: a double win.
    Won,
    /// The pin stands: the pinner state at this place.
    Pinned(u32),
    /// The pin is let go: the race at this place in the release list.
    Released(u32),
}

/// The pinner's chances with the pinner on roll, for every pinner state
/// (rows) and home layout (columns), as [`LayoutIndex`] numbers them.
pub struct Solution {
    /// Row-major, `states × homes`.
    pub pinner_to_roll: Vec<Chances>,
    /// Home layouts per row.
    pub homes: usize,
}

/// The pinner's equity (standard scoring) from its chances; the pinned
/// side can only win a single.
pub fn equity(c: &Chances) -> f32 {
    2.0 * c[0] + c[1] - 1.0
}

/// Rolls with their weight out of 1, in [`Dice::all_rolls`] order.
fn rolls() -> Vec<(Dice, f32)> {
    Dice::all_rolls()
        .map(|(d, w)| (d, f32::from(w) / 36.0))
        .collect()
}

/// Solves every state (about a minute of one core), calling `progress`
/// with the pinner states solved and their number after each one.
pub fn solve(index: &LayoutIndex, race: &RaceDb, progress: &dyn Fn(usize, usize)) -> Solution {
    let runner = RunnerRace::build(index, race);
    let (pinner_moves, releases) = pinner_transitions(index);
    let home_moves = home_transitions(index);
    let homes = index.homes().len();
    let released = release_chances(index, race, &runner, &releases);
    let weights: Vec<f32> = rolls().iter().map(|r| r.1).collect();

    let states = index.pinner_states().len();
    let mut pinner_to_roll = vec![[0.0f32; 2]; states * homes];
    let mut pinned_to_roll = vec![[0.0f32; 2]; states * homes];
    for (s, moves) in pinner_moves.iter().enumerate() {
        for h in 0..homes {
            let mut chances = [0.0f32; 2];
            for (r, w) in weights.iter().enumerate() {
                let best = moves[r]
                    .iter()
                    .map(|result| match *result {
                        PinnerResult::Won => [1.0, 1.0],
                        PinnerResult::Pinned(t) => pinned_to_roll[t as usize * homes + h],
                        PinnerResult::Released(x) => released[x as usize * homes + h],
                    })
                    .max_by(|a, b| equity(a).total_cmp(&equity(b)))
                    .expect("the pinner always has a play");
                chances[0] += w * best[0];
                chances[1] += w * best[1];
            }
            let row = s * homes;
            pinner_to_roll[row + h] = chances;
            let mut chances = [0.0f32; 2];
            for (r, w) in weights.iter().enumerate() {
                let best = home_moves[h][r]
                    .iter()
                    .map(|&next| pinner_to_roll[row + next as usize])
                    .min_by(|a, b| equity(a).total_cmp(&equity(b)))
                    .expect("a pass is a play");
                chances[0] += w * best[0];
                chances[1] += w * best[1];
            }
            pinned_to_roll[row + h] = chances;
        }
        progress(s + 1, states);
    }
    Solution {
        pinner_to_roll,
        homes,
    }
}

/// For each pinner state, for each roll, what each of its plays leads to.
type PinnerMoves = Vec<Vec<Vec<PinnerResult>>>;

/// Each pinner state's plays for each roll, and the list of releases
/// (pin point, pinner layout after letting go) they reach.
fn pinner_transitions(index: &LayoutIndex) -> (PinnerMoves, Vec<(u8, Layout)>) {
    let any_home = index.homes()[0];
    let mut generator = MoveGenerator::default();
    let mut plays = PlayList::default();
    let mut releases: Vec<(u8, Layout)> = Vec::new();
    let mut release_place: HashMap<(u8, Layout), u32> = HashMap::new();
    let all_rolls = rolls();
    let moves = index
        .pinner_states()
        .iter()
        .map(|state| {
            let position = pinner_on_roll(state, &any_home);
            all_rolls
                .iter()
                .map(|(dice, _)| {
                    generator.generate(&position, &dice.numbers(Variant::Standard), &mut plays);
                    plays
                        .plays
                        .iter()
                        .map(|play| {
                            let after = &play.position;
                            if play.ends_game() {
                                debug_assert_eq!(after.own_off(), 15, "a pinner win is a race win");
                                return PinnerResult::Won;
                            }
                            let (layout, outside) = mover_layout(after);
                            debug_assert!(outside.is_none(), "the pinner stays home");
                            if after.opp_pinned_mask() != 0 {
                                let next = index
                                    .pinner_place(state.pin, &layout)
                                    .expect("a pinner move stays in the database");
                                return PinnerResult::Pinned(next as u32);
                            }
                            let key = (state.pin, layout);
                            let place = *release_place.entry(key).or_insert_with(|| {
                                releases.push(key);
                                releases.len() as u32 - 1
                            });
                            PinnerResult::Released(place)
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    (moves, releases)
}

/// Each home layout's plays for each roll while the runner is pinned, as
/// home layout numbers (a pass leads to the layout itself).
fn home_transitions(index: &LayoutIndex) -> Vec<Vec<Vec<u16>>> {
    let pinner = PinnerState {
        pin: 6,
        layout: [0, 0, 0, 0, 0, 1],
    };
    let mut generator = MoveGenerator::default();
    let mut plays = PlayList::default();
    let all_rolls = rolls();
    index
        .homes()
        .iter()
        .map(|home| {
            let position = pinner_on_roll(&pinner, home).flip();
            all_rolls
                .iter()
                .map(|(dice, _)| {
                    generator.generate(&position, &dice.numbers(Variant::Standard), &mut plays);
                    let mut next: Vec<u16> = plays
                        .plays
                        .iter()
                        .map(|play| {
                            let (after, _) = mover_layout(&play.position);
                            index.home_place(&after).expect("no bear-off while pinned") as u16
                        })
                        .collect();
                    next.sort_unstable();
                    next.dedup();
                    next
                })
                .collect()
        })
        .collect()
}

/// The pinner's chances in each released race, the pinned side on roll,
/// for every home layout: row-major, `releases × homes`.
fn release_chances(
    index: &LayoutIndex,
    race: &RaceDb,
    runner: &RunnerRace,
    releases: &[(u8, Layout)],
) -> Vec<Chances> {
    let homes = index.homes().len();
    let mut out = Vec::with_capacity(releases.len() * homes);
    for &(pin, layout) in releases {
        // The freed checker stands on the pinner's point k, its own 25 - k.
        let runner_point = 25 - pin;
        for h in 0..homes {
            let free = runner.at(runner_point, h);
            let p = race_chances(
                &free.finish,
                &free.first,
                race.finish_of(&layout),
                race.first_of(&layout),
            );
            out.push([p.lose_single + p.lose_double, p.lose_double]);
        }
    }
    out
}
