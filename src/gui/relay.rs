//! The WebSocket relay of one browser session: one engine child process per
//! socket, command lines in, whole replies out.
//!
//! Messages are JSON text frames. The page sends
//! `{"type":"command","line":"hint 5"}` (one protocol command line) or
//! `{"type":"restart"}`. The server sends `{"type":"started","engine":…}`,
//! `{"type":"reply","lines":[…]}` (one whole reply: the protocol's lines up
//! to, not including, the empty line that ends it), `{"type":"stderr",
//! "line":…}`, `{"type":"exited","status":…,"engine":…,"stderr":[…],
//! "answered":…}` (the engine ended or could not start, with the command
//! and its last stderr lines, also written to the server's terminal; the
//! page offers a restart when it had answered) and `{"type":"error","message":…}` (a
//! message the relay refused). The server itself never ends with the engine.
//!
//! Records: `{"type":"save","scope":"game"|"match","format":"text"|"json"}`
//! is answered `{"type":"record","name":…,"text":…}` (or `record_reply`
//! with the engine's error), and `{"type":"load","text":…}` is answered
//! `{"type":"record_reply","lines":[…]}` with the engine's reply to the
//! load (see [`super::records`]).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWriteExt, BufReader};

use crate::protocol::framing::{Line, LineBuffer, MAX_REPLY_LINE, ReplyGroups};
use tokio::process::{Child, ChildStdin};
use tokio::sync::{mpsc, oneshot};

use super::AppState;
use super::engine::EngineCommand;
use super::records::{Format, Scope, Transfers};

/// Longest stderr line relayed (characters); the rest is cut.
const MAX_STDERR_LINE: usize = 2_000;

/// How many of its last stderr lines an ended engine is reported with.
const STDERR_TAIL: usize = 12;

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

/// A message to the page.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum ToPage {
    Started {
        engine: String,
    },
    Reply {
        lines: Vec<String>,
    },
    Stderr {
        line: String,
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
    RecordReply {
        lines: Vec<String>,
    },
}

/// What the engine's reader tasks report, tagged with the engine's
/// generation so that reports of a replaced engine are ignored.
#[derive(Debug)]
enum EngineEvent {
    Reply(u64, Vec<String>),
    Stderr(u64, String),
    /// Its stdout closed: it ended (or closed its output).
    Closed(u64),
}

/// `GET /ws`: upgrades to the session's socket. A cross-site page (an
/// `Origin` naming another host than the one asked) is refused.
pub(crate) async fn upgrade(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "cross-origin socket refused\n").into_response();
    }
    let engine = state.engine.clone();
    ws.on_upgrade(move |socket| session(socket, engine))
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

/// A running engine: its stdin and its process, its last stderr lines,
/// and whether it has answered.
struct Running {
    child: Child,
    stdin: ChildStdin,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Resolves (with an error) once the stderr reader has read it all.
    stderr_done: oneshot::Receiver<()>,
    answered: bool,
}

