//! Every refused record names a line, or says "the whole file" (issue 63):
//! valid Plakoto, Portes, Fevga and Tavli match records, saved by the
//! engine, are mutated (bytes flipped, inserted or deleted, bytes that are
//! not UTF-8, lines dropped, duplicated or swapped, blanks and comments
//! put in) and loaded with `load
//! match FILE`. Each refusal must be `? bad_record: FILE: line N: …` (N a
//! line of the file, or the one after its last) or `? bad_record: FILE:
//! the whole file: …`, never an `io` error or a message with no place;
//! each mutant accepted must round-trip: its text form reads back to the
//! same record, and saved again by the session it loads in a fresh one to
//! the same game, score and listing.
//!
//! 9,600 mutants (2,400 a game) by default; `PROPTEST_CASES=N` asks for N
//! a game instead.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use plakoto_protocol::Session;
use plakoto_records::record::Record;
use plakoto_rules::{Fevga, Portes};
use plakoto_rules::{GameKind, Phase, Rules};

/// The games whose records are mutated: the line that sets a session to
/// the game (a record is loaded in a session of its game; a Tavli match
/// record in any), and the line that starts a match of it.
const GAMES: [(&str, &str); 4] = [
    ("plakoto", "new match 3"),
    ("portes", "new match 3"),
    ("fevga", "new match 3"),
    ("tavli", "new match 3 tavli"),
];

/// Mutants of each game, unless `PROPTEST_CASES` says otherwise.
const CASES_A_GAME: u32 = 2_400;

fn reply(s: &mut Session, line: &str) -> String {
    s.handle_line(line).expect("a command").text
}

/// A session of `game` as the tests use it: the heuristic at 0 plies,
/// fast.
fn session(game: &str) -> Session {
    let mut s = Session::with_heuristic(Rules::default(), 11);
    assert!(reply(&mut s, "set evaluation plies 0").starts_with('='));
    if game != "tavli" {
        let r = reply(&mut s, &format!("set game {game}"));
        assert!(r.starts_with('='), "{r}");
    }
    s
}

/// A folder of this test's own, removed by nobody: the process's temp
/// folder cleans up after the run (`tempfile`'s names never meet).
fn scratch() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("a temporary folder"))
        .path()
}

fn next_file(what: &str) -> PathBuf {
    static FILES: AtomicU64 = AtomicU64::new(0);
    let n = FILES.fetch_add(1, Ordering::Relaxed);
    scratch().join(format!("{what}-{n}.txt"))
}

/// The record of a match of `game` played by the engine against itself:
/// two games or so (the second one unfinished, most often), saved as text.
fn base_record(game: &str, start: &str) -> String {
    let mut s = session(game);
    let r = reply(&mut s, start);
    assert!(r.starts_with('='), "{start}: {r}");
    let mut games = 0;
    for _ in 0..120 {
        if over(&s) {
            games += 1;
            if games == 2 || !reply(&mut s, "new game").starts_with('=') {
                break;
            }
        }
        reply(&mut s, "roll");
        reply(&mut s, "play");
    }
    let file = next_file("base");
    let saved = reply(&mut s, &format!("save match {}", file.display()));
    assert!(saved.starts_with('='), "{saved}");
    std::fs::read_to_string(&file).unwrap()
}

/// Whether the session's game in play is over (a Tavli match moves on to
/// its next game by itself).
fn over(session: &Session) -> bool {
    let state = session.state();
    match state.game_kind {
        GameKind::Plakoto => state.plakoto().phase() == Phase::Over,
        GameKind::Portes => state.table::<Portes>().phase() == Phase::Over,
        GameKind::Fevga => state.table::<Fevga>().phase() == Phase::Over,
    }
}

/// The records of [`GAMES`], made once.
fn bases() -> &'static Vec<String> {
    static BASES: OnceLock<Vec<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        GAMES
            .iter()
            .map(|(game, start)| base_record(game, start))
            .collect()
    })
}

/// One change to a record's bytes; positions are taken modulo the length.
#[derive(Clone, Debug)]
enum Mutation {
    Flip {
        at: usize,
        mask: u8,
    },
    Insert {
        at: usize,
        byte: u8,
    },
    Delete {
        at: usize,
        len: usize,
    },
    /// A sequence that is not UTF-8 (a lone continuation byte, a lead
    /// byte cut short, an overlong form, a surrogate, 0xFF).
    NotUtf8 {
        at: usize,
        which: usize,
    },
    DropLine {
        line: usize,
    },
    DuplicateLine {
        line: usize,
    },
    SwapLines {
        a: usize,
        b: usize,
    },
    /// Blanks where a reader may or may not allow them: `text` put at the
    /// end of a line (before its line end) or as a line of its own.
    Blanks {
        line: usize,
        text: usize,
        own_line: bool,
    },
}

/// What [`Mutation::Blanks`] puts in.
const BLANKS: [&[u8]; 5] = [b" ", b"\t", b"\r", b"  # note", b""];

const NOT_UTF8: [&[u8]; 6] = [
    &[0x80],
    &[0xC3],
    &[0xE2, 0x82],
    &[0xC0, 0xAF],
    &[0xED, 0xA0, 0x80],
    &[0xFF],
];

