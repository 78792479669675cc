//! Reading one input line into a typed [`Command`] with `nom`.
//!
//! A line is: optional spaces, an optional numeric id, the command words
//! and arguments separated by spaces or tabs, an optional `#` comment, and
//! an optional carriage return. Words are case-insensitive. Lines that hold
//! nothing but blanks and a comment are no command at all.

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag_no_case, take_while1},
    character::complete::{digit1, space0, space1},
    combinator::{all_consuming, map, opt, rest, value},
    sequence::{pair, preceded},
};

use super::command::{
    Command, DEFAULT_HINT_COUNT, DEFAULT_LEGAL_LIMIT, MAX_HINT_COUNT, MAX_LEGAL_LIMIT, Orientation,
    OutputMode, Page, ShowWhat, usage,
};
use super::reply::{ErrorCode, ProtoError};
use crate::game::{Dice, MatchId, Position, parse_board_text, parse_position_id};

/// A line that holds a command: its id, if given, and the command or why
/// it could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The numeric id the line began with, echoed in the reply.
    pub id: Option<u64>,
    /// The command, or the error to reply with.
    pub command: Result<Command, ProtoError>,
}

/// Reads a line. `None` when it holds no command (blank or comment only).
pub fn parse_line(raw: &str) -> Option<Line> {
    let text = raw.split('#').next().unwrap_or("");
    let text = text.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\r' || c == '\n');
    if text.is_empty() {
        return None;
    }
    let (id, body) = split_id(text);
    let command = match &id {
        Err(e) => Err(e.clone()),
        Ok(_) if body.is_empty() => Err(ProtoError::new(
            ErrorCode::Syntax,
            "an id must be followed by a command",
        )),
        Ok(_) => parse_command(body),
    };
    Some(Line {
        id: id.ok().flatten(),
        command,
    })
}

/// Splits a leading numeric id off `text`.
#[allow(clippy::type_complexity)]
fn split_id(text: &str) -> (Result<Option<u64>, ProtoError>, &str) {
    let parsed: IResult<&str, (&str, &str)> =
        pair(digit1, alt((space1, nom::combinator::eof))).parse(text);
    match parsed {
        Ok((body, (digits, _))) => match digits.parse::<u64>() {
            Ok(id) => (Ok(Some(id)), body.trim_start_matches([' ', '\t'])),
            Err(_) => (
                Err(ProtoError::new(
                    ErrorCode::Syntax,
                    "the id is too large (at most 18446744073709551615)",
                )),
                body,
            ),
        },
        Err(_) => (Ok(None), text),
    }
}

/// A word: letters, digits and `_`.
fn word(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_')(i)
}

/// A keyword after at least one blank.
fn kw<'a>(k: &'static str) -> impl Parser<&'a str, &'a str, nom::error::Error<&'a str>> {
    preceded(space1, tag_no_case(k))
}

/// A number after at least one blank (its value checked by the caller).
fn num(i: &str) -> IResult<&str, &str> {
    preceded(space1, digit1).parse(i)
}

/// The rest of the line after blanks, which must not be empty.
fn argument(i: &str) -> IResult<&str, &str> {
    preceded(space1, rest).parse(i)
}

fn syntax(first: &str) -> ProtoError {
    ProtoError::new(
        ErrorCode::Syntax,
        format!("usage: {}", usage(&first.to_ascii_lowercase())),
    )
}

fn invalid(msg: impl Into<String>) -> ProtoError {
    ProtoError::new(ErrorCode::InvalidArgument, msg)
}

/// Parses `text` completely with `parser`, or gives the usage of `first`.
fn whole<'a, O>(
    text: &'a str,
    first: &str,
    parser: impl Parser<&'a str, O, nom::error::Error<&'a str>>,
) -> Result<O, ProtoError> {
    all_consuming(parser)
        .parse(text)
        .map(|(_, o)| o)
        .map_err(|_| syntax(first))
}

