//! The score a side plays a game of a Tavli match at, and the valuation
//! of a play's outcome probabilities in match-winning chances
//! ([`TavliMatchContext`]), from plain inputs: the match's switches
//! ([`TavliSwitches`]) and where in the match the game is
//! ([`TavliPlace`]).
//!
//! How to call it, from a match state: build the switches once
//! (`TavliSwitches::new(&sequence, target)`, then set `after_draw` and the
//! scorings), and for each decision
//! `TavliMatchContext::new(&switches, &TavliPlace { game_index, score,
//! mover, starter })`, where `game_index` counts the games played so far
//! (draws included: the game being played is `sequence[game_index %
//! len]`), `score` is indexed by [`Side::index`] and `starter` is the side
//! that played the current game's first turn (it matters only under
//! `same_starter`). It is `None` once the match is decided.

use super::rates::{ENDINGS, GameModel};
use std::sync::Arc;

use super::table::TavliEquityTable;
use super::{AfterDraw, Starter};
use crate::eval::Probabilities;
use plakoto_rules::tavli::TavliGames;
use plakoto_rules::{GameKind, Side};

/// The switches of a Tavli match that its equities depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TavliSwitches {
    /// The games in order (T1, `tavli.sequence`); it cycles.
    pub sequence: Vec<GameKind>,
    /// Points to win the match (T2, `tavli.target`).
    pub target: u32,
    /// Who starts after a draw (T7, `tavli.after_draw`).
    pub after_draw: AfterDraw,
    /// The games under their switches (Portes' scoring, P11; Plakoto's
    /// rules and scoring, R17, R18, R20–R22; Fevga's switches).
    pub games: TavliGames,
}

impl Default for TavliSwitches {
    /// Portes, Plakoto, Fevga to 5 points, the default switches.
    fn default() -> TavliSwitches {
        TavliSwitches::new(&GameKind::ALL, 5)
    }
}

impl TavliSwitches {
    /// `sequence` to `target` points, the other switches at their defaults.
    pub fn new(sequence: &[GameKind], target: u32) -> TavliSwitches {
        TavliSwitches {
            sequence: sequence.to_vec(),
            target,
            after_draw: AfterDraw::default(),
            games: TavliGames::default(),
        }
    }

    /// A match of one game kind to `target` (a Portes or Fevga match
    /// outside Tavli): the sequence of that game alone, under the switches
    /// of `games`. Its table is exact for such a match, whose later games are
    /// started by the last winner too (P14, F14: T5–T6).
    pub fn one_game(kind: GameKind, target: u32, games: TavliGames) -> TavliSwitches {
        TavliSwitches {
            sequence: vec![kind],
            target,
            after_draw: AfterDraw::default(),
            games,
        }
    }

    /// The model (measured rates and points) of each game of the sequence.
    pub fn models(&self) -> Vec<GameModel> {
        let model = |kind| GameModel::of(kind, &self.games);
        self.sequence.iter().map(|&kind| model(kind)).collect()
    }

    /// The match equity table of these switches.
    pub fn table(&self) -> TavliEquityTable {
        TavliEquityTable::compute(&self.models(), self.after_draw, self.target)
    }
}

/// Where in a match a game is played, and who is deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TavliPlace {
    /// Games played before this one (draws included).
    pub game_index: usize,
    /// Each side's points, indexed by [`Side::index`].
    pub score: [u32; 2],
    /// The side to play.
    pub mover: Side,
    /// The side that played this game's first turn.
    pub starter: Side,
}

/// One game of a Tavli match, to value either side's plays in it: the
/// match's switches and their table (built once for the whole match), and
/// where the game is ([`TavliPlace`] but for the mover).
#[derive(Clone, Debug, PartialEq)]
pub struct TavliGameInMatch {
    /// The match's switches.
    pub switches: Arc<TavliSwitches>,
    /// Their table ([`TavliSwitches::table`]).
    pub table: Arc<TavliEquityTable>,
    /// Games played before this one (draws included).
    pub game_index: usize,
    /// Each side's points before it, indexed by [`Side::index`].
    pub score: [u32; 2],
    /// The side that played its first turn.
    pub starter: Side,
}

impl TavliGameInMatch {
    /// The game as `mover` sees it; `None` once the match is decided.
    pub fn context(&self, mover: Side) -> Option<TavliMatchContext> {
        let place = TavliPlace {
            game_index: self.game_index,
            score: self.score,
            mover,
            starter: self.starter,
        };
        TavliMatchContext::with_table(&self.switches, Arc::clone(&self.table), &place)
    }
}

