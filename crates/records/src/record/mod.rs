//! Games on record: the game record format (records.md), its text and
//! JSON forms, and replaying a record through the rules core.
//!
//! A [`Record`] is a header (the game, its rules or switches, match
//! length, players, date, seed) and the games of a match, each a list of
//! [`Turn`]s (side, dice or passed numbers, play in the game's notation).
//! Reading a record never trusts it: [`Record::replay_game`] plays every
//! turn of a record of any game through
//! [`plakoto_rules::tavli::TableGame`], checking every roll, play, start,
//! score and result and reproducing the position and score of every turn.
//! Errors name the line ([`RecordError`]).
//!
//! What a record knows of each game is one trait, [`GameOnRecord`],
//! defined here (so that the header, the replays and each game's impl in
//! `games/` all use it without using each other) and implemented once a
//! game in `games/`.
//!
//! Layering: this module knows the rules core (and the engine's match
//! value, which a game with a match table of its own gives); the
//! protocol, the arena and the analysis read and write records through
//! it.

mod analysis_evaluator;
mod board_counts;
mod error;
mod event;
pub mod file;
pub mod games;
mod header;
mod header_fields;
pub mod mat;
mod table_replay;
mod table_setup;
mod tavli_replay;
mod tavli_text;
mod text;

pub use analysis_evaluator::EvaluatorRefused;
pub(crate) use analysis_evaluator::analysis_evaluator;
pub use board_counts::BoardCounts;
pub use error::{RecordError, RecordErrorKind, StartError};
pub use event::Event;
pub use file::{ReadError, read_record_file, temp_file_beside, today, write_atomic};
pub use header::{Header, TavliHeader, own_match_table};
pub use header_fields::{HeaderFieldError, JsonFields, TextHeader};
pub use table_replay::{TableReplay, TableReplayedTurn};
pub use table_setup::table_set_up;
pub(crate) use tavli_replay::{ReplayedAlone, replay_alone};
pub use tavli_replay::{TavliGameState, TavliReplay, recorded_starter};
pub use text::TAVLI_GAME_WORD;
pub use text::{TurnTextError, game_lines, parse_turn_text};

use plakoto_engine::game::EngineGame;
use plakoto_engine::match_equity::MatchValue;
use plakoto_rules::tavli::{Opening, TableGame};
use plakoto_rules::{FinalResult, GameKind, MatchScore, ResultKind, Side, TurnNumbers, Variant};

/// The record format's version, written in the first line.
pub const RECORD_VERSION: u32 = 1;

/// A game as its records write, read, replay and analyse it: the one
/// per-game trait of this crate, one impl a game in `games/`. A value of
/// the implementing type is the game with the switches a header names
/// (as in the game layer), so each method answers for those switches.
pub trait GameOnRecord: EngineGame {
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
        if let Some(switches) = self.switch_words() {
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
            switches: self.switch_words(),
            opening: Self::OPENING_SWITCH.then(|| opening.to_string()),
        }
    }

    /// The game under the switches `header` names (as written: Plakoto's
    /// rule set unchecked).
    fn of_header(header: &Header) -> Self {
        header.games.get::<Self>()
    }

    /// [`GameOnRecord::of_header`], refused where the switches do not go
    /// together in a game played: the header key and why.
    fn checked_of_header(header: &Header) -> Result<Self, (&'static str, String)> {
        Ok(Self::of_header(header))
    }

    /// Names this game and its switches in `header`.
    fn write_header(&self, header: &mut Header) {
        header.game = Self::KIND;
        self.put_in(&mut header.games);
    }

    /// The numbers a turn of the game is given, as a record's refusal of
    /// numbers it cannot read names them.
    const NUMBERS_DUE: &'static str = "dice 1-6";

    /// What is due instead, as a record's refusal of numbers written after
    /// `passed` that the game does not read as its carry names it.
    const PASSED_DUE: &'static str =
        "a roll of the dice (numbers are passed on in Plakoto Express only)";

    /// The move generator a record's plays are checked with: the game's
    /// own, unless its lists must be bounded (Express low doubles have
    /// millions of plays, R20), a play then checked beyond the list by
    /// the game's [`TavliGame::resolve_play`](plakoto_rules::TavliGame::resolve_play).
    fn record_generator(&self) -> Self::Generator {
        self.generator()
    }

    /// The Match ID of `table` at `score`: GNU Backgammon's layout
    /// unless the game has a Match ID of its own.
    fn match_id(table: &TableGame<Self>, score: &MatchScore) -> String {
        games::gnubg_match_id(table, score)
    }

    /// `position` as counts, seen from its side on roll, for a game whose
    /// boards the report draws from counts; `None` for one the board
    /// script draws from its Position ID (Plakoto).
    fn board(position: &Self::Position) -> Option<BoardCounts>;

    /// The value of a play to `mover` at `score` in a match of this game
    /// valued by a match equity table of its own
    /// ([`GameOnRecord::OWN_MATCH_TABLE`]); `None` in money play, or for
    /// a game whose matches the Tavli table values.
    fn own_match_value(&self, score: &MatchScore, mover: Side) -> Option<MatchValue> {
        let _ = (score, mover);
        None
    }
}

