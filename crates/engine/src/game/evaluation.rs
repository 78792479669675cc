//! How a candidate's value was obtained ([`Evaluation`]), what its
//! probabilities are worth when money equity is not the goal
//! ([`Valuation`]), and the ordering of a ranking's deepest candidates by
//! that worth: shared by every game's ranking and Plakoto's.

use crate::eval::Probabilities;

/// How a candidate's value was obtained.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Evaluation {
    /// Scored exactly: the play ends the game, or an exact database
    /// covers the position it leads to (`database` says which).
    Exact {
        /// The database, when one settled it.
        #[serde(skip_serializing_if = "Option::is_none")]
        database: Option<crate::eval::exact::ExactDatabase>,
    },
    /// An n-ply search.
    Plies {
        /// The depth.
        plies: u8,
    },
    /// A rollout.
    Rollout {
        /// Games played out.
        trials: u32,
        /// Plies of the player in the played-out games.
        plies: u8,
        /// Standard error of the equity.
        std_error: f32,
    },
}

impl Evaluation {
    /// Whether the value is exact (nothing deeper can change it).
    pub fn is_exact(&self) -> bool {
        matches!(self, Evaluation::Exact { .. })
    }
}

impl std::fmt::Display for Evaluation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Evaluation::Exact { database: None } => f.write_str("exact"),
            Evaluation::Exact {
                database: Some(database),
            } => write!(f, "exact ({database})"),
            Evaluation::Plies { plies } => write!(f, "{plies}-ply"),
            Evaluation::Rollout {
                trials,
                plies,
                std_error,
            } => write!(f, "rollout {trials}x{plies}-ply ±{std_error:.3}"),
        }
    }
}

/// What a candidate's probabilities are worth to the mover when money
/// equity is not the goal (match play: its match-winning chance).
pub type Valuation<'a> = dyn Fn(&Probabilities) -> f32 + Sync + 'a;

/// Orders the leading candidates of `plays` (best first) that were
/// searched to the deepest level, plays scored exactly among them, by
/// `value`, best first; ties and the candidates dropped earlier
/// keep their order. `at` reads a candidate's level and probabilities.
pub(crate) fn order_deepest_by<T>(
    plays: &mut [T],
    at: impl Fn(&T) -> (Evaluation, &Probabilities),
    value: &Valuation<'_>,
) {
    // The level searched deepest is the first inexact candidate's: an
    // exact play may lead the ranking whatever depth the others reached.
    let level = plays.iter().map(|r| at(r).0).find(|e| !e.is_exact());
    let deepest = plays
        .iter()
        .take_while(|r| {
            let here = at(r).0;
            here.is_exact() || Some(here) == level
        })
        .count();
    plays[..deepest].sort_by(|x, y| value(at(y).1).total_cmp(&value(at(x).1)));
}
