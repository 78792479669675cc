//! The WebSocket relay of one browser session: one engine per socket,
//! driven by the library's client on a thread of its own
//! ([`super::engine_worker`]); command lines in, typed replies out. The
//! protocol's framing is read only there, by [`plakoto_protocol::framing`]:
//! the page gets each reply already read ([`PageReply`]).
//!
//! Messages are JSON text frames. The page sends
//! `{"type":"command","line":"hint 5"}` (one protocol command line; one
//! that names a file is refused, see [`super::page_files`]) or
//! `{"type":"restart"}`. The server sends `{"type":"started","engine":…}`,
//! `{"type":"reply","ok":…,"id":…,"lines":[…]}` (one reply to each
//! command, in order: its payload lines, and for an error its `code` and
//! `message`; see [`super::page_reply`]), `{"type":"stderr","line":…}`,
//! `{"type":"unframed","message":…}` (engine output that answers no
//! command), `{"type":"exited","status":…,"engine":…,"stderr":[…],
//! "answered":…}` (the engine ended or could not start, with the command
//! and its last stderr lines, also written to the server's terminal; the
//! page offers a restart when it had answered) and
//! `{"type":"error","message":…}` (a message the relay could not read).
//! The server itself never ends with the engine. A command line that holds
//! no command (blank, blanks or a comment only) is answered by the relay,
//! in its turn, with the code `no_command` ([`super::engine_worker`]).
//!
//! Sessions are bounded ([`SessionSlots`](super::session_slots::SessionSlots)): a socket past the limit gets
//! `{"type":"refused","message":…}` and is closed; a session's slot is
//! free again once its socket closed and its engine ended.
//!
//! Records: `{"type":"save","scope":"game"|"match","format":"text"|"json"}`
//! is answered `{"type":"record","name":…,"text":…}` (or `record_reply`
//! with the engine's error), and `{"type":"load","text":…}` is answered
//! `{"type":"record_reply","ok":…,…}` with the engine's reply to the
//! load, in the form of a `reply` (see [`super::records`]).

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tokio::sync::mpsc;

use super::AppState;
use super::engine_command::EngineCommand;
use super::engine_worker::{EngineWorker, Event, Origin};
use super::page_files;
use super::page_reply::PageReply;
use super::records::{Format, Scope, Transfers};
use super::session_slots::Slot;
use super::to_page::ToPage;

/// A message from the page.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum FromPage {
    /// One protocol command line, without its end of line.
    Command { line: String },
    /// Stop the engine (if it runs) and start a fresh one.
    Restart,
    /// Save the current game or the match as a record (the server answers
    /// `record`).
    Save {
        scope: Scope,
        #[serde(default)]
        format: Format,
    },
    /// Load a record (its text, either form) as the session's match (the
    /// server answers `record_reply`).
    Load { text: String },
}

/// The query of `GET /ws`: the launch's token, as the page presents it.
#[derive(Debug, Deserialize)]
pub(crate) struct SocketQuery {
    token: Option<String>,
}

/// `GET /ws?token=…`: upgrades to the session's socket. A cross-site page
/// (an `Origin` naming another host than the one asked) is refused, and so
/// is a socket without the launch's token (see [`super::access`]; the
/// `Host` was checked before).
pub(crate) async fn upgrade(
    State(state): State<Arc<AppState>>,
    Query(query): Query<SocketQuery>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "cross-origin socket refused\n").into_response();
    }
    if !query
        .token
        .is_some_and(|token| state.access.token.matches(&token))
    {
        return (
            StatusCode::FORBIDDEN,
            "socket refused: a missing or wrong token (open the address plakoto gui printed)\n",
        )
            .into_response();
    }
    let Some(slot) = state.sessions.take() else {
        let limit = state.sessions.limit;
        return ws.on_upgrade(move |socket| refuse(socket, limit));
    };
    let engine = state.engine.clone();
    let scratch = state.scratch.clone();
    ws.on_upgrade(move |socket| session(socket, engine, scratch, slot))
}

