//! [`with_game!`](crate::with_game): the one place above the game layer
//! that turns a [`GameKind`](super::GameKind) into the type of its game.
//! (A file of its own: it names every game's module, which each name the
//! kind.)

/// Runs an expression once for the game a [`GameKind`](crate::GameKind) names, with a type
/// alias standing for that game's [`TavliGame`](super::TavliGame): the one
/// place above the game layer that turns a game's name into its type.
/// Everything else is written once, generically, and reaches a game's own
/// code through traits its type implements; a new game adds one arm here
/// (and the compiler then names every trait it still has to implement).
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
        match $kind {
            $crate::tavli::GameKind::Portes => {
                type $game = $crate::tavli::Portes;
                $body
            }
            $crate::tavli::GameKind::Plakoto => {
                type $game = $crate::tavli::Plakoto;
                $body
            }
            $crate::tavli::GameKind::Fevga => {
                type $game = $crate::tavli::Fevga;
                $body
            }
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
