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
//! What each game's part of a header holds, and how it is read, is the
//! game's own ([`crate::games`]); here a header's fields are turned into
//! the game they name and back ([`HeaderGame`]).

use crate::games::{GameOnRecord, HeaderFieldError, JsonFields, TextHeader};
use plakoto_rules::fevga::FevgaRules;
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::tavli::{AfterDraw, Fevga, Opening, Plakoto, Portes, Sequence, TavliRules};
use plakoto_rules::{
    GameKind, GenLimits, MoveGenerator, Numbers, Rules, RulesError, Scoring, TavliGame, Variant,
    with_game,
};
use std::convert::Infallible;

pub use crate::games::{
    FEVGA_SCORING_WORD, parse_fevga_scoring, parse_portes_scoring, portes_scoring_word,
};

/// The header of a record.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "HeaderJson", try_from = "HeaderJson")]
pub struct Header {
    /// The game played (Plakoto when a record does not say).
    pub game: GameKind,
    /// Plakoto's movement rules (standard in the other games).
    pub rules: Variant,
    /// Plakoto's scoring (standard in the other games).
    pub scoring: Scoring,
    /// Portes' scoring (P11; standard in the other games).
    pub portes_scoring: PortesScoring,
    /// Fevga's switches (F7–F9; the defaults in the other games).
    pub fevga_rules: FevgaRules,
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
    /// The rule set, checked (Express takes standard scoring only, R22).
    pub fn checked_rules(&self) -> Result<Rules, RulesError> {
        Rules::new(self.rules, self.scoring)
    }

    /// Portes under the header's scoring.
    pub fn portes(&self) -> Portes {
        Portes::new(self.portes_scoring)
    }

    /// Fevga under the header's switches.
    pub fn fevga(&self) -> Fevga {
        Fevga::new(self.fevga_rules)
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
        with_game!(self.game, G => G::of_header(self).start_position_id())
    }

    /// The scoring's word in the header's game (`Scoring` in the text form,
    /// `scoring` in JSON).
    pub fn scoring_word(&self) -> String {
        with_game!(self.game, G => G::of_header(self).scoring_word())
    }

    /// The header's game's lines of the text form after the first (key,
    /// value), in their order.
    pub(super) fn game_lines(&self) -> Vec<(&'static str, String)> {
        with_game!(self.game, G => G::of_header(self).header_lines(self.opening))
    }

    /// Reads the game `self.game` names, its switches and its opening rule
    /// from a text header's lines (`find` gives a key's value and line).
    pub(super) fn read_game_lines<'a>(
        &mut self,
        find: &dyn Fn(&'static str) -> Option<(&'a str, usize)>,
    ) -> Result<(), HeaderFieldError> {
        self.opening = with_game!(self.game, G => {
            let (game, opening) = G::read_text_header(&TextHeader::new(find))?;
            game.write_header(self);
            opening
        });
        Ok(())
    }
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
                rules: Some(h.rules),
                scoring: h.scoring.to_string(),
                switches: Some(h.fevga_rules.describe()),
                opening: Some(h.opening.to_string()),
                match_length: h.match_length,
                tavli: Some(TavliJson {
                    sequence: t.sequence.to_string(),
                    after_draw: t.after_draw.to_string(),
                    first_game: t.first_game,
                    portes_scoring: portes_scoring_word(h.portes_scoring).to_string(),
                }),
                x: h.x,
                o: h.o,
                date: h.date,
                seed: h.seed,
            };
        }
        let fields = with_game!(h.game, G => G::of_header(&h).json_fields(h.opening));
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
            header.rules = j.rules.ok_or("missing field `rules`")?;
            header.scoring = serde_json::from_value(serde_json::Value::String(j.scoring))
                .map_err(|e| e.to_string())?;
            header.portes_scoring = parse_portes_scoring(&t.portes_scoring)?;
            if let Some(switches) = j.switches {
                header.fevga_rules = switches.parse().map_err(|e| format!("{e}"))?;
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
        header.opening = with_game!(j.game, G => {
            let (game, opening) = G::read_json_header(fields)?;
            game.write_header(&mut header);
            opening
        });
        Ok(header)
    }
}

/// A game as a record's header names it: the game value read from a
/// header's switches, and written into one.
pub trait HeaderGame: TavliGame {
    /// The game under the switches `header` names.
    fn of_header(header: &Header) -> Self;