/// A socket past the limit: told why, then closed (the page shows it).
async fn refuse(mut socket: WebSocket, limit: usize) {
    let message = format!(
        "plakoto gui already runs {limit} sessions (each with its own engine), its limit: \
         close another tab of the board, or start plakoto gui with --max-sessions N"
    );
    eprintln!("plakoto gui: a session refused: {limit} already run");
    let _ = send(&mut socket, &ToPage::Refused { message }).await;
    let _ = socket.send(Message::Close(None)).await;
}

/// True when there is no `Origin` or it names the `Host` the page came from.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin.to_str().ok().and_then(|o| {
        o.split_once("://")
            .map(|(_, rest)| rest.trim_end_matches('/'))
    });
    matches!((origin_host, host), (Some(o), Some(h)) if o == h)
}

/// One session: runs until the socket closes; the engine is stopped with
/// it (its worker ends when the session drops it). Its `slot` is held by
/// the session and each engine's worker.
async fn session(mut socket: WebSocket, command: EngineCommand, scratch: PathBuf, slot: Slot) {
    let (events_tx, mut events) = mpsc::unbounded_channel();
    let mut generation = 0u64;
    let start = |generation| EngineWorker::start(&command, generation, events_tx.clone(), &slot);
    let mut engine = Some(start(generation));
    let mut transfers = Transfers::new(scratch);
    loop {
        let out = tokio::select! {
            message = socket.recv() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                match serde_json::from_str::<FromPage>(&text) {
                    Ok(FromPage::Command { line }) => match page_files::refusal(&line) {
                        Some(refused) => Some(ToPage::Reply(refused)),
                        None => ask(engine.as_ref(), line, Origin::Page).err().map(ToPage::Reply),
                    },
                    Ok(FromPage::Save { scope, format }) => {
                        let (number, line) = transfers.save(scope, format);
                        let refused = ask(engine.as_ref(), line, Origin::Transfer(number)).err();
                        refused.and_then(|reply| transfers.answer(number, reply))
                    }
                    Ok(FromPage::Load { text }) => match transfers.load(&text) {
                        Ok((number, line)) => {
                            let refused = ask(engine.as_ref(), line, Origin::Transfer(number)).err();
                            refused.and_then(|reply| transfers.answer(number, reply))
                        }
                        Err(e) => Some(ToPage::RecordReply(PageReply::failed("relay", e.to_string()))),
                    },
                    Ok(FromPage::Restart) => {
                        transfers.clear();
                        generation += 1;
                        // Replacing the worker ends the old one, which stops its engine.
                        engine = Some(start(generation));
                        None
                    }
                    Err(e) => Some(ToPage::Error { message: format!("unreadable message: {e}") }),
                }
            }
            Some((g, event)) = events.recv() => {
                if g != generation {
                    continue;
                }
                match event {
                    Event::Started => Some(ToPage::Started { engine: command.to_string() }),
                    Event::Answer { origin: Origin::Page, reply } => Some(ToPage::Reply(reply)),
                    Event::Answer { origin: Origin::Transfer(number), reply } => {
                        transfers.answer(number, reply)
                    }
                    Event::Stderr(line) => Some(ToPage::Stderr { line }),
                    Event::Unframed(message) => Some(ToPage::Unframed { message }),
                    Event::Exited { status, stderr, answered } => {
                        engine = None;
                        transfers.clear();
                        Some(ToPage::Exited { status, engine: command.to_string(), stderr, answered })
                    }
                }
            }
        };
        if let Some(out) = out
            && send(&mut socket, &out).await.is_err()
        {
            break;
        }
    }
}

/// Hands one command line to the engine's worker; the refusal to tell
/// the page when there is no engine running.
fn ask(engine: Option<&EngineWorker>, line: String, origin: Origin) -> Result<(), PageReply> {
    engine
        .ok_or(())
        .and_then(|worker| worker.request(line, origin).map_err(|_| ()))
        .map_err(|()| PageReply::failed("relay", "the engine is not running: restart it"))
}

/// Sends one message to the page.
async fn send(socket: &mut WebSocket, message: &ToPage) -> Result<(), axum::Error> {
    let text = serde_json::to_string(message).unwrap_or_else(|e| {
        format!("{{\"type\":\"error\",\"message\":\"could not encode a message: {e}\"}}")
    });
    socket.send(Message::Text(text.into())).await
}
