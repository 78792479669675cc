//! Reading the arguments of the commands on records: `save|load
//! game|match FILE`, `set player X|O name NAME`, `analyse game|match`.

use super::command::{Command, RecordCommand, Scope};
use super::reply::{ErrorCode, ProtoError};
use plakoto_rules::Side;

/// Longest player name (characters).
pub const MAX_PLAYER_NAME: usize = 64;

/// Parses the arguments of `set player`: `X|O name NAME` (the name is the
/// rest of the line, trimmed). `Err(None)`: not of that form (the caller
/// answers with the usage).
pub fn parse_set_player(args: &str) -> Result<Command, Option<ProtoError>> {
    let mut words = args.trim().splitn(3, [' ', '\t']);
    let side = match words.next().map(str::to_ascii_lowercase).as_deref() {
        Some("x") => Side::X,
        Some("o") => Side::O,
        Some(other) if !other.is_empty() => {
            return Err(Some(ProtoError::new(
                ErrorCode::InvalidArgument,
                format!("'{other}' is not a side: X or O"),
            )));
        }
        _ => return Err(None),
    };
    if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("name")) {
        return Err(None);
    }
    let name = words.next().map(str::trim).unwrap_or_default();
    if name.is_empty() {
        return Err(None);
    }
    let length = name.chars().count();
    if length > MAX_PLAYER_NAME {
        return Err(Some(ProtoError::new(
            ErrorCode::InvalidArgument,
            format!("a player name has at most {MAX_PLAYER_NAME} characters, not {length}"),
        )));
    }
    Ok(Command::Record(RecordCommand::SetPlayer(
        side,
        name.to_string(),
    )))
}

/// Parses the arguments of `analyse` (or `analyze`): `game` or `match`.
pub fn parse_analyse(first: &str, args: &str) -> Result<Command, ProtoError> {
    match args.trim().to_ascii_lowercase().as_str() {
        "game" => Ok(Command::Record(RecordCommand::Analyse(Scope::Game))),
        "match" => Ok(Command::Record(RecordCommand::Analyse(Scope::Match))),
        _ => Err(ProtoError::new(
            ErrorCode::Syntax,
            format!("usage: {} game | {0} match", first.to_ascii_lowercase()),
        )),
    }
}

/// Parses the arguments of `save` or `load`: `game|match FILE`. The file
/// name is the rest of the line as written, blanks inside and `#`
/// included (no comment follows it), trailing blanks removed; or, when it
/// begins with `"`, a JSON string (for a name that begins or ends with a
/// blank, or begins with a quote or `#`), which a `#` comment may follow. A name
/// with a control character is refused: replies name the file on one line.
pub fn parse(first: &str, args: &str) -> Result<Command, ProtoError> {
    let usage = || {
        ProtoError::new(
            ErrorCode::Syntax,
            format!(
                "usage: {0} game <file> | {0} match <file>",
                first.to_ascii_lowercase()
            ),
        )
    };
    let args = args.trim_start_matches([' ', '\t']);
    let (scope, file) = args.split_once([' ', '\t']).ok_or_else(usage)?;
    if let Some(e) = super::words::stray_blank(scope) {
        return Err(e);
    }
    let scope = match scope.to_ascii_lowercase().as_str() {
        "game" => Scope::Game,
        "match" => Scope::Match,
        _ => return Err(usage()),
    };
    let file = file_name(file.trim_matches([' ', '\t']))?;
    if file.is_empty() {
        return Err(usage());
    }
    Ok(Command::Record(if first.eq_ignore_ascii_case("save") {
        RecordCommand::Save(scope, file)
    } else {
        RecordCommand::Load(scope, file)
    }))
}

/// A file name as written: verbatim, or a JSON string when it begins
/// with `"`.
fn file_name(text: &str) -> Result<String, ProtoError> {
    let invalid = |m: String| ProtoError::new(ErrorCode::InvalidArgument, m);
    let name = if text.starts_with('"') {
        let mut values = serde_json::Deserializer::from_str(text).into_iter::<String>();
        let name = match values.next() {
            Some(Ok(name)) => name,
            _ => {
                return Err(ProtoError::new(
                    ErrorCode::Syntax,
                    "a file name that begins with '\"' is a JSON string: \"my file.txt\"",
                ));
            }
        };
        let after = text[values.byte_offset()..].trim_start_matches([' ', '\t']);
        if !(after.is_empty() || after.starts_with('#')) {
            return Err(ProtoError::new(
                ErrorCode::Syntax,
                "nothing but a comment may follow a quoted file name",
            ));
        }
        name
    } else if text.starts_with('#') {
        // Most likely a comment where the name was forgotten.
        return Err(ProtoError::new(
            ErrorCode::Syntax,
            "a file name beginning with '#' is written as a JSON string: \"#1.txt\"",
        ));
    } else {
        text.to_string()
    };
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(invalid(format!(
            "a file name with the control character U+{:04X} is not accepted",
            u32::from(c)
        )));
    }
    Ok(name)
}
