//! What a play is worth to the side on roll when the session is a match:
//! its match-winning chance, valued by the Tavli match equity table in a
//! Tavli match (whatever game of it is played: the table knows which game
//! comes next and who starts it) and by Plakoto's table in a Plakoto
//! match; nothing in money play. The one place the protocol picks a table
//! (records.md, "Match equity" and "Tavli match equity").

use plakoto_engine::match_equity::tavli::{TavliMatchContext, TavliPlace, TavliSwitches};
use plakoto_engine::match_equity::{MatchContext, MatchValue};
use plakoto_records::record::recorded_starter;
use plakoto_rules::{GameKind, Side};

use crate::state::SessionState;

/// The valuation of `mover`'s plays in the session's match, or `None` in
/// money play, in a Portes or Fevga match outside Tavli (no table of their
/// own), or once the match is decided.
pub fn of(state: &SessionState, mover: Side) -> Option<MatchValue> {
    if state.tavli.is_some() {
        return tavli_context(state, mover).map(MatchValue::Tavli);
    }
    if state.game_kind != GameKind::Plakoto {
        return None;
    }
    MatchContext::of(&state.score, mover, state.game.rules()).map(MatchValue::Plakoto)
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
        portes_scoring: state.portes.game().scoring,
        plakoto_rules: state.game.rules(),
    };
    let starter = state
        .history_of(state.game_kind)
        .games
        .last()
        .and_then(|game| recorded_starter(&game.start))
        .unwrap_or(mover);
    let place = TavliPlace {
        game_index: session.current_number().saturating_sub(1) as usize,
        score: session.tavli.score(),
        mover,
        starter,
    };
    TavliMatchContext::new(&switches, &place)
}
