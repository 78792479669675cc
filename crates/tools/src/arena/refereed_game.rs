//! What the arena's games share in how they are refereed
//! ([`crate::ToolsGame`]): GNU Backgammon's Match ID of a turn, the
//! default of Portes and Fevga (a game's switch commands are its own, in
//! [`crate::games`]).

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
