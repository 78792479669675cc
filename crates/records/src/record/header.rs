//! The header of a record: which game was played and under which switches,
//! the match length, the players, the date and the seed.
//!
//! A Plakoto header names its rules (`standard`|`express`) and scoring
//! (`standard`|`tzannes`); a Portes header names its game, its scoring
//! (`standard`|`triple`, P11) and its opening rule (`greek`|`western`,
//! P13); a Fevga header names its game, its switches (`fevga.release=…`
//! and the three others, F7–F9) and its opening rule; its scoring is
//! always `standard` (F13). A header without a game is Plakoto's, so every record written
//! before the other games reads (and is written) as it was.
//!
//! The header keeps every game under its switches as one value
//! ([`TavliGames`]); which of them its text and JSON forms name, and how
//! they are read, is each game's own ([`GameOnRecord`], `games/`).

use super::GameOnRecord;
use super::header_fields::{HeaderFieldError, JsonFields, TextHeader};
use crate::GameFns;
use plakoto_rules::tavli::{AfterDraw, Opening, Sequence, TavliGames, TavliRules};
use plakoto_rules::{GameKind, Rules, RulesError, Variant};
use plakoto_rules::{Plakoto, Portes};

/// The header of a record.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "HeaderJson", try_from = "HeaderJson")]
pub struct Header {
    /// The game played (Plakoto when a record does not say).
    pub game: GameKind,
    /// Every game under the switches the header names: the game played's
    /// (the others at their defaults), or in a Tavli match record each
    /// game's. Plakoto's rule set is kept as written, unchecked
    /// ([`Header::checked_rules`] checks it, R22).
    pub games: TavliGames,
    /// How a game of the table starts (P13; Greek for Plakoto, which
    /// always starts as R19 says).
    pub opening: Opening,
    /// Points to win the match; 0 for single games or an unlimited session.
    pub match_length: u8,
    /// Who played X.
    pub x: String,
    /// Who played O.
    pub o: String,
    /// When the record was written (`YYYY-MM-DD`), if known.
    pub date: Option<String>,
    /// The seed of the dice, if known.
    pub seed: Option<u64>,
    /// The Tavli match the record holds, if it holds one (`Game "tavli"`):
    /// its games are of the kinds each names, under the switches above.
    pub tavli: Option<TavliHeader>,
}

/// A Tavli match record's own header fields (its target is `Match`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TavliHeader {
    /// The games in turn (T1).
    pub sequence: Sequence,
    /// Who starts after a draw (T7).
    pub after_draw: AfterDraw,
    /// The number in the match of the record's first game: 1, or later
    /// when the record starts over from a game set by hand.
    pub first_game: u32,
}

impl Default for TavliHeader {
    fn default() -> TavliHeader {
        TavliHeader {
            sequence: Sequence::default(),
            after_draw: AfterDraw::default(),
            first_game: 1,
        }
    }
}

impl TavliHeader {
    /// The match's switches, to the header's target `match_length`.
    pub fn rules(&self, match_length: u8) -> TavliRules {
        TavliRules {
            target: match_length,
            sequence: self.sequence.clone(),
            after_draw: self.after_draw,
        }
    }
}

impl Header {
    /// Plakoto's rule set, checked (Express takes standard scoring only,
    /// R22).
    pub fn checked_rules(&self) -> Result<Rules, RulesError> {
        let rules = self.games.get::<Plakoto>().rules;
        Rules::new(rules.variant, rules.scoring)
    }

    /// Every game under the header's switches, as a game is played
    /// (Plakoto under the default rules where its rule set does not go
    /// together, R22).
    pub fn tavli_games(&self) -> TavliGames {
        self.games
            .with(Plakoto::new(self.checked_rules().unwrap_or_default()))
    }

    /// The header of one game of kind `kind` of a Tavli match record
    /// (the game's switches kept, no Tavli fields).
    pub fn of_game(&self, kind: GameKind) -> Header {
        Header {
            game: kind,
            tavli: None,
            ..self.clone()
        }
    }

    /// The Position ID of the header's game's starting position.
    pub fn start_position_id(&self) -> String {
        (GameFns::of(self.game).start_position_id)(self)
    }

    /// The scoring's word in the header's game (`Scoring` in the text form,
    /// `scoring` in JSON).
    pub fn scoring_word(&self) -> String {
        (GameFns::of(self.game).scoring_word)(self)
    }

    /// The header's game's lines of the text form after the first (key,
    /// value), in their order.
    pub(super) fn game_lines(&self) -> Vec<(&'static str, String)> {
        (GameFns::of(self.game).lines)(self)
    }

