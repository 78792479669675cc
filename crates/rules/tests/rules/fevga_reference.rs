//! The Fevga move generator (`FevgaMoveGenerator::generate`) against a
//! brute-force generator written here from the text of docs/rules.md, Fevga
//! alone: its own board (each side in its own numbering, F2's `S` map
//! written from the formula), its own single step (F5, F7, F10, F11), its
//! own quarter test (F8), prime test (F9 `ahead_required`) and duties
//! (F9 `unblock`, `unblock_if_frozen`). It tries every order of every
//! step with no pruning, then applies the rules that judge whole plays in
//! the specification's order: the `end_of_play` filter, R10 (most
//! numbers, a game-ending play always legal, then the higher die), the
//! duty among what R10 allows, and R11 (a play is its position).
//!
//! The lines are tried in the order the generator documents its results
//! by (numbers in dice order, then the other order; source points from 1
//! up), so the generator must also list its plays in the order their
//! positions are first reached, each with the steps of that first line:
//! what the generator returns, not only which positions, is pinned (in
//! turns where no play ends the game, whose line R10 names differently).
//!
//! Positions come from random games under the switches tested and from
//! constructions that stress each rule: runner phases, nearly closed
//! starting quarters, walls in front of an opponent gathered on one point,
//! frozen runners, primes about to be completed, and bear-offs with
//! opposing checkers in the home board. Every rule's bites are counted
//! and each count must be positive, so the comparison cannot pass
//! without reaching the rule.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::time::Instant;

use plakoto_rules::Dice;
use plakoto_rules::fevga::{
    FevgaMoveGenerator, FevgaPlayList, FevgaPosition, FevgaRules, PrimeRule, QuarterCheck,
    QuarterRule, Release, fevga_board_text,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::fevga_common::check_list;
use crate::scale;

/// (position, roll) pairs under the default switches: 100,000 in a full
/// run (`scale`).
fn default_pairs() -> usize {
    scale::sample(100_000)
}

/// (position, roll) pairs under each other switch value: 15,000 in a full
/// run.
fn switch_pairs() -> usize {
    scale::sample(15_000)
}

// ---------------------------------------------------------------------
// The reference board and its single step.

/// A side's checkers in its own numbering: index `p` (1–24) its point
/// `p`, index 0 its checkers borne off.
pub type Side = [u8; 25];

/// A position from the mover's point of view: both sides in their own
/// numbering.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The side on roll.
    pub mover: Side,
    /// The other side.
    pub other: Side,
}

/// F2: the other side's number for a side's point `p`,
/// `S(p) = ((p + 11) mod 24) + 1`.
pub fn s(p: usize) -> usize {
    (p + 11) % 24 + 1
}

impl Board {
    /// The crate's position as a reference board.
    pub fn of(position: &FevgaPosition) -> Board {
        let (own, opp) = position.sides();
        let mut board = Board {
            mover: [0; 25],
            other: [0; 25],
        };
        board.mover[1..].copy_from_slice(&own);
        board.other[1..].copy_from_slice(&opp);
        board.mover[0] = position.own_off();
        board.other[0] = position.opp_off();
        board
    }

    /// The reference board as the crate's position.
    pub fn position(&self) -> FevgaPosition {
        let own: [u8; 24] = self.mover[1..].try_into().unwrap();
        let opp: [u8; 24] = self.other[1..].try_into().unwrap();
        FevgaPosition::from_sides(own, opp).expect("a valid board")
    }

    /// Seen from the other side.
    fn flipped(&self) -> Board {
        Board {
            mover: self.other,
            other: self.mover,
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", fevga_board_text(&self.position()))
    }
}

/// F7: a checker on the side's points 1–11 (1–12 under `reach_quarter`)
/// or one borne off.
fn released(side: &Side, release: Release) -> bool {
    let last = match release {
        Release::PastStart => 11,
        Release::ReachQuarter => 12,
    };
    side[0] > 0 || (1..=last).any(|p| side[p] > 0)
}

/// F8: whether the side holds all six of `low..low + 6`.
fn holds_six(side: &Side, low: usize) -> bool {
    (low..low + 6).all(|p| side[p] > 0)
}

/// F9 `ahead_required`: the mover holds six consecutive points of the
/// other side's path (its points `top − 5 … top`) and no checker of the
/// other side is past them (on a lower point of its own, or borne off).
///
/// Decision (the specification says only "ahead of it (past it along the
/// opponent's path)"): a borne-off checker has passed everything, so it
/// counts as ahead. The other side's path is its points 24 → 1, so the
/// six may straddle the mover's 1 and 24 (the other's 13 and 12) but not
/// the other's 1 and 24.
fn prime_with_none_ahead(board: &Board) -> bool {
    (6..=24).any(|top| {
        (top - 5..=top).all(|q| board.mover[s(q)] > 0)
            && board.other[0] == 0
            && (1..top - 5).all(|q| board.other[q] == 0)
    })
}

/// Which of the rules that forbid a position the mover's side breaks:
/// (own quarter, opponent's quarter, prime with none ahead).
///
/// Decision: `ahead_required` is judged when F8 is — after every step, or
/// on the final position under `fevga.quarter_check = end_of_play`. The
/// specification times only F8; a six-prime "built" mid-play and broken
/// again is then refused under `every_step`, as a quarter closed mid-play
/// is. (The crate makes the same choice; both sides here follow it.)
fn forbidden_by(board: &Board, rules: &FevgaRules) -> (bool, bool, bool) {
    let (own, opp) = match rules.quarter_rule {
        QuarterRule::Own => (true, false),
        QuarterRule::Opponent => (false, true),
        QuarterRule::Both => (true, true),
        QuarterRule::None => (false, false),
    };
    (
        own && holds_six(&board.mover, 19),
        opp && holds_six(&board.mover, 7),
        rules.prime_rule == PrimeRule::AheadRequired && prime_with_none_ahead(board),
    )
}

/// Whether the mover holds six consecutive points of the other side's path.
fn has_six_prime(board: &Board) -> bool {
    (6..=24).any(|top| (top - 5..=top).all(|q| board.mover[s(q)] > 0))
}

fn forbidden(board: &Board, rules: &FevgaRules) -> bool {
    let (a, b, c) = forbidden_by(board, rules);
    a || b || c
}

/// Every reason a step is refused (several may hold at once).
#[derive(Clone, Copy, Default)]
struct Refusal {
    /// F5: the landing point is held by the other side.
    held: bool,
    /// F7: a second checker leaving the 24-point before release.
    runner: bool,
    /// F10: bearing off with a checker outside the home board.
    not_home: bool,
    /// F11: a die larger than the point while a checker stands higher.
    higher: bool,
    /// F8: all six of the own starting quarter after the step.
    own_quarter: bool,
    /// F8 `opponent`/`both`: all six of its 7–12 after the step.
    opp_quarter: bool,
    /// F9 `ahead_required`: a six-prime with none ahead after the step.
    prime: bool,
}

impl Refusal {
    fn reasons(&self) -> [bool; 7] {
        [
            self.held,
            self.runner,
            self.not_home,
            self.higher,
            self.own_quarter,
            self.opp_quarter,
            self.prime,
        ]
    }

