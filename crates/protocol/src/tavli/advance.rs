//! What a Tavli match does after each command: keeps the Match ID's
//! length its target, takes a score set by hand as the match's (the
//! match resumes there, its record starting over), and, when a game
//! ended, records it and begins the sequence's next game (T1) with the
//! last winner on roll (T6) or after an opening roll (T5, T7), until the
//! match is won (T4).

use plakoto_records::record::{Event, RecordedGame, recorded_starter};
use plakoto_rules::tavli::TavliMatch;

use super::{Runner, TavliSession, games};
use crate::command::Command;
use crate::reply::{ErrorCode, ProtoError, Reply};
use crate::show_replies::score_info;
use crate::state::SessionState;
use crate::tavli_replies::NextGameInfo;
use crate::tools::Tools;

/// What a command's events said, as the match needs it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CommandEvents {
    /// A game ended.
    pub ended: bool,
    /// The game was set by hand (its record starts over).
    pub set_by_hand: bool,
}

impl CommandEvents {
    /// Reads `events`.
    pub(crate) fn of(events: &[Event]) -> CommandEvents {
        CommandEvents {
            ended: events.iter().any(|e| matches!(e, Event::GameEnded(_))),
            set_by_hand: events.iter().any(|e| matches!(e, Event::GameSetUp { .. })),
        }
    }
}

/// Brings the Tavli match up to date with what a command did (its events
/// already in the records); refuses a Match ID whose length is not the
/// match's target (the caller then keeps the state as it was).
pub(crate) fn after_command(
    state: &mut SessionState,
    tools: &mut Tools,
    runner: Runner,
    events: CommandEvents,
    reply: Reply,
) -> Result<Reply, ProtoError> {
    let Some(session) = &mut state.tavli else {
        return Ok(reply);
    };
    let target = session.tavli.rules().target;
    if state.score.length != target {
        return Err(ProtoError::new(
            ErrorCode::State,
            format!(
                "a Tavli match to {target} is played: the Match ID's length must be {target} ('new match N' leaves the match)"
            ),
        ));
    }
    if events.set_by_hand {
        let rules = session.tavli.rules().clone();
        let finished = session.current_number() - 1;
        *session = TavliSession::new(TavliMatch::resume(rules, state.score.score, finished));
    }
    if !events.ended {
        return Ok(reply);
    }
    let next = end_game(state, tools, runner)?;
    Ok(match reply {
        Reply::Moved(mut info) => {
            info.score = score_info(state);
            info.next_game = next;
            Reply::Moved(info)
        }
        Reply::Played(mut info) => {
            info.score = score_info(state);
            info.next_game = next;
            Reply::Played(info)
        }
        other => other,
    })
}

/// Records the game just ended in the match and, unless the match is
/// won, begins the next one.
fn end_game(
    state: &mut SessionState,
    tools: &mut Tools,
    runner: Runner,
) -> Result<Option<NextGameInfo>, ProtoError> {
    let kind = state.game_kind;
    let internal = |m: String| ProtoError::new(ErrorCode::State, m);
    let result = games::result(state, kind)
        .ok_or_else(|| internal(format!("the {kind} game ended without a result")))?;
    let recorded = games::history(state, kind)
        .games
        .last()
        .cloned()
        .map(|g| RecordedGame {
            kind: Some(kind),
            ..g
        });
    let session = state.tavli.as_mut().expect("a match is played");
    let starter = recorded.as_ref().and_then(|g| recorded_starter(&g.start));
    session
        .tavli
        .record(kind, result, starter)
        .map_err(|e| internal(e.to_string()))?;
    session.games.extend(recorded);
    state.score.score = session.tavli.score();
    if session.tavli.winner().is_some() {
        return Ok(None);
    }
    let next_kind = session.tavli.next_kind();
    let number = session.tavli.game_number();
    state.next_starter = session.tavli.next_starter();
    state.game_kind = next_kind;
    games::clear_history(state, next_kind);
    let reply = (runner.execute)(state, tools, &Command::NewGame)?;
    let events = std::mem::take(&mut tools.events);
    (runner.record)(state, events);
    Ok(match reply {
        Reply::NewGame {
            opening, starts, ..
        } => Some(NextGameInfo {
            game: next_kind,
            number,
            starts,
            opening,
            dice: None,
        }),
        Reply::TableNewGame {
            opening,
            starts,
            dice,
            ..
        } => Some(NextGameInfo {
            game: next_kind,
            number,
            starts,
            opening,
            dice,
        }),
        _ => None,
    })
}