    /// Reads the game `self.game` names, its switches and its opening rule
    /// from a text header's lines (`find` gives a key's value and line).
    pub(super) fn read_game_lines<'a>(
        &mut self,
        find: &dyn Fn(&'static str) -> Option<(&'a str, usize)>,
    ) -> Result<(), HeaderFieldError> {
        (GameFns::of(self.game).read_text)(self, &TextHeader::new(find))
    }
}

/// The name of the game `kind` in the first line of its record's text
/// form (`; Portes game record, format 1`).
pub(super) fn game_title(kind: GameKind) -> &'static str {
    GameFns::of(kind).title
}

/// Whether a match of the game `kind` is always valued by a match equity
/// table of its own ([`GameOnRecord::OWN_MATCH_TABLE`]).
pub fn own_match_table(kind: GameKind) -> bool {
    GameFns::of(kind).own_match_table
}

/// Whether `game` is the one a header without a game names, so that
/// its JSON leaves `game` out (as Plakoto records always have).
fn is_default_game(game: &GameKind) -> bool {
    *game == GameKind::default()
}

/// The JSON form of a header: the fields of its game only, in the order
/// Plakoto records have always had them (`game` and `opening` appear in
/// the other games' records only).
#[derive(serde::Serialize, serde::Deserialize)]
struct HeaderJson {
    #[serde(default, skip_serializing_if = "is_default_game")]
    game: GameKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules: Option<Variant>,
    scoring: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    switches: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opening: Option<String>,
    match_length: u8,
    x: String,
    o: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tavli: Option<TavliJson>,
}

/// The JSON form of a Tavli match record's own header fields, with the
/// Portes scoring (`scoring` is then Plakoto's).
#[derive(serde::Serialize, serde::Deserialize)]
struct TavliJson {
    sequence: String,
    after_draw: String,
    first_game: u32,
    portes_scoring: String,
}

impl From<Header> for HeaderJson {
    fn from(h: Header) -> HeaderJson {
        if let Some(t) = &h.tavli {
            return HeaderJson {
                // The match names no game of its own: its games do.
                game: GameKind::default(),
                rules: Some(h.games.get::<Plakoto>().rules.variant),
                scoring: h.games.get::<Plakoto>().rules.scoring.to_string(),
                switches: h.games.switch_words(),
                opening: Some(h.opening.to_string()),
                match_length: h.match_length,
                tavli: Some(TavliJson {
                    sequence: t.sequence.to_string(),
                    after_draw: t.after_draw.to_string(),
                    first_game: t.first_game,
                    portes_scoring: h.games.get::<Portes>().scoring_word(),
                }),
                x: h.x,
                o: h.o,
                date: h.date,
                seed: h.seed,
            };
        }
        let fields = (GameFns::of(h.game).json_fields)(&h);
        HeaderJson {
            game: h.game,
            rules: fields.rules,
            scoring: fields.scoring,
            switches: fields.switches,
            opening: fields.opening,
            match_length: h.match_length,
            x: h.x,
            o: h.o,
            date: h.date,
            seed: h.seed,
            tavli: None,
        }
    }
}

impl TryFrom<HeaderJson> for Header {
    type Error = String;

    fn try_from(j: HeaderJson) -> Result<Header, String> {
        let mut header = Header {
            game: j.game,
            match_length: j.match_length,
            x: j.x,
            o: j.o,
            date: j.date,
            seed: j.seed,
            ..Header::default()
        };
        if let Some(t) = j.tavli {
            if j.game != GameKind::default() {
                return Err("a Tavli match record names no game of its own".into());
            }
            let mut plakoto = header.games.get::<Plakoto>();
            plakoto.rules.variant = j.rules.ok_or("missing field `rules`")?;
            plakoto.rules.scoring = serde_json::from_value(serde_json::Value::String(j.scoring))
                .map_err(|e| e.to_string())?;
            header.games = header.games.with(plakoto);
            // Read as a Portes header's scoring is, with its refusal.
            let portes_scoring = JsonFields {
                scoring: t.portes_scoring,
                ..JsonFields::default()
            };
            header.games = header
                .games
                .with(Portes::read_json_header(portes_scoring)?.0);
            if let Some(switches) = j.switches {
                header.games = header.games.with_switch_words(&switches)?;
            }
            if let Some(opening) = j.opening {
                header.opening = opening.parse().map_err(|e| format!("{e}"))?;
            }
            header.tavli = Some(TavliHeader {
                sequence: t.sequence.parse().map_err(|e| format!("{e}"))?,
                after_draw: t.after_draw.parse().map_err(|e| format!("{e}"))?,
                first_game: t.first_game.max(1),
            });
            return Ok(header);
        }
        let fields = JsonFields {
            rules: j.rules,
            scoring: j.scoring,
            switches: j.switches,
            opening: j.opening,
        };
        (GameFns::of(j.game).read_json)(&mut header, fields)?;
        Ok(header)
    }
}
