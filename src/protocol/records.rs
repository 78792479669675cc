//! Games on record in the protocol: `save game|match FILE`,
//! `load game|match FILE`, `show game`, and keeping the session's record
//! of the games played ([`track`]). The format is records.md's.

use std::path::Path;

use serde::Serialize;

use super::command::Command;
use super::reply::{ErrorCode, ProtoError, Reply, TurnInfo};
use super::session::{SessionState, turn_info};
use crate::game::MatchId;
use crate::game::{Side, position_id};
use crate::record::{
    Event, ReadError, Record, RecordedGame, game_lines, read_record_file, today, write_atomic,
};

/// One game or the whole match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The current (last) game.
    Game,
    /// Every game of the session's record.
    Match,
}

/// A command on records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordCommand {
    /// `save game|match FILE`
    Save(Scope, String),
    /// `load game|match FILE`
    Load(Scope, String),
    /// `show game`
    ShowGame,
    /// `analyse game|match`
    Analyse(Scope),
    /// `set player X|O name NAME`: the name records give the side.
    SetPlayer(Side, String),
}

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
    if let Some(e) = super::parse::stray_blank(scope) {
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

/// `save`: what was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SavedInfo {
    /// The file.
    pub file: String,
    /// Games written.
    pub games: usize,
    /// Turns written.
    pub turns: usize,
    /// `text` or `json`.
    pub format: &'static str,
}

impl SavedInfo {
    /// The text reply.
    pub fn text_lines(&self) -> Vec<String> {
        vec![format!(
            "saved {} game(s), {} turn(s) to {} ({})",
            self.games, self.turns, self.file, self.format
        )]
    }
}

/// `load`: what was read, and the state it left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoadedInfo {
    /// The file.
    pub file: String,
    /// Games read.
    pub games: usize,
    /// Turns replayed.
    pub turns: usize,
    /// Position ID now.
    pub position_id: String,
    /// Match ID now.
    pub match_id: String,
    /// What is to be played now.
    pub turn: TurnInfo,
}

impl LoadedInfo {
    /// The text reply.
    pub fn text_lines(&self) -> Vec<String> {
        vec![
            format!(
                "loaded {} game(s), {} turn(s) from {}",
                self.games, self.turns, self.file
            ),
            format!("{}:{}", self.position_id, self.match_id),
        ]
    }
}

/// `show game`: the current game's turns so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameListing {
    /// The game's number in the session's record (1-based; 0: none yet).
    pub game: usize,
    /// The game as recorded (score before it, start, turns, result).
    #[serde(flatten)]
    pub record: Option<RecordedGame>,
}

impl GameListing {
    /// The text reply: the game in the record's text form.
    pub fn text_lines(&self) -> Vec<String> {
        match &self.record {
            None => vec!["no game recorded yet".into()],
            Some(g) => game_lines(self.game, g),
        }
    }
}

fn io_error(m: impl Into<String>) -> ProtoError {
    ProtoError::new(ErrorCode::Io, m)
}

/// Runs a record command (`evaluator`: the session's, for `analyse`).
pub fn execute(
    s: &mut SessionState,
    evaluator: &dyn crate::eval::Evaluator,
    events: &mut Vec<Event>,
    command: &RecordCommand,
) -> Result<Reply, ProtoError> {
    match command {
        RecordCommand::ShowGame => {
            let n = s.history.games.len();
            Ok(Reply::GameListing(GameListing {
                game: n,
                record: s.history.games.last().cloned(),
            }))
        }
        RecordCommand::Save(scope, file) => save(s, *scope, file),
        RecordCommand::Load(scope, file) => load(s, *scope, file),
        RecordCommand::Analyse(scope) => analyse(s, evaluator, *scope),
        RecordCommand::SetPlayer(side, name) => {
            s.players[side.index()] = name.clone();
            events.push(Event::PlayerNamed(*side, name.clone()));
            Ok(Reply::Setting {
                name: format!("player {side} name"),
                value: name.clone(),
            })
        }
    }
}

/// The session's record of `scope`: the whole record, or its last game
/// alone (no game when none was played yet).
fn record_of(s: &SessionState, scope: Scope) -> Record {
    match scope {
        Scope::Match => s.history.clone(),
        Scope::Game => s
            .history
            .games
            .len()
            .checked_sub(1)
            .and_then(|i| s.history.single_game(i))
            .unwrap_or_else(|| Record::new(s.history.header.clone())),
    }
}

/// `analyse game|match`: the session's record analysed at the session's
/// plies (the game in progress up to its last play).
fn analyse(
    s: &SessionState,
    evaluator: &dyn crate::eval::Evaluator,
    scope: Scope,
) -> Result<Reply, ProtoError> {
    let record = record_of(s, scope);
    if record.turn_count() == 0 {
        return Err(ProtoError::new(ErrorCode::State, "no play to analyse yet"));
    }
    let analysis = crate::analysis::analyse(&record, evaluator, s.search, s.search.plies, &|| {})
        .map_err(|e| ProtoError::new(ErrorCode::BadRecord, e.to_string()))?;
    Ok(Reply::Analysis(Box::new(analysis)))
}

fn save(s: &SessionState, scope: Scope, file: &str) -> Result<Reply, ProtoError> {
    let mut record = record_of(s, scope);
    if record.games.is_empty() {
        return Err(ProtoError::new(
            ErrorCode::State,
            "no game to save: start one with 'new game' or 'roll'",
        ));
    }
    record.header.date = Some(today());
    let json = file.to_ascii_lowercase().ends_with(".json");
    let text = if json {
        record.to_json()
    } else {
        record.to_string()
    };
    write_atomic(Path::new(file), &text)
        .map_err(|e| io_error(format!("cannot write {file}: {e}")))?;
    Ok(Reply::Saved(SavedInfo {
        file: file.to_string(),
        games: record.games.len(),
        turns: record.turn_count(),
        format: if json { "json" } else { "text" },
    }))
}

fn load(s: &mut SessionState, scope: Scope, file: &str) -> Result<Reply, ProtoError> {
    let record = read_record_file(Path::new(file)).map_err(|e| match e {
        ReadError::Io(m) => io_error(m),
        ReadError::Record(e) => ProtoError::new(ErrorCode::BadRecord, format!("{file}: {e}")),
    })?;
    if scope == Scope::Game && record.games.len() != 1 {
        return Err(ProtoError::new(
            ErrorCode::BadRecord,
            format!(
                "{file} holds {} games: 'load game' reads one game, 'load match' a match",
                record.games.len()
            ),
        ));
    }
    let replay = record
        .replay()
        .map_err(|e| ProtoError::new(ErrorCode::BadRecord, format!("{file}: {e}")))?;
    s.game = replay.game;
    s.score = replay.score;
    s.score.length = record.header.match_length;
    s.next_starter = replay.next_starter;
    s.players = [record.header.x.clone(), record.header.o.clone()];
    s.history = record;
    s.history.header.date = None;
    Ok(Reply::Loaded(LoadedInfo {
        file: file.to_string(),
        games: s.history.games.len(),
        turns: replay.turns.len(),
        position_id: position_id(s.game.position()),
        match_id: MatchId::of(&s.game, &s.score).to_string(),
        turn: turn_info(&s.game),
    }))
}
