//! [`ClosePlays`]: how close together a game's plays lie in equity, the
//! one thing about a game its move filter depends on
//! ([`MoveFilter::in_game`](super::settings::MoveFilter::in_game)). A
//! compile-time constant per game, read once per search.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::{Fevga, Plakoto, Portes};

/// Whether a game's plays lie so close together in equity that a named
/// move-filter preset keeps too many candidates at its first level (the
/// thresholds are GNU Backgammon's, in equity, set for games with hits).
pub trait ClosePlays: TavliGame {
    /// Plays close together: a named preset's 2-ply search also filters
    /// at 1 ply.
    const CLOSE_PLAYS: bool;
}

impl ClosePlays for Plakoto {
    const CLOSE_PLAYS: bool = false;
}

impl ClosePlays for Portes {
    const CLOSE_PLAYS: bool = false;
}

/// No hits: the median 0-ply gap between the best two plays is 0.040,
/// against Plakoto's 0.075 (see `MoveFilter::in_game`).
impl ClosePlays for Fevga {
    const CLOSE_PLAYS: bool = true;
}
