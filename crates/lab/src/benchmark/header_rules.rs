//! [`HeaderRules`]: what the `rules` of a benchmark's header name in each
//! game, so that the header's checks and the strength report ask the game
//! once (`with_game!`) instead of matching on it.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::{Fevga, Plakoto, Portes};

/// A game whose decisions a benchmark may hold.
pub trait HeaderRules: TavliGame {
    /// Whether a header's `rules` name the game's movement rules
    /// (Plakoto's `standard` or `express`); a game without them is
    /// benchmarked under its default switches, written `standard`.
    const MOVEMENT_RULES: bool;
}

impl HeaderRules for Plakoto {
    const MOVEMENT_RULES: bool = true;
}

impl HeaderRules for Portes {
    const MOVEMENT_RULES: bool = false;
}

impl HeaderRules for Fevga {
    const MOVEMENT_RULES: bool = false;
}

/// Whether the `rules` of a header of `kind` name movement rules.
pub fn movement_rules(kind: plakoto_rules::GameKind) -> bool {
    plakoto_rules::with_game!(kind, G => G::MOVEMENT_RULES)
}
