//! Evaluation: a position → outcome probabilities → equity.
//!
//! Every evaluator implements [`GameEvaluator`] for its game. Positions
//! are evaluated from
//! the point of view of the side on roll, **before** it rolls, in a game
//! that is not over (finished positions are scored exactly by
//! [`terminal_probabilities`]). To rate a candidate play, evaluate the
//! resulting position flipped (the opponent is then on roll) and take
//! [`Probabilities::flipped`].

pub mod aligned;
mod evaluator;
pub mod exact;
pub mod features;
pub mod game_net;
pub mod heuristic;
pub mod leaf_cache;
pub mod mix_hash;
pub mod net;
pub mod pin_endgame;
pub mod pipcount;
pub mod race;
mod race_tables;

pub use evaluator::GameEvaluator;
pub use heuristic::HeuristicEvaluator;
pub use leaf_cache::LeafCache;
pub use net::{NetEvaluator, Network};
pub use pipcount::PipCountEvaluator;

use plakoto_rules::Plakoto;
use plakoto_rules::{GameResult, ResultKind, Scoring, Seat};

/// The chances of each way the game can end, for the side on roll. They
/// are exclusive and sum to 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Probabilities {
    /// Win a single game (1 point).
    pub win_single: f32,
    /// Win a double / gammon (2 points).
    pub win_double: f32,
    /// Win a triple (Tzannes backgammon, 3 points).
    pub win_triple: f32,
    /// Win by pinning the opposing mother (2 points, Tzannes 3).
    pub win_mother: f32,
    /// Lose a single game.
    pub lose_single: f32,
    /// Lose a double.
    pub lose_double: f32,
    /// Lose a triple.
    pub lose_triple: f32,
    /// Lose by mother.
    pub lose_mother: f32,
    /// Both mothers pinned (0 points).
    pub draw: f32,
}

impl Probabilities {
    /// The nine chances in a fixed order: wins (single, double, triple,
    /// mother), losses in the same order, then the draw.
    pub fn as_array(&self) -> [f32; 9] {
        [
            self.win_single,
            self.win_double,
            self.win_triple,
            self.win_mother,
            self.lose_single,
            self.lose_double,
            self.lose_triple,
            self.lose_mother,
            self.draw,
        ]
    }

    /// Total chance of winning.
    pub fn win(&self) -> f32 {
        self.win_single + self.win_double + self.win_triple + self.win_mother
    }

    /// Total chance of losing.
    pub fn lose(&self) -> f32 {
        self.lose_single + self.lose_double + self.lose_triple + self.lose_mother
    }

    /// Expected points for the side on roll under `scoring` (R17, R18).
    pub fn equity(&self, scoring: Scoring) -> f32 {
        let points = |kind| f32::from(scoring.points(kind));
        points(ResultKind::Single) * (self.win_single - self.lose_single)
            + points(ResultKind::Double) * (self.win_double - self.lose_double)
            + points(ResultKind::Triple) * (self.win_triple - self.lose_triple)
            + points(ResultKind::Mother) * (self.win_mother - self.lose_mother)
    }

    /// The chances of a game that ends single or double (Portes, Fevga):
    /// the side on roll wins with chance `win`; a win is a double with
    /// chance `win_double_share`, a loss with chance `lose_double_share`.
    pub fn single_or_double(win: f32, win_double_share: f32, lose_double_share: f32) -> Self {
        Probabilities {
            win_single: win * (1.0 - win_double_share),
            win_double: win * win_double_share,
            lose_single: (1.0 - win) * (1.0 - lose_double_share),
            lose_double: (1.0 - win) * lose_double_share,
            ..Probabilities::default()
        }
    }

    /// The same chances seen by the other side.
    pub fn flipped(&self) -> Probabilities {
        Probabilities {
            win_single: self.lose_single,
            win_double: self.lose_double,
            win_triple: self.lose_triple,
            win_mother: self.lose_mother,
            lose_single: self.win_single,
            lose_double: self.win_double,
            lose_triple: self.win_triple,
            lose_mother: self.win_mother,
            draw: self.draw,
        }
    }