    fn clear(&self) -> bool {
        !self.reasons().contains(&true)
    }

    /// The single reason, when exactly one refuses the step (the rule
    /// alone changed the answer).
    fn only(&self) -> Option<usize> {
        let reasons = self.reasons();
        let mut set = (0..reasons.len()).filter(|&i| reasons[i]);
        let first = set.next()?;
        set.next().is_none().then_some(first)
    }
}

/// The mover's checker on `from` moved by `die`, and what refuses it;
/// `None` when the mover has no checker there. The positional rules (F8,
/// `ahead_required`) are judged after the step only when `every_step`.
fn try_step(
    board: &Board,
    rules: &FevgaRules,
    every_step: bool,
    from: usize,
    die: usize,
) -> Option<(Board, Refusal)> {
    let mover = &board.mover;
    if mover[from] == 0 {
        return None;
    }
    let mut why = Refusal {
        // F7: until released, no checker leaves the 24-point unless all 15
        // stand there (then one may: it becomes the runner). In a game the
        // runner is then the only checker off the 24-point; positions no
        // game reaches (F15(j)'s wall, with W not released) are read as
        // clause 2 words it: the 24-point is closed, the others move.
        runner: from == 24 && mover[24] < 15 && !released(mover, rules.release),
        ..Refusal::default()
    };
    let mut after = *board;
    after.mover[from] -= 1;
    if from > die {
        let to = from - die;
        // F5: one opposing checker closes the point.
        why.held = board.other[s(to)] > 0;
        after.mover[to] += 1;
    } else {
        // F10: all checkers on the board in 1–6.
        why.not_home = (7..=24).any(|p| mover[p] > 0);
        // F11 (R13): die d bears off from point d; if d is empty and no
        // checker stands higher than d, from the highest occupied point.
        let highest = (1..=24).rev().find(|&p| mover[p] > 0);
        let from_highest =
            mover[die] == 0 && (die + 1..=24).all(|p| mover[p] == 0) && highest == Some(from);
        why.higher = !(from == die || from_highest);
        after.mover[0] += 1;
    }
    if every_step {
        let (own, opp, prime) = forbidden_by(&after, rules);
        why.own_quarter = own;
        why.opp_quarter = opp;
        why.prime = prime;
    }
    Some((after, why))
}

/// Whether the side on roll in `board` has a legal single step for some
/// die 1–6 (F9 `unblock_if_frozen`).
///
/// Decision: under `end_of_play` a single step is not judged by the
/// position it reaches (a later step of the play may reopen the quarter).
/// It cannot change an answer: a side holding five points of a quarter
/// always has a step between two of them that closes nothing.
fn has_a_step(board: &Board, rules: &FevgaRules, every_step: bool) -> bool {
    (1..=24).any(|from| {
        (1..=6).any(|die| {
            try_step(board, rules, every_step, from, die).is_some_and(|(_, why)| why.clear())
        })
    })
}

/// F9 `unblock`: when every checker the other side has on the board
/// stands on one of its points `t ≥ 7` and the mover holds its points
/// `t−1 … t−6`, those six in the mover's numbering.
fn wall(board: &Board) -> Option<[usize; 6]> {
    let occupied: Vec<usize> = (1..=24).filter(|&q| board.other[q] > 0).collect();
    let &[t] = occupied.as_slice() else {
        return None;
    };
    if t < 7 {
        return None;
    }
    let mut six = [0; 6];
    for (i, q) in (t - 6..t).enumerate() {
        six[i] = s(q);
    }
    six.iter().all(|&p| board.mover[p] > 0).then_some(six)
}

// ---------------------------------------------------------------------
// Every line of steps, and the legal plays.

/// In how many (position, roll) pairs of a run each rule changed the
/// answer: a step it alone refused, or a play it alone removed.
#[derive(Clone, Debug, Default)]
pub struct Bites {
    /// The pairs compared.
    pub pairs: usize,
    /// F5: steps refused only because the landing is held.
    pub held: usize,
    /// F5: a two-die move of one checker open one way round only (its
    /// intermediate point is held the other way).
    pub held_intermediate: usize,
    /// F7: steps off the 24-point refused only by the runner rule.
    pub runner: usize,
    /// F7: turns where the runner's block lost numbers that checkers on
    /// the 24-point could otherwise have played.
    pub runner_blocked_lost: usize,
    /// F7: a step from the 24-point legal only because an earlier step of
    /// the same turn released the side.
    pub released_mid_turn: usize,
    /// F7 `reach_quarter`: a step from the 24-point legal because of a
    /// checker on the 12-point (not legal under `past_start`).
    pub released_by_12: usize,
    /// F10: bear-offs refused only because a checker is outside home.
    pub not_home: usize,
    /// F11: bear-offs refused only because a checker stands higher.
    pub higher_checker: usize,
    /// F11: a higher die bore off from the highest point.
    pub bear_off_from_highest: usize,
    /// F10/F11: bear-offs with opposing checkers in the home board.
    pub bear_off_with_opponent_home: usize,
    /// F8: steps refused only for closing the own starting quarter.
    pub own_quarter: usize,
    /// F8 `opponent`/`both`: steps refused only for closing the 7–12.
    pub opp_quarter: usize,
    /// F8 `end_of_play`: lines dropped for ending in a closed quarter.
    pub end_of_play_dropped: usize,
    /// F8 `end_of_play`: every line using the most numbers ended in a closed
    /// quarter, so R10 counted fewer (it runs among the allowed plays).
    pub end_of_play_lowered_most: usize,
    /// F8 `end_of_play`: legal plays that passed through a closed quarter.
    pub passed_through: usize,
    /// F8 `none`/others: legal plays ending with the own quarter closed.
    pub own_quarter_closed_legally: usize,
    /// F9 `ahead_required`: steps refused only for the prime.
    pub prime: usize,
    /// F9 `none`/others: legal plays that keep a wall the duty would open.
    pub wall_kept: usize,
    /// F9/F16: legal plays that make a six-point prime (along the other
    /// side's path) the position did not have.
    pub prime_made: usize,
    /// F9: plays removed by the duty (`unblock`).
    pub duty_filtered: usize,
    /// F9: the duty lapsed (no play R10 allows opens the wall).
    pub duty_lapsed: usize,
    /// F9: it lapsed although a play with fewer numbers would open it
    /// (R10 comes first).
    pub duty_yielded_to_r10: usize,
    /// F9 `unblock_if_frozen`: plays removed by the duty.
    pub frozen_filtered: usize,
    /// F9 `unblock_if_frozen`: the opponent was frozen but no play frees it.
    pub frozen_lapsed: usize,
    /// R10: fewer numbers than rolled could be played (but some).
    pub numbers_lost: usize,
    /// R10: the higher-die rule removed a play.
    pub higher_die: usize,
    /// F6: nothing could be played.
    pub passes: usize,
    /// F12: plays that end the game.
    pub game_ends: usize,
    /// R10's decision: a game-ending play using fewer numbers than another
    /// play (reported; never seen in Fevga).
    pub game_ends_short: usize,
}

/// A line of steps and where it ends.
#[derive(Clone, Copy)]
struct Line {
    board: Board,
    used: usize,
    /// The steps, (from, die), in playing order; the first `used` count.
    steps: [(usize, usize); 4],
    /// The first die played (for R10's higher die when one is used).
    first: usize,
    ended: bool,
    /// A position before its end broke F8 (under `end_of_play`).
    passed_forbidden: bool,
}

/// What one (position, roll) made bite, before it is added to a run.
#[derive(Default)]
struct Seen {
    refused: [bool; 7],
    released_mid_turn: bool,
    released_by_12: bool,
    from_highest: bool,
    /// First steps (from, die) refused only because the landing is held.
    held_first: Vec<(usize, usize)>,
    /// Two-step moves of one checker: (origin, first die).
    continued: Vec<(usize, usize)>,
}

struct Search<'a> {
    rules: &'a FevgaRules,
    every_step: bool,
    started_released: bool,
    lines: Vec<Line>,
    seen: Seen,
}

