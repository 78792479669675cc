//! What an arena run plays (`--game`): one of the three games, each unit
//! a single game (or, for Plakoto, a match), or `tavli`, each unit a
//! Tavli match of the three games in turn (docs/rules.md, the Tavli match).

use std::fmt;
use std::str::FromStr;

use plakoto_rules::{GameKind, GameKindError};

/// The game of an arena run: one game (written, and serialised, by its
/// name) or `tavli`. Written over [`GameKind`], so a new game is a new
/// arena game without a word here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum ArenaGame {
    /// Single games of one game (for Plakoto, matches too).
    Game(GameKind),
    /// Tavli matches: Portes, Plakoto and Fevga in turn to a target (T1–T10).
    Tavli,
}

/// Plakoto games or matches, as before the arena played other games.
impl Default for ArenaGame {
    fn default() -> ArenaGame {
        ArenaGame::Game(GameKind::Plakoto)
    }
}

impl ArenaGame {
    /// The one game played, `None` for Tavli matches (every game).
    pub fn kind(self) -> Option<GameKind> {
        match self {
            ArenaGame::Game(kind) => Some(kind),
            ArenaGame::Tavli => None,
        }
    }

    /// The word `--game` takes.
    pub fn as_str(self) -> &'static str {
        match self.kind() {
            Some(kind) => kind.as_str(),
            None => "tavli",
        }
    }
}

impl From<GameKind> for ArenaGame {
    fn from(kind: GameKind) -> ArenaGame {
        ArenaGame::Game(kind)
    }
}

impl From<ArenaGame> for String {
    fn from(game: ArenaGame) -> String {
        game.as_str().to_string()
    }
}

impl TryFrom<String> for ArenaGame {
    type Error = ArenaGameError;

    fn try_from(text: String) -> Result<ArenaGame, ArenaGameError> {
        text.parse()
    }
}

impl fmt::Display for ArenaGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `--game` that is neither a game nor `tavli`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}' (portes, plakoto, fevga or tavli)")]
pub struct ArenaGameError(pub String);

impl FromStr for ArenaGame {
    type Err = ArenaGameError;

    /// Reads a game's name or `tavli`, in any case.
    fn from_str(text: &str) -> Result<ArenaGame, ArenaGameError> {
        if text.trim().eq_ignore_ascii_case("tavli") {
            return Ok(ArenaGame::Tavli);
        }
        text.parse::<GameKind>()
            .map(ArenaGame::from)
            .map_err(|GameKindError(word)| ArenaGameError(word))
    }
}