/// A recorded match (or session of games, or a single game).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// What the games were played under, and by whom.
    pub header: Header,
    /// The games, in order.
    pub games: Vec<RecordedGame>,
}

/// How a game began.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// The opening roll (R19): X's die and O's die, every pair rolled; the
    /// last pair decides (the higher die starts).
    Opening(Vec<[u8; 2]>),
    /// The previous game's winner starts without an opening roll (R19).
    Starter(Side),
    /// A position set by hand: its Position ID (seen by the side on roll)
    /// and that side. A finished position is a game set up over: it has no
    /// turns and no result, and scores nothing.
    Position {
        /// The Position ID.
        position_id: String,
        /// The side on roll.
        on_roll: Side,
        /// Whether the game was set up before its opening roll (at the
        /// initial position; `Position … X opening` in the text form).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        opening: bool,
    },
}

/// What a turn had to play.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Roll {
    /// The dice rolled (in the order rolled).
    Dice([u8; 2]),
    /// Express numbers passed on by the opponent (R21), in playing order.
    Passed(Vec<u8>),
}

impl Roll {
    /// The roll of a game's turn.
    pub fn of(turn: &TurnNumbers) -> Roll {
        match turn {
            TurnNumbers::Rolled(d, _) => Roll::Dice([d.0.pips(), d.1.pips()]),
            TurnNumbers::Passed(n) => Roll::Passed(n.to_vec()),
        }
    }
}

impl std::fmt::Display for Roll {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Roll::Dice([a, b]) => write!(f, "{a}-{b}"),
            Roll::Passed(n) => {
                f.write_str("passed")?;
                n.iter().try_for_each(|x| write!(f, " {x}"))
            }
        }
    }
}

/// One turn: who played, what they had to play, and the play.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Turn {
    /// The side that played.
    pub side: Side,
    /// The dice or passed numbers.
    pub roll: Roll,
    /// The play in the engine's notation (`pass` when nothing could move).
    pub play: String,
    /// The line of the text it was read from (0 when not read from text).
    #[serde(skip)]
    pub line: usize,
}

/// Numbers the side on roll has and has not played yet: the dice rolled
/// (or set), or the Express numbers passed on (R21). Only the last game of
/// a record, while in progress, has them; the text form writes them as a
/// turn line without its play (`  3 X 6-2`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pending {
    /// The side on roll.
    pub side: Side,
    /// Its dice or passed numbers.
    pub roll: Roll,
    /// The line of the text it was read from (0 when not read from text).
    #[serde(skip)]
    pub line: usize,
}

/// How a recorded game ended: as the rules core decided it on the board
/// ([`ResultKind`], the one enum for that from the core to the arena), or,
/// beyond what a position shows, by forfeit or not at all. Written as one
/// word (`single` … `draw`, `forfeit`, `unfinished`) in text and JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Decided by the rules core from the final position (R14–R18).
    Board(ResultKind),
    /// The loser was declared to have forfeited (an arena fault): the
    /// position does not show it, the record does.
    Forfeit,
    /// Stopped without a result (an arena turn cap).
    Unfinished,
}

