//! Fevga in the protocol: its [`TableProtocol`] impl (its Match ID,
//! gnubg's layout; its board picture, both sides the same way round; its
//! one scoring word; its switches, F7–F9) and its `legal steps` (below).
//!
//! `legal steps` in Fevga: its single steps as the rules core checks them
//! ([`check_step`]: F5 held point, F7 runner, F8 starting quarter, F10/F11
//! bearing off) and its rules of whole plays (F9 wall, F8 at the end of a
//! play) for the line search of `steps.rs`.

use plakoto_records::record::games::fevga::FEVGA_SCORING_WORD;
use plakoto_rules::Fevga;
use plakoto_rules::fevga::{
    FevgaPlay, FevgaPosition, FevgaRules, FevgaStep, PrimeRule, QuarterCheck, check_step,
    fevga_position_id, has_any_step, parse_fevga_notation, wall_to_open,
};
use plakoto_rules::tavli::TableGame;
use plakoto_rules::{Die, Point, Seat, TavliGame};

use crate::board_picture::BoardPicture;
use crate::reply::{ErrorCode, ProtoError, Reply};
use crate::table::steps::{
    Movement, StepRules, Turn, legal_steps_in, move_refusal_in, movements_of,
};
use crate::table::{MatchParts, TableProtocol, read_gnubg_match_id};

impl TableProtocol for Fevga {
    fn read_match_id(&self, text: &str) -> Result<MatchParts, ProtoError> {
        read_gnubg_match_id(text, Self::KIND)
    }

    fn picture(&self, position: &FevgaPosition) -> BoardPicture {
        // Both sides in the side on roll's numbering (F2, F4): the
        // opponent's checkers stand where the side on roll counts them.
        let mut points = [(None, 0u8); 24];
        for (index, slot) in points.iter_mut().enumerate() {
            let signed = position.signed_at(index as u8 + 1);
            *slot = match signed {
                0 => (None, 0),
                n if n > 0 => (Some(Seat::OnRoll), n as u8),
                n => (Some(Seat::Opponent), n.unsigned_abs()),
            };
        }
        BoardPicture {
            points,
            pinned: [None; 24],
            bar: [0, 0],
            off: [position.own_off(), position.opp_off()],
            pips: [position.own_pips(), position.opp_pips()],
            has_bar: false,
            same_direction: true,
        }
    }

    fn with_scoring(&self, word: &str) -> Result<Fevga, ProtoError> {
        if word == FEVGA_SCORING_WORD {
            Ok(*self)
        } else {
            Err(ProtoError::new(
                ErrorCode::InvalidArgument,
                format!("'{word}' is not a Fevga scoring: Fevga is scored standard only (F13)"),
            ))
        }
    }

    fn scoring_word(&self) -> String {
        FEVGA_SCORING_WORD.to_string()
    }

    fn with_switch(&self, name: &str, value: &str) -> Result<Fevga, ProtoError> {
        let mut rules: FevgaRules = self.rules;
        rules
            .set(name, value)
            .map_err(|e| ProtoError::new(ErrorCode::InvalidArgument, e.to_string()))?;
        Ok(Fevga::new(rules))
    }

    fn legal_steps(table: &TableGame<Fevga>, made: &str) -> Result<Reply, ProtoError> {
        legal_steps_in(&FevgaStepRules::new(&table.game().rules), table, made)
    }

    fn move_refusal(table: &TableGame<Fevga>, written: &str) -> Option<String> {
        move_refusal_in(&FevgaStepRules::new(&table.game().rules), table, written)
    }
}

/// Fevga's single steps under its switches.
struct FevgaStepRules<'a> {
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
