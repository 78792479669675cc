//! Jellyfish `.mat` match files, the text backgammon programs exchange
//! matches in (GNU Backgammon's `import mat` and `export match mat`, XG,
//! BGBlitz, the servers), read into and written from a Portes [`Record`].
//!
//! A `.mat` file is `; [Key "value"]` comment lines, ` N point match`, and
//! its games: ` Game N`, a line `left-name : score   right-name : score`,
//! numbered lines each holding the left player's turn and the right
//! player's (`  3) 52: 13/8 6/4*          31: 8/5 6/5`: the dice, larger
//! first, then each step `from/to`, `25` the bar, `0` off, `*` a hit; an
//! empty play when no checker could move), and `Wins N point(s)` in the
//! winner's column. The left player is our X, the right one O.
//!
//! Reading: the games are replayed through the Portes rules like any
//! record. A cube action (`Doubles`, `Takes`, `Drops`, `Beavers`) is
//! refused with its line: Portes has no cube. A game that ends before its
//! board is finished was resigned: it is read as a forfeit of the points
//! written. A match from a backgammon program counts a backgammon 3
//! (`triple` scoring) unless its results say 2; every game starts as
//! backgammon does, with an opening roll whose two dice the starter plays
//! (the `western` opening), and a game the last winner does not start is
//! read as starting from the initial position with that side on roll.
//!
//! Writing: Portes records only (Plakoto and Fevga have no `.mat` form),
//! every game from the initial position.

use std::fmt::Write as _;

use plakoto_rules::Portes;
use plakoto_rules::portes::{PortesPlay, PortesScoring, Source};
use plakoto_rules::tavli::{Opening, TableGame, TavliGames};
use plakoto_rules::{GameKind, Side, TavliGame};

use super::{Ending, GameEnd, Header, Record, RecordedGame, Roll, Start, Turn};
use plakoto_rules::ResultKind;

/// Why a `.mat` file cannot be read or a record cannot be written as one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{reason}", if *line > 0 { format!("line {line}: ") } else { String::new() })]
pub struct MatError {
    /// The line of the file (1-based; 0 when not about one line).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

fn err(line: usize, reason: impl Into<String>) -> MatError {
    MatError {
        line,
        reason: reason.into(),
    }
}

/// Whether `path` names a `.mat` file (by its extension, any case).
pub fn is_mat_path(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mat"))
}

/// Why a `.mat` file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum MatFileError {
    /// The file could not be read (the message names it).
    #[error("{0}")]
    Io(String),
    /// The file is not a Portes match (the message names it and the line).
    #[error("{0}")]
    Mat(String),
}

