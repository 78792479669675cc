//! One turn of an arena game, typed: who played, the numbers, and the play
//! made or the fault that ended the game there. In results files a turn is
//! written as one string (`X 6-5: 24/18 24/19`, `O passed 3 3: 24/21(2)`,
//! `X 6-5: fault`), as before, so older files still read.

use std::fmt;
use std::str::FromStr;

use plakoto_records::record::{Roll, TurnTextError, parse_turn_text};
use plakoto_rules::{Side, TurnNumbers};

/// What came of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnPlay {
    /// The play made, in canonical notation (`pass` when nothing moved).
    Played(String),
    /// The player faulted (the game's fault says how): the game ended.
    Fault,
}

/// One turn of an arena game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The side on roll.
    pub side: Side,
    /// Its dice, or the Express numbers passed to it.
    pub roll: Roll,
    /// The play or the fault.
    pub play: TurnPlay,
}

/// The word a faulted turn is written with.
const FAULT: &str = "fault";

impl Turn {
    /// A turn of `side` with `numbers`.
    pub fn new(side: Side, numbers: &TurnNumbers, play: TurnPlay) -> Turn {
        Turn {
            side,
            roll: Roll::of(numbers),
            play,
        }
    }

    /// The play made, if the turn was played.
    pub fn notation(&self) -> Option<&str> {
        match &self.play {
            TurnPlay::Played(p) => Some(p),
            TurnPlay::Fault => None,
        }
    }

    /// The turn as a game record holds it; `None` for a fault (the fault
    /// is the game's ending, not a play).
    pub fn record_turn(&self) -> Option<plakoto_records::record::Turn> {
        self.notation().map(|play| plakoto_records::record::Turn {
            side: self.side,
            roll: self.roll.clone(),
            play: play.to_string(),
            line: 0,
        })
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let play = self.notation().unwrap_or(FAULT);
        write!(f, "{} {}: {play}", self.side, self.roll)
    }
}

/// A turn string that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a turn: {reason}")]
pub struct TurnParseError {
    /// The text.
    pub text: String,
    /// Why.
    pub reason: TurnTextError,
}

impl FromStr for Turn {
    type Err = TurnParseError;

    fn from_str(text: &str) -> Result<Turn, TurnParseError> {
        let t = parse_turn_text(text).map_err(|reason| TurnParseError {
            text: text.to_string(),
            reason,
        })?;
        let play = if t.play == FAULT {
            TurnPlay::Fault
        } else {
            TurnPlay::Played(t.play)
        };
        Ok(Turn {
            side: t.side,
            roll: t.roll,
            play,
        })
    }
}

impl serde::Serialize for Turn {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Turn {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Turn, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
