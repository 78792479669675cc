//! What the arena records about each finished game: one JSON line in the
//! results file, and the input of the statistics.

use super::fault::{Fault, FaultKind};
use super::turn::Turn;
use plakoto_records::record::Ending;
use plakoto_rules::{GameKind, Side};

/// One of the two engines of a run, A or B (not a running engine: that is
/// [`plakoto_protocol::client::Engine`]; in the results file, `"a"` or `"b"`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Contestant {
    /// The `--a` engine, whose points are reported.
    A,
    /// The `--b` engine.
    B,
}

impl Contestant {
    /// The side this engine plays when A plays `a_side`.
    pub fn side(self, a_side: Side) -> Side {
        match self {
            Contestant::A => a_side,
            Contestant::B => a_side.other(),
        }
    }

    /// The engine playing `side` when A plays `a_side`.
    pub fn playing(side: Side, a_side: Side) -> Contestant {
        if side == a_side {
            Contestant::A
        } else {
            Contestant::B
        }
    }

    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Contestant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Contestant::A => "A",
            Contestant::B => "B",
        })
    }
}

/// A fault, with the engine that made it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FaultRecord {
    /// The faulty engine.
    pub engine: Contestant,
    /// What kind of fault.
    pub kind: FaultKind,
    /// What happened.
    pub message: String,
}

impl FaultRecord {
    /// From a referee fault.
    pub fn new(engine: Contestant, fault: &Fault) -> FaultRecord {
        FaultRecord {
            engine,
            kind: fault.kind,
            message: fault.message.clone(),
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    /// The unit of the run: the game index for single games, the match
    /// index with `--match-to`. Units `2k` and `2k+1` are duplicate pair `k`.
    pub unit: u64,
    /// The game's number within its match (0 for single games).
    pub game: u32,
    /// The side A played (X in even units, O in odd ones).
    pub a_side: Side,
    /// How the game ended.
    pub kind: Ending,
    /// The winner, if any.
    pub winner: Option<Contestant>,
    /// Points the winner scored.
    pub points: u8,
    /// A's points: `+points` if A won, `-points` if B won, else 0.
    pub a_points: i32,
    /// The fault that ended the game, if any.
    pub fault: Option<FaultRecord>,
    /// Match score of A and B after this game (0, 0 for single games).
    pub score: [u8; 2],
    /// Whether this game completes its unit (always, for single games).
    pub unit_over: bool,
    /// Turns played.
    pub turns: u32,
    /// Opening roll dice (X, O), each pair rolled; empty if a match game
    /// was started by the previous winner.
    pub opening: Vec<(u8, u8)>,
    /// Every turn (written `X 6-5: 24/18 24/19` in results files).
    pub moves: Vec<Turn>,
    /// Milliseconds A and B spent deciding.
    pub think_ms: [f64; 2],
    /// Decisions A and B were asked for (forced plays excluded).
    pub decisions: [u32; 2],
    /// The game's kind in a Tavli match (`--game tavli`); absent in runs
    /// of one game, whose header names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_kind: Option<GameKind>,
}

impl GameRecord {
    /// The duplicate pair the game belongs to.
    pub fn pair(&self) -> u64 {
        self.unit / 2
    }

    /// The same record without what depends on timing, for comparing runs.
    pub fn without_timing(&self) -> GameRecord {
        GameRecord {
            think_ms: [0.0; 2],
            ..self.clone()
        }
    }
}