impl Search<'_> {
    /// Records the line ending in `board` and extends it by every step of
    /// the next number of `order`, every source point tried.
    // One argument for each thing a line carries down (its steps too, for
    // the order check): grouping them would hide what each call passes.
    #[allow(clippy::too_many_arguments)]
    fn explore(
        &mut self,
        board: Board,
        order: &[usize],
        used: usize,
        steps: [(usize, usize); 4],
        first: usize,
        passed: bool,
        landed: Option<usize>,
    ) {
        let ended = board.mover[0] == 15;
        self.lines.push(Line {
            board,
            used,
            steps,
            first,
            ended,
            passed_forbidden: passed,
        });
        if used == order.len() || ended {
            return;
        }
        let die = order[used];
        let passed_next = passed || (used > 0 && forbidden(&board, self.rules));
        for from in 1..=24 {
            let Some((after, why)) = try_step(&board, self.rules, self.every_step, from, die)
            else {
                continue;
            };
            if !why.clear() {
                if let Some(rule) = why.only() {
                    self.seen.refused[rule] = true;
                    if used == 0 && rule == 0 {
                        self.seen.held_first.push((from, die));
                    }
                }
                continue;
            }
            if from == 24 && board.mover[24] < 15 {
                if !self.started_released {
                    self.seen.released_mid_turn = true;
                }
                if !released(&board.mover, Release::PastStart) {
                    self.seen.released_by_12 = true;
                }
            }
            if from < die {
                self.seen.from_highest = true;
            }
            if used == 1 && landed == Some(from) {
                self.seen.continued.push((from + first, first));
            }
            let next_first = if used == 0 { die } else { first };
            let next_landed = (used == 0).then(|| from.saturating_sub(die));
            let mut next_steps = steps;
            next_steps[used] = (from, die);
            self.explore(
                after,
                order,
                used + 1,
                next_steps,
                next_first,
                passed_next,
                next_landed,
            );
        }
    }
}

