//! Portes in the protocol: its [`TableProtocol`] impl (its Match ID,
//! gnubg's; its board picture; its scoring words `standard` and `triple`,
//! P11) and its `legal steps` (below).
//!
//! `legal steps` in Portes: its single steps as the rules core checks them
//! ([`PortesPosition::check_step`]: P4 landing, P5 hitting, P6 entering
//! first, P8/P9 bearing off), written as GNU Backgammon writes them
//! (`bar/22`, `13/7*`, `6/off`), for the line search of `steps.rs`.
//! Portes judges whole plays by R10 alone (P7), which the line search
//! applies.

use plakoto_rules::Portes;
use plakoto_rules::portes::{
    PortesNotation, PortesPlay, PortesPosition, PortesScoring, Source, Step, StepEffect, StepError,
    portes_position_id,
};
use plakoto_rules::tavli::TableGame;
use plakoto_rules::{Die, Point, Seat, TavliGame};

use crate::board_picture::BoardPicture;
use crate::reply::{ErrorCode, ProtoError, Reply};
use crate::table::steps::{
    BAR, Movement, StepRules, legal_steps_in, move_refusal_in, movements_of,
};
use crate::table::{FibsSetup, MatchParts, TableProtocol, read_fibs_board, read_gnubg_match_id};

impl TableProtocol for Portes {
    fn read_fibs_board(&self, text: &str) -> Result<FibsSetup<PortesPosition>, ProtoError> {
        read_fibs_board(text)
    }

    fn read_match_id(&self, text: &str) -> Result<MatchParts, ProtoError> {
        read_gnubg_match_id(text, Self::KIND)
    }

    fn picture(&self, position: &PortesPosition) -> BoardPicture {
        let (own, opp) = position.sides();
        let mut points = [(None, 0u8); 24];
        for (index, slot) in points.iter_mut().enumerate() {
            // The opponent's point p is the side on roll's 25 - p.
            let (mine, theirs) = (own[index], opp[23 - index]);
            *slot = if mine > 0 {
                (Some(Seat::OnRoll), mine)
            } else if theirs > 0 {
                (Some(Seat::Opponent), theirs)
            } else {
                (None, 0)
            };
        }
        let (own_pips, opp_pips) = position.pip_counts();
        BoardPicture {
            points,
            pinned: [None; 24],
            bar: [own[24], opp[24]],
            off: [position.own_off(), position.opp_off()],
            pips: [own_pips, opp_pips],
            has_bar: true,
            same_direction: false,
        }
    }

    fn with_scoring(&self, word: &str) -> Result<Portes, ProtoError> {
        match word {
            "standard" => Ok(Portes::new(PortesScoring::Standard)),
            "triple" => Ok(Portes::new(PortesScoring::Triple)),
            other => Err(ProtoError::new(
                ErrorCode::InvalidArgument,
                format!("'{other}' is not a Portes scoring: standard or triple (P11)"),
            )),
        }
    }

    fn legal_steps(table: &TableGame<Portes>, made: &str) -> Result<Reply, ProtoError> {
        legal_steps_in(&PortesStepRules, table, made)
    }

    fn move_refusal(table: &TableGame<Portes>, written: &str) -> Option<String> {
        move_refusal_in(&PortesStepRules, table, written)
    }

    fn scoring_word(&self) -> String {
        match self.scoring {
            PortesScoring::Standard => "standard",
            PortesScoring::Triple => "triple",
        }
        .to_string()
    }
}

/// Portes' single steps.
struct PortesStepRules;

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
