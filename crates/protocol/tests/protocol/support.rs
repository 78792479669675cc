//! Helpers the protocol tests share: a command's reply, a table game set
//! up with X on roll, and the engine loop driven through a pipe.

use std::io::{BufReader, Write};
use std::thread;
use std::time::Duration;

use plakoto_protocol::Session;
use plakoto_protocol::framing::{Event, Line, ReplyReader};

/// The reply's text (after `= ` or `? `, with its final blank line).
pub fn answer(session: &mut Session, line: &str) -> String {
    session.handle_line(line).expect("a command").text
}

/// X on roll with `dice` at `board` (board text, X's side first).
pub fn set_up(s: &mut Session, board: &str, dice: &str) {
    for line in [
        format!("set board {board}"),
        "set turn X".to_string(),
        format!("set dice {dice}"),
    ] {
        let reply = answer(s, &line);
        assert!(reply.starts_with("= "), "{line}: {reply}");
    }
}

/// Runs the engine loop on `script`: each item is written, then waited
/// for its pause; the input closes after the last. Returns what the
/// engine wrote, read as replies and progress lines.
pub fn drive(session: &mut Session, script: &[(&str, u64)]) -> Vec<Event> {
    let (reader, mut writer) = std::io::pipe().expect("a pipe");
    let lines: Vec<(String, u64)> = script.iter().map(|(l, p)| (l.to_string(), *p)).collect();
    let feeder = thread::spawn(move || {
        for (line, pause) in lines {
            writeln!(writer, "{line}").expect("the engine reads");
            thread::sleep(Duration::from_millis(pause));
        }
    });
    let mut out = Vec::new();
    plakoto_protocol::run(session, BufReader::new(reader), &mut out).expect("io");
    feeder.join().expect("the feeder");
    let text = String::from_utf8(out).expect("UTF-8");
    let mut reader = ReplyReader::new();
    let mut events = Vec::new();
    for line in text.split_inclusive('\n') {
        let line = line.strip_suffix('\n').expect("whole lines");
        if let Some(event) = reader
            .push_event(Line::Text(line.to_string()))
            .unwrap_or_else(|e| panic!("{e}: {text}"))
        {
            events.push(event);
        }
    }
    assert!(!reader.in_reply(), "a reply left open: {text}");
    events
}
