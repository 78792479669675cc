//! `legal steps` in Fevga: its single steps as the rules core checks them
//! ([`check_step`]: F5 held point, F7 runner, F8 starting quarter, F10/F11
//! bearing off) and its rules of whole plays (F9 wall, F8 at the end of a
//! play) for the line search of `steps.rs`.

use plakoto_rules::fevga::{
    FevgaPlay, FevgaPosition, FevgaRules, FevgaStep, PrimeRule, QuarterCheck, check_step,
    fevga_position_id, has_any_step, parse_fevga_notation, wall_to_open,
};
use plakoto_rules::tavli::Fevga;
use plakoto_rules::{Die, Point};

use super::steps::{Movement, StepRules, Turn, movements_of};
use crate::reply::{ErrorCode, ProtoError};

/// Fevga's single steps under its switches.
pub(super) struct FevgaStepRules<'a> {
    rules: &'a FevgaRules,
    /// F8 checked after every step (else only a play's final position,
    /// which the legal plays' positions already obey).
    every_step: bool,
}

impl<'a> FevgaStepRules<'a> {
    /// The single steps of Fevga under `rules`.
    pub(super) fn new(rules: &'a FevgaRules) -> Self {
        FevgaStepRules {
            rules,
            every_step: rules.quarter_check == QuarterCheck::EveryStep,
        }
    }
}

impl StepRules for FevgaStepRules<'_> {
    type Position = FevgaPosition;

    type Game = Fevga;

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

    /// The written paths (Fevga hits nothing: no landing is a hit).
    fn movements(&self, written: &str) -> Result<Vec<Movement>, ProtoError> {
        let moves = parse_fevga_notation(written)
            .map_err(|e| ProtoError::new(ErrorCode::Syntax, e.to_string()))?;
        Ok(movements_of(moves.iter().map(|m| {
            let landings = m
                .landings
                .iter()
                .map(|l| (l.map_or(0, Point::number), false));
            (m.from.number(), m.count, landings.collect())
        })))
    }

    fn numbers(play: &FevgaPlay) -> Vec<u8> {
        play.steps.iter().map(|s| s.die.pips()).collect()
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
