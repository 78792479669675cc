//! What a record knows of each game: the one place in this crate where a
//! game's own knowledge lives (its header's words and how they are read,
//! its scoring word, how its board is drawn). The rest of the crate is
//! written once, generically, and reaches a game through
//! [`GameOnRecord`], picking the type with
//! [`with_game!`](plakoto_rules::with_game).
//!
//! Adding a game: one file here implementing [`GameOnRecord`] (the
//! provided methods cover what the games of the table share), its
//! `HeaderGame` impl beside the header's fields it fills, and the traits
//! the analysis asks of it; the compiler names each.
//!
//! This module knows the rules only, never the record types: the record
//! and the analysis use it, so it may not use them back (no import
//! circles between a crate's modules).

mod fevga;
mod plakoto;
mod portes;

pub use fevga::{FEVGA_SCORING_WORD, parse_fevga_scoring};
pub use portes::{parse_portes_scoring, portes_scoring_word};

use plakoto_rules::tavli::Opening;
use plakoto_rules::{GameKind, TavliGame, Variant};

/// Why a game's part of a text header is refused; the record reader turns
/// it into its error at the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderFieldError {
    /// A key the game's header does not take, at its line.
    Unknown {
        /// The header key.
        key: &'static str,
        /// Its line.
        line: usize,
    },
    /// A key the game's header needs is missing.
    Missing(&'static str),
    /// A key's value is refused, at its line.
    Bad {
        /// The header key.
        key: &'static str,
        /// Its line.
        line: usize,
        /// Why.
        reason: String,
    },
}

/// A game's fields of a record's JSON header (the others are the same in
/// every game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JsonFields {
    /// `rules`: Plakoto's movement rules.
    pub rules: Option<Variant>,
    /// `scoring`: the game's scoring word.
    pub scoring: String,
    /// `switches`: the game's switches, as they describe themselves.
    pub switches: Option<String>,
    /// `opening`: the opening rule of a game that has one.
    pub opening: Option<String>,
}

/// A game as its records write and read it. A value of the implementing
/// type is the game with the switches a header names (as in the game
/// layer), so each method answers for those switches.
pub trait GameOnRecord: TavliGame {
    /// The game's name in the first line of its record's text form
    /// (`; Portes game record, format 1`).
    const TITLE: &'static str;

    /// Whether a header names the game's opening rule (P13). Plakoto's
    /// does not: R19 alone decides how a game of it starts.
    const OPENING_SWITCH: bool = true;

    /// Whether a match of this game is always valued by a match equity
    /// table of its own, so that a report of any match of it speaks of
    /// match-winning chances. The other games' matches are valued by the
    /// Tavli match equity table where it reaches them.
    const OWN_MATCH_TABLE: bool = false;

    /// Whether the middle strip of the drawn board is a bar holding hit
    /// checkers (a game that hits or pins on the way round).
    const BAR: bool = true;

    /// Whether the opponent bears off on the left of the drawn board: both
    /// sides run the same way round (Fevga, F4), so its tray is beside the
    /// mover's 13-point.
    const OPPONENT_OFF_LEFT: bool = false;

    /// The scoring's word (`Scoring` in the text form, `scoring` in JSON).
    fn scoring_word(&self) -> String;

    /// The movement rules a header names (`Rules`), for a game that has
    /// rule variants of that name (Plakoto's).
    fn rules_variant(&self) -> Option<Variant> {
        None
    }

    /// The switches a header names (`Switches`), for a game that has them
    /// (Fevga's F7–F9).
    fn switches(&self) -> Option<String> {
        None
    }

    /// Reads the game and its opening rule from a text header's lines.
    fn read_text_header(header: &TextHeader) -> Result<(Self, Opening), HeaderFieldError>;

    /// Reads the game and its opening rule from a JSON header's fields.
    fn read_json_header(fields: JsonFields) -> Result<(Self, Opening), String>;

    /// The Position ID a game of it starts from.
    fn start_position_id(&self) -> String {
        self.position_id(&self.start())
    }

    /// The text header's lines of the game after the first (key, value),
    /// in the order records have always had them: the game's name (unless
    /// it is the game a header without one names), its rules, its
    /// switches, its scoring, its opening rule.
    fn header_lines(&self, opening: Opening) -> Vec<(&'static str, String)> {
        let mut lines = Vec::new();
        if Self::KIND != GameKind::default() {
            lines.push(("Game", Self::KIND.as_str().to_string()));
        }
        if let Some(rules) = self.rules_variant() {
            lines.push(("Rules", rules.to_string()));
        }
        if let Some(switches) = self.switches() {
            lines.push(("Switches", switches));
        }
        lines.push(("Scoring", self.scoring_word()));
        if Self::OPENING_SWITCH {
            lines.push(("Opening", opening.to_string()));
        }
        lines
    }

