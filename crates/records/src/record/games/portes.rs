//! Portes on record: its header names its game, its scoring
//! (`standard`|`triple`, P11) and its opening rule (`greek`|`western`,
//! P13).

use super::super::header_fields::{HeaderFieldError, JsonFields, TextHeader, json_opening};
use super::super::{BoardCounts, GameOnRecord};
use plakoto_rules::Portes;
use plakoto_rules::portes::PortesPosition;
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::tavli::Opening;

/// Portes' scoring as records and the protocol write it.
pub fn portes_scoring_word(scoring: PortesScoring) -> &'static str {
    match scoring {
        PortesScoring::Standard => "standard",
        PortesScoring::Triple => "triple",
    }
}

/// Reads Portes' scoring word (`standard` or `triple`).
pub fn parse_portes_scoring(word: &str) -> Result<PortesScoring, String> {
    match word {
        "standard" => Ok(PortesScoring::Standard),
        "triple" => Ok(PortesScoring::Triple),
        other => Err(format!(
            "'{other}' is not a Portes scoring: standard or triple (P11)"
        )),
    }
}

impl GameOnRecord for Portes {
    const TITLE: &'static str = "Portes";

    fn scoring_word(&self) -> String {
        portes_scoring_word(self.scoring).to_string()
    }

    fn read_text_header(header: &TextHeader) -> Result<(Portes, Opening), HeaderFieldError> {
        header.refuse("Rules", "Portes has no rules variants (Rules is Plakoto's)")?;
        let scoring = header.need("Scoring", parse_portes_scoring)?;
        Ok((Portes::new(scoring), header.opening()?))
    }

    fn read_json_header(fields: JsonFields) -> Result<(Portes, Opening), String> {
        if fields.rules.is_some() {
            return Err("Portes has no rules variants ('rules' is Plakoto's)".into());
        }
        if fields.switches.is_some() {
            return Err("Portes has no switches ('switches' is Fevga's)".into());
        }
        let scoring = parse_portes_scoring(&fields.scoring)?;
        Ok((Portes::new(scoring), json_opening(fields.opening)?))
    }

    fn board(position: &PortesPosition) -> Option<BoardCounts> {
        let (own, opp) = position.sides();
        let mut points = [0i8; 24];
        for (index, point) in points.iter_mut().enumerate() {
            // The opponent's point p is own 25 - p.
            *point = own[index] as i8 - opp[23 - index] as i8;
        }
        Some(BoardCounts {
            points,
            bar: [own[24], opp[24]],
            off: [position.own_off(), position.opp_off()],
        })
    }
}
