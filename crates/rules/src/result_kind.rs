//! The ways a game ends (R14–R18): a race won single, double or triple,
//! a mother pinned, a draw. A file of its own because both the scoring
//! (`rules`: what each is worth) and `outcome` (which one a board shows)
//! name them.

use std::fmt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultKind {
    /// Race won, the loser had borne off at least one checker (1 point).
    Single,
    /// Race won, the loser had borne off none: a gammon (2 points).
    Double,
    /// Tzannes only: a double with a loser's checker still in its starting
    /// quadrant, its points 19–24 (3 points, R18).
    Triple,
    /// Won by pinning the opposing mother (R16): 2 points, Tzannes 3.
    Mother,
    /// Both mothers pinned (R16): 0 points.
    Draw,
}

impl ResultKind {
    /// Every way the rules core ends a game.
    pub const ALL: [ResultKind; 5] = [
        ResultKind::Single,
        ResultKind::Double,
        ResultKind::Triple,
        ResultKind::Mother,
        ResultKind::Draw,
    ];

    /// Its word (`single`, …, `draw`), as records and JSON write it.
    pub fn as_str(self) -> &'static str {
        match self {
            ResultKind::Single => "single",
            ResultKind::Double => "double",
            ResultKind::Triple => "triple",
            ResultKind::Mother => "mother",
            ResultKind::Draw => "draw",
        }
    }
}

impl fmt::Display for ResultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
