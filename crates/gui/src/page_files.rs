//! The page cannot name files (issue 46): a command line from the page
//! that would make the engine read or write a file at a path of the page's
//! choosing (`save game /some/path`, `load match …`) is refused by the
//! relay and never reaches the engine, whatever engine `--engine` started.
//! Records still travel: the page's Save and Load buttons send the relay's
//! own `save`/`load` messages, and the relay alone picks the temporary
//! file the engine uses ([`super::records`]).
//!
//! Which lines name files is read from the protocol's command list
//! ([`plakoto_protocol::command::COMMANDS`]): every command whose form
//! takes a `<file>`, matched by its first word as the protocol's parser
//! reads it (after spaces and an optional numeric id; letters, digits and
//! `_`; any case), so a line the engine would read as a file command is
//! never let through. A future command taking a `<file>` is refused as
//! soon as its form is listed, with every command that shares its first
//! word: a refusal too many rather than a file opened.

use std::collections::BTreeSet;

use super::page_reply::PageReply;
use plakoto_protocol::command::{COMMANDS, command_words};

/// The error code of the relay's refusal.
pub(crate) const CODE: &str = "file_refused";

/// The first words of the protocol's commands that take a file (`save`,
/// `load`), lower case.
fn file_command_words() -> BTreeSet<&'static str> {
    COMMANDS
        .iter()
        .filter(|form| form.split([' ', '\t']).any(|w| w == "<file>"))
        .filter_map(|form| command_words(form).first().copied())
        .collect()
}

/// The refusal of `line` when it is a command that names a file; `None`
/// for any other line (sent on to the engine).
pub(crate) fn refusal(line: &str) -> Option<PageReply> {
    let text = line.trim_start_matches([' ', '\t', '\r', '\n']);
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (id, body) = match text[digits..].chars().next() {
        Some(' ' | '\t') if digits > 0 => (
            Some(&text[..digits]),
            text[digits..].trim_start_matches([' ', '\t']),
        ),
        _ => (None, text),
    };
    let word_end = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    let first = body[..word_end].to_ascii_lowercase();
    if !file_command_words().contains(first.as_str()) {
        return None;
    }
    let mut reply = PageReply::failed(
        CODE,
        format!(
            "the page cannot name files: '{first} …' is refused by plakoto gui's server \
             (records are saved and loaded with the Save and Load buttons)"
        ),
    );
    reply.id = id.map(str::to_string);
    Some(reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_taking_a_file_is_covered() {
        let words = file_command_words();
        assert_eq!(words, BTreeSet::from(["load", "save"]));
        for form in COMMANDS.iter().filter(|f| f.contains("<file>")) {
            let line = form.replace("<file>", "/tmp/x/pwned.txt");
            assert!(refusal(&line).is_some(), "{line}");
        }
    }

    #[test]
    fn lines_the_engine_reads_as_file_commands_are_refused() {
        for line in [
            "save game /tmp/x/pwned.txt",
            "SAVE Match /tmp/x",
            "  \tload match /etc/passwd",
            "7 save game x",
            "007\tLoad game x",
            "save",
            "save#x",
            "load-game x",
        ] {
            let reply = refusal(line).unwrap_or_else(|| panic!("{line} let through"));
            assert!(!reply.ok);
            assert_eq!(reply.code.as_deref(), Some(CODE));
            assert!(reply.message.unwrap().contains("cannot name files"));
        }
        assert_eq!(refusal("7 save game x").unwrap().id.as_deref(), Some("7"));
        assert_eq!(refusal("save game x").unwrap().id, None);
    }

    #[test]
    fn other_lines_go_to_the_engine() {
        for line in [
            "name",
            "show game",
            "set player X name save",
            "7 hint 5",
            "saved",
            "loader x",
            "7save game x",
            "move 24/18",
            "",
        ] {
            assert!(refusal(line).is_none(), "{line} refused");
        }
    }
}
