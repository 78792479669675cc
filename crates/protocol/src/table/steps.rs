//! `legal steps` in the games of the table: after the steps a player has
//! made, the single steps that still lead to a legal play, or, for steps
//! that cannot be made or lead to none, why, in the game's own terms, so a
//! GUI can explain a refused click with the engine's words.
//!
//! Written once over [`StepRules`], a game's single step as its rules core
//! checks it; Fevga (`games/fevga.rs`) and Portes (`games/portes.rs`)
//! implement it. The rules core is the judge: every step is checked by
//! the game, and a line of steps counts as a play only when it ends on the
//! position of one of the turn's legal plays (the generator has applied
//! the rules that judge whole plays: R10 and the game's own) after as many
//! numbers as those plays use. This file only searches lines of steps
//! between the two.
//!
//! Points are numbered as the side on roll counts them; a step from 25
//! starts on the bar, a step to 0 bears off (GNU Backgammon's numbering).

use std::collections::HashSet;
use std::hash::Hash;

use plakoto_rules::Dice;
use plakoto_rules::TavliGame;
use plakoto_rules::tavli::TableGame;

use crate::reply::{ErrorCode, ProtoError, Reply, StepInfo};

/// The source number of the bar.
pub(crate) const BAR: u8 = 25;

/// What `legal steps` needs of a game: its single steps, checked by its
/// rules, and what it has to say of lines that lead to no play.
pub(crate) trait StepRules {
    /// A position, seen from the side on roll.
    type Position: Copy + Eq + Hash;

    /// The game whose steps these are.
    type Game: TavliGame<Position = Self::Position>;

    /// The highest source of a step: 24, or [`BAR`] in a game with a bar.
    const TOP: u8;

    /// The game's rule that a play uses as many numbers as it can (R10 as
    /// the game states it: P7, F6), named where a play leaves numbers
    /// unplayed.
    const MOST_NUMBERS_RULE: &'static str;

    /// The game's rule of hitting (P5), named where a written hit (`*`)
    /// finds nothing to hit; `None` in a game without hits.
    const HIT_RULE: Option<&'static str> = None;

    /// Whether the side on roll has a checker at `from` (a quick test
    /// before [`StepRules::step`]).
    fn has_checker(&self, position: &Self::Position, from: u8) -> bool;

    /// The step of `die` from `from` at `position`, checked by the rules:
    /// the position after it and whether it hit, or why it cannot be made
    /// (naming the step and the rule).
    fn step(
        &self,
        position: &Self::Position,
        from: u8,
        die: u8,
    ) -> Result<(Self::Position, bool), String>;

    /// The Position ID of `position`, the mover still on roll.
    fn position_id(&self, position: &Self::Position) -> String;

    /// The written steps `written` (not blank) as single movements, in
    /// the order written ([`movements_of`]), or why the game's notation
    /// cannot read them.
    fn movements(&self, written: &str) -> Result<Vec<Movement>, ProtoError>;

    /// The numbers a legal play uses, in playing order.
    fn numbers(play: &<Self::Game as TavliGame>::Play) -> Vec<u8>;

    /// Why steps that can all be made lead to no legal play although
    /// lines of as many numbers as a legal play uses continue them (`ends`
    /// where those lines end) and R10's higher die is kept: the game's
    /// rules of whole plays. `None`: nothing more to say than that they
    /// are part of no legal play.
    fn why_no_play(
        &self,
        _turn: &Turn<Self::Position>,
        _ends: &[Self::Position],
    ) -> Option<String> {
        None
    }
}

/// One checker's move between two written landings: the point left (25
/// the bar), the point reached (0 off), and whether the landing is marked
/// as a hit (`*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Movement {
    pub from: u8,
    pub to: u8,
    pub hit: bool,
}

/// The single movements of written paths, in the order written: each
/// path is its source, how many checkers take it, and its landings (the
/// point reached, 0 off, and whether it is marked as a hit). `24/18*/13`
/// is 24→18 hitting then 18→13; `bar/22(2)` twice bar→22.
pub(crate) fn movements_of<I>(paths: I) -> Vec<Movement>
where
    I: IntoIterator<Item = (u8, u8, Vec<(u8, bool)>)>,
{
    let mut movements = Vec::new();
    for (from, count, landings) in paths {
        for _ in 0..count {
            let mut at = from;
            for &(to, hit) in &landings {
                movements.push(Movement { from: at, to, hit });
                at = to;
            }
        }
    }
    movements
}

