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
//! Layering: this module knows the rules core only; the protocol, the
//! arena and the analysis read and write records through it.

mod error;
mod event;
pub mod file;
mod header;
pub mod mat;
mod table_replay;
mod table_setup;
mod tavli_replay;
mod tavli_text;
mod text;

pub use error::{RecordError, RecordErrorKind, StartError};
pub use event::Event;
pub use file::{ReadError, read_record_file, temp_file_beside, today, write_atomic};
pub use header::{
    FEVGA_SCORING_WORD, Header, HeaderGame, TavliHeader, parse_fevga_scoring, parse_portes_scoring,
    portes_scoring_word,
};
pub use table_replay::{TableReplay, TableReplayedTurn};
pub use table_setup::table_set_up;
pub use tavli_replay::{HeldInTavliState, TavliGameState, TavliReplay, recorded_starter};
pub use text::TAVLI_GAME_WORD;
pub use text::{TurnTextError, game_lines, parse_turn_text};

use plakoto_rules::{FinalResult, ResultKind, Side, TurnNumbers};

/// The record format's version, written in the first line.
pub const RECORD_VERSION: u32 = 1;

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