fn number<T: std::str::FromStr>(digits: &str, what: &str, max: u64) -> Result<T, ProtoError> {
    digits
        .parse::<u64>()
        .ok()
        .filter(|&n| n <= max)
        .and_then(|n| n.to_string().parse::<T>().ok())
        .ok_or_else(|| invalid(format!("{what} must be at most {max}, not {digits}")))
}

/// Reads the command words and arguments of a line.
fn parse_command(body: &str) -> Result<Command, ProtoError> {
    let (args, first) = word(body).map_err(|_| unknown(body))?;
    let lower = first.to_ascii_lowercase();
    let simple = |c: Command| whole(args, first, space0).map(|_| c);
    match lower.as_str() {
        "protocol_version" => simple(Command::ProtocolVersion),
        "name" => simple(Command::Name),
        "version" => simple(Command::Version),
        "list_commands" => simple(Command::ListCommands),
        "isready" => simple(Command::IsReady),
        "quit" | "exit" => simple(Command::Quit),
        "roll" => simple(Command::Roll),
        "play" => simple(Command::Play),
        "eval" => simple(Command::Eval),
        "known_command" => {
            whole(args, first, argument).map(|w| Command::KnownCommand(w.to_string()))
        }
        "move" | "m" => whole(args, first, argument).map(|w| Command::Move(w.trim().to_string())),
        "new" => parse_new(args, first),
        "set" => parse_set(args, first),
        "show" => parse_show(args, first),
        "hint" => {
            let n = whole(args, first, opt(num))?;
            match n {
                None => Ok(Command::Hint(DEFAULT_HINT_COUNT)),
                Some(d) => {
                    let n: usize = number(d, "the number of candidates", MAX_HINT_COUNT as u64)?;
                    if n == 0 {
                        return Err(invalid("hint shows at least 1 candidate"));
                    }
                    Ok(Command::Hint(n))
                }
            }
        }
        "legal" => parse_legal(args, first),
        _ => Err(unknown(body)),
    }
}

fn unknown(body: &str) -> ProtoError {
    let shown: String = body
        .split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .take(40)
        .collect();
    let shown: String = shown
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    ProtoError::new(
        ErrorCode::UnknownCommand,
        format!("unknown command '{shown}' (list_commands lists them)"),
    )
}

fn parse_new(args: &str, first: &str) -> Result<Command, ProtoError> {
    #[derive(Clone)]
    enum New<'a> {
        Game,
        Match(&'a str),
    }
    let what = whole(
        args,
        first,
        alt((
            map(preceded(kw("match"), num), New::Match),
            value(New::Game, kw("game")),
        )),
    );
    match what.map_err(|_| syntax(first))? {
        New::Game => Ok(Command::NewGame),
        New::Match(d) => {
            let n: u8 = number(d, "the match length", 127)?;
            if n == 0 {
                return Err(invalid("a match is played to at least 1 point"));
            }
            Ok(Command::NewMatch(n))
        }
    }
}