    /// [`HeaderGame::of_header`], refused where the switches do not go
    /// together in a game played: the header key and why.
    fn checked_of_header(header: &Header) -> Result<Self, (&'static str, String)> {
        Ok(Self::of_header(header))
    }

    /// Names this game and its switches in `header`.
    fn write_header(&self, header: &mut Header);

    /// The numbers a turn of the game is given, as a record's refusal of
    /// numbers it cannot read names them.
    const NUMBERS_DUE: &'static str = "dice 1-6";

    /// What is due instead, as a record's refusal of numbers written after
    /// `passed` that the game does not read as its carry names it.
    const PASSED_DUE: &'static str =
        "a roll of the dice (numbers are passed on in Plakoto Express only)";

    /// The numbers written after `passed` in a turn (`passed 3 3`) as the
    /// game's carry (R21), when it reads them as one: none for a game
    /// that carries nothing, or numbers no turn can hold.
    fn carried_of(numbers: &[u8]) -> Option<Self::Carried>;

    /// The numbers of `carried` in playing order, as a record writes them
    /// after `passed`.
    fn passed_numbers(carried: &Self::Carried) -> Vec<u8>;

    /// The move generator a record's plays are checked with: the game's
    /// own, unless its lists must be bounded (Express low doubles have
    /// millions of plays, R20), a play then checked beyond the list by
    /// the game's [`TavliGame::resolve_play`].
    fn record_generator(&self) -> Self::Generator {
        self.generator()
    }
}

/// Most numbers one turn of Plakoto can hold (Express 1-1: four each of
/// 1–6, R20).
const MAX_TURN_NUMBERS: usize = 24;

/// Most Plakoto plays listed when checking a recorded play before the
/// line search (Express low doubles have millions; R20).
const CHECK_PLAYS: usize = 60_000;

impl HeaderGame for Plakoto {
    fn of_header(header: &Header) -> Plakoto {
        // The pair as the header writes it, unchecked: `checked_rules`
        // refuses Express with Tzannes scoring (R22) where a game is
        // played, and a header holding it is still written as it is.
        Plakoto::new(Rules {
            variant: header.rules,
            scoring: header.scoring,
        })
    }

    fn checked_of_header(header: &Header) -> Result<Plakoto, (&'static str, String)> {
        // Express takes standard scoring only (R22).
        let rules = header
            .checked_rules()
            .map_err(|e| ("Scoring", e.to_string()))?;
        Ok(Plakoto::new(rules))
    }

    fn write_header(&self, header: &mut Header) {
        header.game = Plakoto::KIND;
        header.rules = self.rules.variant;
        header.scoring = self.rules.scoring;
    }

    const NUMBERS_DUE: &'static str = "dice 1-6 or up to 24 numbers 1-6";
    const PASSED_DUE: &'static str = Self::NUMBERS_DUE;

    fn carried_of(numbers: &[u8]) -> Option<Numbers> {
        let readable = !numbers.is_empty()
            && numbers.len() <= MAX_TURN_NUMBERS
            && numbers.iter().all(|n| (1..=6).contains(n));
        readable.then(|| Numbers::sequence(numbers))
    }

    fn passed_numbers(carried: &Numbers) -> Vec<u8> {
        carried.to_vec()
    }

    fn record_generator(&self) -> MoveGenerator {
        // Bounded: a play missing from a list cut short is checked by the
        // rules' line search (R10), whatever the list holds.
        MoveGenerator::new(GenLimits {
            max_positions: CHECK_PLAYS,
        })
    }
}

impl HeaderGame for Portes {
    fn of_header(header: &Header) -> Portes {
        header.portes()
    }

    fn write_header(&self, header: &mut Header) {
        header.game = Portes::KIND;
        header.portes_scoring = self.scoring;
    }

    fn carried_of(_: &[u8]) -> Option<Infallible> {
        None
    }

    fn passed_numbers(carried: &Infallible) -> Vec<u8> {
        match *carried {}
    }
}

impl HeaderGame for Fevga {
    fn of_header(header: &Header) -> Fevga {
        header.fevga()
    }

    fn write_header(&self, header: &mut Header) {
        header.game = Fevga::KIND;
        header.fevga_rules = self.rules;
    }

    fn carried_of(_: &[u8]) -> Option<Infallible> {
        None
    }

    fn passed_numbers(carried: &Infallible) -> Vec<u8> {
        match *carried {}
    }
}