/// The reference's answer for one position and roll: each legal play's
/// position with the numbers it uses, and the most numbers (R10's M).
pub struct Answer {
    pub plays: HashMap<Board, usize>,
    pub most: usize,
    ended: HashSet<Board>,
    /// Each play's position with the steps of the first line to it, in
    /// the order of those lines.
    pub first_lines: Vec<(Board, Vec<(usize, usize)>)>,
}

/// Every legal play of `a`-`b` in `board` under `rules`, by the
/// specification's text, counting what bit in `bites`.
pub fn reference_plays(
    board: &Board,
    a: usize,
    b: usize,
    rules: &FevgaRules,
    bites: &mut Bites,
) -> Answer {
    let every_step = rules.quarter_check == QuarterCheck::EveryStep;
    let mut search = Search {
        rules,
        every_step,
        started_released: released(&board.mover, rules.release),
        lines: Vec::new(),
        seen: Seen::default(),
    };
    // Every order of the numbers (F6: a double four times).
    let none = [(0, 0); 4];
    if a == b {
        search.explore(*board, &[a; 4], 0, none, 0, false, None);
    } else {
        search.explore(*board, &[a, b], 0, none, 0, false, None);
        search.explore(*board, &[b, a], 0, none, 0, false, None);
    }
    let Search {
        mut lines, seen, ..
    } = search;

    // F8 `end_of_play`: a line ending in a forbidden position is no play
    // at all (the empty line, the pass, always stays).
    if !every_step {
        let before = lines.len();
        let most_before = lines.iter().map(|l| l.used).max().unwrap_or(0);
        lines.retain(|l| l.used == 0 || !forbidden(&l.board, rules));
        if lines.len() < before {
            bites.end_of_play_dropped += 1;
        }
        if lines.iter().map(|l| l.used).max().unwrap_or(0) < most_before {
            bites.end_of_play_lowered_most += 1;
        }
    }
    let all_lines = lines.clone();

    // R10: the most numbers any line uses; a play on which the game ends is
    // legal whatever it uses; with one number of a non-double, the higher
    // die when some line uses it.
    let most = lines.iter().map(|l| l.used).max().unwrap_or(0);
    lines.retain(|l| l.used == most || l.ended);
    if most == 1 && a != b {
        let high = a.max(b);
        if lines.iter().any(|l| l.used == 1 && l.first == high) {
            let before = distinct(&lines);
            lines.retain(|l| l.ended || l.first == high);
            if distinct(&lines) < before {
                bites.higher_die += 1;
            }
        }
    }

    // F9: the duty, among the plays R10 allows; it lapses when none meets it.
    match rules.prime_rule {
        PrimeRule::Unblock => {
            if let Some(six) = wall(board) {
                let opens = |l: &Line| six.iter().any(|&p| l.board.mover[p] == 0);
                if lines.iter().any(opens) {
                    let before = distinct(&lines);
                    lines.retain(opens);
                    if distinct(&lines) < before {
                        bites.duty_filtered += 1;
                    }
                } else if most > 0 {
                    bites.duty_lapsed += 1;
                    if all_lines.iter().any(opens) {
                        bites.duty_yielded_to_r10 += 1;
                    }
                }
            }
        }
        PrimeRule::UnblockIfFrozen => {
            if !has_a_step(&board.flipped(), rules, every_step) {
                let frees = |l: &Line| has_a_step(&l.board.flipped(), rules, every_step);
                if lines.iter().any(frees) {
                    let before = distinct(&lines);
                    lines.retain(frees);
                    if distinct(&lines) < before {
                        bites.frozen_filtered += 1;
                    }
                } else if most > 0 {
                    bites.frozen_lapsed += 1;
                }
            }
        }
        PrimeRule::AheadRequired | PrimeRule::None => {
            if let Some(six) = wall(board)
                && lines
                    .iter()
                    .any(|l| six.iter().all(|&p| l.board.mover[p] > 0))
            {
                bites.wall_kept += 1;
            }
        }
    }

    // R11: a play is its position, named by the first line to it.
    let mut plays = HashMap::new();
    let mut ended = HashSet::new();
    let mut first_lines = Vec::new();
    for l in &lines {
        if !plays.contains_key(&l.board) {
            first_lines.push((l.board, l.steps[..l.used].to_vec()));
        }
        let used = plays.entry(l.board).or_insert(l.used);
        *used = (*used).max(l.used);
        if l.ended {
            ended.insert(l.board);
        }
    }

    // What bit.
    let full = if a == b { 4 } else { 2 };
    bites.pairs += 1;
    let counters = [
        &mut bites.held,
        &mut bites.runner,
        &mut bites.not_home,
        &mut bites.higher_checker,
        &mut bites.own_quarter,
        &mut bites.opp_quarter,
        &mut bites.prime,
    ];
    for (counter, &bit) in counters.into_iter().zip(&seen.refused) {
        *counter += usize::from(bit);
    }
    bites.released_mid_turn += usize::from(seen.released_mid_turn);
    bites.released_by_12 += usize::from(seen.released_by_12);
    if seen.refused[1] && most < full && !released(&board.mover, rules.release) {
        bites.runner_blocked_lost += 1;
    }
    // One checker moved by both dice one way round, while the other way
    // round its first landing is held.
    let one_way_only = seen.continued.iter().any(|&(origin, x)| {
        let y = if x == a { b } else { a };
        a != b && seen.held_first.contains(&(origin, y))
    });
    bites.held_intermediate += usize::from(one_way_only);
    let bore_off = plays.keys().any(|p| p.mover[0] > board.mover[0]);
    if bore_off {
        bites.bear_off_from_highest += usize::from(seen.from_highest);
        if (1..=6).any(|p| board.other[s(p)] > 0) {
            bites.bear_off_with_opponent_home += 1;
        }
    }
    if lines.iter().any(|l| l.passed_forbidden) {
        bites.passed_through += 1;
    }
    if !has_six_prime(board) && plays.keys().any(has_six_prime) {
        bites.prime_made += 1;
    }
    if plays.keys().any(|p| holds_six(&p.mover, 19)) {
        bites.own_quarter_closed_legally += 1;
    }
    bites.numbers_lost += usize::from(most > 0 && most < full);
    bites.passes += usize::from(most == 0);
    bites.game_ends += usize::from(!ended.is_empty());
    bites.game_ends_short += usize::from(ended.iter().any(|p| plays[p] < most));
    Answer {
        plays,
        most,
        ended,
        first_lines,
    }
}

