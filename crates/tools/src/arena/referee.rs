//! What every game the arena referees comes to ([`GameOutcome`]), and the
//! seeds its dice and players draw from ([`mix_seed`]). The referee itself
//! is [`super::tavli_referee`], one for every game.
//!
//! A player's fault (crash, timeout, garbage, illegal play, `?` reply)
//! ends the game at once as a **forfeit**: the other player wins 2 points
//! (as a double), whatever the scoring. A game still running after the
//! turn cap ends **unfinished**: no winner, 0 points (like a draw, but
//! counted apart so it is visible).

use std::time::Duration;

use super::fault::Fault;
use super::turn::Turn;
use plakoto_records::record::Ending;
use plakoto_rules::Side;

/// Points a forfeit gives the engine that did not fault.
pub const FORFEIT_POINTS: u8 = 2;

/// A finished game, in absolute terms (X and O).
#[derive(Clone, Debug, PartialEq)]
pub struct GameOutcome {
    /// How it ended (the records' [`Ending`]: the rules core's
    /// [`plakoto_rules::ResultKind`], a forfeit, or unfinished).
    pub kind: Ending,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// Points the winner scores.
    pub points: u8,
    /// The fault that ended the game, with the side that made it.
    pub fault: Option<(Side, Fault)>,
    /// Opening roll dice (X's, O's), every pair rolled.
    pub opening: Vec<(u8, u8)>,
    /// Every turn, the last one a fault if the game ended with one.
    pub moves: Vec<Turn>,
    /// Time each side's player took deciding (X, O).
    pub think_time: [Duration; 2],
    /// Decisions each side's player was asked for (forced plays are
    /// applied by the referee without asking).
    pub decisions: [u32; 2],
}

/// Mixes several numbers into one well-spread seed (SplitMix64 steps), so
/// nearby inputs give unrelated dice streams.
pub fn mix_seed(parts: &[u64]) -> u64 {
    let mut h: u64 = 0x6A09_E667_F3BC_C909;
    for &p in parts {
        h = h.wrapping_add(p).wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h = z ^ (z >> 31);
    }
    h
}
