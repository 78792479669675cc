//! Fevga on record: its header names its game, its switches
//! (`fevga.release=…` and the three others, F7–F9) and its opening rule;
//! its scoring is always `standard` (F13).

use super::super::header_fields::{HeaderFieldError, JsonFields, TextHeader, json_opening};
use super::super::{BoardCounts, GameOnRecord};
use plakoto_rules::Fevga;
use plakoto_rules::fevga::FevgaPosition;
use plakoto_rules::fevga::FevgaRules;
use plakoto_rules::tavli::Opening;

/// Fevga's one scoring (F13: 1, or 2 for a double game), as records
/// write it.
pub const FEVGA_SCORING_WORD: &str = "standard";

/// Reads Fevga's scoring word: only `standard` (F13).
pub fn parse_fevga_scoring(word: &str) -> Result<(), String> {
    if word == FEVGA_SCORING_WORD {
        Ok(())
    } else {
        Err(format!(
            "'{word}' is not a Fevga scoring: Fevga is scored standard only (F13)"
        ))
    }
}

impl GameOnRecord for Fevga {
    const TITLE: &'static str = "Fevga";
    // No hitting and no pinning (F5), and both sides run the same way
    // round (F4).
    const BAR: bool = false;
    const OPPONENT_OFF_LEFT: bool = true;

    fn scoring_word(&self) -> String {
        FEVGA_SCORING_WORD.to_string()
    }

    fn read_text_header(header: &TextHeader) -> Result<(Fevga, Opening), HeaderFieldError> {
        header.refuse(
            "Rules",
            "Fevga has no rules variants (Rules is Plakoto's; Fevga's are its Switches)",
        )?;
        // Its one scoring may go unsaid.
        header.read("Scoring", parse_fevga_scoring)?;
        let rules = header.read("Switches", str::parse::<FevgaRules>)?;
        Ok((Fevga::new(rules.unwrap_or_default()), header.opening()?))
    }

    fn read_json_header(fields: JsonFields) -> Result<(Fevga, Opening), String> {
        if fields.rules.is_some() {
            return Err("Fevga has no rules variants ('rules' is Plakoto's)".into());
        }
        parse_fevga_scoring(&fields.scoring)?;
        let mut rules = FevgaRules::default();
        if let Some(switches) = fields.switches {
            rules = switches.parse().map_err(|e| format!("{e}"))?;
        }
        Ok((Fevga::new(rules), json_opening(fields.opening)?))
    }

    fn board(position: &FevgaPosition) -> Option<BoardCounts> {
        // Each side in the mover's numbering (F2): the opponent's checkers
        // are drawn where the mover counts them.
        let mut points = [0i8; 24];
        for (index, point) in points.iter_mut().enumerate() {
            *point = position.signed_at(index as u8 + 1);
        }
        Some(BoardCounts {
            points,
            bar: [0, 0],
            off: [position.own_off(), position.opp_off()],
        })
    }
}