fn distinct(lines: &[Line]) -> usize {
    lines.iter().map(|l| l.board).collect::<HashSet<_>>().len()
}

// ---------------------------------------------------------------------
// The comparison.

/// Compares the generator with the reference on one position and roll:
/// the same set of positions (R11: none twice), the same numbers, every
/// play's steps a legal replay (by the reference's step) to its position,
/// every play's notation resolving back to it; then the same order of
/// plays and each play's steps those of the first line to its position.
fn compare_one(
    generator: &mut FevgaMoveGenerator,
    list: &mut FevgaPlayList,
    rules: &FevgaRules,
    board: &Board,
    a: u8,
    b: u8,
    bites: &mut Bites,
) {
    let position = board.position();
    generator.generate(rules, &position, Dice::new(a, b).unwrap(), list);
    let answer = reference_plays(board, usize::from(a), usize::from(b), rules, bites);
    let context = || format!("{board:?} rolled {a}-{b} under {rules}");
    let generated: Vec<Board> = list.plays.iter().map(|p| Board::of(&p.position)).collect();
    let set: HashSet<Board> = generated.iter().copied().collect();
    assert_eq!(set.len(), generated.len(), "R11: duplicates, {}", context());
    let expected: HashSet<Board> = answer.plays.keys().copied().collect();
    if set != expected {
        let missing: Vec<&Board> = expected.difference(&set).collect();
        let extra: Vec<&Board> = set.difference(&expected).collect();
        panic!(
            "plays differ, {}: missing {missing:?}, extra {extra:?}",
            context()
        );
    }
    assert_eq!(list.numbers_used, answer.most, "R10 numbers, {}", context());
    let every_step = rules.quarter_check == QuarterCheck::EveryStep;
    for (play, after) in list.plays.iter().zip(&generated) {
        let used = play.steps.len();
        assert!(
            used == answer.most || answer.ended.contains(after),
            "a play uses {used} numbers, {}",
            context()
        );
        // The steps are the roll's numbers and replay legally.
        let mut dice: Vec<usize> = if a == b {
            vec![usize::from(a); 4]
        } else {
            vec![usize::from(a), usize::from(b)]
        };
        let mut replayed = *board;
        for step in play.steps.iter() {
            let (from, die) = (
                usize::from(step.from.number()),
                usize::from(step.die.pips()),
            );
            let k = dice
                .iter()
                .position(|&d| d == die)
                .unwrap_or_else(|| panic!("die {die} not in the roll, {}", context()));
            dice.remove(k);
            let (next, why) = try_step(&replayed, rules, every_step, from, die)
                .unwrap_or_else(|| panic!("no checker on {from}, {}", context()));
            assert!(
                why.clear(),
                "step {from}/{die} of {:?} refused, {}",
                play.steps,
                context()
            );
            replayed = next;
        }
        assert_eq!(replayed, *after, "steps replay elsewhere, {}", context());
        assert!(
            used == 0 || !forbidden(after, rules),
            "a play ends in a forbidden position, {}",
            context()
        );
    }
    check_list(&position, list, &format!("{a}-{b} under {rules}"));
    // A play that ends the game is legal with either number here (R10's
    // exception) and named by the higher die there: the same position,
    // named by another line, so the order is compared only without one.
    if !answer.ended.is_empty() {
        return;
    }
    let listed: Vec<(Board, Vec<(usize, usize)>)> = list
        .plays
        .iter()
        .zip(&generated)
        .map(|(play, after)| {
            let steps = play.steps.iter();
            let steps = steps.map(|s| (usize::from(s.from.number()), usize::from(s.die.pips())));
            (*after, steps.collect())
        })
        .collect();
    assert!(
        listed == answer.first_lines,
        "plays or their steps not in the order of the first lines to them, {}: {:?} against {:?}",
        context(),
        listed.iter().map(|(_, steps)| steps).collect::<Vec<_>>(),
        answer
            .first_lines
            .iter()
            .map(|(_, steps)| steps)
            .collect::<Vec<_>>()
    );
}

/// Checks `pairs` (position, roll) pairs under `rules`: half the turns of
/// random games played under them, half constructed positions.
fn compare_many(rules: FevgaRules, pairs: usize, seed: u64) -> Bites {
    let started = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = FevgaMoveGenerator::default();
    let mut list = FevgaPlayList::default();
    let mut bites = Bites::default();
    let mut game = Board::of(&FevgaPosition::start());
    let mut turns = 0;
    for n in 0..pairs {
        let (a, b) = (rng.gen_range(1..=6u8), rng.gen_range(1..=6u8));
        if n % 2 == 0 {
            compare_one(&mut generator, &mut list, &rules, &game, a, b, &mut bites);
            // Play on with one of the legal plays, chosen at random.
            let play = &list.plays[rng.gen_range(0..list.plays.len())];
            let after = Board::of(&play.position);
            turns += 1;
            game = if after.mover[0] == 15 || turns > 1_000 {
                turns = 0;
                Board::of(&FevgaPosition::start())
            } else {
                after.flipped()
            };
        } else {
            let board = constructed(&mut rng, &rules);
            compare_one(&mut generator, &mut list, &rules, &board, a, b, &mut bites);
        }
    }
    println!(
        "{rules}: {pairs} pairs in {:.1} s\n{bites:#?}",
        started.elapsed().as_secs_f64()
    );
    bites
}

