//! `legal steps` in Portes: its single steps as the rules core checks them
//! ([`PortesPosition::check_step`]: P4 landing, P5 hitting, P6 entering
//! first, P8/P9 bearing off), written as GNU Backgammon writes them
//! (`bar/22`, `13/7*`, `6/off`), for the line search of `steps.rs`.
//! Portes judges whole plays by R10 alone (P7), which the line search
//! applies.

use plakoto_rules::portes::{
    PortesNotation, PortesPlay, PortesPosition, Source, Step, StepEffect, StepError,
    portes_position_id,
};
use plakoto_rules::tavli::Portes;
use plakoto_rules::{Die, Point};

use super::steps::{BAR, Movement, StepRules, movements_of};
use crate::reply::{ErrorCode, ProtoError};

/// Portes' single steps.
pub(super) struct PortesStepRules;

impl StepRules for PortesStepRules {
    type Position = PortesPosition;

    type Game = Portes;

    const TOP: u8 = BAR;

    const MOST_NUMBERS_RULE: &'static str = "P7";

    const HIT_RULE: Option<&'static str> = Some("P5");

    fn has_checker(&self, position: &PortesPosition, from: u8) -> bool {
        match Source::from_number(from) {
            Some(Source::Bar) => position.own_bar() > 0,
            Some(Source::Point(p)) => position.at(p) > 0,
            None => false,
        }
    }

    fn step(
        &self,
        position: &PortesPosition,
        from: u8,
        die: u8,
    ) -> Result<(PortesPosition, bool), String> {
        let (Some(source), Some(number)) = (Source::from_number(from), Die::new(die)) else {
            return Err(format!("{from} is not a point"));
        };
        let step = Step {
            from: source,
            die: number,
        };
        match position.check_step(step) {
            Ok(effect) => Ok((position.apply_step(step), effect == StepEffect::Hit)),
            Err(e) => {
                let to = step
                    .to()
                    .map_or_else(|| "off".to_string(), |p| p.to_string());
                Err(format!("{source}/{to}: {e}{}", rule_of(e, source)))
            }
        }
    }

    fn position_id(&self, position: &PortesPosition) -> String {
        portes_position_id(position)
    }

    fn movements(&self, written: &str) -> Result<Vec<Movement>, ProtoError> {
        let notation = written
            .parse::<PortesNotation>()
            .map_err(|e| ProtoError::new(ErrorCode::Syntax, e.to_string()))?;
        Ok(movements_of(notation.moves.iter().map(|m| {
            let landings = m.landings.iter();
            let landings = landings.map(|l| (l.point.map_or(0, Point::number), l.hit));
            (m.from.number(), m.count, landings.collect())
        })))
    }

    fn numbers(play: &PortesPlay) -> Vec<u8> {
        play.steps.iter().map(|s| s.die.pips()).collect()
    }
}

/// The rule that refuses a step, as the refusals name it
/// (docs/rules.md, Portes).
fn rule_of(error: StepError, source: Source) -> &'static str {
    match error {
        StepError::NoChecker => "",
        StepError::BarFirst => " (P6)",
        StepError::Blocked if source == Source::Bar => " (P6)",
        StepError::Blocked => " (P4)",
        StepError::NotAllHome => " (P8)",
        StepError::HigherCheckerFirst => " (P9)",
    }
}
