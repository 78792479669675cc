//! A play's worth to the side on roll in a match, by whichever table
//! values the match: Plakoto's ([`MatchContext`]) in a Plakoto match, the
//! Tavli table ([`TavliMatchContext`]) in every game of a Tavli match.
//! The protocol, the analysis and the arena pick the table; everything
//! after that asks this one type.

use super::MatchContext;
use super::tavli::TavliMatchContext;
use crate::eval::Probabilities;

/// The table that values the side on roll's plays in a match.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchValue {
    /// A Plakoto match.
    Plakoto(MatchContext),
    /// A game of a Tavli match, whichever game it is.
    Tavli(TavliMatchContext),
}

impl MatchValue {
    /// The mover's match-winning chance after a play leaving it `p`.
    pub fn mwc(&self, p: &Probabilities) -> f32 {
        match self {
            MatchValue::Plakoto(context) => context.mwc(p),
            MatchValue::Tavli(context) => context.mwc(p),
        }
    }

    /// That chance as normalised equity: +1 for a sure single win, −1 for
    /// a sure single loss (records.md, "Analysis").
    pub fn normalised(&self, p: &Probabilities) -> f32 {
        match self {
            MatchValue::Plakoto(context) => context.normalised(p),
            MatchValue::Tavli(context) => context.normalised(p),
        }
    }
}