/// Reads a `.mat` file (bounded in size as record files are) as a Portes
/// record, replayed and checked.
pub fn read_mat_file(path: &std::path::Path) -> Result<Record, MatFileError> {
    let shown = path.display();
    let meta = std::fs::metadata(path)
        .map_err(|e| MatFileError::Io(format!("cannot read {shown}: {e}")))?;
    if meta.len() > super::file::MAX_RECORD_BYTES {
        return Err(MatFileError::Io(format!(
            "{shown} is larger than {} bytes",
            super::file::MAX_RECORD_BYTES
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| MatFileError::Io(format!("cannot read {shown}: {e}")))?;
    read_mat(&text).map_err(|e| MatFileError::Mat(format!("{shown}: {e}")))
}

/// Width of the left player's column after `NNN) `.
const LEFT_WIDTH: usize = 28;

// ---------------------------------------------------------------- writing

/// The `.mat` text of a Portes record. Errors: another game, a game set up
/// from a position other than the start, or a record that does not replay.
pub fn write_mat(record: &Record) -> Result<String, MatError> {
    if record.header.game != GameKind::Portes || record.header.tavli.is_some() {
        let what = if record.header.tavli.is_some() {
            "a Tavli match".to_string()
        } else {
            format!("{}", record.header.game)
        };
        return Err(err(
            0,
            format!(
                "{what} has no .mat form: .mat files hold backgammon (Portes) matches; save it as a record (records.md)"
            ),
        ));
    }
    let replay = record
        .replay_portes()
        .map_err(|e| err(0, format!("the record does not replay: {e}")))?;
    let portes = record.header.games.get::<Portes>();
    let start = portes.start();
    let mut out = String::new();
    let _ = writeln!(out, "; [Variation \"Portes (cubeless backgammon)\"]");
    let _ = writeln!(out, "\n {} point match\n", record.header.match_length);
    let mut turns = replay.turns.iter().peekable();
    for (gi, game) in record.games.iter().enumerate() {
        if let Start::Position { position_id, .. } = &game.start
            && position_id.as_str() != portes.position_id(&start)
        {
            return Err(err(
                0,
                format!(
                    "game {} starts from a position set by hand ({position_id}); a .mat game starts from the initial position",
                    gi + 1
                ),
            ));
        }
        let _ = writeln!(out, " Game {}", gi + 1);
        let left = format!(" {} : {}", record.header.x, game.score[0]);
        let _ = writeln!(out, "{left:<33}{} : {}", record.header.o, game.score[1]);
        let mut number = 0;
        let mut line = String::new();
        let mut left_done = false;
        while let Some(t) = turns.next_if(|t| t.game == gi) {
            let side = t.before.on_roll();
            let dice = t.before.dice().map_or([0, 0], |d| [d.0.pips(), d.1.pips()]);
            let cell = format!(
                "{}{}: {}",
                dice[0].max(dice[1]),
                dice[0].min(dice[1]),
                mat_steps(&t.before, &t.play)
            );
            match side {
                Side::X => {
                    if !line.is_empty() {
                        let _ = writeln!(out, "{}", line.trim_end());
                    }
                    number += 1;
                    line = format!("{number:>3}) {cell:<LEFT_WIDTH$}");
                    if cell.len() >= LEFT_WIDTH {
                        // As gnubg does: one blank before a long left turn's
                        // neighbour.
                        line.push(' ');
                    }
                    left_done = true;
                }
                Side::O => {
                    if !left_done {
                        if !line.is_empty() {
                            let _ = writeln!(out, "{}", line.trim_end());
                        }
                        number += 1;
                        line = format!("{number:>3}) {:<LEFT_WIDTH$}", "");
                    }
                    line.push_str(&cell);
                    let _ = writeln!(out, "{}", line.trim_end());
                    line.clear();
                    left_done = false;
                }
            }
        }
        if !line.is_empty() {
            let _ = writeln!(out, "{}", line.trim_end());
        }
        if let Some(GameEnd {
            winner: Some(w),
            points,
            ..
        }) = game.end
        {
            let plural = if points == 1 { "" } else { "s" };
            let indent = if w == Side::X { 6 } else { 34 };
            let _ = writeln!(out, "{:indent$}Wins {points} point{plural}", "");
        }
        out.push('\n');
    }
    Ok(out)
}

/// A play as `.mat` writes it: each step `from/to`, `25` the bar, `0` off,
/// `*` after a hit; in playing order.
fn mat_steps(before: &TableGame<Portes>, play: &PortesPlay) -> String {
    let mut position = *before.position();
    let mut steps = Vec::new();
    for step in play.steps.iter() {
        let hit = matches!(
            position.check_step(step),
            Ok(plakoto_rules::portes::StepEffect::Hit)
        );
        let from = match step.from {
            Source::Bar => 25,
            Source::Point(p) => p.number(),
        };
        let to = step.to().map_or(0, |p| p.number());
        steps.push(format!("{from}/{to}{}", if hit { "*" } else { "" }));
        position = position.apply_step(step);
    }
    steps.join(" ")
}

// ---------------------------------------------------------------- reading

/// One game as read, before its start and end are settled by replaying.
struct ReadGame {
    line: usize,
    score: [u32; 2],
    turns: Vec<Turn>,
    /// Winner, points and line of its `Wins` line.
    wins: Option<(Side, u8, usize)>,
}

/// Reads a `.mat` file's text as a Portes record (see the module doc).
pub fn read_mat(text: &str) -> Result<Record, MatError> {
    let (match_length, names, games) = scan(text)?;
    if games.is_empty() {
        return Err(err(0, "the file holds no game ('Game 1' …)"));
    }
    let mut first_error = None;
    for scoring in [PortesScoring::Triple, PortesScoring::Standard] {
        match settle(match_length, &names, &games, scoring) {
            Ok(record) => return Ok(record),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| err(0, "no game")))
}

type Scanned = (u8, [String; 2], Vec<ReadGame>);

/// The match length, the names and the games' lines.
fn scan(text: &str) -> Result<Scanned, MatError> {
    let mut match_length = None;
    let mut names = [String::from("X"), String::from("O")];
    let mut games: Vec<ReadGame> = Vec::new();
    // The column where the right player's turns begin.
    let mut right_column = 5 + LEFT_WIDTH;
    let mut expect_names = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with(';') {
            continue;
        }
        let words: Vec<&str> = trimmed.split_whitespace().collect();
        if words.len() >= 3 && words[1] == "point" && words[2] == "match" {
            let length: u8 = words[0]
                .parse()
                .ok()
                .filter(|l| *l <= 127)
                .ok_or_else(|| err(n, format!("'{}' is no match length 0-127", words[0])))?;
            match_length = Some(length);
            continue;
        }
        if words.len() == 2 && words[0] == "Game" && words[1].parse::<u32>().is_ok() {
            games.push(ReadGame {
                line: n,
                score: [0, 0],
                turns: Vec::new(),
                wins: None,
            });
            expect_names = true;
            continue;
        }
        let Some(game) = games.last_mut() else {
            return Err(err(n, format!("'{trimmed}' before the first 'Game' line")));
        };
        if expect_names {
            let (read, score) = names_line(trimmed).ok_or_else(|| {
                err(
                    n,
                    format!("'{trimmed}' is not 'name : score   name : score'"),
                )
            })?;
            names = read;
            game.score = score;
            expect_names = false;
            continue;
        }
        if let Some(at) = line.find("Wins") {
            let points: u8 = words
                .get(1)
                .and_then(|p| p.parse().ok())
                .ok_or_else(|| err(n, format!("'{trimmed}' is not 'Wins N points'")))?;
            let side = if at < right_column - 4 {
                Side::X
            } else {
                Side::O
            };
            game.wins = Some((side, points, n));
            continue;
        }
        turn_line(line, n, &mut right_column, &mut game.turns)?;
    }
    let match_length = match_length.ok_or_else(|| err(0, "no ' N point match' line"))?;
    Ok((match_length, names, games))
}

/// `left : 3      right : 5` → the names and scores.
fn names_line(text: &str) -> Option<([String; 2], [u32; 2])> {
    let (left, rest) = text.split_once(" : ")?;
    let rest = rest.trim_start();
    let digits = rest.find(|c: char| !c.is_ascii_digit())?;
    let left_score: u32 = rest[..digits].parse().ok()?;
    let (right, right_score) = rest[digits..].trim().rsplit_once(" : ")?;
    Some((
        [left.trim().to_string(), right.trim().to_string()],
        [left_score, right_score.trim().parse().ok()?],
    ))
}

/// A word that writes a cube action.
fn is_cube_word(word: &str) -> bool {
    [
        "doubles", "takes", "drops", "beavers", "accepts", "passes", "raccoons",
    ]
    .contains(&word.to_ascii_lowercase().as_str())
}

/// Reads `  N) 52: 13/8 …     31: …` into turns (X's, then O's).
fn turn_line(
    line: &str,
    n: usize,
    right_column: &mut usize,
    turns: &mut Vec<Turn>,
) -> Result<(), MatError> {
    let Some(close) = line.find(')') else {
        return Err(err(
            n,
            format!("'{}' is no line of a .mat file", line.trim()),
        ));
    };
    if !line[..close].trim().chars().all(|c| c.is_ascii_digit()) || line[..close].trim().is_empty()
    {
        return Err(err(
            n,
            format!("'{}' is no line of a .mat file", line.trim()),
        ));
    }
    // Words with their columns.
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().skip(close + 1) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                words.push((s, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push((s, &line[s..]));
    }
    if let Some((_, cube)) = words.iter().find(|(_, w)| is_cube_word(w)) {
        return Err(err(
            n,
            format!("a cube action ('{cube}'): Portes has no cube, so its matches have none"),
        ));
    }
    let rolls: Vec<usize> = (0..words.len()).filter(|&i| is_roll(words[i].1)).collect();
    if rolls.len() > 2 {
        return Err(err(n, "more than two turns on one line"));
    }
    if rolls.len() == 2 {
        *right_column = words[rolls[1]].0;
    }
    if let Some(stray) = words.get(..rolls.first().copied().unwrap_or(words.len()))
        && let Some((_, w)) = stray.first()
    {
        return Err(err(n, format!("'{w}' before the dice")));
    }
    for (k, &r) in rolls.iter().enumerate() {
        let (column, roll) = words[r];
        let side = if rolls.len() == 2 {
            if k == 0 { Side::X } else { Side::O }
        } else if column + 4 < *right_column {
            Side::X
        } else {
            Side::O
        };
        let end = rolls.get(k + 1).copied().unwrap_or(words.len());
        let steps: Vec<String> = words[r + 1..end]
            .iter()
            .map(|(_, w)| our_step(w).ok_or_else(|| err(n, format!("'{w}' is no move"))))
            .collect::<Result<_, _>>()?;
        let digits: Vec<u8> = roll.bytes().take(2).map(|b| b - b'0').collect();
        turns.push(Turn {
            side,
            roll: Roll::Dice([digits[0], digits[1]]),
            play: if steps.is_empty() {
                "pass".to_string()
            } else {
                steps.join(" ")
            },
            line: n,
        });
    }
    Ok(())
}

/// `52:`: two dice 1–6 and a colon.
fn is_roll(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 3 && (b'1'..=b'6').contains(&b[0]) && (b'1'..=b'6').contains(&b[1]) && b[2] == b':'
}

/// A `.mat` step (`25/20*`, `6/0`, `bar/20`, `6/off`) in our notation.
fn our_step(word: &str) -> Option<String> {
    let (from, to) = word.split_once('/')?;
    let hit = to.ends_with('*');
    let to = to.trim_end_matches('*');
    let from = match from.to_ascii_lowercase().as_str() {
        "25" | "bar" => "bar".to_string(),
        f if f.parse::<u8>().is_ok_and(|p| (1..=24).contains(&p)) => f.to_string(),
        _ => return None,
    };
    let to = match to.to_ascii_lowercase().as_str() {
        "0" | "off" => "off".to_string(),
        t if t.parse::<u8>().is_ok_and(|p| (1..=24).contains(&p)) => t.to_string(),
        _ => return None,
    };
    Some(format!("{from}/{to}{}", if hit { "*" } else { "" }))
}

/// The record of the games read, under `scoring`: each game's start and
/// end settled by replaying the games before it.
fn settle(
    match_length: u8,
    names: &[String; 2],
    games: &[ReadGame],
    scoring: PortesScoring,
) -> Result<Record, MatError> {
    let header = Header {
        game: GameKind::Portes,
        games: TavliGames::default().with(Portes::new(scoring)),
        opening: Opening::Western,
        match_length,
        x: names[0].clone(),
        o: names[1].clone(),
        ..Header::default()
    };
    let portes = Portes::new(scoring);
    let start_id = portes.position_id(&portes.start());
    let mut record = Record::new(header);
    let mut previous_winner: Option<Side> = None;
    for (gi, g) in games.iter().enumerate() {
        let first = g.turns.first();
        let start = match first {
            Some(t) if previous_winner == Some(t.side) => Start::Starter(t.side),
            Some(Turn {
                side,
                roll: Roll::Dice([a, b]),
                ..
            }) if gi == 0 && a != b => {
                let (high, low) = ((*a).max(*b), (*a).min(*b));
                Start::Opening(vec![if *side == Side::X {
                    [high, low]
                } else {
                    [low, high]
                }])
            }
            Some(t) => Start::Position {
                position_id: start_id.clone(),
                on_roll: t.side,
                opening: false,
            },
            None => return Err(err(g.line, "a game without a turn")),
        };
        let mut game = RecordedGame::new(g.score, start);
        game.line = g.line;
        game.turns = g.turns.clone();
        // The opening's dice are played starter's die first.
        if let (Start::Opening(_), Some(t)) = (&game.start, game.turns.first_mut())
            && let Roll::Dice([a, b]) = t.roll
        {
            t.roll = Roll::Dice([a.max(b), a.min(b)]);
        }
        // The end as written: on the board, or, when the board is not
        // finished, resigned (read as a forfeit of the points written).
        game.end = g.wins.map(|(side, points, _)| GameEnd {
            ending: Ending::Board(match points {
                1 => ResultKind::Single,
                2 => ResultKind::Double,
                _ => ResultKind::Triple,
            }),
            winner: Some(side),
            points,
        });
        game.result_line = g.wins.map_or(0, |(_, _, line)| line);
        record.games.push(game);
        let mut replayed = record.replay_portes();
        let result_line = record.games[gi].result_line;
        if let (Err(e), Some(end)) = (&replayed, record.games[gi].end.as_mut())
            && e.game == Some(gi + 1)
            && matches!(e.kind, super::RecordErrorKind::Result { .. })
        {
            if !(1..=3).contains(&end.points) {
                return Err(err(
                    result_line,
                    format!("{} points: a game is worth 1-3", end.points),
                ));
            }
            end.ending = Ending::Forfeit;
            replayed = record.replay_portes();
        }
        let replay = replayed.map_err(replay_error)?;
        if replay.ends[gi].is_none() && gi + 1 < games.len() {
            return Err(err(
                g.line,
                "a game that neither finishes nor has a 'Wins' line",
            ));
        }
        let end = replay.ends[gi];
        previous_winner = end.and_then(|e| e.winner);
    }
    // Plays as our notation writes them (gnubg's own: `13/7(2)`,
    // `24/20*/16`), whatever order the file listed the steps in.
    let replay = record.replay_portes().map_err(replay_error)?;
    for t in replay.turns {
        record.games[t.game].turns[t.turn].play = t.notation;
    }
    Ok(record)
}

/// A replay's refusal, at its line of the `.mat` file.
fn replay_error(e: super::RecordError) -> MatError {
    err(e.line.unwrap_or(0), e.kind.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start of a match GNU Backgammon 1.07 exported (cube off).
    const GNUBG: &str = "; [EventDate \"2026.11.27\"]

 3 point match

 Game 1
 gnubg : 0                      root : 0
  1)                             54: 13/8 24/20
  2) 21: 24/22 6/5*              32: 25/22 22/20*
  3) 51: 25/20 6/5*              53: 25/20* 8/5*
  4) 42: 25/23 25/21             21: 6/5 6/4*
  5) 62: 25/23 22/16             53: 6/3 8/3
  6) 64: 16/10 10/6              41: 24/23 8/4
  7) 55: 23/18 23/18 13/8 13/8   43: 8/4 23/20
      Wins 1 point
