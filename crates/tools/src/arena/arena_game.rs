//! What an arena run plays (`--game`): one of the three games, each unit
//! a single game (or, for Plakoto, a match), or `tavli`, each unit a
//! Tavli match of the three games in turn (docs/rules.md, the Tavli match).

use std::fmt;
use std::str::FromStr;

use plakoto_rules::{GameKind, GameKindError};

/// The game of an arena run.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum ArenaGame {
    /// Portes games.
    Portes,
    /// Plakoto games or matches (the default).
    #[default]
    Plakoto,
    /// Fevga games.
    Fevga,
    /// Tavli matches: Portes, Plakoto and Fevga in turn to a target (T1–T10).
    Tavli,
}

impl ArenaGame {
    /// The one game played, `None` for Tavli matches (every game).
    pub fn kind(self) -> Option<GameKind> {
        match self {
            ArenaGame::Portes => Some(GameKind::Portes),
            ArenaGame::Plakoto => Some(GameKind::Plakoto),
            ArenaGame::Fevga => Some(GameKind::Fevga),
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
        match kind {
            GameKind::Portes => ArenaGame::Portes,
            GameKind::Plakoto => ArenaGame::Plakoto,
            GameKind::Fevga => ArenaGame::Fevga,
        }
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