/// Bytes worth inserting: the record's own punctuation, digits, letters,
/// blanks and line ends, and any byte at all.
fn inserted_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => prop::sample::select(b"0123456789-/:*\" []{};\n\r\tXOabcdefghGSR#".to_vec()),
        1 => any::<u8>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<usize>();
    prop_oneof![
        3 => (at, 1u8..=255).prop_map(|(at, mask)| Mutation::Flip { at, mask }),
        3 => (at, inserted_byte()).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        3 => (at, 1usize..12).prop_map(|(at, len)| Mutation::Delete { at, len }),
        2 => (at, 0..NOT_UTF8.len()).prop_map(|(at, which)| Mutation::NotUtf8 { at, which }),
        2 => at.prop_map(|line| Mutation::DropLine { line }),
        2 => at.prop_map(|line| Mutation::DuplicateLine { line }),
        1 => (at, at).prop_map(|(a, b)| Mutation::SwapLines { a, b }),
        3 => (at, 0..BLANKS.len(), any::<bool>())
            .prop_map(|(line, text, own_line)| Mutation::Blanks { line, text, own_line }),
    ]
}

/// The lines of `bytes`, each with its line end.
fn split_lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

fn apply(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let position = |at: usize, len: usize| if len == 0 { 0 } else { at % len };
    match *mutation {
        Mutation::Flip { at, mask } => {
            if !bytes.is_empty() {
                let i = position(at, bytes.len());
                bytes[i] ^= mask;
            }
        }
        Mutation::Insert { at, byte } => {
            let i = position(at, bytes.len() + 1);
            bytes.insert(i, byte);
        }
        Mutation::Delete { at, len } => {
            let i = position(at, bytes.len());
            let end = (i + len).min(bytes.len());
            bytes.drain(i..end);
        }
        Mutation::NotUtf8 { at, which } => {
            let i = position(at, bytes.len() + 1);
            bytes.splice(i..i, NOT_UTF8[which].iter().copied());
        }
        Mutation::DropLine { line } | Mutation::DuplicateLine { line } => {
            let mut lines = split_lines(bytes);
            if lines.is_empty() {
                return;
            }
            let i = position(line, lines.len());
            if matches!(mutation, Mutation::DropLine { .. }) {
                lines.remove(i);
            } else {
                let copy = lines[i].clone();
                lines.insert(i, copy);
            }
            *bytes = lines.concat();
        }
        Mutation::Blanks {
            line,
            text,
            own_line,
        } => {
            let mut lines = split_lines(bytes);
            if lines.is_empty() {
                return;
            }
            let i = position(line, lines.len());
            if own_line {
                let mut blank = BLANKS[text].to_vec();
                blank.push(b'\n');
                lines.insert(i, blank);
            } else {
                let end = lines[i].len() - usize::from(lines[i].ends_with(b"\n"));
                lines[i].splice(end..end, BLANKS[text].iter().copied());
            }
            *bytes = lines.concat();
        }
        Mutation::SwapLines { a, b } => {
            let mut lines = split_lines(bytes);
            if lines.is_empty() {
                return;
            }
            let (a, b) = (position(a, lines.len()), position(b, lines.len()));
            lines.swap(a, b);
            *bytes = lines.concat();
        }
    }
}

/// What a session shows that a record must bring back.
fn observed(s: &mut Session) -> (String, String, plakoto_rules::MatchScore) {
    (
        reply(s, "show position"),
        reply(s, "show game"),
        s.state().score,
    )
}

/// How the mutants fared, over the whole run (whole-file refusals counted
/// where they are checked).
static REFUSED: AtomicUsize = AtomicUsize::new(0);
static ACCEPTED: AtomicUsize = AtomicUsize::new(0);
static WHOLE_FILE: AtomicUsize = AtomicUsize::new(0);

/// What became of a mutant.
#[derive(Debug, PartialEq, Eq)]
enum Fate {
    Refused,
    Accepted,
}

