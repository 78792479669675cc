//! Saving and loading game records from the page. The relay does not read
//! or write records itself: it asks the engine (`save game|match FILE`,
//! `load match FILE`, protocol.md "Games on record") with a temporary
//! file, under a command id of its own, then answers the page with the
//! record's text (the page offers it as a download) or with the engine's
//! reply. Replies to these commands are not relayed as replies, so the
//! page's own commands and replies stay paired; the temporary files are
//! removed once answered, or when the engine or the session ends.

use std::collections::HashMap;
use std::path::PathBuf;

use serde::Deserialize;

use super::relay::ToPage;
use crate::protocol::framing::Header;

/// Largest record the page may send to be loaded (bytes).
pub(crate) const MAX_RECORD_BYTES: usize = 1 << 20;

/// Ids of the relay's own commands start here: far above any a person or
/// the page types, so a reply is told apart by its id alone.
const FIRST_ID: u64 = 9_000_000_000_000_000_000;

/// What to save: the current game or every game of the session.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Scope {
    /// `save game`.
    Game,
    /// `save match`.
    Match,
}

/// The form of a saved record (records.md).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Format {
    /// The text form.
    #[default]
    Text,
    /// The JSON form.
    Json,
}

/// A command of the relay's waiting for its reply.
#[derive(Debug)]
enum Transfer {
    /// The engine writes the record to `path`; the page gets it as `name`.
    Save { path: PathBuf, name: String },
    /// The engine reads the page's record from `path`.
    Load { path: PathBuf },
}

impl Transfer {
    fn path(&self) -> &PathBuf {
        match self {
            Transfer::Save { path, .. } | Transfer::Load { path } => path,
        }
    }
}

/// The transfers of one session.
#[derive(Debug)]
pub(crate) struct Transfers {
    next_id: u64,
    pending: HashMap<u64, Transfer>,
}

impl Transfers {
    /// None yet.
    pub(crate) fn new() -> Transfers {
        Transfers {
            next_id: FIRST_ID,
            pending: HashMap::new(),
        }
    }

    /// A fresh id and the temporary file that goes with it.
    fn next(&mut self, extension: &str) -> (u64, PathBuf) {
        let id = self.next_id;
        self.next_id += 1;
        let name = format!("plakoto-gui-{}-{id}.{extension}", std::process::id());
        (id, std::env::temp_dir().join(name))
    }

    /// The command line that asks the engine to save `scope` in `format`.
    pub(crate) fn save(&mut self, scope: Scope, format: Format) -> String {
        let extension = match format {
            Format::Text => "txt",
            Format::Json => "json",
        };
        let (id, path) = self.next(extension);
        let what = match scope {
            Scope::Game => "game",
            Scope::Match => "match",
        };
        let line = format!("{id} save {what} {}", path.display());
        let name = format!("plakoto-{what}-{}.{extension}", crate::record::today());
        self.pending.insert(id, Transfer::Save { path, name });
        line
    }

    /// The command line that asks the engine to load the record `text`
    /// (either form), written to a temporary file first.
    pub(crate) fn load(&mut self, text: &str) -> Result<String, String> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(format!(
                "the record is too large to load ({} bytes, at most {MAX_RECORD_BYTES})",
                text.len()
            ));
        }
        let (id, path) = self.next("txt");
        crate::record::write_atomic(&path, text)
            .map_err(|e| format!("cannot write a temporary file: {e}"))?;
        let line = format!("{id} load match {}", path.display());
        self.pending.insert(id, Transfer::Load { path });
        Ok(line)
    }

    /// When `lines` answer one of the relay's commands: what to tell the
    /// page instead of relaying them (its temporary file is removed).
    pub(crate) fn answer(&mut self, lines: &[String]) -> Option<ToPage> {
        let header = Header::parse(lines.first()?)?;
        let ok = header.ok;
        let transfer = self.pending.remove(&header.id?.parse::<u64>().ok()?)?;
        let lines = lines.to_vec();
        let answer = match &transfer {
            Transfer::Save { path, name } if ok => match std::fs::read_to_string(path) {
                Ok(text) => ToPage::Record {
                    name: name.clone(),
                    text,
                },
                Err(e) => ToPage::RecordReply {
                    lines: vec![format!("? io: cannot read the saved record: {e}")],
                },
            },
            _ => ToPage::RecordReply { lines },
        };
        let _ = std::fs::remove_file(transfer.path());
        Some(answer)
    }

    /// Forgets every transfer (the engine ended or was restarted) and
    /// removes their files.
    pub(crate) fn clear(&mut self) {
        for (_, t) in self.pending.drain() {
            let _ = std::fs::remove_file(t.path());
        }
    }
}

impl Drop for Transfers {
    fn drop(&mut self) {
        self.clear();
    }
}
