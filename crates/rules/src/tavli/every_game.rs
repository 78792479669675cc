//! [`TavliGames`](crate::TavliGames), every game under its switches as one
//! value, built from the list of games
//! ([`tavli_games!`](crate::tavli_games)). The value is made in the crate
//! root, beside the games' own modules whose types it holds, so that the
//! game layer, which each game builds on, names no game.

/// Makes the value of every game under its switches from the list of
/// games, with the methods that go through each game (the switches).
macro_rules! every_game_value {
    (() $( $(#[$attr:meta])* $Game:ident $name:ident, )*) => {
        /// Every game of Tavli under its switches, as one value: the games a
        /// Tavli match plays (Portes' scoring, Plakoto's rule set, Fevga's
        /// switches). The layers above keep and pass this one value instead of a
        /// field per game, and take a game out of it by its type
        /// ([`TavliGames::get`]). A field a game, from the list of games
        /// ([`tavli_games!`](crate::tavli_games)).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct TavliGames {
            $(
                #[doc = concat!(stringify!($Game), " under its switches.")]
                $name: $Game,
            )*
        }

        $(
            impl $crate::tavli::InTavliGames for $Game {
                fn of_games(games: &TavliGames) -> $Game {
                    games.$name
                }

                fn put_in(self, games: &mut TavliGames) {
                    games.$name = self;
                }
            }
        )*

        impl TavliGames {
            /// These games with the games that have switches under `words`
            /// (`name=value` words, as [`TavliGame::with_switch_words`](crate::TavliGame::with_switch_words)
            /// reads them): every game that has switches reads every word, so
            /// a word no such game knows is refused, with the reason.
            pub fn with_switch_words(mut self, words: &str) -> Result<TavliGames, String> {
                $(
                    if self.$name.switch_words().is_some() {
                        self.$name = self.$name.with_switch_words(words)?;
                    }
                )*
                Ok(self)
            }

            /// The games that have switches ([`TavliGame::switch_words`](crate::TavliGame::switch_words)
            /// is some), in the list's order.
            pub fn kinds_with_switches(&self) -> Vec<crate::GameKind> {
                [$( (crate::GameKind::$Game, self.$name.switch_words().is_some()) ),*]
                    .into_iter()
                    .filter_map(|(kind, has)| has.then_some(kind))
                    .collect()
            }

            /// The switches of every game that has them, as `name=value` words
            /// ([`TavliGame::switch_words`](crate::TavliGame::switch_words)),
            /// one game's after another's; `None` when no game has any.
            pub fn switch_words(&self) -> Option<String> {
                let words: Vec<String> = [$( self.$name.switch_words() ),*]
                    .into_iter()
                    .flatten()
                    .collect();
                (!words.is_empty()).then(|| words.join(" "))
            }
        }
    };
}

pub(crate) use every_game_value;

impl crate::TavliGames {
    /// The game `G` under its switches here.
    pub fn get<G: super::TavliGame>(&self) -> G {
        G::of_games(self)
    }

    /// These games with `game` (under its switches) in place of the one
    /// of its kind.
    pub fn with<G: super::TavliGame>(mut self, game: G) -> crate::TavliGames {
        game.put_in(&mut self);
        self
    }
}

#[cfg(test)]
mod tests {
    use crate::{Fevga, GameKind, Plakoto, Portes, TavliGame, TavliGames, with_game};

    /// Each game's place: `with` puts a game in, `get` takes the same one
    /// out, and the other games stay as they were.
    fn place_holds<G: TavliGame + Default>() {
        let words = "release=reach_quarter prime_rule=none";
        let switched = TavliGames::default().with_switch_words(words).unwrap();
        let game = G::default();
        let games = switched.with(game);
        assert_eq!(games.get::<G>(), game);
        for kind in GameKind::ALL.into_iter().filter(|k| *k != G::KIND) {
            with_game!(kind, H => assert_eq!(games.get::<H>(), switched.get::<H>()));
        }
    }

    #[test]
    fn every_game_has_its_own_place() {
        for kind in GameKind::ALL {
            with_game!(kind, G => place_holds::<G>());
        }
    }

    #[test]
    fn switches_are_read_by_the_games_that_have_them() {
        let games = TavliGames::default();
        assert_eq!(games.kinds_with_switches(), vec![GameKind::Fevga]);
        let switched = games
            .with_switch_words("release=reach_quarter prime_rule=none")
            .unwrap();
        // Only Fevga moved, and its words are read back as written.
        assert_eq!(switched.get::<Plakoto>(), Plakoto::default());
        assert_eq!(switched.get::<Portes>(), Portes::default());
        assert_ne!(switched.get::<Fevga>(), Fevga::default());
        assert_eq!(
            switched.switch_words(),
            switched.get::<Fevga>().switch_words()
        );
        assert_eq!(
            TavliGames::default()
                .with_switch_words(&switched.switch_words().unwrap())
                .unwrap(),
            switched
        );
        // A word no game knows is refused, with the reason.
        let error = games.with_switch_words("colour=red").unwrap_err();
        assert!(error.contains("colour"), "{error}");
    }
}
