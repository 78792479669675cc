//! `legal steps` in Portes: its single steps as the rules core checks them
//! ([`PortesPosition::check_step`]: P4 landing, P5 hitting, P6 entering
//! first, P8/P9 bearing off), written as GNU Backgammon writes them
//! (`bar/22`, `13/7*`, `6/off`), for the line search of `steps.rs`.
//! Portes judges whole plays by R10 alone (P7), which the line search
//! applies.

use plakoto_rules::portes::{
    PortesNotation, PortesPlayList, PortesPosition, Source, Step, StepEffect, StepError,
    portes_position_id,
};
use plakoto_rules::{Dice, Die, Point};

use super::steps::{BAR, Movement, StepRules, Turn};
use crate::reply::{ErrorCode, ProtoError, Reply};

/// The reply to `legal steps <made>` in Portes: `start` the position of
/// the turn (the mover on roll), `dice` its roll, `list` its legal plays.
pub(super) fn legal_steps(
    start: &PortesPosition,
    dice: Dice,
    list: &PortesPlayList,
    made: &str,
) -> Result<Reply, ProtoError> {
    let (turn, movements) = read(start, dice, list, made)?;
    super::steps::legal_steps(&PortesStepRules, &turn, &movements)
}

/// Why `move <written>` names no legal play in Portes, in Portes' terms
/// (the step refused and its P-rule, a distance the numbers cannot make,
/// numbers left unplayed: P7); `None` when the written steps are a legal
/// play or cannot be read (the notation then says why).
pub(super) fn move_refusal(
    start: &PortesPosition,
    dice: Dice,
    list: &PortesPlayList,
    written: &str,
) -> Option<String> {
    let (turn, movements) = read(start, dice, list, written).ok()?;
    super::steps::move_refusal(&PortesStepRules, &turn, &movements)
}

/// The turn and the written steps `made` as single movements.
fn read(
    start: &PortesPosition,
    dice: Dice,
    list: &PortesPlayList,
    made: &str,
) -> Result<(Turn<PortesPosition>, Vec<Movement>), ProtoError> {
    // Nothing made yet: no steps (the notation itself has no empty play).
    let written = if made.trim().is_empty() {
        PortesNotation::default()
    } else {
        made.parse::<PortesNotation>()
            .map_err(|e| ProtoError::new(ErrorCode::Syntax, e.to_string()))?
    };
    // The written paths as single movements, in the order written:
    // `24/18*/13` is 24→18 hitting then 18→13; `bar/22(2)` twice bar→22.
    let mut movements = Vec::new();
    for m in &written.moves {
        for _ in 0..m.count {
            let mut at = m.from.number();
            for landing in &m.landings {
                let to = landing.point.map_or(0, Point::number);
                movements.push(Movement {
                    from: at,
                    to,
                    hit: landing.hit,
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

/// Portes' single steps.
struct PortesStepRules;

impl StepRules for PortesStepRules {
    type Position = PortesPosition;

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