fn parse_set(args: &str, first: &str) -> Result<Command, ProtoError> {
    let (arg, what) = preceded(space1, word)
        .parse(args)
        .map_err(|_: nom::Err<nom::error::Error<&str>>| syntax(first))?;
    let what_lower = what.to_ascii_lowercase();
    let usage_of = |w: &str| ProtoError::new(ErrorCode::Syntax, format!("usage: {}", set_usage(w)));
    let one_word = |arg: &str| -> Result<String, ProtoError> {
        all_consuming(preceded(space1, word))
            .parse(arg.trim_end())
            .map(|(_, w)| w.to_ascii_lowercase())
            .map_err(|_| usage_of(&what_lower))
    };
    match what_lower.as_str() {
        "board" => {
            let text = all_consuming(argument)
                .parse(arg)
                .map(|(_, t)| t.trim())
                .map_err(|_| usage_of("board"))?;
            parse_board(text).map(Command::SetBoard)
        }
        "matchid" => {
            let (_, id) = all_consuming(preceded(
                space1::<&str, nom::error::Error<&str>>,
                take_while1(|c: char| !c.is_whitespace()),
            ))
            .parse(arg.trim_end())
            .map_err(|_| usage_of("matchid"))?;
            let m: MatchId = id.parse().map_err(|e: crate::game::MatchIdError| {
                ProtoError::new(ErrorCode::InvalidPosition, e.to_string())
            })?;
            m.validate()
                .map_err(|e| ProtoError::new(ErrorCode::InvalidPosition, e.to_string()))?;
            Ok(Command::SetMatchId(m))
        }
        "turn" => match one_word(arg)?.as_str() {
            "x" => Ok(Command::SetTurn(crate::game::Side::X)),
            "o" => Ok(Command::SetTurn(crate::game::Side::O)),
            other => Err(invalid(format!("'{other}' is not a side: X or O"))),
        },
        "dice" => {
            let (_, (a, b)) = all_consuming(pair(num, num))
                .parse(arg.trim_end())
                .map_err(|_| usage_of("dice"))?;
            let die = |d: &str| -> Result<u8, ProtoError> {
                d.parse::<u8>()
                    .ok()
                    .filter(|n| (1..=6).contains(n))
                    .ok_or_else(|| invalid(format!("die {d} is outside 1-6")))
            };
            let (a, b) = (die(a)?, die(b)?);
            Dice::new(a, b)
                .map(Command::SetDice)
                .ok_or_else(|| invalid("dice are 1-6"))
        }
        "seed" => {
            let (_, d) = all_consuming(num)
                .parse(arg.trim_end())
                .map_err(|_| usage_of("seed"))?;
            Ok(Command::SetSeed(number(d, "the seed", u64::MAX)?))
        }
        "rules" => {
            let w = one_word(arg)?;
            w.parse()
                .map(Command::SetRules)
                .map_err(|_| invalid(format!("'{w}' is not a rule set: standard or express")))
        }
        "scoring" => {
            let w = one_word(arg)?;
            w.parse()
                .map(Command::SetScoring)
                .map_err(|_| invalid(format!("'{w}' is not a scoring: standard or tzannes")))
        }
        "output" => match one_word(arg)?.as_str() {
            "text" => Ok(Command::SetOutput(OutputMode::Text)),
            "json" => Ok(Command::SetOutput(OutputMode::Json)),
            other => Err(invalid(format!(
                "'{other}' is not an output mode: text or json"
            ))),
        },
        "orientation" => match one_word(arg)?.as_str() {
            "flip" => Ok(Command::SetOrientation(Orientation::Flip)),
            "noflip" => Ok(Command::SetOrientation(Orientation::Noflip)),
            other => Err(invalid(format!(
                "'{other}' is not an orientation: flip or noflip"
            ))),
        },
        _ => Err(ProtoError::new(
            ErrorCode::Syntax,
            format!("usage: {}", usage("set")),
        )),
    }
}

fn set_usage(what: &str) -> String {
    super::command::COMMANDS
        .iter()
        .find(|f| f.starts_with(&format!("set {what} ")))
        .map_or_else(|| usage("set"), |f| f.to_string())
}

/// Characters in a Position ID.
const POSITION_ID_LEN: usize = 16;

/// A Position ID (one 16-character word without `:`) or board text.
fn parse_board(text: &str) -> Result<Position, ProtoError> {
    let bad = |m: String| ProtoError::new(ErrorCode::InvalidPosition, m);
    // Position IDs use the base64 alphabet, '/' included, but never ':'
    // or blanks; board text always has a '/' between the two sides.
    let is_id = !text.contains([':', ' ', '\t']) && text.len() == POSITION_ID_LEN;
    if is_id {
        parse_position_id(text).map_err(|e| bad(e.to_string()))
    } else if text.contains('/') {
        parse_board_text(text).map_err(|e| bad(e.to_string()))
    } else {
        Err(bad(format!(
            "'{}' is neither a 16-character Position ID nor board text like '24:15 / 24:15'",
            text.chars().take(40).collect::<String>()
        )))
    }
}

