//! What a play is worth to the side on roll when the session is a match:
//! its match-winning chance, valued by the Tavli match equity table in a
//! Tavli match (whatever game of it is played: the table knows which game
//! comes next and who starts it), by the game's own table in a match of a
//! game that has one (Plakoto's, [`GameOnRecord::OWN_MATCH_TABLE`](plakoto_records::record::GameOnRecord::OWN_MATCH_TABLE)),
//! and by the Tavli table of that one game in a match of another game
//! outside Tavli; nothing in money play. The one place the protocol picks a table
//! (records.md, "Match equity" and "Tavli match equity").

use plakoto_engine::match_equity::MatchValue;
use plakoto_engine::match_equity::tavli::{TavliMatchContext, TavliPlace, TavliSwitches};
use plakoto_records::record::recorded_starter;
use plakoto_rules::Side;

use crate::state::SessionState;

/// The valuation of `mover`'s plays in the session's match, or `None` in
/// money play or once the match is decided. A match of a game without a
/// table of its own, outside Tavli, is valued by the Tavli table of a
/// sequence of that one game ([`TavliSwitches::one_game`]).
pub fn of(state: &SessionState, mover: Side) -> Option<MatchValue> {
    if state.tavli.is_some() {
        return tavli_context(state, mover).map(MatchValue::Tavli);
    }
    let game = state.games.of(state.game_kind)?;
    if game.has_own_match_table() {
        return game.own_match_value(&state.score, mover);
    }
    one_game_context(state, mover).map(MatchValue::Tavli)
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
        games: state.games.switches(),
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
        state.games.switches(),
    );
    let place = TavliPlace {
        game_index: 0,
        score: state.score.score,
        mover,
        starter: starter(state, mover),
    };
    TavliMatchContext::new(&switches, &place)
}
