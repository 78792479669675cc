//! [`MeasuredGame`]: what the Tavli match equity table needs of each game,
//! its measured outcome rates by starter ([`super::rates`]) under the
//! match's switches, and [`GameModel::of`], the model of a game of the
//! sequence built from them and the game's own scoring.

use super::super::EXPRESS_RATES;
use super::rates::{
    ENDINGS, FEVGA_RATES, GameModel, PLAKOTO_RATES, PLAKOTO_TZANNES_RATES, PORTES_RATES,
    StarterRates,
};
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::tavli::{Fevga, Plakoto, Portes};
use plakoto_rules::{GameKind, Rules, Scoring, TavliGame, Variant, with_game};

/// A game whose outcomes by starter were measured by the net's self-play.
pub trait MeasuredGame: TavliGame {
    /// The game as a Tavli match plays it: Portes scored by `portes`,
    /// Plakoto played and scored by `plakoto`.
    fn in_match(portes: PortesScoring, plakoto: Rules) -> Self;

    /// The measured share of games ending each way, from the starter's
    /// point of view, under this game's switches.
    fn starter_rates(&self) -> StarterRates;
}

impl MeasuredGame for Portes {
    fn in_match(portes: PortesScoring, _plakoto: Rules) -> Portes {
        Portes::new(portes)
    }

    fn starter_rates(&self) -> StarterRates {
        PORTES_RATES
    }
}

impl MeasuredGame for Plakoto {
    fn in_match(_portes: PortesScoring, plakoto: Rules) -> Plakoto {
        Plakoto::new(plakoto)
    }

    fn starter_rates(&self) -> StarterRates {
        match (self.rules.variant, self.rules.scoring) {
            // Not measured by starter (see the module comment).
            (Variant::Express, _) => StarterRates::symmetric(&EXPRESS_RATES),
            (_, Scoring::Tzannes) => PLAKOTO_TZANNES_RATES,
            _ => PLAKOTO_RATES,
        }
    }
}

impl MeasuredGame for Fevga {
    /// Fevga's one scoring (F13) is not a switch of the match.
    fn in_match(_portes: PortesScoring, _plakoto: Rules) -> Fevga {
        Fevga::default()
    }

    fn starter_rates(&self) -> StarterRates {
        FEVGA_RATES
    }
}

impl GameModel {
    /// The measured model of `kind`, Portes scored by `portes`, Plakoto
    /// played and scored by `plakoto`.
    pub fn of(kind: GameKind, portes: PortesScoring, plakoto: Rules) -> GameModel {
        with_game!(kind, G => GameModel::of_game(&G::in_match(portes, plakoto)))
    }

    /// The measured model of `game`: its rates, and the points of each
    /// ending under its scoring.
    pub fn of_game<G: MeasuredGame>(game: &G) -> GameModel {
        GameModel {
            rates: game.starter_rates(),
            points: ENDINGS.map(|e| game.points(e)),
        }
    }
}
