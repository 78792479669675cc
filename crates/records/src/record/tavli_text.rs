//! The text form's parts of a Tavli match record (records.md, "Tavli
//! match records"): its header (`; [Game "tavli"]`, the sequence, who
//! starts after a draw, the number of its first game, and the switches of
//! every game) and the kind each `Game N <kind>` line names.

use super::error::{RecordError, RecordErrorKind};
use super::games::portes::parse_portes_scoring;
use super::{Header, TavliHeader};
use plakoto_rules::{GameKind, Plakoto, Portes};

/// A header line whose value is refused, at its line.
pub(super) fn bad_header(key: &str, line: usize, reason: String) -> RecordError {
    RecordError::at_line(
        line,
        RecordErrorKind::Header {
            key: key.to_string(),
            reason,
        },
    )
}

/// Reads a Tavli match record's header lines (`find` gives a key's value
/// and line) into `header` (the games' switches) and its Tavli fields.
pub(super) fn read_tavli_header<'a>(
    find: &impl Fn(&'static str) -> Option<(&'a str, usize)>,
    header: &mut Header,
) -> Result<TavliHeader, RecordError> {
    let mut tavli = TavliHeader::default();
    if let Some((value, l)) = find("Sequence") {
        tavli.sequence = value
            .parse()
            .map_err(|e: plakoto_rules::tavli::TavliRulesError| {
                bad_header("Sequence", l, e.to_string())
            })?;
    }
    if let Some((value, l)) = find("AfterDraw") {
        tavli.after_draw = value
            .parse()
            .map_err(|e: plakoto_rules::tavli::TavliRulesError| {
                bad_header("AfterDraw", l, e.to_string())
            })?;
    }
    if let Some((value, l)) = find("FirstGame") {
        tavli.first_game = value
            .parse::<u32>()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| {
                bad_header(
                    "FirstGame",
                    l,
                    format!("'{value}' is not a game number 1, 2, …"),
                )
            })?;
    }
    let missing = |key: &'static str| RecordError::at_line(0, RecordErrorKind::MissingHeader(key));
    let (rules, l) = find("Rules").ok_or_else(|| missing("Rules"))?;
    let mut plakoto = header.games.get::<Plakoto>();
    plakoto.rules.variant = rules
        .parse()
        .map_err(|e: plakoto_rules::RulesError| bad_header("Rules", l, e.to_string()))?;
    let (scoring, l) = find("Scoring").ok_or_else(|| missing("Scoring"))?;
    plakoto.rules.scoring = scoring
        .parse()
        .map_err(|e: plakoto_rules::RulesError| bad_header("Scoring", l, e.to_string()))?;
    header.games = header.games.with(plakoto);
    if let Some((value, l)) = find("PortesScoring") {
        let scoring = parse_portes_scoring(value).map_err(|e| bad_header("PortesScoring", l, e))?;
        header.games = header.games.with(Portes::new(scoring));
    }
    if let Some((value, l)) = find("Switches") {
        header.games = header
            .games
            .with_switch_words(value)
            .map_err(|why| bad_header("Switches", l, why))?;
    }
    if let Some((value, l)) = find("Opening") {
        header.opening = value
            .parse()
            .map_err(|e: plakoto_rules::tavli::OpeningError| {
                bad_header("Opening", l, e.to_string())
            })?;
    }
    Ok(tavli)
}

/// The kind a `Game N <kind>` line names (`word`, empty when none): every
/// game of a Tavli match record names one, no game of another record.
pub(super) fn read_game_kind(
    line: usize,
    word: &str,
    tavli: bool,
) -> Result<Option<GameKind>, RecordError> {
    let syntax = |what: String| RecordError::at_line(line, RecordErrorKind::Syntax(what));
    match (tavli, word.is_empty()) {
        (true, true) => Err(syntax(
            "a game of a Tavli match record names its game: 'Game 2 plakoto'".into(),
        )),
        (true, false) => word
            .parse()
            .map(Some)
            .map_err(|e: plakoto_rules::GameKindError| syntax(e.to_string())),
        (false, true) => Ok(None),
        (false, false) => Err(syntax(format!(
            "'{word}' after the game's number: only a Tavli match record names each game's kind"
        ))),
    }
}