impl Ending {
    /// Every ending: the rules core's, then those beyond the board.
    pub fn all() -> impl Iterator<Item = Ending> {
        ResultKind::ALL
            .into_iter()
            .map(Ending::Board)
            .chain([Ending::Forfeit, Ending::Unfinished])
    }

    /// The word written in records.
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::Board(kind) => kind.as_str(),
            Ending::Forfeit => "forfeit",
            Ending::Unfinished => "unfinished",
        }
    }

    /// The ending written as `word`, if it is one.
    pub fn from_word(word: &str) -> Option<Ending> {
        Ending::all().find(|e| e.as_str() == word)
    }
}

impl serde::Serialize for Ending {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Ending {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let word = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Ending::from_word(&word)
            .ok_or_else(|| serde::de::Error::custom(format!("'{word}' is not a way a game ends")))
    }
}

/// The result line of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameEnd {
    /// How it ended.
    pub ending: Ending,
    /// The winner (none for a draw or an unfinished game).
    pub winner: Option<Side>,
    /// Points the winner scored.
    pub points: u8,
}

impl GameEnd {
    /// The end of a game the rules core finished.
    pub fn of(result: &FinalResult) -> GameEnd {
        GameEnd {
            ending: Ending::Board(result.kind),
            winner: result.winner,
            points: result.points,
        }
    }

    /// The result a match scores for this end: the board's result as it
    /// is; a forfeit as a win of the points written (its kind a double, the
    /// arena's fault value); an unfinished game as a draw (no points, and
    /// in a Tavli match the next game begins as after a draw).
    pub fn scored(&self) -> FinalResult {
        let kind = match self.ending {
            Ending::Board(kind) => kind,
            Ending::Forfeit => ResultKind::Double,
            Ending::Unfinished => ResultKind::Draw,
        };
        FinalResult {
            kind,
            winner: self.winner,
            points: self.points,
        }
    }
}

/// One recorded game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RecordedGame {
    /// The game's kind, in a Tavli match record (`Game 2 plakoto`); `None`
    /// in a record of one game, whose header names it.
    #[serde(default, rename = "game", skip_serializing_if = "Option::is_none")]
    pub kind: Option<plakoto_rules::GameKind>,
    /// Score of X and O before the game (checked against the games before).
    pub score: [u32; 2],
    /// How it began.
    pub start: Start,
    /// The turns, in order.
    pub turns: Vec<Turn>,
    /// The numbers waiting to be played, when the game stopped between a
    /// roll and its play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// How it ended; `None` while it is in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<GameEnd>,
    /// The line of its `Game` line in the text (0 when not read from text).
    #[serde(skip)]
    pub line: usize,
    /// The line of its `Result` line in the text (0: none, or not text).
    #[serde(skip)]
    pub result_line: usize,
}

impl RecordedGame {
    /// A game starting with `start` at `score`.
    pub fn new(score: [u32; 2], start: Start) -> RecordedGame {
        RecordedGame {
            kind: None,
            score,
            start,
            turns: Vec::new(),
            pending: None,
            end: None,
            line: 0,
            result_line: 0,
        }
    }
}

impl Record {
    /// An empty record under `header`.
    pub fn new(header: Header) -> Record {
        Record {
            header,
            games: Vec::new(),
        }
    }

    /// The JSON form (one object; see records.md).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads the JSON form.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        serde_json::from_str(text)
            .map_err(|e| RecordError::at_line(e.line(), RecordErrorKind::Json(e.to_string())))
    }

    /// Reads either form: JSON when the first non-blank character is `{`.
    pub fn read(text: &str) -> Result<Record, RecordError> {
        if text.trim_start().starts_with('{') {
            Record::from_json(text)
        } else {
            text.parse()
        }
    }

    /// The number of turns recorded in all games.
    pub fn turn_count(&self) -> usize {
        self.games.iter().map(|g| g.turns.len()).sum()
    }

    /// The record holding only game `index` (its score line kept).
    pub fn single_game(&self, index: usize) -> Option<Record> {
        let game = self.games.get(index)?.clone();
        Some(Record {
            header: self.header.clone(),
            games: vec![game],
        })
    }
}
