//! Reading the Tavli match's commands: `new match [N] tavli`, `set
//! tavli.target|tavli.sequence|tavli.after_draw|tavli.game <value>`
//! (`show tavli` is read with the other `show` words). A malformed value
//! is refused with `invalid_argument`, a malformed line with `syntax`.

use super::command::{Command, TavliCommand};
use super::reply::{ErrorCode, ProtoError};
use plakoto_rules::tavli::{AfterDraw, Sequence, TavliRulesError, parse_target};

/// Whether the words after `new` are `match … tavli`.
pub(crate) fn is_tavli_match(args: &str) -> bool {
    let words: Vec<&str> = args.split_whitespace().collect();
    words.len() >= 2
        && words[0].eq_ignore_ascii_case("match")
        && words
            .last()
            .is_some_and(|w| w.eq_ignore_ascii_case("tavli"))
}

/// Whether the words after `set` name a switch of the Tavli match.
pub(crate) fn is_tavli_switch(args: &str) -> bool {
    args.split_whitespace()
        .next()
        .is_some_and(|w| w.to_ascii_lowercase().starts_with("tavli."))
}

fn syntax(usage: &str) -> ProtoError {
    ProtoError::new(ErrorCode::Syntax, format!("usage: {usage}"))
}

fn invalid(e: TavliRulesError) -> ProtoError {
    ProtoError::new(ErrorCode::InvalidArgument, e.to_string())
}

/// `new match tavli` or `new match N tavli`.
pub(crate) fn parse_new_tavli_match(args: &str, first: &str) -> Result<Command, ProtoError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let usage = || syntax(&format!("{} match [N] tavli", first.to_ascii_lowercase()));
    match words.as_slice() {
        [_, _] => Ok(Command::NewTavliMatch(None)),
        [_, n, _] if n.chars().all(|c| c.is_ascii_digit()) => parse_target(n)
            .map(|n| Command::NewTavliMatch(Some(n)))
            .map_err(invalid),
        _ => Err(usage()),
    }
}

/// `set tavli.<switch> <value>`.
pub(crate) fn parse_set_tavli(args: &str) -> Result<Command, ProtoError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let name = words
        .first()
        .map_or(String::new(), |w| w.to_ascii_lowercase());
    let usage = |value: &str| syntax(&format!("set {name} {value}"));
    let one = |value: &str| match words.as_slice() {
        [_, v] => Ok(*v),
        _ => Err(usage(value)),
    };
    let command = match name.as_str() {
        "tavli.target" => TavliCommand::SetTarget(parse_target(one("<N>")?).map_err(invalid)?),
        "tavli.sequence" => {
            TavliCommand::SetSequence(one("<game,game,…>")?.parse::<Sequence>().map_err(invalid)?)
        }
        "tavli.after_draw" => TavliCommand::SetAfterDraw(
            one("<opening_roll|same_starter>")?
                .parse::<AfterDraw>()
                .map_err(invalid)?,
        ),
        "tavli.game" => {
            let text = one("<N>")?;
            let n = text
                .parse::<u32>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| {
                    ProtoError::new(
                        ErrorCode::InvalidArgument,
                        format!("'{text}' is not a game number 1, 2, …"),
                    )
                })?;
            TavliCommand::SetGame(n)
        }
        _ => {
            return Err(ProtoError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "'{name}' is no switch of the Tavli match: tavli.target, tavli.sequence, tavli.after_draw or tavli.game"
                ),
            ));
        }
    };
    Ok(Command::Tavli(command))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_line;

    fn read(line: &str) -> Result<Command, ProtoError> {
        parse_line(line).expect("a command").command
    }

    #[test]
    fn tavli_words_read() {
        assert_eq!(
            read("new match 5 tavli"),
            Ok(Command::NewTavliMatch(Some(5)))
        );
        assert_eq!(read("NEW MATCH Tavli"), Ok(Command::NewTavliMatch(None)));
        assert_eq!(
            read("set tavli.sequence plakoto,fevga"),
            Ok(Command::Tavli(TavliCommand::SetSequence(
                "plakoto,fevga".parse().unwrap()
            )))
        );
        assert_eq!(
            read("set tavli.after_draw same_starter"),
            Ok(Command::Tavli(TavliCommand::SetAfterDraw(
                AfterDraw::SameStarter
            )))
        );
        assert_eq!(
            read("set tavli.target 7"),
            Ok(Command::Tavli(TavliCommand::SetTarget(7)))
        );
        assert_eq!(
            read("set tavli.game 4"),
            Ok(Command::Tavli(TavliCommand::SetGame(4)))
        );
        assert_eq!(read("show tavli"), Ok(Command::Tavli(TavliCommand::Show)));
    }

    #[test]
    fn malformed_tavli_words_are_refused_with_their_code() {
        let code = |line: &str| read(line).unwrap_err().code;
        assert_eq!(code("new match 0 tavli"), ErrorCode::InvalidArgument);
        assert_eq!(code("new match 200 tavli"), ErrorCode::InvalidArgument);
        assert_eq!(code("new match five tavli"), ErrorCode::Syntax);
        assert_eq!(code("set tavli.target"), ErrorCode::Syntax);
        assert_eq!(code("set tavli.target 0"), ErrorCode::InvalidArgument);
        assert_eq!(code("set tavli.target 5 7"), ErrorCode::Syntax);
        assert_eq!(
            code("set tavli.sequence portes,chess"),
            ErrorCode::InvalidArgument
        );
        assert_eq!(code("set tavli.sequence ,"), ErrorCode::InvalidArgument);
        assert_eq!(
            code("set tavli.after_draw coin"),
            ErrorCode::InvalidArgument
        );
        assert_eq!(code("set tavli.game 0"), ErrorCode::InvalidArgument);
        assert_eq!(code("set tavli.colour red"), ErrorCode::InvalidArgument);
    }
}