/// Loads the mutant `bytes` in a session of `game` and checks its
/// refusal's place, or its round trip.
fn check_mutant(game: &str, bytes: &[u8]) -> Result<Fate, TestCaseError> {
    let file = next_file("mutant");
    std::fs::write(&file, bytes).unwrap();
    let shown = || String::from_utf8_lossy(bytes).into_owned();
    let mut t = session(game);
    let loaded = reply(&mut t, &format!("load match {}", file.display()));
    let _ = std::fs::remove_file(&file);
    if let Some(refusal) = loaded.strip_prefix("? ") {
        let prefix = format!("bad_record: {}: ", file.display());
        let place = refusal.strip_prefix(&prefix).ok_or_else(|| {
            TestCaseError::fail(format!(
                "not a bad_record naming the file: {loaded}\n{}",
                shown()
            ))
        })?;
        let lines = bytes.split(|&b| b == b'\n').count();
        let named = place
            .strip_prefix("line ")
            .and_then(|rest| rest.split_once(": "))
            .and_then(|(n, _)| n.parse::<usize>().ok());
        match named {
            Some(n) => prop_assert!(
                (1..=lines + 1).contains(&n),
                "line {n} of {lines}: {loaded}\n{}",
                shown()
            ),
            None => {
                prop_assert!(
                    place.starts_with("the whole file: "),
                    "no line and not the whole file: {loaded}\n{}",
                    shown()
                );
                WHOLE_FILE.fetch_add(1, Ordering::Relaxed);
            }
        }
        return Ok(Fate::Refused);
    }
    prop_assert!(loaded.starts_with('='), "{loaded}");
    // Its text form reads back to the same record.
    let text = std::str::from_utf8(bytes).expect("an accepted record is UTF-8");
    let record = Record::read(text).expect("an accepted record reads");
    let written = record.to_string();
    let again: Record = written.parse().expect("its text form reads");
    prop_assert_eq!(again.to_string(), written, "{}", shown());
    prop_assert_eq!(again.to_json(), record.to_json(), "{}", shown());
    // Saved by the session that loaded it, it loads to the same game.
    let saved = next_file("saved");
    let r = reply(&mut t, &format!("save match {}", saved.display()));
    prop_assert!(r.starts_with('='), "{r}\n{}", shown());
    let mut u = session(game);
    let r = reply(&mut u, &format!("load match {}", saved.display()));
    let _ = std::fs::remove_file(&saved);
    prop_assert!(r.starts_with('='), "{r}\n{}", shown());
    prop_assert_eq!(observed(&mut t), observed(&mut u), "{}", shown());
    Ok(Fate::Accepted)
}

#[test]
fn the_unmutated_records_load() {
    for (base, (game, _)) in bases().iter().zip(GAMES) {
        assert!(base.lines().count() > 12, "{game}: {base}");
        let fate = check_mutant(game, base.as_bytes()).unwrap_or_else(|e| panic!("{game}: {e}"));
        assert_eq!(fate, Fate::Accepted, "{game}: {base}");
    }
}

#[test]
fn every_refused_mutant_names_a_line_or_the_whole_file() {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .unwrap_or(CASES_A_GAME);
    for (base, (game, _)) in bases().iter().zip(GAMES) {
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        let mutants = prop::collection::vec(mutation(), 1..4);
        let before = (
            REFUSED.load(Ordering::Relaxed),
            ACCEPTED.load(Ordering::Relaxed),
        );
        let result = runner.run(&mutants, |mutations| {
            let mut bytes = base.as_bytes().to_vec();
            for m in &mutations {
                apply(&mut bytes, m);
            }
            let counter = match check_mutant(game, &bytes)? {
                Fate::Refused => &REFUSED,
                Fate::Accepted => &ACCEPTED,
            };
            counter.fetch_add(1, Ordering::Relaxed);
            Ok(())
        });
        if let Err(e) = result {
            panic!("{game}: {e}");
        }
        // Each game's mutants were both refused and accepted.
        let refused = REFUSED.load(Ordering::Relaxed) - before.0;
        let accepted = ACCEPTED.load(Ordering::Relaxed) - before.1;
        eprintln!("{game}: {refused} refused, {accepted} accepted");
        assert!(
            refused > 0 && accepted > 0,
            "{game}: {refused} refused, {accepted} accepted"
        );
    }
    // Every class of mutant was met: refusals (whole-file ones among
    // them) and acceptances.
    let (refused, accepted) = (
        REFUSED.load(Ordering::Relaxed),
        ACCEPTED.load(Ordering::Relaxed),
    );
    eprintln!(
        "{refused} refused ({} the whole file), {accepted} accepted",
        WHOLE_FILE.load(Ordering::Relaxed)
    );
    assert!(
        refused > 0 && accepted > 0,
        "{refused} refused, {accepted} accepted"
    );
}

/// The refusals that had no line (issue 63): an empty file and one with
/// no game (the whole file), one with no header (the line where it was
/// due), bytes that are not UTF-8 (at their line).
#[test]
fn refusals_with_no_line_of_their_own() {
    let mut s = session("plakoto");
    let mut load = |bytes: &[u8]| {
        let file = next_file("plain");
        std::fs::write(&file, bytes).unwrap();
        let r = reply(&mut s, &format!("load match {}", file.display()));
        let prefix = format!("? bad_record: {}: ", file.display());
        r.strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{r}"))
            .to_string()
    };
    assert!(load(b"").starts_with("the whole file: "), "{}", load(b""));
    let header_only = load(b"; Plakoto game record, format 1\n");
    assert!(header_only.starts_with("the whole file: "), "{header_only}");
    // Without header lines, the first game's line is where they were due.
    let no_header = load(b"Game 1\nScore X 0 O 0\n");
    assert!(no_header.starts_with("line 1: the header "), "{no_header}");
    let base = &bases()[0];
    let mut bytes = base.as_bytes().to_vec();
    let third_line = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(1)
        .unwrap()
        .0
        + 1;
    bytes.insert(third_line + 2, 0xFF);
    let not_utf8 = load(&bytes);
    assert!(
        not_utf8.starts_with("line 3: not UTF-8 text: byte 3 of the line is 0xFF"),
        "{not_utf8}"
    );
}
