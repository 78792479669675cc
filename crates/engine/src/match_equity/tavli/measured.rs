//! [`GameModel::of`]: the model of a game of the Tavli match's sequence,
//! built from the game's measured outcome rates by starter under the
//! match's switches ([`EngineGame::starter_rates`], each game's file in
//! `crate::game`) and the game's own scoring.

use super::rates::{ENDINGS, GameModel};
use crate::game::EngineGame;
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::{GameKind, Rules, with_game};

impl GameModel {
    /// The measured model of `kind`, Portes scored by `portes`, Plakoto
    /// played and scored by `plakoto`.
    pub fn of(kind: GameKind, portes: PortesScoring, plakoto: Rules) -> GameModel {
        with_game!(kind, G => GameModel::of_game(&G::in_match(portes, plakoto)))
    }

    /// The measured model of `game`: its rates, and the points of each
    /// ending under its scoring.
    pub fn of_game<G: EngineGame>(game: &G) -> GameModel {
        GameModel {
            rates: game.starter_rates(),
            points: ENDINGS.map(|e| game.points(e)),
        }
    }
}
