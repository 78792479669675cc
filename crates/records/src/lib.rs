//! plakoto-records: games on record and their analysis.
//!
//! - [`record`]: the record format (`save`/`load`, the arena's records),
//!   written and read back exactly, and the replay of a record's events;
//!   [`record::games`]: what a record knows of each game
//!   ([`record::GameOnRecord`]), the one place in this crate that holds a
//!   game's own knowledge.
//! - [`analysis`]: `analyse`: every decision of a record searched, the
//!   text, JSON and HTML reports.
//! - [`output_path`]: files the commands write, never left half-written.

pub mod analysis;
pub mod output_path;
pub mod record;

use analysis::Analysis;
use analysis::command::{AnalyseError, OneRecord, analyse_with};
use plakoto_rules::{GameKind, with_game};
use record::{
    GameOnRecord, Header, HeaderFieldError, JsonFields, Record, RecordError, ReplayedAlone,
    TextHeader, replay_alone,
};

/// What this crate asks of a game, each a [`GameOnRecord`] answer: the
/// game is picked once by its kind, here ([`GameFns::of`], the crate's one
/// `with_game!`), and the header, the Tavli match replay, the board
/// drawing and the analysis call through these. A header's answers are for
/// the game under the header's switches. Defined here, above `record` and
/// `analysis`, because it names both.
#[derive(Clone, Copy)]
pub(crate) struct GameFns {
    /// The Position ID the game starts from.
    pub start_position_id: fn(&Header) -> String,
    /// The scoring's word.
    pub scoring_word: fn(&Header) -> String,
    /// The game's lines of the text form.
    pub lines: fn(&Header) -> Vec<(&'static str, String)>,
    /// The game's fields of the JSON form.
    pub json_fields: fn(&Header) -> JsonFields,
    /// Reads the game's lines of a text header into the header, its
    /// opening rule included.
    pub read_text: fn(&mut Header, &TextHeader) -> Result<(), HeaderFieldError>,
    /// Reads the game's fields of a JSON header into the header, its
    /// opening rule included.
    pub read_json: fn(&mut Header, JsonFields) -> Result<(), String>,
    /// [`GameOnRecord::TITLE`].
    pub title: &'static str,
    /// [`GameOnRecord::OWN_MATCH_TABLE`].
    pub own_match_table: bool,
    /// [`GameOnRecord::BAR`].
    pub bar: bool,
    /// [`GameOnRecord::OPPONENT_OFF_LEFT`].
    pub opponent_off_left: bool,
    /// Replays a record of one game of this kind alone (a game of a Tavli
    /// match record).
    pub replay_alone: fn(&Record) -> Result<ReplayedAlone, RecordError>,
    /// Analyses a record of one game of this kind.
    pub analyse: fn(&OneRecord) -> Result<Analysis, AnalyseError>,
}

impl GameFns {
    /// The answers of the game `kind`.
    pub(crate) fn of(kind: GameKind) -> GameFns {
        with_game!(kind, G => GameFns {
            start_position_id: |h| G::of_header(h).start_position_id(),
            scoring_word: |h| G::of_header(h).scoring_word(),
            lines: |h| G::of_header(h).header_lines(h.opening),
            json_fields: |h| G::of_header(h).json_fields(h.opening),
            read_text: |h, text| {
                let (game, opening) = G::read_text_header(text)?;
                game.write_header(h);
                h.opening = opening;
                Ok(())
            },
            read_json: |h, fields| {
                let (game, opening) = G::read_json_header(fields)?;
                game.write_header(h);
                h.opening = opening;
                Ok(())
            },
            title: G::TITLE,
            own_match_table: G::OWN_MATCH_TABLE,
            bar: G::BAR,
            opponent_off_left: G::OPPONENT_OFF_LEFT,
            replay_alone: replay_alone::<G>,
            analyse: analyse_with::<G>,
        })
    }
}