    /// `self * (1 - t) + other * t`, for averaging over rolls.
    pub fn add_weighted(&mut self, other: &Probabilities, weight: f32) {
        self.win_single += other.win_single * weight;
        self.win_double += other.win_double * weight;
        self.win_triple += other.win_triple * weight;
        self.win_mother += other.win_mother * weight;
        self.lose_single += other.lose_single * weight;
        self.lose_double += other.lose_double * weight;
        self.lose_triple += other.lose_triple * weight;
        self.lose_mother += other.lose_mother * weight;
        self.draw += other.draw * weight;
    }
}

/// Exact probabilities of a finished game, for the side on roll of the
/// position `result` was read from.
pub fn terminal_probabilities(result: &GameResult) -> Probabilities {
    let mut p = Probabilities::default();
    let won = result.winner == Some(Seat::OnRoll);
    let slot = match (result.kind, won) {
        (ResultKind::Draw, _) => &mut p.draw,
        (ResultKind::Single, true) => &mut p.win_single,
        (ResultKind::Double, true) => &mut p.win_double,
        (ResultKind::Triple, true) => &mut p.win_triple,
        (ResultKind::Mother, true) => &mut p.win_mother,
        (ResultKind::Single, false) => &mut p.lose_single,
        (ResultKind::Double, false) => &mut p.lose_double,
        (ResultKind::Triple, false) => &mut p.lose_triple,
        (ResultKind::Mother, false) => &mut p.lose_mother,
    };
    *slot = 1.0;
    p
}

/// The evaluators selectable by name (`--evaluator`, `set evaluator`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvaluatorKind {
    /// [`HeuristicEvaluator`].
    #[default]
    Heuristic,
    /// [`PipCountEvaluator`]: a weak, fast baseline (`pipcount`).
    PipCount,
    /// [`NetEvaluator`] with the process's default weights (the Express
    /// weights under Express rules, unless weights were named), run as
    /// its integer copy.
    Net,
    /// The same nets evaluated in `f32`, as trained (`net-f32`): to
    /// measure the integer inference against.
    NetF32,
}

/// Why an evaluator could not be created: the net's weights could not be
/// read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot load the net's weights: {0}")]
pub struct CreateError(#[from] pub net::weights::WeightsError);

impl EvaluatorKind {
    /// Creates the evaluator; fails if the net's weights cannot be read.
    pub fn create(self) -> Result<Box<dyn GameEvaluator<Plakoto>>, CreateError> {
        match self {
            EvaluatorKind::Heuristic => Ok(Box::new(HeuristicEvaluator)),
            EvaluatorKind::PipCount => Ok(Box::new(PipCountEvaluator)),
            EvaluatorKind::Net | EvaluatorKind::NetF32 => {
                let mut net = NetEvaluator::with_default_network()?;
                if self == EvaluatorKind::NetF32 {
                    net = net.with_f32();
                }
                race::RaceDb::warm_up();
                Ok(Box::new(net))
            }
        }
    }
}

impl std::fmt::Display for EvaluatorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EvaluatorKind::Heuristic => "heuristic",
            EvaluatorKind::PipCount => "pipcount",
            EvaluatorKind::Net => "net",
            EvaluatorKind::NetF32 => "net-f32",
        })
    }
}

/// A name that is no evaluator's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an evaluator: heuristic, pipcount, net or net-f32")]
pub struct UnknownEvaluator(pub String);

impl std::str::FromStr for EvaluatorKind {
    type Err = UnknownEvaluator;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "heuristic" => Ok(EvaluatorKind::Heuristic),
            "pipcount" => Ok(EvaluatorKind::PipCount),
            "net" => Ok(EvaluatorKind::Net),
            "net-f32" => Ok(EvaluatorKind::NetF32),
            other => Err(UnknownEvaluator(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r17_r18_equity_weights() {
        let p = Probabilities {
            win_mother: 1.0,
            ..Default::default()
        };
        assert_eq!(p.equity(Scoring::Standard), 2.0);
        assert_eq!(p.equity(Scoring::Tzannes), 3.0);
        assert_eq!(p.flipped().equity(Scoring::Standard), -2.0);
        let d = Probabilities {
            draw: 1.0,
            ..Default::default()
        };
        assert_eq!(d.equity(Scoring::Standard), 0.0);
    }
}
