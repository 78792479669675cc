//! Plakoto on record: the oldest records, whose header names no game, its
//! rules variant (`standard`|`express`) and scoring (`standard`|`tzannes`)
//! and no opening rule (R19 decides).

use super::super::header_fields::{HeaderFieldError, JsonFields, TextHeader};
use super::super::{BoardCounts, GameOnRecord, Header};
use plakoto_engine::match_equity::{MatchContext, MatchValue};
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::Opening;
use plakoto_rules::tavli::TableGame;
use plakoto_rules::{GenLimits, MatchId, MatchScore, MoveGenerator, Position, Side};
use plakoto_rules::{Rules, Scoring, Variant};

/// Most Plakoto plays listed when checking a recorded play before the
/// line search (Express low doubles have millions; R20).
const CHECK_PLAYS: usize = 60_000;

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

    fn checked_of_header(header: &Header) -> Result<Plakoto, (&'static str, String)> {
        // Express takes standard scoring only (R22).
        let rules = header
            .checked_rules()
            .map_err(|e| ("Scoring", e.to_string()))?;
        Ok(Plakoto::new(rules))
    }

    const NUMBERS_DUE: &'static str = "dice 1-6 or up to 24 numbers 1-6";
    const PASSED_DUE: &'static str = Self::NUMBERS_DUE;

    fn record_generator(&self) -> MoveGenerator {
        // Bounded: a play missing from a list cut short is checked by the
        // rules' line search (R10), whatever the list holds.
        MoveGenerator::new(GenLimits {
            max_positions: CHECK_PLAYS,
        })
    }

    fn match_id(table: &TableGame<Plakoto>, score: &MatchScore) -> String {
        MatchId::of(&table.to_plakoto_game(), score).to_string()
    }

    fn board(_: &Position) -> Option<BoardCounts> {
        None
    }

    fn own_match_value(&self, score: &MatchScore, mover: Side) -> Option<MatchValue> {
        MatchContext::of(score, mover, self.rules).map(MatchValue::Plakoto)
    }
}