/// The written steps made with the numbers in one order: where they end,
/// the single steps, and how many of them hit where no hit was written.
struct Line<P> {
    position: P,
    used: Vec<Step>,
    unmarked: usize,
}

/// A single step made: the point left, the number used, whether it hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Step {
    from: u8,
    die: u8,
    hit: bool,
}

/// The turn whose play is built: where it starts, its roll, and what
/// the generator says a legal play is.
pub(crate) struct Turn<P> {
    /// The position of the turn, the mover on roll.
    pub start: P,
    /// The roll.
    pub dice: Dice,
    /// The positions the turn's legal plays lead to.
    pub targets: HashSet<P>,
    /// The numbers every legal play uses (R10).
    pub most: usize,
    /// The die a one-number play must use (R10: the higher), if any.
    pub required_die: Option<u8>,
}

impl<P: Copy + Eq + Hash> Turn<P> {
    /// The turn from `start` with `dice` whose legal plays, each using
    /// `most` numbers, are `plays`: where each leads and the numbers it
    /// uses.
    pub(crate) fn new<I>(start: P, dice: Dice, most: usize, plays: I) -> Turn<P>
    where
        I: IntoIterator<Item = (P, Vec<u8>)>,
    {
        let higher = dice.0.pips().max(dice.1.pips());
        let mut targets = HashSet::new();
        let mut all_higher = true;
        for (position, numbers) in plays {
            targets.insert(position);
            all_higher &= numbers.iter().all(|&n| n == higher);
        }
        let required_die = (most == 1 && !dice.is_double() && all_higher).then_some(higher);
        Turn {
            start,
            dice,
            targets,
            most,
            required_die,
        }
    }
}

/// The reply to `legal steps <made>` in `table`'s turn, its steps checked
/// by `rules`.
pub(crate) fn legal_steps_in<S: StepRules>(
    rules: &S,
    table: &TableGame<S::Game>,
    made: &str,
) -> Result<Reply, ProtoError> {
    let (turn, movements) = read_turn(rules, table, made)?;
    legal_steps(rules, &turn, &movements)
}

/// Why `move <written>` names no legal play in `table`'s turn, in the
/// game's terms ([`move_refusal`]); `None` when the written steps are a
/// legal play or cannot be read (the notation then says why).
pub(crate) fn move_refusal_in<S: StepRules>(
    rules: &S,
    table: &TableGame<S::Game>,
    written: &str,
) -> Option<String> {
    let (turn, movements) = read_turn(rules, table, written).ok()?;
    move_refusal(rules, &turn, &movements)
}

/// `table`'s turn (its position, roll and legal plays) and the written
/// steps `made` as single movements.
fn read_turn<S: StepRules>(
    rules: &S,
    table: &TableGame<S::Game>,
    made: &str,
) -> Result<(Turn<S::Position>, Vec<Movement>), ProtoError> {
    let game = table.game();
    let mut list = <S::Game as TavliGame>::PlayList::default();
    let dice = table.legal_plays(&mut game.generator(), &mut list)?;
    // Nothing made yet: no steps (the notations have no empty play).
    let movements = if made.trim().is_empty() {
        Vec::new()
    } else {
        rules.movements(made)?
    };
    let legal = game.plays(&list);
    // R10: the generator keeps only the plays that use the most numbers,
    // so the first says how many every legal play uses.
    let most = legal.first().map_or(0, |play| game.numbers_used(play));
    let plays = legal
        .iter()
        .map(|play| (game.after(play), S::numbers(play)))
        .collect::<Vec<_>>();
    let turn = Turn::new(*table.position(), dice, most, plays);
    Ok((turn, movements))
}

/// The reply to `legal steps` for the steps `made` (as movements, in the
/// order written) in `turn`, its steps checked by `rules`.
fn legal_steps<S: StepRules>(
    rules: &S,
    turn: &Turn<S::Position>,
    made: &[Movement],
) -> Result<Reply, ProtoError> {
    let lines = Lines { rules, turn };
    let (line, rest) =
        read(&lines, made).map_err(|message| ProtoError::new(ErrorCode::IllegalMove, message))?;
    let next = lines.next(&line.position, &line.used, &rest);
    let mut numbers_left = rest;
    numbers_left.sort_unstable_by(|a, b| b.cmp(a));
    Ok(Reply::LegalSteps {
        made: line.used.iter().map(step_info).collect(),
        position_id: rules.position_id(&line.position),
        numbers_left,
        next,
        can_end: lines.is_complete(&line.position, &line.used),
    })
}

