//! Saving and loading game records from the page. The relay does not read
//! or write records itself: it asks the engine (`save game|match FILE`,
//! `load match FILE`, protocol.md "Games on record") with a temporary
//! file, then answers the page with the record's text (the page offers it
//! as a download) or with the engine's reply. The engine's worker
//! ([`super::engine_worker`]) tells these replies apart from the page's by
//! the transfer's number, so the page's own commands and replies stay
//! paired; the temporary files are removed once answered, or when the
//! engine or the session ends. They live in the launch's private folder
//! (mode 0700, removed when the server stops), and the relay's own writes
//! are atomic and exclusive ([`plakoto_records::record::write_atomic`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Deserialize;

use super::page_reply::PageReply;
use super::to_page::ToPage;

/// Why a record from the page could not be handed to the engine.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LoadError {
    /// Larger than [`MAX_RECORD_BYTES`].
    #[error("the record is too large to load ({0} bytes, at most {MAX_RECORD_BYTES})")]
    TooLarge(usize),
    /// Its temporary file could not be written.
    #[error("cannot write a temporary file: {0}")]
    Temporary(String),
}

/// Largest record the page may send to be loaded (bytes).
pub(crate) const MAX_RECORD_BYTES: usize = 1 << 20;

/// Numbers transfers across every session of the server, so that their
/// temporary files never meet.
static NEXT_TRANSFER: AtomicU64 = AtomicU64::new(1);

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

/// The transfers of one session, by number.
#[derive(Debug)]
pub(crate) struct Transfers {
    pending: HashMap<u64, Transfer>,
    /// The launch's private folder (mode 0700), where the files go.
    folder: PathBuf,
}

impl Transfers {
    /// None yet; their files go in `folder`.
    pub(crate) fn new(folder: PathBuf) -> Transfers {
        Transfers {
            pending: HashMap::new(),
            folder,
        }
    }

    /// A fresh number and the temporary file that goes with it, in the
    /// launch's private folder: nobody else can plant a file or a link
    /// there, and the engine (the user's own child) can write it.
    fn next(&mut self, extension: &str) -> (u64, PathBuf) {
        let number = NEXT_TRANSFER.fetch_add(1, Ordering::Relaxed);
        (
            number,
            self.folder.join(format!("record-{number}.{extension}")),
        )
    }

    /// The transfer's number and the command line that asks the engine to
    /// save `scope` in `format`.
    pub(crate) fn save(&mut self, scope: Scope, format: Format) -> (u64, String) {
        let extension = match format {
            Format::Text => "txt",
            Format::Json => "json",
        };
        let (number, path) = self.next(extension);
        let what = match scope {
            Scope::Game => "game",
            Scope::Match => "match",
        };
        let line = format!("save {what} {}", path.display());
        let name = format!(
            "plakoto-{what}-{}.{extension}",
            plakoto_records::record::today()
        );
        self.pending.insert(number, Transfer::Save { path, name });
        (number, line)
    }

    /// The transfer's number and the command line that asks the engine to
    /// load the record `text` (either form), written to a temporary file
    /// first.
    pub(crate) fn load(&mut self, text: &str) -> Result<(u64, String), LoadError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(LoadError::TooLarge(text.len()));
        }
        let (number, path) = self.next("txt");
        plakoto_records::record::write_atomic(&path, text)
            .map_err(|e| LoadError::Temporary(e.to_string()))?;
        let line = format!("load match {}", path.display());
        self.pending.insert(number, Transfer::Load { path });
        Ok((number, line))
    }

    /// What to tell the page when `reply` answers transfer `number` (or
    /// says why it could not be sent): the saved record, or the reply. Its
    /// temporary file is removed. `None` for a transfer forgotten since
    /// (the engine was restarted).
    pub(crate) fn answer(&mut self, number: u64, reply: PageReply) -> Option<ToPage> {
        let transfer = self.pending.remove(&number)?;
        let answer = match &transfer {
            Transfer::Save { path, name } if reply.ok => match std::fs::read_to_string(path) {
                Ok(text) => ToPage::Record {
                    name: name.clone(),
                    text,
                },
                Err(e) => ToPage::RecordReply(PageReply::failed(
                    "io",
                    format!("cannot read the saved record: {e}"),
                )),
            },
            _ => ToPage::RecordReply(reply),
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
