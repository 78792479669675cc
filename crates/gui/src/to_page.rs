//! The messages the server sends the page over the session's socket (the
//! relay's module comment lists them with the page's own). A file of its
//! own because the relay sends them and the record transfers
//! ([`super::records`]) build some of them.

use serde::Serialize;

use super::page_reply::PageReply;

/// A message to the page.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum ToPage {
    Started {
        engine: String,
    },
    /// The reply to one of the page's commands.
    Reply(PageReply),
    Stderr {
        line: String,
    },
    /// Output of the engine that answers no command.
    Unframed {
        message: String,
    },
    /// The engine ended (or could not start): how, the command that
    /// started it, its last stderr lines, and whether it had answered
    /// anything (an engine that never did will not start again as it is).
    Exited {
        status: String,
        engine: String,
        stderr: Vec<String>,
        answered: bool,
    },
    Error {
        message: String,
    },
    /// A saved record, to be offered as a download named `name`.
    Record {
        name: String,
        text: String,
    },
    /// The engine's reply to a load, or to a save that failed.
    RecordReply(PageReply),
    /// The socket is refused (the server runs as many sessions as it
    /// may): why; the socket is closed next.
    Refused {
        message: String,
    },
}