/// Why the movements `made`, offered as a whole play (`move`), are not a
/// legal play of `turn`, in the game's terms: the refused step and its
/// rule, the distance the numbers cannot make, or the numbers a play must
/// still use; `None` when they are a legal play (the refusal is then the
/// notation's own, e.g. a play written ambiguously).
fn move_refusal<S: StepRules>(
    rules: &S,
    turn: &Turn<S::Position>,
    made: &[Movement],
) -> Option<String> {
    let lines = Lines { rules, turn };
    match read(&lines, made) {
        Err(message) => Some(message),
        Ok((line, _)) if lines.is_complete(&line.position, &line.used) => None,
        // A line that leads on to a legal play but stops short of one (a
        // line of as many steps as a legal play is complete, see
        // `completes`).
        Ok((_, mut rest)) => {
            let most = turn.most;
            rest.sort_unstable_by(|a, b| b.cmp(a));
            Some(format!(
                "this play leaves {} unplayed: legal plays use {most} number{} ({}: as many as possible)",
                words(&rest),
                if most == 1 { "" } else { "s" },
                S::MOST_NUMBERS_RULE
            ))
        }
    }
}

/// The line the written movements make, with the numbers still to play,
/// when it leads on to a legal play; otherwise why not, in the game's
/// terms.
fn read<S: StepRules>(
    lines: &Lines<'_, S>,
    made: &[Movement],
) -> Result<(Line<S::Position>, Vec<u8>), String> {
    let turn = lines.turn;
    let mut refusal: Option<(usize, Refusal)> = None;
    let mut dead_end = None;
    // The line the steps make with the numbers in each order that leads
    // to a play; of these, the one that hits least where no hit is
    // written (people leave the `*` out, but `24/13` over a blot on 18
    // with 6-5 is the quiet 24/19/13 when it can be, as `move` reads it).
    let mut found: Option<(Line<S::Position>, Vec<u8>)> = None;
    for order in dice_orders(turn.dice) {
        let line = match lines.simulate(&order, made) {
            Ok(line) => line,
            Err((depth, why)) => {
                keep_most_telling(&mut refusal, depth, why);
                continue;
            }
        };
        let rest = order[line.used.len()..].to_vec();
        if !lines.completes(&line.position, &line.used, &rest) {
            dead_end = Some(line);
            continue;
        }
        if found
            .as_ref()
            .is_none_or(|(best, _)| line.unmarked < best.unmarked)
        {
            found = Some((line, rest));
        }
    }
    if let Some(found) = found {
        return Ok(found);
    }
    Err(match dead_end {
        Some(line) => lines.why_no_play(
            &line.position,
            &line.used,
            &order_rest(turn.dice, &line.used),
        ),
        None => refusal.map_or_else(|| "not a legal play".to_string(), |(_, why)| why.text),
    })
}

/// What a search of lines looks for: a line (its end, its steps) that
/// satisfies it.
type Goal<'g, P> = dyn FnMut(&P, &[Step]) -> bool + 'g;

/// The orders the roll's numbers may be played in: a non-double either
/// way round, a double's four numbers.
fn dice_orders(dice: Dice) -> Vec<Vec<u8>> {
    let (a, b) = (dice.0.pips(), dice.1.pips());
    if a == b {
        vec![vec![a; 4]]
    } else {
        vec![vec![a, b], vec![b, a]]
    }
}

/// The numbers of the roll not among `used`.
fn order_rest(dice: Dice, used: &[Step]) -> Vec<u8> {
    let mut rest = dice_orders(dice).swap_remove(0);
    for step in used {
        if let Some(i) = rest.iter().position(|n| *n == step.die) {
            rest.remove(i);
        }
    }
    rest
}

/// Why the written steps cannot be made, and how telling that is.
struct Refusal {
    text: String,
    /// A rule refused a step (rather than "the numbers cannot make it").
    rule: bool,
}

