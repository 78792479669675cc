//! The names of the games: what `new game portes`, `set game` and a
//! record's header say, and the one value above the game layer that picks
//! which [`TavliGame`](super::TavliGame) is played.

use std::fmt;
use std::str::FromStr;

/// Makes [`GameKind`] from the list of games
/// ([`tavli_games!`](crate::tavli_games)): a variant a game, in the list's
/// order, named as the game's type and written as its module.
macro_rules! game_kind {
    (() $( $(#[$attr:meta])* $Game:ident $name:ident, )*) => {
        /// A game of Tavli.
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
        )]
        #[serde(rename_all = "lowercase")]
        pub enum GameKind {
            $( $(#[$attr])* $Game, )*
        }

        impl GameKind {
            /// Every game the engine plays, in Tavli's order (T2).
            pub const ALL: [GameKind; [$( GameKind::$Game ),*].len()] = [$( GameKind::$Game ),*];

            /// The game's name as the protocol writes it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $( GameKind::$Game => stringify!($name), )*
                }
            }
        }
    };
}

crate::tavli_games!([game_kind]);

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not a game the engine plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameKindError(pub String);

impl fmt::Display for GameKindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.as_str()).collect();
        let (last, rest) = names.split_last().expect("games exist");
        write!(
            f,
            "unknown game '{}' ({} or {last})",
            self.0,
            rest.join(", ")
        )
    }
}

impl std::error::Error for GameKindError {}

impl FromStr for GameKind {
    type Err = GameKindError;

    /// Reads a game's name, in any case.
    fn from_str(text: &str) -> Result<GameKind, GameKindError> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.as_str().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| GameKindError(text.trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_any_case() {
        for kind in GameKind::ALL {
            assert_eq!(kind.to_string().parse::<GameKind>(), Ok(kind));
            assert_eq!(kind.as_str().to_uppercase().parse::<GameKind>(), Ok(kind));
        }
        let error = "chess".parse::<GameKind>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown game 'chess' (portes, plakoto or fevga)"
        );
    }
}
