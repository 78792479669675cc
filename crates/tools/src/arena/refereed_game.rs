//! What the arena needs of a game beyond [`TavliGame`], apart from the
//! referee and the players that use it (both name it): the Match ID of a
//! turn, how a written play's error is classed, and the game's switches
//! (told to engines, written in results files); its Portes and Fevga
//! implementations.

use plakoto_rules::fevga::{FevgaNotationError, FevgaRules};
use plakoto_rules::portes::{PortesGameState, PortesMatchId, PortesNotationError};
use plakoto_rules::tavli::{Fevga, Portes};
use plakoto_rules::{Dice, Side, TavliGame};

/// What the arena needs of a game beyond [`TavliGame`]: the Match ID that
/// goes with a Position ID in `set position`, how a written play's error
/// is classed, and the switches the game is played under.
pub trait RefereedGame: TavliGame {
    /// The Match ID of a turn of a single game (no match): `side` on roll
    /// with `dice`.
    fn turn_match_id(&self, side: Side, dice: Dice) -> String;

    /// Whether `error` means the text is no play at all (garbage), rather
    /// than a readable play that is not legal.
    fn is_garbage(&self, error: &Self::PlayError) -> bool;

    /// The commands that set an engine, fresh after `set game`, to play
    /// this game's switches (`set fevga.release reach_quarter`). Only the
    /// switches that differ from the specification's defaults are sent:
    /// `set game` starts an engine at the defaults, so an engine that
    /// plays only the default game can still play a default run.
    fn engine_setup(&self) -> Vec<String> {
        Vec::new()
    }

    /// The switches as `name=value` words, defaults included, for results
    /// files and reports; `None` for a game without switches.
    fn switches(&self) -> Option<String> {
        None
    }
}

/// GNU Backgammon's Match ID of a turn of a single game: the layout Portes
/// uses, its cube fields fixed, and Fevga too (F13: no cube either).
fn gnubg_turn_match_id(side: Side, dice: Dice) -> String {
    PortesMatchId {
        match_length: 0,
        score: [0, 0],
        turn: side,
        dice_owner: side,
        dice: Some(dice),
        state: PortesGameState::Playing,
        resignation: None,
    }
    .to_string()
}

impl RefereedGame for Portes {
    fn turn_match_id(&self, side: Side, dice: Dice) -> String {
        gnubg_turn_match_id(side, dice)
    }

    fn is_garbage(&self, error: &PortesNotationError) -> bool {
        matches!(error, PortesNotationError::Syntax(_))
    }
}

impl RefereedGame for Fevga {
    fn turn_match_id(&self, side: Side, dice: Dice) -> String {
        gnubg_turn_match_id(side, dice)
    }

    fn is_garbage(&self, error: &FevgaNotationError) -> bool {
        matches!(error, FevgaNotationError::Syntax(_))
    }

    fn engine_setup(&self) -> Vec<String> {
        fevga_switch_commands(&self.rules)
    }

    fn switches(&self) -> Option<String> {
        Some(self.rules.describe())
    }
}

/// `set fevga.<switch> <value>` for each switch of `rules` that is not the
/// specification's default (RULES-tavli.md §5), in its order.
pub fn fevga_switch_commands(rules: &FevgaRules) -> Vec<String> {
    let default = FevgaRules::default();
    let differ = [
        rules.release != default.release,
        rules.quarter_rule != default.quarter_rule,
        rules.quarter_check != default.quarter_check,
        rules.prime_rule != default.prime_rule,
    ];
    rules
        .describe()
        .split_whitespace()
        .zip(differ)
        .filter(|(_, differs)| *differs)
        .map(|(word, _)| format!("set {}", word.replacen('=', " ", 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_switches_off_their_defaults_are_sent() {
        assert!(fevga_switch_commands(&FevgaRules::default()).is_empty());
        let rules: FevgaRules = "fevga.release=reach_quarter prime_rule=none"
            .parse()
            .unwrap();
        assert_eq!(
            fevga_switch_commands(&rules),
            [
                "set fevga.release reach_quarter",
                "set fevga.prime_rule none"
            ]
        );
        assert_eq!(
            Fevga::new(rules).switches().as_deref(),
            Some(
                "fevga.release=reach_quarter fevga.quarter_rule=own fevga.quarter_check=every_step fevga.prime_rule=none"
            )
        );
        assert_eq!(Portes::default().switches(), None);
    }
}