/// Keeps, of the refusals met with the numbers in different orders, the one
/// that got furthest through the written movements; at the same depth a
/// rule's refusal says more than "the numbers cannot make it", which the
/// other order may contradict (4-2 cannot make 24/22 played 4 first).
fn keep_most_telling(best: &mut Option<(usize, Refusal)>, depth: usize, why: Refusal) {
    let better = best
        .as_ref()
        .is_none_or(|(d, b)| (depth, why.rule) > (*d, b.rule));
    if better {
        *best = Some((depth, why));
    }
}

/// The lines of steps of one turn and what makes one a legal play.
struct Lines<'a, S: StepRules> {
    rules: &'a S,
    turn: &'a Turn<S::Position>,
}

impl<S: StepRules> Lines<'_, S> {
    /// Plays the written movements with the numbers in `order`: the line
    /// they make, or how many movements were made and why the next
    /// cannot be.
    fn simulate(
        &self,
        order: &[u8],
        movements: &[Movement],
    ) -> Result<Line<S::Position>, (usize, Refusal)> {
        let mut position = self.turn.start;
        let mut used: Vec<Step> = Vec::new();
        let mut unmarked = 0;
        for (done, movement) in movements.iter().enumerate() {
            let (from, to) = (movement.from, movement.to);
            // First the checker (as Plakoto's refusals: no checker there
            // says more than a distance the numbers cannot make).
            if !self.rules.has_checker(&position, from) {
                let text = format!("no checker of yours on {}", point_word(from));
                return Err((done, Refusal { text, rule: true }));
            }
            let left = &order[used.len()..];
            let Some(run) = numbers_for_movement(left, from, to) else {
                let what = if to == 0 {
                    format!("bearing off from {}", point_word(from))
                } else {
                    let pips = i16::from(from) - i16::from(to);
                    format!(
                        "{}/{to} is {pips} pip{}",
                        point_word(from),
                        if pips == 1 { "" } else { "s" }
                    )
                };
                let text = format!("{what}: the numbers left ({}) cannot make it", words(left));
                return Err((done, Refusal { text, rule: false }));
            };
            let mut at = from;
            for (i, &die) in run.iter().enumerate() {
                let (after, hit) = self
                    .rules
                    .step(&position, at, die)
                    .map_err(|text| (done, Refusal { text, rule: true }))?;
                let landing = at.saturating_sub(die);
                let last = i + 1 == run.len();
                if last && movement.hit && !hit {
                    let text = format!(
                        "{}/{}*: there is no opposing checker alone on {} to hit{}",
                        point_word(at),
                        point_word(landing),
                        point_word(landing),
                        S::HIT_RULE.map_or_else(String::new, |rule| format!(" ({rule})"))
                    );
                    return Err((done, Refusal { text, rule: true }));
                }
                unmarked += usize::from(hit && !(last && movement.hit));
                position = after;
                used.push(Step { from: at, die, hit });
                at = landing;
            }
        }
        Ok(Line {
            position,
            used,
            unmarked,
        })
    }

    /// Whether `used` (the steps made, ending at `position`) is a legal play.
    fn is_complete(&self, position: &S::Position, used: &[Step]) -> bool {
        used.len() == self.turn.most
            && self.turn.targets.contains(position)
            && self
                .turn
                .required_die
                .is_none_or(|d| used.iter().all(|step| step.die == d))
    }

    /// Whether the steps `used` (at `position`, the numbers `rest` still to
    /// play in any order) can be continued to a legal play.
    fn completes(&self, position: &S::Position, used: &[Step], rest: &[u8]) -> bool {
        let mut seen = HashSet::new();
        self.search(position, used, rest, &mut seen, &mut |p, line| {
            self.is_complete(p, line)
        })
    }

    /// The single steps of `die` from `position` the rules allow: the
    /// source, the position after, whether it hit; sources highest first.
    fn steps_of(&self, position: &S::Position, die: u8) -> Vec<(u8, S::Position, bool)> {
        (1..=S::TOP)
            .rev()
            .filter(|&from| self.rules.has_checker(position, from))
            .filter_map(|from| {
                let (after, hit) = self.rules.step(position, from, die).ok()?;
                Some((from, after, hit))
            })
            .collect()
    }

    /// Depth-first over the steps of the numbers `rest` (in any order):
    /// whether some line from `position` (after the steps `used`, at most
    /// as many as a legal play uses) satisfies `done`. A position met
    /// again with the same numbers left is not searched again: the lines
    /// from it are the same.
    fn search(
        &self,
        position: &S::Position,
        used: &[Step],
        rest: &[u8],
        seen: &mut HashSet<(S::Position, Vec<u8>)>,
        done: &mut Goal<'_, S::Position>,
    ) -> bool {
        if done(position, used) {
            return true;
        }
        if used.len() >= self.turn.most
            || rest.is_empty()
            || !seen.insert((*position, rest.to_vec()))
        {
            return false;
        }
        for die in distinct(rest) {
            let after_rest = without(rest, die);
            for (from, after, hit) in self.steps_of(position, die) {
                let mut longer = used.to_vec();
                longer.push(Step { from, die, hit });
                if self.search(&after, &longer, &after_rest, seen, done) {
                    return true;
                }
            }
        }
        false
    }

    /// Every single step after `used` (at `position`) that still leads to
    /// a legal play, the higher numbers first.
    fn next(&self, position: &S::Position, used: &[Step], rest: &[u8]) -> Vec<StepInfo> {
        let mut out = Vec::new();
        for die in distinct(rest) {
            let after_rest = without(rest, die);
            for (from, after, hit) in self.steps_of(position, die) {
                let step = Step { from, die, hit };
                let mut longer = used.to_vec();
                longer.push(step);
                if self.completes(&after, &longer, &after_rest) {
                    out.push(step_info(&step));
                }
            }
        }
        out
    }

    /// Why steps that can all be made lead to no legal play, naming the
    /// rule that judges the whole play: R10 (the most numbers, the higher
    /// die), or the game's own ([`StepRules::why_no_play`]).
    fn why_no_play(&self, position: &S::Position, used: &[Step], rest: &[u8]) -> String {
        // Every line of as many steps as a legal play uses, where it ends
        // (the search is told it never succeeds, so it sees them all).
        let mut ends = Vec::new();
        let most = self.turn.most;
        self.search(position, used, rest, &mut HashSet::new(), &mut |p, line| {
            if line.len() == most {
                ends.push(*p);
            }
            false
        });
        if ends.is_empty() {
            return format!(
                "these steps leave numbers unplayed: legal plays use {most} numbers ({}: as many as possible)",
                S::MOST_NUMBERS_RULE
            );
        }
        if let Some(d) = self.turn.required_die
            && used.iter().any(|step| step.die != d)
        {
            return format!(
                "only one number can be played, so it must be the higher, {d} ({})",
                S::MOST_NUMBERS_RULE
            );
        }
        self.rules
            .why_no_play(self.turn, &ends)
            .unwrap_or_else(|| "these steps are part of no legal play".to_string())
    }
}