/// One session: runs until the socket closes; the engine dies with it.
async fn session(mut socket: WebSocket, command: EngineCommand) {
    let (events_tx, mut events) = mpsc::unbounded_channel();
    let mut generation = 0u64;
    let mut engine = start(&command, generation, &events_tx, &mut socket).await;
    let mut transfers = Transfers::new();
    loop {
        tokio::select! {
            message = socket.recv() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                match serde_json::from_str::<FromPage>(&text) {
                    Ok(FromPage::Command { line }) => {
                        if let Err(message) = forward(&mut engine, &line).await
                            && send(&mut socket, &ToPage::Error { message }).await.is_err()
                        {
                            break;
                        }
                    }
                    Ok(FromPage::Save { scope, format }) => {
                        let line = transfers.save(scope, format);
                        let sent = forward(&mut engine, &line).await;
                        if refused_transfer(&mut socket, sent).await.is_err() {
                            break;
                        }
                    }
                    Ok(FromPage::Load { text }) => {
                        let sent = match transfers.load(&text) {
                            Ok(line) => forward(&mut engine, &line).await,
                            Err(message) => Err(message),
                        };
                        if refused_transfer(&mut socket, sent).await.is_err() {
                            break;
                        }
                    }
                    Ok(FromPage::Restart) => {
                        transfers.clear();
                        if let Some(mut old) = engine.take() {
                            let _ = old.child.start_kill();
                            let _ = old.child.wait().await;
                        }
                        generation += 1;
                        engine = start(&command, generation, &events_tx, &mut socket).await;
                    }
                    Err(e) => {
                        let message = format!("unreadable message: {e}");
                        if send(&mut socket, &ToPage::Error { message }).await.is_err() {
                            break;
                        }
                    }
                }
            }
            Some(event) = events.recv() => {
                let out = match event {
                    EngineEvent::Reply(g, lines) if g == generation => {
                        if let Some(running) = engine.as_mut() {
                            running.answered = true;
                        }
                        transfers
                            .answer(&lines)
                            .unwrap_or(ToPage::Reply { lines })
                    }
                    EngineEvent::Stderr(g, line) if g == generation => ToPage::Stderr { line },
                    EngineEvent::Closed(g) if g == generation => {
                        transfers.clear();
                        match engine.take() {
                            Some(old) => exited(old, &command).await,
                            None => ToPage::Exited {
                                status: "ended".to_string(),
                                engine: command.to_string(),
                                stderr: Vec::new(),
                                answered: false,
                            },
                        }
                    }
                    _ => continue,
                };
                if send(&mut socket, &out).await.is_err() {
                    break;
                }
            }
        }
    }
    // Dropping `engine` kills the child (kill_on_drop).
}

/// Writes one command line to the engine. A line holding a line break
/// would be several commands, so it is refused.
async fn forward(engine: &mut Option<Running>, line: &str) -> Result<(), String> {
    if line.contains(['\n', '\r']) {
        return Err("a command is one line: it may not contain a line break".to_string());
    }
    let Some(running) = engine.as_mut() else {
        return Err("the engine is not running: restart it".to_string());
    };
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    let written = async {
        running.stdin.write_all(&bytes).await?;
        running.stdin.flush().await
    };
    written
        .await
        .map_err(|e| format!("could not write to the engine: {e}"))
}

/// How an ended engine ended, waiting for it briefly (its stdout is closed).
async fn ended(child: &mut Child) -> String {
    match tokio::time::timeout(Duration::from_secs(2), child.wait()).await {
        Ok(Ok(status)) => status.to_string(),
        Ok(Err(e)) => format!("unknown ({e})"),
        Err(_) => {
            let _ = child.start_kill();
            "closed its output (killed)".to_string()
        }
    }
}

/// The report of an engine that ended: how, and its last stderr lines
/// (waiting briefly for the rest of its stderr), also written to the
/// server's terminal so that a wrong `--engine` is seen there too.
async fn exited(mut old: Running, command: &EngineCommand) -> ToPage {
    let status = ended(&mut old.child).await;
    let _ = tokio::time::timeout(Duration::from_millis(500), &mut old.stderr_done).await;
    let stderr: Vec<String> = old
        .stderr_tail
        .lock()
        .map(|t| t.iter().cloned().collect())
        .unwrap_or_default();
    let mut note = format!("plakoto gui: the engine '{command}' ended: {status}");
    if !old.answered {
        note.push_str(" (before answering anything)");
    }
    if stderr.is_empty() {
        note.push_str("; it wrote nothing on stderr");
    } else {
        note.push_str("; the last lines of its stderr:");
        for line in &stderr {
            note.push_str("\n  ");
            note.push_str(line);
        }
    }
    eprintln!("{note}");
    ToPage::Exited {
        status,
        engine: command.to_string(),
        stderr,
        answered: old.answered,
    }
}

