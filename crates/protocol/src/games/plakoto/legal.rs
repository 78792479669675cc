//! Plakoto's `legal` and `legal steps`: the legal plays of the turn, page by page,
//! each with the position it leads to and its steps; and, after some steps
//! made, the legal next steps. The rules core does the checking; this file
//! only turns its answers into replies.

use crate::command::Page;
use crate::reply::{LegalPlay, ProtoError, Reply, StepInfo};
use crate::state::SessionState;
use plakoto_engine::game::plakoto_turn::PlayLists;
use plakoto_rules::{
    CountedPage, Game, Play, PlayList, StepDetail, TurnNumbers, format_play, position_id,
};

/// The reply to `legal`: the page asked for of the turn's plays.
pub(super) fn legal(
    state: &SessionState,
    plays: &mut PlayLists,
    page: Page,
) -> Result<Reply, ProtoError> {
    let game = state.games.plakoto();
    // A roll too long to list is counted exactly in bounded memory.
    let counted = plays
        .count_page(&game, page.offset, page.limit)
        .map_err(ProtoError::from)?;
    if let Some(counted) = counted {
        return Ok(counted_reply(&game, &counted, page));
    }
    let list = plays.complete.legal(&game).map_err(ProtoError::from)?;
    Ok(legal_reply(&game, list, page))
}

/// The reply to `legal` from the turn's list of plays.
pub fn legal_reply(game: &Game, legal: &PlayList, page: Page) -> Reply {
    let plays = legal
        .plays
        .iter()
        .skip(page.offset)
        .take(page.limit)
        .map(|p| legal_play(game, p))
        .collect();
    Reply::Legal {
        count: legal.len(),
        // A list cut short by the generator's limits counts only what it
        // holds: then a lower bound.
        count_exact: !legal.truncated,
        offset: page.offset,
        incomplete: legal.truncated,
        plays,
    }
}

/// The reply to `legal` from an exact count of a roll too long to list
/// and the page of plays asked for.
pub fn counted_reply(game: &Game, counted: &CountedPage, page: Page) -> Reply {
    Reply::Legal {
        count: counted.total,
        count_exact: true,
        offset: page.offset,
        incomplete: false,
        plays: counted.plays.iter().map(|p| legal_play(game, p)).collect(),
    }
}

/// A play as `legal` lists it.
fn legal_play(game: &Game, play: &Play) -> LegalPlay {
    let start = game.position();
    // The board the game shows after the play: the opponent on roll, but
    // the same side when the game ends or it played passed numbers (R21).
    let keeps_view =
        play.ends_game() || matches!(game.turn_numbers(), Some(TurnNumbers::Passed(_)));
    let after = if keeps_view {
        play.position
    } else {
        play.position.flip()
    };
    LegalPlay {
        play: format_play(start, play),
        position_id: position_id(&after),
        steps: play.step_details(start).iter().map(step_info).collect(),
    }
}

/// A step for replies.
pub fn step_info(detail: &StepDetail) -> StepInfo {
    StepInfo {
        from: detail.from.number(),
        to: detail.to.map_or(0, |point| point.number()),
        die: detail.die.pips(),
        pins: detail.pins,
        frees: detail.frees,
        hit: false,
    }
}

/// The reply to `legal steps <made>`.
pub fn legal_steps_reply(game: &Game, made: &str) -> Result<Reply, ProtoError> {
    let next = game.next_steps(made)?;
    Ok(Reply::LegalSteps {
        made: next.made.iter().map(step_info).collect(),
        position_id: position_id(&next.position),
        numbers_left: next.numbers_left,
        next: next.next.iter().map(step_info).collect(),
        can_end: next.can_end,
    })
}
