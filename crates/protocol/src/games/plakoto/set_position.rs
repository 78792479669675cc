//! Plakoto's `set position <PositionID>:<MatchID>`: the board and the match state
//! set in one step (GNU Backgammon's `set gnubgid` takes the same pair), so
//! a client never depends on the order of `set board` and `set matchid`.
//! The session applies commands to a copy of its state, so a refused pair
//! changes nothing.

use crate::errors::PartsError;
use crate::reply::ProtoError;
use crate::state::SessionState;
use plakoto_rules::{Game, MatchId, MatchScore, Position};

/// Sets the game to `position` (seen from the side on roll `m` names) with
/// the rules, score, dice, phase and passed numbers of `m`. Errors:
/// `invalid_position` when they do not fit together (a game marked over on
/// an unfinished board, dice on a finished one, …).
pub fn set_position(
    s: &mut SessionState,
    position: Position,
    m: &MatchId,
) -> Result<(), ProtoError> {
    let game = Game::from_parts(m.rules, position, m.on_roll, m.dice, m.pending, m.phase)
        .map_err(PartsError::MatchId)?;
    s.games.set_plakoto(&game);
    s.score = MatchScore {
        length: m.match_length,
        score: m.score.map(u32::from),
    };
    Ok(())
}
