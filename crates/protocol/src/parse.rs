//! Reading one input line into a typed [`Command`] with `nom`.
//!
//! A line is: optional spaces, an optional numeric id, the command words
//! and arguments separated by spaces or tabs, an optional `#` comment, and
//! an optional carriage return. Words are case-insensitive. Lines that hold
//! nothing but blanks and a comment are no command at all. Only space and
//! tab separate words: any other blank or control character (form feed,
//! vertical tab, no-break space, a CR inside the line) makes the line a
//! `syntax` error, so no argument parser can read it as a separator.
//!
//! `save` and `load` end with a file name, which is the rest of the line
//! as written (`#` and any blank inside included) or a quoted JSON string:
//! their lines have no comment (see [`super::parse_records::parse`]).

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
    OutputMode, Page, RecordCommand, ShowWhat, TableCommand, usage,
};
use super::reply::{ErrorCode, ProtoError};
use super::words::{number, rollout_trials, stray_blank, time_budget};
use plakoto_rules::{Dice, MatchId, Position, parse_board_text, parse_position_id};

/// A line that holds a command: its id, if given, and the command or why
/// it could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The numeric id the line began with, as written (`007`), echoed in
    /// the reply.
    pub id: Option<String>,
    /// The command, or the error to reply with.
    pub command: Result<Command, ProtoError>,
}

/// Reads a line. `None` when it holds no command (blank or comment only).
pub fn parse_line(raw: &str) -> Option<Line> {
    parse_line_with(raw, parse_command)
}

/// Reads a line for a session: as [`parse_line`], except that in a game
/// of the table (`table_game`: other than Plakoto) the commands whose
/// arguments only the game can read (board text, IDs, scoring) are kept
/// as written ([`TableCommand`]) for the game to read when they are
/// applied.
pub fn parse_line_for(raw: &str, table_game: bool) -> Option<Line> {
    if table_game {
        return parse_line_with(raw, |body| {
            parse_table_command(body).unwrap_or_else(|| parse_command(body))
        });
    }
    // A game's switches are named in any game, so that another game
    // answers `not_in_game` rather than an unknown option.
    parse_line_with(raw, |body| {
        match is_switch_line(body)
            .then(|| parse_table_command(body))
            .flatten()
        {
            Some(switch) => switch,
            None => parse_command(body),
        }
    })
}

/// The `set board`, `set position`, `set matchid` and `set scoring` lines
/// of a game other than Plakoto, their arguments kept as written; `None`
/// for any other line.
fn parse_table_command(body: &str) -> Option<Result<Command, ProtoError>> {
    let (args, first) = word(body).ok()?;
    if !first.eq_ignore_ascii_case("set") {
        return None;
    }
    let (arg, what) = preceded(space1::<&str, nom::error::Error<&str>>, switch_name)
        .parse(args)
        .ok()?;
    let what = what.to_ascii_lowercase();
    let usage_of = |w: &str| ProtoError::new(ErrorCode::Syntax, format!("usage: {}", set_usage(w)));
    let text = arg.trim_matches([' ', '\t']).to_string();
    let blank = !arg.starts_with([' ', '\t']) || text.is_empty();
    let one_token = !text.contains([' ', '\t']);
    let command = match what.as_str() {
        "board" if !blank => match text.split_once([' ', '\t']) {
            Some((fibs, board)) if fibs.eq_ignore_ascii_case("fibs") => {
                TableCommand::SetFibsBoard(board.trim_matches([' ', '\t']).to_string())
            }
            _ => TableCommand::SetBoard(text),
        },
        "matchid" if !blank && one_token => TableCommand::SetMatchId(text),
        "scoring" if !blank && one_token => TableCommand::SetScoring(text.to_ascii_lowercase()),
        "position" if !blank && one_token => match text.split_once(':') {
            Some((pid, mid)) => TableCommand::SetPosition(pid.to_string(), mid.to_string()),
            None => return Some(Err(usage_of("position"))),
        },
        "board" | "matchid" | "scoring" | "position" => return Some(Err(usage_of(&what))),
        switch if switch.starts_with("fevga.") => {
            if blank || !one_token {
                return Some(Err(ProtoError::new(
                    ErrorCode::Syntax,
                    format!("usage: set {switch} <value>"),
                )));
            }
            TableCommand::SetSwitch(switch.to_string(), text.to_ascii_lowercase())
        }
        _ => return None,
    };
    Some(Ok(Command::Table(command)))
}

