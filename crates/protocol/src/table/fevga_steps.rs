//! `legal steps` in Fevga: its single steps as the rules core checks them
//! ([`check_step`]: F5 held point, F7 runner, F8 starting quarter, F10/F11
//! bearing off) and its rules of whole plays (F9 wall, F8 at the end of a
//! play) for the line search of `steps.rs`.

use plakoto_rules::fevga::{
    FevgaPlayList, FevgaPosition, FevgaRules, FevgaStep, PrimeRule, QuarterCheck, check_step,
    fevga_position_id, has_any_step, parse_fevga_notation, wall_to_open,
};
use plakoto_rules::{Dice, Die, Point};

use super::steps::{Movement, StepRules, Turn};
use crate::reply::{ErrorCode, ProtoError, Reply};

/// The reply to `legal steps <made>` in Fevga: `start` the position of
/// the turn (the mover on roll), `dice` its roll, `list` its legal plays.
pub(super) fn legal_steps(
    rules: &FevgaRules,
    start: &FevgaPosition,
    dice: Dice,
    list: &FevgaPlayList,
    made: &str,
) -> Result<Reply, ProtoError> {
    let (turn, movements) = read(start, dice, list, made)?;
    super::steps::legal_steps(&step_rules(rules), &turn, &movements)
}

/// Why `move <written>` names no legal play in Fevga, in Fevga's terms
/// (the step refused and its F-rule, a distance the numbers cannot make,
/// numbers left unplayed: F6, the rules of whole plays: F8, F9); `None`
/// when the written steps are a legal play or cannot be read.
pub(super) fn move_refusal(
    rules: &FevgaRules,
    start: &FevgaPosition,
    dice: Dice,
    list: &FevgaPlayList,
    written: &str,
) -> Option<String> {
    let (turn, movements) = read(start, dice, list, written).ok()?;
    super::steps::move_refusal(&step_rules(rules), &turn, &movements)
}

/// The single steps of Fevga under `rules`.
fn step_rules(rules: &FevgaRules) -> FevgaStepRules<'_> {
    FevgaStepRules {
        rules,
        every_step: rules.quarter_check == QuarterCheck::EveryStep,
    }
}

/// The turn and the written steps `made` as single movements.
fn read(
    start: &FevgaPosition,
    dice: Dice,
    list: &FevgaPlayList,
    made: &str,
) -> Result<(Turn<FevgaPosition>, Vec<Movement>), ProtoError> {
    // Nothing made yet: no steps (the notation itself has no empty play).
    let moves = if made.trim().is_empty() {
        Vec::new()
    } else {
        parse_fevga_notation(made).map_err(|e| ProtoError::new(ErrorCode::Syntax, e.to_string()))?
    };
    // The written paths as single movements, in the order written:
    // `24/18/13` is 24→18 then 18→13; `24/21(2)` twice 24→21.
    let mut movements = Vec::new();
    for m in &moves {
        for _ in 0..m.count {
            let mut at = m.from.number();
            for landing in &m.landings {
                let to = landing.map_or(0, Point::number);
                movements.push(Movement {
                    from: at,
                    to,
                    hit: false,
                });
                at = to;
            }
        }
    }
    let plays = list.plays.iter().map(|play| {
        let numbers = play.steps.iter().map(|s| s.die.pips()).collect();
        (play.position, numbers)
    });
    let turn = Turn::new(*start, dice, list.numbers_used, plays);
    Ok((turn, movements))
}

/// Fevga's single steps under its switches.
struct FevgaStepRules<'a> {
    rules: &'a FevgaRules,
    /// F8 checked after every step (else only a play's final position,
    /// which the legal plays' positions already obey).
    every_step: bool,
}

impl StepRules for FevgaStepRules<'_> {
    type Position = FevgaPosition;

    const TOP: u8 = 24;

    const MOST_NUMBERS_RULE: &'static str = "F6";

    fn has_checker(&self, position: &FevgaPosition, from: u8) -> bool {
        position.own_at(from) > 0
    }

    /// The step of `die` from `from` (Fevga hits nothing).
    fn step(
        &self,
        position: &FevgaPosition,
        from: u8,
        die: u8,
    ) -> Result<(FevgaPosition, bool), String> {
        let (Some(point), Some(number)) = (Point::new(from), Die::new(die)) else {
            return Err(format!("{from} is not a point"));
        };
        let step = FevgaStep {
            from: point,
            die: number,
        };
        check_step(position, self.rules, step, self.every_step)
            .map(|after| (after, false))
            .map_err(|e| {
                let to = step
                    .to()
                    .map_or_else(|| "off".to_string(), |p| p.to_string());
                format!("{from}/{to}: {e}")
            })
    }

    fn position_id(&self, position: &FevgaPosition) -> String {
        fevga_position_id(position)
    }

    /// F9 (the wall to open, or the opponent to leave a step), F8 at the
    /// end of the play.
    fn why_no_play(&self, turn: &Turn<FevgaPosition>, ends: &[FevgaPosition]) -> Option<String> {
        match self.rules.prime_rule {
            PrimeRule::Unblock => {
                if let Some(wall) = wall_to_open(&turn.start) {
                    let opens = |p: &FevgaPosition| wall.iter().any(|&q| p.own_at(q) == 0);
                    if turn.targets.iter().all(opens) && ends.iter().any(|p| !opens(p)) {
                        return Some(format!(
                            "the play must open the wall in front of the opponent: leave one of your points {} empty (F9)",
                            wall.map(|q| q.to_string()).join(", ")
                        ));
                    }
                }
            }
            PrimeRule::UnblockIfFrozen => {
                if !has_any_step(&turn.start.flipped(), self.rules, self.every_step) {
                    return Some("the play must leave the opponent a step to make (F9, fevga.prime_rule=unblock_if_frozen)".to_string());
                }
            }
            PrimeRule::AheadRequired | PrimeRule::None => {}
        }
        (!self.every_step).then(|| {
            "the play would end holding all six points of a starting quarter (F8)".to_string()
        })
    }
}
