//! Why a record was refused, and where: every error names the line of the
//! text (or the game and turn of a JSON record) it was found at, or says
//! "the whole file" for what is at no line (no header, no game, a file too
//! large).

use std::fmt;

use plakoto_rules::{GameError, PositionIdError, Side};

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// A line that is not part of the format.
    #[error("not a record line: {0}")]
    Syntax(String),
    /// A header line with a value that cannot be read.
    #[error("header {key}: {reason}")]
    Header {
        /// The header key.
        key: String,
        /// Why its value is refused.
        reason: String,
    },
    /// A header key given twice, or one the format does not know.
    #[error("unknown or repeated header '{0}'")]
    UnknownHeader(String),
    /// A header every record must have is missing.
    #[error("the header {0} is missing")]
    MissingHeader(&'static str),
    /// The record holds no game.
    #[error("the record holds no game")]
    NoGames,
    /// Turns are numbered 1, 2, … within each game.
    #[error("turn {found} written where turn {expected} is due")]
    TurnNumber {
        /// The number due.
        expected: usize,
        /// The number written.
        found: usize,
    },
    /// The turn is written for the side not on roll.
    #[error("{found} is written to play but {expected} is on roll")]
    WrongSide {
        /// The side on roll.
        expected: Side,
        /// The side written.
        found: Side,
    },
    /// Dice given where passed numbers are due, or passed numbers that
    /// are not the ones the opponent left (R21), or impossible dice.
    #[error("'{found}' written where {expected} is due")]
    Numbers {
        /// What is due.
        expected: String,
        /// What is written.
        found: String,
    },
    /// The play cannot be read or is not legal, or the game refuses a
    /// turn's numbers in its state: the game's reason.
    #[error("the play is refused: {0}")]
    Play(String),
    /// A game's score line does not match the results before it.
    #[error(
        "score X {} O {} written, but the games before give X {} O {}",
        found[0], found[1], expected[0], expected[1]
    )]
    Score {
        /// Score of X and O after the games before.
        expected: [u32; 2],
        /// Score written.
        found: [u32; 2],
    },
    /// The game's start does not fit (an opening roll that does not
    /// decide, a starter who did not win the last game, a bad position).
    #[error("the game's start does not fit: {0}")]
    Start(StartError),
    /// A result line that does not match the position.
    #[error("result '{found}' written, but the game gives '{expected}'")]
    Result {
        /// The result of the position.
        expected: String,
        /// The result written.
        found: String,
    },
    /// A turn after the game ended, or a game after the match ended, or a
    /// game after one still in progress.
    #[error("{0}")]
    AfterEnd(String),
    /// A game of a Tavli match record that does not fit the match: not
    /// the sequence's game, or ended in a way a match does not score.
    #[error("{0}")]
    Tavli(String),
    /// The JSON form does not parse.
    #[error("not a JSON record: {0}")]
    Json(String),
    /// Bytes that are not UTF-8 (the line names where).
    #[error("not UTF-8 text: {0}")]
    Encoding(String),
    /// A file larger than a record may be.
    #[error("larger than {limit} bytes: not a record")]
    TooLarge {
        /// The largest record read (bytes).
        limit: u64,
    },
}

/// A refused record: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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

    /// An error about the whole file, at no line (a header missing from
    /// a file with no header line, no game, a file too large).
    pub fn whole_file(kind: RecordErrorKind) -> RecordError {
        RecordError::at_line(0, kind)
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
            (None, None, _) => write!(f, "the whole file: ")?,
        }
        write!(f, "{}", self.kind)
    }
}

/// Why a game's start does not fit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// An opening roll after a game the side won, who starts instead.
    #[error("{0} won the previous game and starts this one without an opening roll ('Starts {0}')")]
    OpeningAfterWin(Side),
    /// A die of the opening roll outside 1–6.
    #[error("die {0} is outside 1-6")]
    Die(u8),
    /// An opening roll that decided, followed by another.
    #[error("the opening roll {}-{} decided; nothing follows it", .0[0], .0[1])]
    DecidedEarly([u8; 2]),
    /// The last opening roll is equal.
    #[error("the opening roll {}-{} is equal and decides nothing", .0[0], .0[1])]
    Undecided([u8; 2]),
    /// The side said to start is not the last winner.
    #[error("{winner} won the previous game and starts, not {starter}")]
    NotTheWinner {
        /// The previous game's winner.
        winner: Side,
        /// The side written to start.
        starter: Side,
    },
    /// A starter without an opening roll after a draw.
    #[error("{0} starts without an opening roll only after winning the previous game")]
    NoWinner(Side),
    /// A game before its opening roll set up away from the initial position.
    #[error("a game before its opening roll is at the initial position")]
    OpeningNotInitial,
    /// A game set by hand after the first game of a Tavli match record
    /// (setting a game by hand starts the record over).
    #[error("a game set by hand begins a Tavli match record; it follows no game")]
    SetUpInMatch,
    /// The Position ID does not read.
    #[error(transparent)]
    PositionId(#[from] PositionIdError),
    /// A game of the table's Position ID does not read (the reason).
    #[error("{0}")]
    TablePosition(String),
    /// The rules core refuses the opening roll or the position.
    #[error(transparent)]
    Game(#[from] GameError),
}
