//! Why a record was refused, and where: every error names the line of the
//! text (or the game and turn of a JSON record) it was found at.

use std::fmt;

use crate::game::{GameError, Side};

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// A line that is not part of the format.
    Syntax(String),
    /// A header line with a value that cannot be read.
    Header {
        /// The header key.
        key: String,
        /// Why its value is refused.
        reason: String,
    },
    /// A header key given twice, or one the format does not know.
    UnknownHeader(String),
    /// A header every record must have is missing.
    MissingHeader(&'static str),
    /// The record holds no game.
    NoGames,
    /// Turns are numbered 1, 2, … within each game.
    TurnNumber {
        /// The number due.
        expected: usize,
        /// The number written.
        found: usize,
    },
    /// The turn is written for the side not on roll.
    WrongSide {
        /// The side on roll.
        expected: Side,
        /// The side written.
        found: Side,
    },
    /// Dice given where passed numbers are due, or passed numbers that
    /// are not the ones the opponent left (R21), or impossible dice.
    Numbers {
        /// What is due.
        expected: String,
        /// What is written.
        found: String,
    },
    /// The play cannot be read or is not legal: the rules core's reason.
    Play(GameError),
    /// A game's score line does not match the results before it.
    Score {
        /// Score of X and O after the games before.
        expected: [u32; 2],
        /// Score written.
        found: [u32; 2],
    },
    /// The game's start does not fit (an opening roll that does not
    /// decide, a starter who did not win the last game, a bad position).
    Start(String),
    /// A result line that does not match the position.
    Result {
        /// The result of the position.
        expected: String,
        /// The result written.
        found: String,
    },
    /// A turn after the game ended, or a game after the match ended, or a
    /// game after one still in progress.
    AfterEnd(String),
    /// The JSON form does not parse.
    Json(String),
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::Syntax(s) => write!(f, "not a record line: {s}"),
            RecordErrorKind::Header { key, reason } => write!(f, "header {key}: {reason}"),
            RecordErrorKind::UnknownHeader(k) => write!(f, "unknown or repeated header '{k}'"),
            RecordErrorKind::MissingHeader(k) => write!(f, "the header {k} is missing"),
            RecordErrorKind::NoGames => f.write_str("the record holds no game"),
            RecordErrorKind::TurnNumber { expected, found } => {
                write!(f, "turn {found} written where turn {expected} is due")
            }
            RecordErrorKind::WrongSide { expected, found } => {
                write!(f, "{found} is written to play but {expected} is on roll")
            }
            RecordErrorKind::Numbers { expected, found } => {
                write!(f, "'{found}' written where {expected} is due")
            }
            RecordErrorKind::Play(e) => write!(f, "the play is refused: {e}"),
            RecordErrorKind::Score { expected, found } => write!(
                f,
                "score X {} O {} written, but the games before give X {} O {}",
                found[0], found[1], expected[0], expected[1]
            ),
            RecordErrorKind::Start(s) => write!(f, "the game's start does not fit: {s}"),
            RecordErrorKind::Result { expected, found } => {
                write!(
                    f,
                    "result '{found}' written, but the game gives '{expected}'"
                )
            }
            RecordErrorKind::AfterEnd(s) => f.write_str(s),
            RecordErrorKind::Json(s) => write!(f, "not a JSON record: {s}"),
        }
    }
}

/// A refused record: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line of the text (1-based), when known.
    pub line: Option<usize>,
    /// The game (1-based), when known.
    pub game: Option<usize>,
    /// The turn within the game (1-based), when known.
    pub turn: Option<usize>,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl RecordError {
    /// An error at a line of the text (0: unknown).
    pub fn at_line(line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError {
            line: (line > 0).then_some(line),
            game: None,
            turn: None,
            kind,
        }
    }

    /// An error at a game and turn (1-based; turn 0: the game itself),
    /// and at `line` of the text when it was read from text (0 otherwise).
    pub fn at(line: usize, game: usize, turn: usize, kind: RecordErrorKind) -> RecordError {
        RecordError {
            line: (line > 0).then_some(line),
            game: Some(game),
            turn: (turn > 0).then_some(turn),
            kind,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.game, self.turn) {
            (Some(l), _, _) => write!(f, "line {l}: ")?,
            (None, Some(g), Some(t)) => write!(f, "game {g}, turn {t}: ")?,
            (None, Some(g), None) => write!(f, "game {g}: ")?,
            (None, None, _) => {}
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for RecordError {}