/// `n` positions for other tests: every other one a turn of a random game
/// under the default switches, the rest constructed as below.
pub fn random_boards(seed: u64, n: usize) -> Vec<Board> {
    let rules = FevgaRules::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = FevgaMoveGenerator::default();
    let mut list = FevgaPlayList::default();
    let mut game = Board::of(&FevgaPosition::start());
    let mut boards = Vec::with_capacity(n);
    while boards.len() < n {
        boards.push(game);
        boards.push(constructed(&mut rng, &rules));
        let dice = Dice::roll(&mut rng);
        generator.generate(&rules, &game.position(), dice, &mut list);
        let after = Board::of(&list.plays[rng.gen_range(0..list.plays.len())].position);
        game = if after.mover[0] == 15 {
            Board::of(&FevgaPosition::start())
        } else {
            after.flipped()
        };
    }
    boards.truncate(n);
    boards
}

// ---------------------------------------------------------------------
// Constructed positions.

/// Puts `n` checkers of `this` (numbered its own way) on points `pick`
/// chooses, skipping points `that` holds; false when it cannot.
fn scatter(
    rng: &mut ChaCha8Rng,
    this: &mut Side,
    that: &Side,
    n: u8,
    mut pick: impl FnMut(&mut ChaCha8Rng) -> usize,
) -> bool {
    for _ in 0..n {
        let Some(p) = (0..40)
            .map(|_| pick(rng))
            .find(|&p| (1..=24).contains(&p) && that[s(p)] == 0)
        else {
            return false;
        };
        this[p] += 1;
    }
    true
}

/// Points `lo..=hi` chosen from a few favourites, so checkers stack.
fn clustered(
    rng: &mut ChaCha8Rng,
    lo: usize,
    hi: usize,
) -> impl FnMut(&mut ChaCha8Rng) -> usize + use<> {
    let k = rng.gen_range(1..=7);
    let favourites: Vec<usize> = (0..k).map(|_| rng.gen_range(lo..=hi)).collect();
    move |rng: &mut ChaCha8Rng| favourites[rng.gen_range(0..favourites.len())]
}

fn on_board(side: &Side) -> u8 {
    side[1..].iter().sum()
}

/// Whether a side could stand so in a game: 15 checkers; borne-off ones
/// only once all were home (so the rest are on 1–6); not released (F7)
/// only with at least 14 still on the 24-point.
fn plausible_side(side: &Side, release: Release) -> bool {
    side[0] + on_board(side) == 15
        && side[0] < 15
        && (side[0] == 0 || (7..=24).all(|p| side[p] == 0))
        && (released(side, release) || side[24] >= 14)
}

/// A constructed board, or `None` when the draw failed its checks.
fn constructed(rng: &mut ChaCha8Rng, rules: &FevgaRules) -> Board {
    loop {
        let kind = rng.gen_range(0..7);
        let mut board = Board {
            mover: [0; 25],
            other: [0; 25],
        };
        let (built, strict_other) = match kind {
            0 => (runner_phase(rng, &mut board), true),
            1 => (near_closed_quarter(rng, &mut board), true),
            2 => (wall_in_front(rng, &mut board), false),
            3 => (frozen_runner(rng, &mut board), true),
            4 => (prime_to_complete(rng, &mut board), true),
            5 => (bearing_off(rng, &mut board), true),
            _ => (spread(rng, &mut board), true),
        };
        let shared = (1..=24).any(|p| board.mover[p] > 0 && board.other[s(p)] > 0);
        if built
            && !shared
            && plausible_side(&board.mover, rules.release)
            && (!strict_other || plausible_side(&board.other, rules.release))
            && board.other[0] < 15
            && on_board(&board.other) + board.other[0] == 15
            && !forbidden(&board, rules)
        {
            return board;
        }
    }
}

/// The mover before release: all 15 on its 24, or 14 and a runner; the
/// other side anywhere, often on the runner's path.
fn runner_phase(rng: &mut ChaCha8Rng, board: &mut Board) -> bool {
    let Board { mover, other } = board;
    if rng.gen_bool(0.2) {
        mover[24] = 15;
    } else {
        mover[24] = 14;
        mover[rng.gen_range(12..=23)] = 1;
    }
    if rng.gen_bool(0.3) {
        other[24] = 14;
        let runner = rng.gen_range(12..=23);
        scatter(rng, other, mover, 1, |_| runner)
    } else {
        // Often in the runner's way: the other's 1–11 are the mover's 13–23.
        let mut pick = clustered(rng, 1, 11);
        let behind = rng.gen_range(0..=8);
        scatter(rng, other, mover, 15 - behind, &mut pick)
            && scatter(rng, other, mover, behind, |rng| rng.gen_range(12..=24))
    }
}