/// Starts the engine of generation `generation` and its reader tasks, and
/// tells the page; a failed start is reported as an exit.
async fn start(
    command: &EngineCommand,
    generation: u64,
    events: &mpsc::UnboundedSender<EngineEvent>,
    socket: &mut WebSocket,
) -> Option<Running> {
    let spawned = command.spawn().and_then(|mut child| {
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        match (stdin, stdout, stderr) {
            (Some(i), Some(o), Some(e)) => Ok((child, i, o, e)),
            _ => Err(std::io::Error::other("engine pipes missing")),
        }
    });
    match spawned {
        Ok((child, stdin, stdout, stderr)) => {
            let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
            let (done, stderr_done) = oneshot::channel();
            tokio::spawn(read_replies(stdout, generation, events.clone()));
            tokio::spawn(read_stderr(
                stderr,
                generation,
                events.clone(),
                Arc::clone(&stderr_tail),
                done,
            ));
            let engine = command.to_string();
            let _ = send(socket, &ToPage::Started { engine }).await;
            Some(Running {
                child,
                stdin,
                stderr_tail,
                stderr_done,
                answered: false,
            })
        }
        Err(e) => {
            let status = format!("could not start '{command}': {e}");
            eprintln!("plakoto gui: {status}");
            let exited = ToPage::Exited {
                status,
                engine: command.to_string(),
                stderr: Vec::new(),
                answered: false,
            };
            let _ = send(socket, &exited).await;
            None
        }
    }
}

/// Reads the engine's stdout and groups its lines into replies with the
/// protocol's framing module: a reply ends at the first empty line
/// (protocol.md section 1); lines are bounded ([`MAX_REPLY_LINE`]) and
/// bytes that are not UTF-8 read as U+FFFD.
async fn read_replies(
    stdout: impl AsyncRead + Unpin,
    generation: u64,
    events: mpsc::UnboundedSender<EngineEvent>,
) {
    let mut stdout = BufReader::new(stdout);
    let mut buffer = LineBuffer::new(MAX_REPLY_LINE);
    let mut groups = ReplyGroups::new();
    let text = |line: Line| match line {
        Line::Text(text) => text,
        Line::TooLong => format!("(a line longer than {MAX_REPLY_LINE} bytes, dropped)"),
    };
    loop {
        let line = match stdout.fill_buf().await {
            Ok([]) | Err(_) => break,
            Ok(chunk) => {
                let (used, line) = buffer.feed(chunk);
                stdout.consume(used);
                line
            }
        };
        if let Some(reply) = line.and_then(|l| groups.push(&text(l)))
            && events.send(EngineEvent::Reply(generation, reply)).is_err()
        {
            return;
        }
    }
    let last = buffer.finish().and_then(|l| groups.push(&text(l)));
    if let Some(reply) = last.or_else(|| groups.finish()) {
        let _ = events.send(EngineEvent::Reply(generation, reply));
    }
    let _ = events.send(EngineEvent::Closed(generation));
}

/// Relays the engine's stderr line by line (logs, progress), keeping its
/// last lines for the report of its end; `done` is dropped at the end.
async fn read_stderr(
    stderr: impl AsyncRead + Unpin,
    generation: u64,
    events: mpsc::UnboundedSender<EngineEvent>,
    tail: Arc<Mutex<VecDeque<String>>>,
    done: oneshot::Sender<()>,
) {
    let mut lines = BufReader::new(stderr).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let line: String = line.chars().take(MAX_STDERR_LINE).collect();
        if let Ok(mut tail) = tail.lock() {
            if tail.len() == STDERR_TAIL {
                tail.pop_front();
            }
            tail.push_back(line.clone());
        }
        if events.send(EngineEvent::Stderr(generation, line)).is_err() {
            break;
        }
    }
    drop(done);
}

/// Tells the page a save or load could not be sent, as a `record_reply`
/// (an `error` would fail the page's commands waiting for replies).
async fn refused_transfer(
    socket: &mut WebSocket,
    sent: Result<(), String>,
) -> Result<(), axum::Error> {
    match sent {
        Ok(()) => Ok(()),
        Err(message) => {
            let lines = vec![format!("? relay: {message}")];
            send(socket, &ToPage::RecordReply { lines }).await
        }
    }
}

/// Sends one message to the page.
async fn send(socket: &mut WebSocket, message: &ToPage) -> Result<(), axum::Error> {
    let text = serde_json::to_string(message).unwrap_or_else(|e| {
        format!("{{\"type\":\"error\",\"message\":\"could not encode a message: {e}\"}}")
    });
    socket.send(Message::Text(text.into())).await
}