    /// The game's fields of a JSON header, `opening` its opening rule.
    fn json_fields(&self, opening: Opening) -> JsonFields {
        JsonFields {
            rules: self.rules_variant(),
            scoring: self.scoring_word(),
            switches: self.switches(),
            opening: Self::OPENING_SWITCH.then(|| opening.to_string()),
        }
    }
}

/// A text header's lines as a game reads its part of them.
pub struct TextHeader<'f, 'a> {
    /// A key's value and its line, if the header has it.
    find: &'f dyn Fn(&'static str) -> Option<(&'a str, usize)>,
}

impl<'f, 'a> TextHeader<'f, 'a> {
    /// The header whose lines `find` gives (a key's value and its line).
    pub fn new(find: &'f dyn Fn(&'static str) -> Option<(&'a str, usize)>) -> Self {
        TextHeader { find }
    }

    /// Refuses `key` where the header has it: a key no header takes for
    /// this game.
    pub fn unknown(&self, key: &'static str) -> Result<(), HeaderFieldError> {
        match (self.find)(key) {
            Some((_, line)) => Err(HeaderFieldError::Unknown { key, line }),
            None => Ok(()),
        }
    }

    /// Refuses `key` where the header has it, saying `reason`: a key of
    /// another game.
    pub fn refuse(&self, key: &'static str, reason: &str) -> Result<(), HeaderFieldError> {
        match (self.find)(key) {
            Some((_, line)) => Err(HeaderFieldError::Bad {
                key,
                line,
                reason: reason.to_string(),
            }),
            None => Ok(()),
        }
    }

    /// `key`'s value read by `parse`, where the header has it.
    pub fn read<T, E: std::fmt::Display>(
        &self,
        key: &'static str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<T>, HeaderFieldError> {
        let Some((value, line)) = (self.find)(key) else {
            return Ok(None);
        };
        parse(value).map(Some).map_err(|e| HeaderFieldError::Bad {
            key,
            line,
            reason: e.to_string(),
        })
    }

    /// `key`'s value read by `parse`: the header needs it.
    pub fn need<T, E: std::fmt::Display>(
        &self,
        key: &'static str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<T, HeaderFieldError> {
        self.read(key, parse)?.ok_or(HeaderFieldError::Missing(key))
    }

    /// The opening rule the header names (`Opening`), the default where
    /// it names none.
    pub fn opening(&self) -> Result<Opening, HeaderFieldError> {
        Ok(self
            .read("Opening", str::parse::<Opening>)?
            .unwrap_or_default())
    }
}

/// The opening rule a JSON header names (`opening`), the default where it
/// names none.
fn json_opening(opening: Option<String>) -> Result<Opening, String> {
    match opening {
        None => Ok(Opening::default()),
        Some(opening) => opening.parse().map_err(|e| format!("{e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::with_game;

    /// The opening rule a game's header keeps: the one written where it
    /// names one, else the default.
    fn kept<G: GameOnRecord>(opening: Opening) -> Opening {
        if G::OPENING_SWITCH {
            opening
        } else {
            Opening::default()
        }
    }

    /// Every game's text header lines and JSON fields read back as the
    /// game and opening rule written.
    fn round_trip<G: GameOnRecord + Default>() {
        let game = G::default();
        for opening in [Opening::Greek, Opening::Western] {
            let lines = game.header_lines(opening);
            let find = |key: &'static str| {
                lines
                    .iter()
                    .position(|(k, _)| *k == key)
                    .map(|line| (lines[line].1.as_str(), line + 1))
            };
            let read = G::read_text_header(&TextHeader::new(&find)).expect("reads back");
            assert_eq!(read, (game, kept::<G>(opening)), "{}", G::TITLE);
            let json = G::read_json_header(game.json_fields(opening)).expect("reads back");
            assert_eq!(json, (game, kept::<G>(opening)), "{}", G::TITLE);
        }
    }

    #[test]
    fn each_games_header_reads_back_as_written() {
        for kind in GameKind::ALL {
            with_game!(kind, G => round_trip::<G>());
        }
    }

    #[test]
    fn a_header_line_of_another_game_is_refused_at_its_line() {
        let find = |key: &'static str| (key == "Rules").then_some(("standard", 7));
        for kind in [GameKind::Portes, GameKind::Fevga] {
            let refused = with_game!(kind, G => G::read_text_header(&TextHeader::new(&find)).err());
            assert!(
                matches!(
                    refused,
                    Some(HeaderFieldError::Bad {
                        key: "Rules",
                        line: 7,
                        ..
                    })
                ),
                "{kind}: {refused:?}"
            );
        }
    }
}
