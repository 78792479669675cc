//! [`with_game!`](crate::with_game): the one place above the game layer
//! that turns a [`GameKind`](super::GameKind) into the type of its game,
//! an arm a game of the list of games ([`tavli_games!`](crate::tavli_games)).

/// Runs an expression once for the game a [`GameKind`](crate::GameKind) names, with a type
/// alias standing for that game's [`TavliGame`](super::TavliGame): the one
/// place above the game layer that turns a game's name into its type.
/// Everything else is written once, generically, and reaches a game's own
/// code through traits its type implements; a new game joins the list of
/// games, which gives it its arm here (and the compiler then names every
/// trait it still has to implement).
///
/// ```
/// use plakoto_rules::{GameKind, TavliGame, with_game};
///
/// fn start_id<G: TavliGame + Default>() -> String {
///     let game = G::default();
///     game.position_id(&game.start())
/// }
///
/// let id = with_game!(GameKind::Portes, G => start_id::<G>());
/// assert_eq!(id, "4HPwATDgc/ABMA");
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $game:ident => $body:expr) => {
        $crate::tavli_games!([$crate::with_game_arms] $kind, $game, $body)
    };
}

/// The match of [`with_game!`](crate::with_game), an arm a game of the
/// list of games ([`tavli_games!`](crate::tavli_games)).
#[doc(hidden)]
#[macro_export]
macro_rules! with_game_arms {
    (($kind:expr, $game:ident, $body:expr) $( $(#[$attr:meta])* $Game:ident $name:ident, )*) => {
        match $kind {
            $(
                $crate::tavli::GameKind::$Game => {
                    type $game = $crate::$Game;
                    $body
                }
            )*
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::tavli::{GameKind, TavliGame};

    #[test]
    fn with_game_picks_each_kinds_type() {
        for kind in GameKind::ALL {
            assert_eq!(crate::with_game!(kind, G => G::KIND), kind);
        }
    }
}
