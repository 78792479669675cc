//! What a play is worth to the side on roll when the session is a match:
//! its match-winning chance, valued by the Tavli match equity table in a
//! Tavli match (whatever game of it is played: the table knows which game
//! comes next and who starts it), by Plakoto's table in a Plakoto match,
//! and by the Tavli table of that one game in a Portes or Fevga match
//! outside Tavli; nothing in money play. The one place the protocol picks a table
//! (records.md, "Match equity" and "Tavli match equity").

use plakoto_engine::match_equity::tavli::{TavliMatchContext, TavliPlace, TavliSwitches};
use plakoto_engine::match_equity::{MatchContext, MatchValue};
use plakoto_records::record::recorded_starter;
use plakoto_rules::Side;

use crate::session_game::session_games;
use crate::state::SessionState;

/// The valuation of `mover`'s plays in the session's match, or `None` in
/// money play or once the match is decided. A Portes or Fevga match
/// outside Tavli is valued by the Tavli table of a sequence of that one
/// game ([`TavliSwitches::one_game`]).
pub fn of(state: &SessionState, mover: Side) -> Option<MatchValue> {
    if state.tavli.is_some() {
        return tavli_context(state, mover).map(MatchValue::Tavli);
    }
    if !crate::session_game::is_own_game(state.game_kind) {
        return one_game_context(state, mover).map(MatchValue::Tavli);
    }
    MatchContext::of(&state.score, mover, state.games.plakoto().rules()).map(MatchValue::Plakoto)
}

/// `mover`'s place in the session's Tavli match: its switches (with the
/// scorings the session's games are played under), the game's index, the
/// score, and who started the game (read from the game's record; the
/// mover when it was set by hand, which matters only for a draw under
/// `tavli.after_draw same_starter`).
fn tavli_context(state: &SessionState, mover: Side) -> Option<TavliMatchContext> {
    let session = state.tavli.as_ref()?;
    let rules = session.tavli.rules();
    let switches = TavliSwitches {
        sequence: rules.sequence.games().to_vec(),
        target: u32::from(rules.target),
        after_draw: rules.after_draw,
        games: session_games(state),
    };
    let place = TavliPlace {
        game_index: session.current_number().saturating_sub(1) as usize,
        score: session.tavli.score(),
        mover,
        starter: starter(state, mover),
    };
    TavliMatchContext::new(&switches, &place)
}

/// Who started the game in play, read from its record (`mover` when it
/// was set by hand: it matters only for a draw under `same_starter`).
fn starter(state: &SessionState, mover: Side) -> Side {
    state
        .history_of(state.game_kind)
        .games
        .last()
        .and_then(|game| recorded_starter(&game.start))
        .unwrap_or(mover)
}

/// `mover`'s place in a Portes or Fevga match outside Tavli (`new match
/// N` in that game); `None` in money play.
fn one_game_context(state: &SessionState, mover: Side) -> Option<TavliMatchContext> {
    if state.score.length == 0 {
        return None;
    }
    let switches = TavliSwitches::one_game(
        state.game_kind,
        u32::from(state.score.length),
        session_games(state),
    );
    let place = TavliPlace {
        game_index: 0,
        score: state.score.score,
        mover,
        starter: starter(state, mover),
    };
    TavliMatchContext::new(&switches, &place)
}