/// A step as replies write it (the games of the table neither pin nor
/// free; a Portes step may hit).
fn step_info(step: &Step) -> StepInfo {
    StepInfo {
        from: step.from,
        to: step.from.saturating_sub(step.die),
        die: step.die,
        pins: false,
        frees: false,
        hit: step.hit,
    }
}

/// A source or landing as the notation writes it: `bar`, `off`, or the
/// point's number.
fn point_word(n: u8) -> String {
    match n {
        BAR => "bar".to_string(),
        0 => "off".to_string(),
        n => n.to_string(),
    }
}

/// The first numbers of `dice` (in this order) that carry a checker from
/// `from` exactly to `to`, or, bearing off (`to` 0), the shortest run that
/// reaches or passes 0.
fn numbers_for_movement(dice: &[u8], from: u8, to: u8) -> Option<&[u8]> {
    let distance = from.checked_sub(to).filter(|&d| d > 0)?;
    let mut total = 0u8;
    for (i, &die) in dice.iter().enumerate() {
        total += die;
        if total == distance || (to == 0 && total > distance) {
            return Some(&dice[..=i]);
        }
        if total > distance {
            return None;
        }
    }
    None
}

/// The different numbers of `numbers`, highest first.
fn distinct(numbers: &[u8]) -> Vec<u8> {
    let mut out = numbers.to_vec();
    out.sort_unstable_by(|a, b| b.cmp(a));
    out.dedup();
    out
}

/// `numbers` less one `n`.
fn without(numbers: &[u8], n: u8) -> Vec<u8> {
    let mut out = numbers.to_vec();
    if let Some(i) = out.iter().position(|&m| m == n) {
        out.remove(i);
    }
    out
}

/// Numbers as words: `6 5`, or `none`.
fn words(numbers: &[u8]) -> String {
    if numbers.is_empty() {
        return "none".to_string();
    }
    numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