/// Whether a command body is `set fevga.…` (a game's switch).
fn is_switch_line(body: &str) -> bool {
    let mut words = body.split_whitespace();
    words.next().is_some_and(|w| w.eq_ignore_ascii_case("set"))
        && words
            .next()
            .is_some_and(|w| w.to_ascii_lowercase().starts_with("fevga."))
}

/// Reads a line, its command body read by `parse_body`.
fn parse_line_with(
    raw: &str,
    parse_body: impl Fn(&str) -> Result<Command, ProtoError>,
) -> Option<Line> {
    if let Some(line) = parse_file_line(raw) {
        return Some(line);
    }
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
        Ok(_) => match stray_blank(body) {
            Some(e) => Err(e),
            None => parse_body(body),
        },
    };
    Some(Line {
        id: id.ok().flatten(),
        command,
    })
}

/// A `save` or `load` line, read before comments are removed: its file name
/// may hold a `#`. Every line whose first word is `save` or `load` is read
/// here, so [`parse_command`] never sees one. When the word is not followed
/// by a blank (`save#…`, `load-…`), the line is not of the file form and is
/// read as any other line (comment removed, stray blanks refused) before
/// [`super::parse_records::parse`] gives its usage. `None` for any other
/// line.
fn parse_file_line(raw: &str) -> Option<Line> {
    let text = raw.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\r' || c == '\n');
    let (Ok(id), body) = split_id(text) else {
        return None;
    };
    let (args, first) = word(body).ok()?;
    if !["save", "load"]
        .iter()
        .any(|w| first.eq_ignore_ascii_case(w))
    {
        return None;
    }
    let command = if args.is_empty() || args.starts_with([' ', '\t']) {
        super::parse_records::parse(first, args)
    } else {
        let uncommented = body.split('#').next().unwrap_or("");
        let uncommented = uncommented.trim_end_matches([' ', '\t', '\r', '\n']);
        match stray_blank(uncommented) {
            Some(e) => Err(e),
            None => super::parse_records::parse(first, &uncommented[first.len()..]),
        }
    };
    Some(Line { id, command })
}

