//! The commands of the Tavli match, and the commands a match answers
//! otherwise: `new match [N] tavli`, `set tavli.…`, `show tavli`; in a
//! match `set game`, `new game` and `new game <kind>` are refused (the
//! sequence picks the game and a game begins when one ends), `new match
//! N` leaves the match, `save match` writes the match's record, `load
//! match` of a Tavli match record restores it and `analyse game|match`
//! analyses the game in play or the match by the Tavli match equity table.

use plakoto_rules::MatchScore;
use plakoto_rules::tavli::{TavliMatch, TavliRules};

use super::{Runner, TavliSession, analyse, games, info, records};
use crate::command::{Command, RecordCommand, Scope, TavliCommand};
use crate::reply::{ErrorCode, ProtoError, Reply};
use crate::state::SessionState;
use crate::tavli_replies::TavliShow;
use crate::tools::Tools;

/// Applies `command` where the Tavli match has its say: `None` for a
/// command the session applies as outside a match.
pub(crate) fn execute(
    state: &mut SessionState,
    tools: &mut Tools,
    runner: Runner,
    command: &Command,
) -> Option<Result<Reply, ProtoError>> {
    let in_match = state.tavli.is_some();
    Some(match command {
        Command::NewTavliMatch(target) => new_match(state, tools, runner, *target),
        Command::Tavli(c) => tavli_command(state, c),
        Command::SetGame(_) | Command::NewGameOf(_) | Command::NewGame if in_match => {
            Err(ProtoError::new(
                ErrorCode::State,
                "in a Tavli match the sequence picks the game and the next game begins when one ends ('set tavli.game N' moves the match, 'new match N' leaves it)",
            ))
        }
        Command::NewMatch(_) => {
            state.tavli = None;
            return None;
        }
        Command::Record(RecordCommand::Save(Scope::Match, file)) if in_match => {
            crate::records::save(records::match_record(state), file)
        }
        Command::Record(RecordCommand::Analyse(scope)) if in_match => {
            analyse::analyse(state, tools, *scope)
        }
        Command::Record(RecordCommand::Load(scope, file)) => {
            match crate::records::read_for(*scope, file) {
                Err(e) => Err(e),
                Ok(record) if record.header.tavli.is_some() => {
                    records::load(state, tools, runner, &record, file)
                }
                Ok(_) => {
                    state.tavli = None;
                    return None;
                }
            }
        }
        _ => return None,
    })
}

fn state_error(message: impl Into<String>) -> ProtoError {
    ProtoError::new(ErrorCode::State, message)
}

/// `new match [N] tavli`: a match to N points (default `tavli.target`),
/// its first game the sequence's first, begun with an opening roll (T5).
fn new_match(
    state: &mut SessionState,
    tools: &mut Tools,
    runner: Runner,
    target: Option<u8>,
) -> Result<Reply, ProtoError> {
    if let Some(target) = target {
        state.tavli_rules.target = target;
    }
    let rules = state.tavli_rules.clone();
    let target = rules.target;
    state.game_kind = rules.sequence.game(1);
    state.tavli = Some(TavliSession::new(TavliMatch::new(rules)));
    state.score = MatchScore::new(target);
    for kind in plakoto_rules::GameKind::ALL {
        games::clear_history(state, kind);
    }
    (runner.execute)(state, tools, &Command::NewMatch(target))
}

fn tavli_command(state: &mut SessionState, command: &TavliCommand) -> Result<Reply, ProtoError> {
    let mut rules = state.tavli_rules.clone();
    match command {
        TavliCommand::Show => return Ok(show(state)),
        TavliCommand::SetTarget(target) => {
            if let Some(session) = &state.tavli
                && session
                    .tavli
                    .score()
                    .iter()
                    .any(|s| *s >= u32::from(*target))
                && session.tavli.winner().is_none()
            {
                return Err(state_error(format!(
                    "the score is already {}-{}: a target of {target} would end the match at once",
                    session.tavli.score()[0],
                    session.tavli.score()[1]
                )));
            }
            rules.target = *target;
        }
        TavliCommand::SetSequence(sequence) => {
            if let Some(number) = state.tavli.as_ref().map(TavliSession::current_number)
                && sequence.game(number) != state.game_kind
            {
                return Err(state_error(format!(
                    "game {number} of the match is {}, but {} under tavli.sequence {sequence} ('set tavli.game N' moves the match)",
                    state.game_kind,
                    sequence.game(number)
                )));
            }
            rules.sequence = sequence.clone();
        }
        TavliCommand::SetAfterDraw(after_draw) => rules.after_draw = *after_draw,
        TavliCommand::SetGame(number) => return set_game(state, *number),
    }
    set_rules(state, rules);
    Ok(show(state))
}

/// The switches from now on, for the match being played too.
fn set_rules(state: &mut SessionState, rules: TavliRules) {
    if let Some(session) = &mut state.tavli {
        session.tavli.set_rules(rules.clone());
        if session.tavli.winner().is_none() {
            state.score.length = rules.target;
        }
    }
    state.tavli_rules = rules;
}

/// `set tavli.game N`: the match goes on at its game N (the sequence's
/// game there), a fresh game awaiting its opening roll at the score as
/// it stands; the games before are not known one by one.
fn set_game(state: &mut SessionState, number: u32) -> Result<Reply, ProtoError> {
    let session = state
        .tavli
        .as_mut()
        .ok_or_else(|| state_error("no Tavli match is played ('new match N tavli' starts one)"))?;
    let rules = session.tavli.rules().clone();
    let kind = rules.sequence.game(number);
    *session = TavliSession::new(TavliMatch::resume(rules, state.score.score, number - 1));
    state.game_kind = kind;
    state.next_starter = None;
    let event = games::fresh_game(state, kind);
    games::clear_history(state, kind);
    let _ = games::history_mut(state, kind).apply(event);
    Ok(show(state))
}

/// `show tavli`: the switches, where the match stands, and the commands
/// that restore it.
pub(crate) fn show(state: &SessionState) -> Reply {
    let rules = &state.tavli_rules;
    let info = info(state);
    let restore = match &info {
        None => Vec::new(),
        Some(info) => vec![
            format!("set tavli.sequence {}", rules.sequence),
            format!("set tavli.after_draw {}", rules.after_draw),
            format!("new match {} tavli", info.target),
            format!("set tavli.game {}", info.number),
        ],
    };
    Reply::Tavli(TavliShow {
        target: rules.target,
        sequence: rules.sequence.to_string(),
        after_draw: rules.after_draw.to_string(),
        state: info,
        restore,
    })
}