/// The mover released, holding five of the six points of its starting
/// quarter (or of its 7–12, the opponent's quarter), the sixth open. Half
/// the time "tight": 19 open, single checkers on 20–23, the rest on
/// the mover's 1-point (where they cannot move) but one loose checker,
/// and the other side one
/// checker a point on most other landings, so that the mover's numbers
/// have few uses besides closing the quarter.
fn near_closed_quarter(rng: &mut ChaCha8Rng, board: &mut Board) -> bool {
    let Board { mover, other } = board;
    let tight = rng.gen_bool(0.5);
    let low = if tight || rng.gen_bool(0.6) { 19 } else { 7 };
    // Tight: the gap is 19, which only the 24-point's checkers can fill.
    let gap = if tight {
        19
    } else {
        rng.gen_range(low..low + 6)
    };
    let mut placed = 0;
    for (p, held) in mover.iter_mut().enumerate().skip(low).take(6) {
        if p != gap && (low == 7 || p != 24) {
            let n = if tight { 1 } else { rng.gen_range(1..=2) };
            *held += n;
            placed += n;
        }
    }
    if low == 19 && gap != 24 {
        let n = rng.gen_range(if tight { 2..=3 } else { 1..=4 });
        mover[24] += n;
        placed += n;
    }
    if tight {
        // One loose checker whose numbers do not touch the quarter.
        mover[rng.gen_range(2..=18)] += 1;
        mover[1] += 14 - placed;
        // The landings just below the quarter first, then the rest.
        let free = |q: &usize| mover[s(*q)] == 0 && s(*q) != gap;
        let mut points: Vec<usize> = (13..=18).map(s).filter(free).collect();
        let mut rest: Vec<usize> = (1..=24)
            .map(s)
            .filter(|q| free(q) && !(13..=18).contains(&s(*q)))
            .collect();
        points.shuffle(rng);
        rest.shuffle(rng);
        points.extend(rest);
        if points.len() < 15 {
            return false;
        }
        for &q in &points[..15] {
            other[q] = 1;
        }
        true
    } else {
        mover[rng.gen_range(1..=11)] += 1;
        placed += 1;
        let mut pick = clustered(rng, 1, 24);
        let mut others = clustered(rng, 1, 24);
        placed <= 15
            && scatter(rng, other, mover, 15, &mut others)
            && scatter(rng, mover, other, 15 - placed, &mut pick)
    }
}

/// Every checker the other side has on one of its points `t ≥ 7` (of any
/// count, as F9 and F15(j) state the duty for any such army), the mover
/// holding all or all but one of the six points in front of it; often the
/// mover is bearing off behind a wall on its 1–6.
fn wall_in_front(rng: &mut ChaCha8Rng, board: &mut Board) -> bool {
    let Board { mover, other } = board;
    let t = if rng.gen_bool(0.3) {
        19
    } else {
        rng.gen_range(7..=24)
    };
    other[t] = 15;
    let missing = rng.gen_bool(0.2).then(|| rng.gen_range(t - 6..t));
    let mut placed = 0;
    for q in t - 6..t {
        if Some(q) != missing {
            let n = rng.gen_range(1..=3);
            mover[s(q)] += n;
            placed += n;
        }
    }
    if placed > 15 {
        return false;
    }
    let rest = 15 - placed;
    if t == 19 && rng.gen_bool(0.7) {
        // The wall is the home board: some may be borne off already.
        let off = rng.gen_range(0..=rest);
        mover[0] = off;
        scatter(rng, mover, other, rest - off, |rng| rng.gen_range(1..=6))
    } else {
        let mut pick = clustered(rng, 1, 24);
        scatter(rng, mover, other, rest, &mut pick)
    }
}

/// The other side not released, its runner (or its whole army on its 24)
/// facing six (or five) points of the mover: frozen, or nearly.
fn frozen_runner(rng: &mut ChaCha8Rng, board: &mut Board) -> bool {
    let Board { mover, other } = board;
    let runner = rng.gen_range(13..=24);
    if runner == 24 {
        other[24] = 15;
    } else {
        other[24] = 14;
        other[runner] = 1;
    }
    let missing = rng.gen_bool(0.3).then(|| rng.gen_range(runner - 6..runner));
    let mut placed = 0;
    for q in runner - 6..runner {
        if Some(q) != missing {
            let n = rng.gen_range(1..=2);
            mover[s(q)] += n;
            placed += n;
        }
    }
    if mover[24] == 0 && rng.gen_bool(0.5) {
        mover[24] += 2;
        placed += 2;
    }
    let mut pick = clustered(rng, 1, 24);
    placed <= 15 && scatter(rng, mover, other, 15 - placed, &mut pick)
}

/// The mover holding five of six consecutive points of the other side's
/// path, the sixth open; the other side behind them and sometimes ahead.
fn prime_to_complete(rng: &mut ChaCha8Rng, board: &mut Board) -> bool {
    let Board { mover, other } = board;
    let top = rng.gen_range(6..=24);
    let gap = rng.gen_range(top - 5..=top);
    let mut placed = 0;
    for q in top - 5..=top {
        if q != gap {
            let n = rng.gen_range(1..=2);
            mover[s(q)] += n;
            placed += n;
        }
    }
    let ahead = match (top > 6, top < 24) {
        (true, true) if rng.gen_bool(0.5) => rng.gen_range(1..=3),
        (_, true) => 0,
        _ => 15,
    };
    let mut pick = clustered(rng, 1, 24);
    placed <= 15
        && scatter(rng, other, mover, ahead, |rng| rng.gen_range(1..top - 5))
        && scatter(rng, other, mover, 15 - ahead, |rng| {
            rng.gen_range(top + 1..=24)
        })
        && scatter(rng, mover, other, 15 - placed, &mut pick)
}

/// The mover home (or all but a checker or two just outside), some
/// borne off; the other side with checkers on the mover's home points.
fn bearing_off(rng: &mut ChaCha8Rng, board: &mut Board) -> bool {
    let Board { mover, other } = board;
    let outside = if rng.gen_bool(0.3) {
        rng.gen_range(1..=2)
    } else {
        0
    };
    let off = if outside > 0 {
        0
    } else {
        rng.gen_range(0..=13)
    };
    mover[0] = off;
    // The other side's 13–18 are the mover's 1–6.
    let in_home = rng.gen_range(1..=4);
    let mut home_points = clustered(rng, 13, 18);
    let mut rest = clustered(rng, 1, 24);
    scatter(rng, other, mover, in_home, &mut home_points)
        && scatter(rng, other, mover, 1, |rng| rng.gen_range(1..=11))
        && scatter(rng, other, mover, 14 - in_home, &mut rest)
        && scatter(rng, mover, other, outside, |rng| rng.gen_range(7..=12))
        && scatter(rng, mover, other, 15 - off - outside, |rng| {
            rng.gen_range(1..=6)
        })
}