fn parse_show(args: &str, first: &str) -> Result<Command, ProtoError> {
    let what = whole(
        args,
        first,
        alt((
            map(
                preceded(
                    kw("board"),
                    opt(alt((
                        value(Orientation::Noflip, kw("noflip")),
                        value(Orientation::Flip, kw("flip")),
                    ))),
                ),
                ShowWhat::Board,
            ),
            value(ShowWhat::PosId, kw("posid")),
            value(ShowWhat::MatchId, kw("matchid")),
            value(ShowWhat::Dice, kw("dice")),
            value(ShowWhat::Options, kw("options")),
        )),
    )?;
    Ok(Command::Show(what))
}

fn parse_legal(args: &str, first: &str) -> Result<Command, ProtoError> {
    #[derive(Clone, Copy)]
    enum Arg<'a> {
        Limit(&'a str),
        Offset(&'a str),
    }
    let one = || {
        alt((
            map(preceded(kw("limit"), num), Arg::Limit),
            map(preceded(kw("offset"), num), Arg::Offset),
        ))
    };
    let (a, b) = whole(args, first, pair(opt(one()), opt(one())))?;
    let mut page = Page {
        limit: DEFAULT_LEGAL_LIMIT,
        offset: 0,
    };
    let (mut seen_limit, mut seen_offset) = (false, false);
    for arg in [a, b].into_iter().flatten() {
        match arg {
            Arg::Limit(d) if !seen_limit => {
                seen_limit = true;
                page.limit = number(d, "the limit", MAX_LEGAL_LIMIT as u64)?;
            }
            Arg::Offset(d) if !seen_offset => {
                seen_offset = true;
                page.offset = number(d, "the offset", u32::MAX as u64)?;
            }
            _ => return Err(syntax(first)),
        }
    }
    Ok(Command::Legal(page))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(s: &str) -> Result<Command, ProtoError> {
        parse_line(s).expect("a command").command
    }

    #[test]
    fn blank_and_comment_lines_are_no_command() {
        for s in ["", "   ", "\t\r", "# hello", "  # x y z\r"] {
            assert_eq!(parse_line(s), None, "{s:?}");
        }
    }

    #[test]
    fn ids_spaces_tabs_case_and_crlf() {
        let l = parse_line("  7\tSET  Dice\t3   1 # c\r").expect("command");
        assert_eq!(l.id, Some(7));
        assert_eq!(
            l.command,
            Ok(Command::SetDice(Dice::new(3, 1).expect("dice")))
        );
        assert_eq!(
            cmd("legal offset 5 limit 2"),
            Ok(Command::Legal(Page {
                limit: 2,
                offset: 5
            }))
        );
        assert_eq!(
            cmd("show board flip"),
            Ok(Command::Show(ShowWhat::Board(Some(Orientation::Flip))))
        );
    }

    #[test]
    fn errors_have_codes() {
        assert_eq!(
            cmd("frobnicate").unwrap_err().code,
            ErrorCode::UnknownCommand
        );
        assert_eq!(cmd("set dice 3").unwrap_err().code, ErrorCode::Syntax);
        assert_eq!(
            cmd("set dice 7 1").unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            cmd("set board 24:16 / 24:15").unwrap_err().code,
            ErrorCode::InvalidPosition
        );
        assert_eq!(cmd("name please").unwrap_err().code, ErrorCode::Syntax);
        assert_eq!(
            cmd("legal limit 1 limit 2").unwrap_err().code,
            ErrorCode::Syntax
        );
        assert_eq!(cmd("hint 0").unwrap_err().code, ErrorCode::InvalidArgument);
        assert_eq!(
            parse_line("12").expect("line").command.unwrap_err().code,
            ErrorCode::Syntax
        );
    }
}