/// A game of a Tavli match as the mover sees it, and the table to value
/// its endings.
#[derive(Clone, Debug, PartialEq)]
pub struct TavliMatchContext {
    /// Points the mover still needs.
    pub mover_away: i32,
    /// Points the opponent still needs.
    pub opponent_away: i32,
    /// The game's index in the match (the next one is `game_index + 1`).
    pub game_index: usize,
    /// Points of a single, double, triple and mother win in this game.
    pub points: [u8; 4],
    /// Who starts the next game after a draw, seen by the mover.
    pub after_draw: Starter,
    /// The table.
    pub table: Arc<TavliEquityTable>,
}

impl TavliMatchContext {
    /// The context of `place` in a match under `switches`; `None` with an
    /// empty sequence or a target of 0, or once the match is decided.
    pub fn new(switches: &TavliSwitches, place: &TavliPlace) -> Option<TavliMatchContext> {
        Self::with_table(switches, Arc::new(switches.table()), place)
    }

    /// [`Self::new`] with `table`, the table of `switches` built once
    /// ([`TavliSwitches::table`]): a caller deciding many turns of one
    /// match (the arena) shares it instead of building it each turn.
    pub fn with_table(
        switches: &TavliSwitches,
        table: Arc<TavliEquityTable>,
        place: &TavliPlace,
    ) -> Option<TavliMatchContext> {
        let target = switches.target as i32;
        let away = |side: Side| target - place.score[side.index()] as i32;
        let (mover_away, opponent_away) = (away(place.mover), away(place.mover.other()));
        if switches.sequence.is_empty() || mover_away <= 0 || opponent_away <= 0 {
            return None;
        }
        let kind = switches.sequence[place.game_index % switches.sequence.len()];
        let after_draw = match switches.after_draw {
            AfterDraw::OpeningRoll => Starter::OpeningRoll,
            AfterDraw::SameStarter if place.starter == place.mover => Starter::Player,
            AfterDraw::SameStarter => Starter::Opponent,
        };
        Some(TavliMatchContext {
            mover_away,
            opponent_away,
            game_index: place.game_index,
            points: GameModel::of(kind, &switches.games).points,
            after_draw,
            table,
        })
    }

    /// The context of `mover` in game `game_index` of `sequence` to
    /// `target`, at `score`, the game started by `starter`, the other
    /// switches at their defaults ([`TavliSwitches::new`]).
    pub fn of(
        sequence: &[GameKind],
        target: u32,
        game_index: usize,
        score: [u32; 2],
        mover: Side,
        starter: Side,
    ) -> Option<TavliMatchContext> {
        let place = TavliPlace {
            game_index,
            score,
            mover,
            starter,
        };
        TavliMatchContext::new(&TavliSwitches::new(sequence, target), &place)
    }

    /// The mover's match-winning chance after a play leaving it `p`: each
    /// ending's chance times the equity of the next game's start, the
    /// winner starting it (T6), a draw leading to the next game at the
    /// same score (T7).
    pub fn mwc(&self, p: &Probabilities) -> f32 {
        let (a, b, next) = (self.mover_away, self.opponent_away, self.game_index + 1);
        let chances = p.as_array();
        let decided: f64 = (0..ENDINGS.len())
            .map(|k| {
                let points = i32::from(self.points[k]);
                let win = self.table.get(a - points, b, next, Starter::Player);
                let lose = self.table.get(a, b - points, next, Starter::Opponent);
                f64::from(chances[k]) * win + f64::from(chances[4 + k]) * lose
            })
            .sum();
        let drawn = f64::from(p.draw) * self.table.get(a, b, next, self.after_draw);
        (decided + drawn) as f32
    }

    /// The mover's MWC after a single win and after a single loss.
    fn single_ends(&self) -> (f64, f64) {
        let (a, b, next) = (self.mover_away, self.opponent_away, self.game_index + 1);
        (
            self.table.get(a - 1, b, next, Starter::Player),
            self.table.get(a, b - 1, next, Starter::Opponent),
        )
    }

    /// A difference of MWC in points of money equity, `2 · Δ / (W − L)`
    /// with `W` and `L` the MWC after a single win and a single loss, as
    /// [`super::super::MatchContext::to_equity`] does for Plakoto.
    pub fn to_equity(&self, delta_mwc: f32) -> f32 {
        let (w, l) = self.single_ends();
        (2.0 * f64::from(delta_mwc) / (w - l)) as f32
    }

    /// A play's MWC as normalised equity, `(2 · MWC − (W + L)) / (W − L)`:
    /// +1 for a sure single win, −1 for a sure single loss.
    pub fn normalised(&self, p: &Probabilities) -> f32 {
        let (w, l) = self.single_ends();
        // The MWC's distance from the midpoint of W and L, in points.
        self.to_equity((f64::from(self.mwc(p)) - (w + l) / 2.0) as f32)
    }
}