/// Both sides anywhere, clustered.
fn spread(rng: &mut ChaCha8Rng, board: &mut Board) -> bool {
    let Board { mover, other } = board;
    let mut a = clustered(rng, 1, 24);
    let mut b = clustered(rng, 1, 24);
    scatter(rng, mover, other, 15, &mut a) && scatter(rng, other, mover, 15, &mut b)
}

// ---------------------------------------------------------------------
// The runs.

fn positive(counts: &[(&str, usize)]) {
    for (name, count) in counts {
        assert!(*count > 0, "the rule '{name}' never bit");
    }
}

#[test]
fn f6_generator_matches_the_reference_on_random_positions_default_switches() {
    let b = compare_many(FevgaRules::default(), default_pairs(), 1);
    positive(&[
        ("F5 held", b.held),
        ("F5 intermediate point", b.held_intermediate),
        ("F7 runner", b.runner),
        ("F7 blocked runner loses numbers", b.runner_blocked_lost),
        ("F7 release within the turn", b.released_mid_turn),
        ("F10 not all home", b.not_home),
        ("F11 higher checker", b.higher_checker),
        ("F11 from the highest point", b.bear_off_from_highest),
        (
            "F10 opposing checkers in home",
            b.bear_off_with_opponent_home,
        ),
        ("F8 own quarter", b.own_quarter),
        ("F9 duty", b.duty_filtered),
        ("F9 duty lapsed", b.duty_lapsed),
        ("F9 duty yields to R10", b.duty_yielded_to_r10),
        ("R10 numbers lost", b.numbers_lost),
        ("R10 higher die", b.higher_die),
        ("F6 pass", b.passes),
        ("F12 game ends", b.game_ends),
        ("F16 six-prime made", b.prime_made),
    ]);
    // Under the default no play keeps a wall the duty can open, and no
    // play closes the own quarter.
    assert_eq!(b.own_quarter_closed_legally, 0);
}

#[test]
fn f7_release_reach_quarter_generator_matches_the_reference() {
    let rules = crate::fevga_common::rules_with("fevga.release", "reach_quarter");
    let b = compare_many(rules, switch_pairs(), 2);
    positive(&[
        ("F7 runner", b.runner),
        ("F7 released by the 12-point", b.released_by_12),
        ("F7 release within the turn", b.released_mid_turn),
    ]);
}

#[test]
fn f8_quarter_rule_opponent_generator_matches_the_reference() {
    let rules = crate::fevga_common::rules_with("fevga.quarter_rule", "opponent");
    let b = compare_many(rules, switch_pairs(), 3);
    positive(&[
        ("F8 opponent's quarter", b.opp_quarter),
        ("own quarter closed legally", b.own_quarter_closed_legally),
    ]);
    assert_eq!(b.own_quarter, 0);
}

#[test]
fn f8_quarter_rule_both_generator_matches_the_reference() {
    let rules = crate::fevga_common::rules_with("fevga.quarter_rule", "both");
    let b = compare_many(rules, switch_pairs(), 4);
    positive(&[
        ("F8 own quarter", b.own_quarter),
        ("F8 opponent's quarter", b.opp_quarter),
    ]);
    assert_eq!(b.own_quarter_closed_legally, 0);
}

#[test]
fn f8_quarter_rule_none_generator_matches_the_reference() {
    let rules = crate::fevga_common::rules_with("fevga.quarter_rule", "none");
    let b = compare_many(rules, switch_pairs(), 5);
    positive(&[("own quarter closed legally", b.own_quarter_closed_legally)]);
    assert_eq!(b.own_quarter + b.opp_quarter, 0);
}

#[test]
fn f8_quarter_check_end_of_play_generator_matches_the_reference() {
    let rules = crate::fevga_common::rules_with("fevga.quarter_check", "end_of_play");
    let b = compare_many(rules, switch_pairs(), 6);
    positive(&[
        ("F8 end_of_play dropped a line", b.end_of_play_dropped),
        ("F8 passed through a closed quarter", b.passed_through),
        ("F8 R10 among the allowed plays", b.end_of_play_lowered_most),
        ("F9 duty", b.duty_filtered),
    ]);
    assert_eq!(b.own_quarter, 0, "no step is refused for the quarter");
}

#[test]
fn f9_prime_rule_unblock_if_frozen_generator_matches_the_reference() {
    let rules = crate::fevga_common::rules_with("fevga.prime_rule", "unblock_if_frozen");
    let b = compare_many(rules, switch_pairs(), 7);
    positive(&[
        ("F9 frozen duty", b.frozen_filtered),
        ("F9 frozen duty lapsed", b.frozen_lapsed),
    ]);
}

#[test]
fn f9_prime_rule_ahead_required_generator_matches_the_reference() {
    let rules = crate::fevga_common::rules_with("fevga.prime_rule", "ahead_required");
    let b = compare_many(rules, switch_pairs(), 8);
    positive(&[
        ("F9 prime with none ahead", b.prime),
        ("six-prime made with one ahead", b.prime_made),
    ]);
}

#[test]
fn f9_prime_rule_none_generator_matches_the_reference() {
    let rules = crate::fevga_common::rules_with("fevga.prime_rule", "none");
    let b = compare_many(rules, switch_pairs(), 9);
    positive(&[("wall kept", b.wall_kept)]);
    assert_eq!(b.duty_filtered + b.frozen_filtered, 0);
}