";

    #[test]
    fn a_gnubg_match_reads_with_a_resigned_game() {
        let record = read_mat(GNUBG).unwrap();
        assert_eq!(record.header.match_length, 3);
        assert_eq!(
            (record.header.x.as_str(), record.header.o.as_str()),
            ("gnubg", "root")
        );
        let g = &record.games[0];
        assert_eq!(g.turns.len(), 13);
        assert_eq!(g.turns[0].side, Side::O);
        assert_eq!(g.turns[0].play, "24/20 13/8");
        assert_eq!(g.turns[2].play, "bar/20*");
        assert_eq!(g.end.unwrap().ending, Ending::Forfeit);
        assert_eq!(g.end.unwrap().winner, Some(Side::X));
        // Written again, it reads back the same.
        let again = read_mat(&write_mat(&record).unwrap()).unwrap();
        let plays = |r: &Record| -> Vec<(Side, String)> {
            r.games[0]
                .turns
                .iter()
                .map(|t| (t.side, t.play.clone()))
                .collect()
        };
        assert_eq!(plays(&again), plays(&record));
    }

    #[test]
    fn cube_actions_are_refused_with_their_line() {
        let text = GNUBG.replace(
            "  5) 62: 25/23 22/16             53: 6/3 8/3",
            "  5)  Doubles => 2                Takes",
        );
        let e = read_mat(&text).unwrap_err();
        assert_eq!(e.line, 11);
        assert!(e.reason.contains("Portes has no cube"), "{e}");
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_line() {
        let text = GNUBG.replace("21: 6/5 6/4*", "21: 6/4 6/5");
        let text = text.replace("64: 16/10 10/6", "64: 16/10 10/5");
        let e = read_mat(&text).unwrap_err();
        assert_eq!(e.line, 12, "{e}");
    }

    #[test]
    fn other_games_have_no_mat_form() {
        let record = Record::new(Header::default());
        let e = write_mat(&record).unwrap_err();
        assert!(e.reason.contains("no .mat form"), "{e}");
    }
}
