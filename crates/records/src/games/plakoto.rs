//! Plakoto on record: the oldest records, whose header names no game, its
//! rules variant (`standard`|`express`) and scoring (`standard`|`tzannes`)
//! and no opening rule (R19 decides).

use super::{GameOnRecord, HeaderFieldError, JsonFields, TextHeader};
use plakoto_rules::tavli::{Opening, Plakoto};
use plakoto_rules::{Rules, Scoring, Variant};

impl GameOnRecord for Plakoto {
    const TITLE: &'static str = "Plakoto";
    const OPENING_SWITCH: bool = false;
    // A Plakoto match is valued by its own match equity table (records.md).
    const OWN_MATCH_TABLE: bool = true;

    fn scoring_word(&self) -> String {
        self.rules.scoring.to_string()
    }

    fn rules_variant(&self) -> Option<Variant> {
        Some(self.rules.variant)
    }

    fn read_text_header(header: &TextHeader) -> Result<(Plakoto, Opening), HeaderFieldError> {
        // Plakoto always starts as R19 says: no opening switch.
        header.unknown("Opening")?;
        let variant = header.need("Rules", str::parse::<Variant>)?;
        let scoring = header.need("Scoring", str::parse::<Scoring>)?;
        // Unchecked here: the record's reader checks the pair (R22) with
        // the rest of the header.
        let rules = Rules { variant, scoring };
        Ok((Plakoto::new(rules), Opening::default()))
    }

    fn read_json_header(fields: JsonFields) -> Result<(Plakoto, Opening), String> {
        if fields.opening.is_some() {
            return Err("Plakoto has no opening switch (R19 decides)".into());
        }
        let variant = fields.rules.ok_or("missing field `rules`")?;
        // Read as Plakoto records always were: by the enum's own serde
        // form.
        let scoring = serde_json::from_value(serde_json::Value::String(fields.scoring))
            .map_err(|e| e.to_string())?;
        let rules = Rules { variant, scoring };
        Ok((Plakoto::new(rules), Opening::default()))
    }
}