/// Splits a leading numeric id off `text`.
#[allow(clippy::type_complexity)]
fn split_id(text: &str) -> (Result<Option<String>, ProtoError>, &str) {
    let parsed: IResult<&str, (&str, &str)> =
        pair(digit1, alt((space1, nom::combinator::eof))).parse(text);
    match parsed {
        // The id is echoed as written, leading zeros included.
        Ok((body, (digits, _))) => match digits.parse::<u64>() {
            Ok(_) => (
                Ok(Some(digits.to_string())),
                body.trim_start_matches([' ', '\t']),
            ),
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

/// A `set` option's name, which may be a game's switch (`fevga.release`).
fn switch_name(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.')(i)
}

/// A name that may hold hyphens, as evaluator names do (`net-f32`).
fn name(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-')(i)
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
        "stop" => simple(Command::Stop),
        "roll" => simple(Command::Roll),
        "play" => time_only(args, first).map(Command::Play),
        "eval" => time_only(args, first).map(Command::Eval),
        "known_command" => {
            whole(args, first, argument).map(|w| Command::KnownCommand(w.to_string()))
        }
        "help" => whole(args, first, opt(argument))
            .map(|w| Command::Help(w.map(|w| w.trim_end_matches([' ', '\t']).to_string()))),
        "move" | "m" => whole(args, first, argument).map(|w| Command::Move(join_play_words(w))),
        "new" if super::parse_tavli::is_tavli_match(args) => {
            super::parse_tavli::parse_new_tavli_match(args, first)
        }
        "new" => parse_new(args, first),
        "set" if super::parse_tavli::is_tavli_switch(args) => {
            super::parse_tavli::parse_set_tavli(args)
        }
        "set" => parse_set(args, first),
        "show" if args.trim().eq_ignore_ascii_case("tavli") => {
            Ok(Command::Tavli(super::command::TavliCommand::Show))
        }
        "show" if args.trim().eq_ignore_ascii_case("game") => {
            Ok(Command::Record(RecordCommand::ShowGame))
        }
        "show" => parse_show(args, first),
        "analyse" | "analyze" => super::parse_records::parse_analyse(first, args),
        "hint" => {
            let (n, time) = whole(args, first, pair(opt(num), opt(preceded(kw("time"), num))))?;
            let count = match n {
                None => DEFAULT_HINT_COUNT,
                Some(d) => {
                    let n: usize = number(d, "the number of candidates", MAX_HINT_COUNT as u64)?;
                    if n == 0 {
                        return Err(invalid("hint shows at least 1 candidate"));
                    }
                    n
                }
            };
            let time_ms = time.map(time_budget).transpose()?;
            Ok(Command::Hint { count, time_ms })
        }
        "rollout" => {
            let n = whole(args, first, opt(num))?;
            n.map(rollout_trials).transpose().map(Command::Rollout)
        }
        "legal" => parse_legal(args, first),
        _ => Err(unknown(body)),
    }
}

/// A written play with the blanks around `/`, `-`, `*`, `(` and `)`
/// removed (`24 / 13` is `24/13`, `13/7 *` is `13/7*`), as protocol.md
/// promises extra spaces are forgiven; blanks between moves stay.
fn join_play_words(text: &str) -> String {
    let words: Vec<&str> = text.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        // A word ending in `/`, `-` or `(` continues on the next one; a
        // word starting with `/`, `-`, `*`, `(` or `)` continues the last.
        let glued = i > 0
            && (words[i - 1].ends_with(['/', '-', '('])
                || w.starts_with(['/', '-', '*', '(', ')']));
        if i > 0 && !glued {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

fn unknown(body: &str) -> ProtoError {
    let shown: String = body
        .split([' ', '\t'])
        .next()
        .unwrap_or("")
        .chars()
        .take(40)
        .collect();
    let shown: String = shown
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    let hint = super::suggest::nearest_command(&shown)
        .map_or_else(String::new, |c| format!(": did you mean '{c}'?"));
    ProtoError::new(
        ErrorCode::UnknownCommand,
        format!("unknown command '{shown}'{hint} (list_commands lists them)"),
    )
}

fn parse_new(args: &str, first: &str) -> Result<Command, ProtoError> {
    #[derive(Clone)]
    enum New<'a> {
        Game,
        GameOf(&'a str),
        Match(&'a str),
    }
    let what = whole(
        args,
        first,
        alt((
            map(preceded(kw("match"), num), New::Match),
            map(preceded(kw("game"), preceded(space1, word)), New::GameOf),
            value(New::Game, kw("game")),
        )),
    );
    match what.map_err(|_| syntax(first))? {
        New::Game => Ok(Command::NewGame),
        New::GameOf(kind) => kind
            .parse()
            .map(Command::NewGameOf)
            .map_err(|e: plakoto_rules::GameKindError| invalid(not_a_game(&e))),
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
    if super::options::is_family(&what_lower) {
        return parse_set_option(&what_lower, args);
    }
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
            parse_match_id(id).map(Command::SetMatchId)
        }
        "position" => {
            let (_, pair) = all_consuming(preceded(
                space1::<&str, nom::error::Error<&str>>,
                take_while1(|c: char| c != ' ' && c != '\t'),
            ))
            .parse(arg.trim_end())
            .map_err(|_| usage_of("position"))?;
            let (pid, mid) = pair.split_once(':').ok_or_else(|| usage_of("position"))?;
            let position = parse_position_id_only(pid)?;
            let m = parse_match_id(mid)?;
            Ok(Command::SetPosition(position, m))
        }
        "turn" => match one_word(arg)?.as_str() {
            "x" => Ok(Command::SetTurn(plakoto_rules::Side::X)),
            "o" => Ok(Command::SetTurn(plakoto_rules::Side::O)),
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
        "game" => {
            let w = one_word(arg)?;
            w.parse()
                .map(Command::SetGame)
                .map_err(|e: plakoto_rules::GameKindError| invalid(not_a_game(&e)))
        }
        "opening" => {
            let w = one_word(arg)?;
            w.parse()
                .map(|o| Command::Table(TableCommand::SetOpening(o)))
                .map_err(|e: plakoto_rules::tavli::OpeningError| invalid(e.to_string()))
        }
        "scoring" => {
            let w = one_word(arg)?;
            w.parse()
                .map(Command::SetScoring)
                .map_err(|_| invalid(format!("'{w}' is not a scoring: standard or tzannes")))
        }
        "progress" => match one_word(arg)?.as_str() {
            "on" => Ok(Command::SetProgress(true)),
            "off" => Ok(Command::SetProgress(false)),
            other => Err(invalid(format!("'{other}' is not on or off"))),
        },
        "output" => match one_word(arg)?.as_str() {
            "text" => Ok(Command::SetOutput(OutputMode::Text)),
            "json" => Ok(Command::SetOutput(OutputMode::Json)),
            other => Err(invalid(format!(
                "'{other}' is not an output mode: text or json"
            ))),
        },
        "evaluator" => all_consuming(preceded(space1, name))
            .parse(arg.trim_end())
            .map_err(|_| usage_of(&what_lower))?
            .1
            .to_ascii_lowercase()
            .parse()
            .map(Command::SetEvaluator)
            .map_err(|error: plakoto_engine::eval::UnknownEvaluator| invalid(error.to_string())),
        "orientation" => match one_word(arg)?.as_str() {
            "flip" => Ok(Command::SetOrientation(Orientation::Flip)),
            "noflip" => Ok(Command::SetOrientation(Orientation::Noflip)),
            other => Err(invalid(format!(
                "'{other}' is not an orientation: flip or noflip"
            ))),
        },
        "player" => super::parse_records::parse_set_player(arg).map_err(|e| match e {
            Some(e) => e,
            None => usage_of("player"),
        }),
        _ => Err(ProtoError::new(
            ErrorCode::Syntax,
            format!("usage: {}", usage("set")),
        )),
    }
}

/// An optional `time MS` and nothing else (for `play`, `eval`).
fn time_only(args: &str, first: &str) -> Result<Option<u64>, ProtoError> {
    whole(args, first, opt(preceded(kw("time"), num)))?
        .map(time_budget)
        .transpose()
}

/// `set <option> <value>` for a search option ([`super::options`]): the
/// option named and its value's words, read when applied. Without a value
/// or with an unknown option: the usage of the family (`set rollout …`).
fn parse_set_option(first: &str, args: &str) -> Result<Command, ProtoError> {
    let words: Vec<&str> = args.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    match super::options::find(&words) {
        Some((option, value)) if !value.is_empty() => Ok(Command::SetSearch {
            name: option.name,
            value: value.iter().map(|w| w.to_string()).collect(),
        }),
        _ => Err(super::options::family_usage(first)),
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

/// A Match ID in its canonical form: the one the engine writes. An ID
/// that decodes to the same state but is written otherwise (a passed double
/// of which one number is left, written as a single number) is refused
/// with the canonical form named, so every state has one ID.
fn parse_match_id(text: &str) -> Result<MatchId, ProtoError> {
    let m: MatchId = text.parse::<MatchId>()?;
    m.validate()?;
    canonical_only(m, text, m.to_string(), "Match ID")
}

/// `value` read from `text`, refused when the engine writes it otherwise
/// (`canonical`), naming the canonical form.
fn canonical_only<T>(value: T, text: &str, canonical: String, what: &str) -> Result<T, ProtoError> {
    if canonical != text {
        return Err(ProtoError::new(
            ErrorCode::InvalidPosition,
            format!("{what} '{text}' is not in canonical form: the engine writes it '{canonical}'"),
        ));
    }
    Ok(value)
}

/// A Position ID (not board text), checked to be canonical.
fn parse_position_id_only(text: &str) -> Result<Position, ProtoError> {
    let position = parse_position_id(text)?;
    canonical_only(
        position,
        text,
        plakoto_rules::position_id(&position),
        "Position ID",
    )
}

/// A Position ID (one 16-character word without `:`) or board text.
fn parse_board(text: &str) -> Result<Position, ProtoError> {
    let bad = |m: String| ProtoError::new(ErrorCode::InvalidPosition, m);
    // Position IDs use the base64 alphabet, '/' included, but never ':'
    // or blanks; board text always has a '/' between the two sides.
    let is_id = !text.contains([':', ' ', '\t']) && text.len() == POSITION_ID_LEN;
    if is_id {
        parse_position_id_only(text)
    } else if text.contains('/') {
        Ok(parse_board_text(text)?)
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
            // Before `board`, which would take its first five letters.
            value(ShowWhat::BoardText, kw("boardtext")),
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
            value(ShowWhat::Position, kw("position")),
            value(ShowWhat::MatchId, kw("matchid")),
            value(ShowWhat::Dice, kw("dice")),
            value(ShowWhat::Options, kw("options")),
        )),
    )?;
    Ok(Command::Show(what))
}

fn parse_legal(args: &str, first: &str) -> Result<Command, ProtoError> {
    let trimmed = args.trim_start();
    if let Some(rest) = trimmed
        .get(..5)
        .filter(|w| w.eq_ignore_ascii_case("steps"))
        .map(|_| &trimmed[5..])
        .filter(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
    {
        return Ok(Command::LegalSteps(rest.trim().to_string()));
    }
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
                if page.limit == 0 {
                    // A page of nothing shows nothing: refused rather than
                    // answered with an empty list.
                    return Err(ProtoError::new(
                        ErrorCode::Syntax,
                        "usage: legal [limit N] [offset K] | legal steps [<steps made>]; the limit is at least 1",
                    ));
                }
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

/// Why a word is not a game: the games, and for `tavli` (a match of the
/// three games, not a game) the command that starts one.
fn not_a_game(error: &plakoto_rules::GameKindError) -> String {
    if error.0.eq_ignore_ascii_case("tavli") {
        format!("{error}: Tavli is a match of the games, started with 'new match N tavli'")
    } else {
        error.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(s: &str) -> Result<Command, ProtoError> {
        parse_line(s).expect("a command").command
    }

    #[test]
    fn set_evaluator_takes_every_evaluator_name_hyphens_included() {
        use plakoto_engine::eval::EvaluatorKind;
        for (text, kind) in [
            ("set evaluator heuristic", EvaluatorKind::Heuristic),
            ("set evaluator PipCount", EvaluatorKind::PipCount),
            ("set evaluator net", EvaluatorKind::Net),
            ("set evaluator NET-f32", EvaluatorKind::NetF32),
        ] {
            assert_eq!(cmd(text), Ok(Command::SetEvaluator(kind)), "{text}");
        }
        let code = |text: &str| cmd(text).expect_err(text).code;
        assert_eq!(code("set evaluator net-f64"), ErrorCode::InvalidArgument);
        assert_eq!(code("set evaluator"), ErrorCode::Syntax);
        assert_eq!(code("set evaluator net f32"), ErrorCode::Syntax);
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
        assert_eq!(l.id.as_deref(), Some("7"));
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
    fn save_or_load_glued_to_what_follows_gives_their_usage() {
        let usage = |w: &str| {
            Err(ProtoError::new(
                ErrorCode::Syntax,
                format!("usage: {w} game <file> | {w} match <file>"),
            ))
        };
        assert_eq!(cmd("save# a comment"), usage("save"));
        assert_eq!(cmd("3 LOAD-game f # c"), usage("load"));
        assert_eq!(
            cmd("save\u{b}game f").map_err(|e| e.message),
            Err("character 5 of the command is U+000B: only spaces and tabs separate words".into())
        );
    }

    #[test]
    fn ids_echo_as_written() {
        assert_eq!(
            parse_line("007 name").and_then(|l| l.id),
            Some("007".into())
        );
        assert_eq!(parse_line("0\tname").and_then(|l| l.id), Some("0".into()));
        assert_eq!(parse_line("name").and_then(|l| l.id), None);
    }

    #[test]
    fn only_space_and_tab_separate_words() {
        for line in [
            "\x0cname",
            "name\x0b",
            "set\u{a0}dice 3 1",
            "move 24/18\x0c18/13",
        ] {
            let e = cmd(line).unwrap_err();
            assert_eq!(e.code, ErrorCode::Syntax, "{line:?}");
            assert!(
                e.message.contains("only spaces and tabs"),
                "{line:?}: {}",
                e.message
            );
        }
        assert_eq!(cmd("name \t"), Ok(Command::Name));
    }

    #[test]
    fn file_names_are_the_rest_of_the_line_or_a_json_string() {
        use crate::command::Scope;
        let save = |f: &str| Ok(Command::Record(RecordCommand::Save(Scope::Game, f.into())));
        assert_eq!(cmd("save game /tmp/a#b.txt"), save("/tmp/a#b.txt"));
        assert_eq!(
            cmd("SAVE Game  /tmp/my file é.txt \t\r"),
            save("/tmp/my file é.txt")
        );
        assert_eq!(cmd("save game \"/tmp/ a\\\"b \" # c"), save("/tmp/ a\"b "));
        assert_eq!(cmd("save game a\u{a0}b"), save("a\u{a0}b"));
        let l = parse_line("12 load match x # y").expect("a command");
        assert_eq!(l.id.as_deref(), Some("12"));
        assert_eq!(
            l.command,
            Ok(Command::Record(RecordCommand::Load(
                Scope::Match,
                "x # y".into()
            )))
        );
        for (line, code) in [
            ("save game", ErrorCode::Syntax),
            ("save game   # comment only", ErrorCode::Syntax),
            ("save gam x", ErrorCode::Syntax),
            ("save game \"unterminated", ErrorCode::Syntax),
            ("save game \"a\" b", ErrorCode::Syntax),
            ("save game a\x0cb", ErrorCode::InvalidArgument),
            ("save game \"a\\nb\"", ErrorCode::InvalidArgument),
        ] {
            assert_eq!(cmd(line).map_err(|e| e.code), Err(code), "{line:?}");
        }
        // Other lines keep their comments.
        assert_eq!(parse_line("# save game x"), None);
        assert_eq!(cmd("saved"), Err(unknown("saved")));
    }

    #[test]
    fn blanks_inside_a_play_are_forgiven() {
        for (written, joined) in [
            ("24 / 13", "24/13"),
            ("24/18 13/7", "24/18 13/7"),
            ("13/7 * 24/18", "13/7* 24/18"),
            ("24/18* 13/7", "24/18* 13/7"),
            ("24/18 (2)  6 /off", "24/18(2) 6/off"),
            ("24 - 18\t18- 13", "24-18 18-13"),
        ] {
            assert_eq!(
                cmd(&format!("move {written}")),
                Ok(Command::Move(joined.into()))
            );
        }
    }

    #[test]
    fn canonical_ids_only() {
        let e = cmd("set matchid FIAAAoDA").unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidPosition);
        assert!(e.message.contains("'FIAAAsBA'"), "{}", e.message);
        assert!(matches!(
            cmd("set matchid FIAAAsBA"),
            Ok(Command::SetMatchId(_))
        ));
        assert!(matches!(
            cmd("set position AAAg//DAAA8/fAAA:ZBAAAAAA"),
            Ok(Command::SetPosition(p, _)) if p == Position::initial()
        ));
        assert_eq!(
            cmd("set position AAAg//DAAA8/fAAA:FIAAAoDA")
                .unwrap_err()
                .code,
            ErrorCode::InvalidPosition
        );
        assert_eq!(
            cmd("set position AAAg//DAAA8/fAAA").unwrap_err().code,
            ErrorCode::Syntax
        );
    }

    #[test]
    fn search_commands() {
        let set = |name: &'static str, value: &[&str]| {
            Ok(Command::SetSearch {
                name,
                value: value.iter().map(|w| w.to_string()).collect(),
            })
        };
        assert_eq!(
            cmd("SET Evaluation  PLIES 3"),
            set("evaluation plies", &["3"])
        );
        assert_eq!(
            cmd("set evaluation movefilter 3 2 0 4 0.05"),
            set("evaluation movefilter", &["3", "2", "0", "4", "0.05"])
        );
        assert_eq!(cmd("set search time OFF"), set("search time", &["OFF"]));
        assert_eq!(
            cmd("set rollout luckadjust on"),
            set("rollout luckadjust", &["on"])
        );
        for line in ["set rollout", "set rollout games 5", "set evaluation plies"] {
            assert_eq!(cmd(line).unwrap_err().code, ErrorCode::Syntax, "{line}");
        }
        assert_eq!(
            cmd("hint 4 time 250"),
            Ok(Command::Hint {
                count: 4,
                time_ms: Some(250)
            })
        );
        assert_eq!(
            cmd("hint time 250"),
            Ok(Command::Hint {
                count: DEFAULT_HINT_COUNT,
                time_ms: Some(250)
            })
        );
        assert_eq!(cmd("rollout"), Ok(Command::Rollout(None)));
        assert_eq!(cmd("rollout 144"), Ok(Command::Rollout(Some(144))));
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
            cmd("rollout 0").unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            parse_line("12").expect("line").command.unwrap_err().code,
            ErrorCode::Syntax
        );
    }
}
