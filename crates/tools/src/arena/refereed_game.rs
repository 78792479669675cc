//! What the arena's games share in how they are refereed
//! ([`crate::ToolsGame`]): GNU Backgammon's Match ID of a turn, the
//! default of Portes and Fevga, and the commands that set an engine to
//! Fevga's switches.

use plakoto_rules::fevga::FevgaRules;
use plakoto_rules::portes::{PortesGameState, PortesMatchId};
use plakoto_rules::{Dice, MatchScore, Side};

/// GNU Backgammon's Match ID of a turn: the layout Portes uses, its cube
/// fields fixed, and Fevga too (F13: no cube either); its length and score
/// fields carry the match's (a Tavli match's target and score).
pub(crate) fn gnubg_turn_match_id(side: Side, dice: Option<Dice>, score: MatchScore) -> String {
    let clamp = |points: u32| points.min(u32::from(u16::MAX >> 1)) as u16;
    PortesMatchId {
        match_length: u16::from(score.length),
        score: score.score.map(clamp),
        turn: side,
        dice_owner: side,
        dice,
        state: PortesGameState::Playing,
        resignation: None,
    }
    .to_string()
}

/// `set fevga.<switch> <value>` for each switch of `rules` that is not the
/// specification's default (docs/rules.md, variant switches), in its order.
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
