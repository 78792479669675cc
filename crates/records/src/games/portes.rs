//! Portes on record: its header names its game, its scoring
//! (`standard`|`triple`, P11) and its opening rule (`greek`|`western`,
//! P13).

use super::{GameOnRecord, HeaderFieldError, JsonFields, TextHeader, json_opening};
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::tavli::{Opening, Portes};

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
}
