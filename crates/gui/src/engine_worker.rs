//! The engine of one GUI session, driven by the library's client
//! ([`plakoto_protocol::client::Engine`]: blocking) on a blocking thread
//! of its own. The async relay hands it [`Request`]s through a channel and
//! gets [`Event`]s back, tagged with the engine's generation so that those
//! of a replaced engine are ignored.
//!
//! The worker is event-driven: it waits for the engine's output *or* a
//! wake ([`plakoto_protocol::client::Waker`]), which the session's side
//! gives with each request and when it ends, so a `stop` is sent the
//! moment it arrives and a closed session is seen at once; nothing is
//! polled.
//!
//! Requests are sent one at a time, each once the one before is answered,
//! so each reply is known to answer its request (the relay's own save and
//! load commands need no ids). While a reply is awaited (a rollout), new
//! requests join the line in order; a `stop` with only sent or
//! relay-answered lines before it is sent at once (protocol.md, "Reading
//! while a command runs": it ends the running search), its reply read in
//! its turn. A line the engine answers with nothing (blank, whitespace or
//! comment only: protocol.md section 1) is never sent: the relay answers
//! it itself, in its turn, with the code [`NO_COMMAND`], so that no
//! request waits for a reply that never comes. An engine ending by itself
//! is reported at once, with its exit status and its last stderr lines
//! (also written to the server's terminal, so that a wrong `--engine` is
//! seen there).

use std::collections::VecDeque;
use std::io::BufReader;
use std::process::{ChildStderr, ExitStatus};
use std::sync::mpsc::{self as std_mpsc, Receiver, TryRecvError};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use tokio::sync::mpsc::UnboundedSender;

use super::engine_command::EngineCommand;
use super::page_reply::PageReply;
use super::session_slots::Slot;
use plakoto_protocol::client::{ClientError, Engine, Waker};
use plakoto_protocol::framing::{Line, read_line};

/// The error code of the relay's answer to a line that holds no command.
pub(crate) const NO_COMMAND: &str = "no_command";

/// How long one wait for the engine's output lasts before it is begun
/// again: only a bound on a wait that a wake or the output ends first.
const LONG_WAIT: Duration = Duration::from_secs(3600);

/// Longest stderr line relayed (characters); the rest is cut.
const MAX_STDERR_LINE: usize = 2_000;

/// Longest stderr line read (bytes); a longer one is read and dropped.
const STDERR_LINE_LIMIT: usize = 64 * 1024;

/// How many of its last stderr lines an ended engine is reported with.
const STDERR_TAIL: usize = 12;

/// How long an engine whose output closed is given to exit before it is
/// stopped, and its stderr to be read to its end.
const EXIT_WAIT: Duration = Duration::from_secs(2);
const STDERR_WAIT: Duration = Duration::from_millis(500);

/// Who asked for a command: the page, or the relay itself (a save or load
/// of [`super::records::Transfers`], by its number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// One of the page's command lines.
    Page,
    /// The relay's transfer of this number.
    Transfer(u64),
}

/// One command line for the engine.
#[derive(Debug)]
pub(crate) struct Request {
    pub(crate) line: String,
    pub(crate) origin: Origin,
}

/// What the worker reports.
#[derive(Debug)]
pub(crate) enum Event {
    /// The engine was started.
    Started,
    /// The reply to a request (or why there is none: a command holding a
    /// line break, output that is not a reply).
    Answer { origin: Origin, reply: PageReply },
    /// Output that answers no request, or a framing fault with no request
    /// waiting.
    Unframed(String),
    /// A line of the engine's stderr.
    Stderr(String),
    /// The engine ended, or could not start: how, its last stderr lines,
    /// and whether it had answered anything. The worker is done.
    Exited {
        status: String,
        stderr: Vec<String>,
        answered: bool,
    },
}

/// Where a worker's events go: the session's channel, with the
/// generation of its engine.
#[derive(Clone, Debug)]
struct Reporter {
    generation: u64,
    events: UnboundedSender<(u64, Event)>,
}

impl Reporter {
    /// Sends `event`; a session that has ended no longer listens.
    fn send(&self, event: Event) {
        let _ = self.events.send((self.generation, event));
    }
}

/// The session's side of a worker. Dropping it ends the worker, which
/// stops the engine (`quit`, then a kill; see [`plakoto_protocol::client::Engine`]).
#[derive(Debug)]
pub(crate) struct EngineWorker {
    /// `None` only while dropping (the channel closes before the wake).
    requests: Option<std_mpsc::Sender<Request>>,
    /// The engine's waker, once it started.
    waker: Arc<OnceLock<Waker>>,
}

/// The worker has ended: its engine is not running.
#[derive(Debug)]
pub(crate) struct NotRunning;

impl EngineWorker {
    /// Starts the engine `command` on a blocking thread; its events come
    /// tagged with `generation`. A failed start is reported as
    /// [`Event::Exited`]. The worker holds the session's `slot` until its
    /// engine has ended.
    pub(crate) fn start(
        command: &EngineCommand,
        generation: u64,
        events: UnboundedSender<(u64, Event)>,
        slot: &Slot,
    ) -> EngineWorker {
        let (requests, incoming) = std_mpsc::channel();
        let command = command.clone();
        let reporter = Reporter { generation, events };
        let waker = Arc::new(OnceLock::new());
        let worker_waker = Arc::clone(&waker);
        let slot = Arc::clone(slot);
        tokio::task::spawn_blocking(move || {
            run(&command, incoming, reporter, &worker_waker);
            // The engine has ended: the session's slot may be free now.
            drop(slot);
        });
        EngineWorker {
            requests: Some(requests),
            waker,
        }
    }

    /// Queues a command line and wakes the worker; its answer comes as
    /// [`Event::Answer`].
    pub(crate) fn request(&self, line: String, origin: Origin) -> Result<(), NotRunning> {
        let requests = self.requests.as_ref().ok_or(NotRunning)?;
        requests
            .send(Request { line, origin })
            .map_err(|_| NotRunning)?;
        self.wake();
        Ok(())
    }

    fn wake(&self) {
        if let Some(waker) = self.waker.get() {
            waker.wake();
        }
    }
}

impl Drop for EngineWorker {
    /// Closes the requests, then wakes the worker to see it: it ends and
    /// stops its engine at once.
    fn drop(&mut self) {
        drop(self.requests.take());
        self.wake();
    }
}

/// The worker: starts the engine, serves requests until the session ends
/// or the engine does, and reports how it ended.
fn run(
    command: &EngineCommand,
    requests: Receiver<Request>,
    out: Reporter,
    waker: &OnceLock<Waker>,
) {
    let mut engine = match Engine::spawn(command.process(), &command.to_string()) {
        Ok(engine) => engine,
        Err(e) => {
            let why = match e {
                ClientError::Spawn { source, .. } => source.to_string(),
                other => other.to_string(),
            };
            let status = format!("could not start '{command}': {why}");
            eprintln!("plakoto gui: {status}");
            out.send(Event::Exited {
                status,
                stderr: Vec::new(),
                answered: false,
            });
            return;
        }
    };
    let stderr = engine
        .take_stderr()
        .map(|pipe| StderrTail::read(pipe, out.clone()));
    // Requests sent before the waker was set are taken at the first
    // look at the channel, before any wait.
    let _ = waker.set(engine.waker());
    out.send(Event::Started);
    let mut worker = Worker {
        engine,
        requests,
        line_up: VecDeque::new(),
        out,
        answered: false,
    };
    if let Ended::Closed(status) = worker.serve() {
        worker.report_exit(status, stderr, command);
    }
    // Otherwise the session ended: dropping the engine stops it.
}

/// Why serving stopped.
enum Ended {
    /// The session dropped its [`EngineWorker`] (closed, or restarting).
    SessionOver,
    /// The engine closed its output or input; its exit status if seen.
    Closed(Option<ExitStatus>),
}

/// Whether `line` is a `stop` (with or without an id).
fn is_stop(line: &str) -> bool {
    matches!(
        plakoto_protocol::parse::parse_line(line).map(|l| l.command),
        Some(Ok(plakoto_protocol::Command::Stop))
    )
}

/// Whether `line` holds no command (blank, blanks or a comment only), so
/// that the engine answers nothing (protocol.md section 1): the relay
/// answers it instead of sending it. Read by the protocol's own parser,
/// so exactly the lines an engine must leave unanswered are. A line
/// holding other control characters is a command (the engine refuses it)
/// and is sent.
pub(crate) fn holds_no_command(line: &str) -> bool {
    plakoto_protocol::parse::parse_line(line).is_none()
}

/// The relay's answer to a line that holds no command.
fn no_command_reply() -> PageReply {
    PageReply::failed(
        NO_COMMAND,
        "the line holds no command (it is blank or a comment): an engine answers \
         nothing to it (protocol.md section 1), so plakoto gui's server answers it \
         and does not send it",
    )
}

/// A request in the line of those not yet answered.
struct Entry {
    request: Request,
    /// Sent to the engine: its reply is awaited.
    sent: bool,
}

struct Worker {
    engine: Engine,
    requests: Receiver<Request>,
    /// The requests not yet answered, in the order they came (and are
    /// answered in). Those sent are a prefix of it, among relay-answered
    /// lines only: a `stop` is sent ahead of its turn only then, so the
    /// engine's replies come in the line's order.
    line_up: VecDeque<Entry>,
    out: Reporter,
    /// Whether the engine has written anything on its stdout.
    answered: bool,
}

impl Worker {
    fn serve(&mut self) -> Ended {
        loop {
            if !self.take_requests() {
                return Ended::SessionOver;
            }
            // Answer what can be answered now: relay-answered lines at the
            // front, and the front sent when nothing is in flight.
            while let Some(front) = self.line_up.front_mut() {
                if front.sent {
                    break;
                }
                if holds_no_command(&front.request.line) {
                    let entry = self.line_up.pop_front().expect("the front");
                    self.report(entry.request.origin, no_command_reply());
                    continue;
                }
                match self.engine.send(&front.request.line) {
                    Ok(()) => front.sent = true,
                    Err(ClientError::Closed { status, .. }) => return Ended::Closed(status),
                    // A line break (it would be several commands): never sent.
                    Err(e) => {
                        let entry = self.line_up.pop_front().expect("the front");
                        self.report(
                            entry.request.origin,
                            PageReply::failed("relay", e.to_string()),
                        );
                    }
                }
            }
            if let Some(ended) = self.wait() {
                return ended;
            }
        }
    }

    /// Waits for the engine's output or a wake, and deals with what came:
    /// a reply to the front of the line, or output that answers nothing.
    fn wait(&mut self) -> Option<Ended> {
        let read = self.engine.read_reply_or_wake(Instant::now() + LONG_WAIT);
        let awaited = self.line_up.front().is_some_and(|e| e.sent);
        let reply = match read {
            Ok(None) | Err(ClientError::Timeout { .. }) => return None,
            Err(ClientError::Closed { status, .. }) => return Some(Ended::Closed(status)),
            Ok(Some(reply)) => {
                self.answered = true;
                if !awaited {
                    let lines = reply.lines().join(" / ");
                    self.out
                        .send(Event::Unframed(format!("a reply to no command: {lines}")));
                    return None;
                }
                PageReply::from(&reply)
            }
            Err(e @ ClientError::Framing { .. }) => {
                self.answered = true;
                if !awaited {
                    self.out.send(Event::Unframed(e.to_string()));
                    return None;
                }
                PageReply::failed("framing", e.to_string())
            }
            Err(e) if awaited => PageReply::failed("relay", e.to_string()),
            Err(e) => {
                self.out.send(Event::Unframed(e.to_string()));
                return None;
            }
        };
        let entry = self.line_up.pop_front().expect("a request awaited");
        self.report(entry.request.origin, reply);
        None
    }

    fn report(&self, origin: Origin, reply: PageReply) {
        self.out.send(Event::Answer { origin, reply });
    }

    /// Moves waiting requests to the line, sending a `stop` at once when
    /// only sent or relay-answered lines are before it; false when the
    /// session ended.
    fn take_requests(&mut self) -> bool {
        loop {
            match self.requests.try_recv() {
                Ok(request) => {
                    let ahead_of_turn = is_stop(&request.line)
                        && self.line_up.iter().any(|e| e.sent)
                        && self
                            .line_up
                            .iter()
                            .all(|e| e.sent || holds_no_command(&e.request.line));
                    let sent = ahead_of_turn && self.engine.send(&request.line).is_ok();
                    self.line_up.push_back(Entry { request, sent });
                }
                Err(TryRecvError::Empty) => return true,
                Err(TryRecvError::Disconnected) => return false,
            }
        }
    }

    /// Reports an engine that ended: how (waiting briefly for it to exit),
    /// and its last stderr lines (waiting briefly for the rest of them).
    fn report_exit(
        self,
        status: Option<ExitStatus>,
        stderr: Option<StderrTail>,
        command: &EngineCommand,
    ) {
        let Worker {
            mut engine,
            out,
            answered,
            ..
        } = self;
        let status = match status.or_else(|| engine.wait_exit(EXIT_WAIT)) {
            Some(status) => status.to_string(),
            None => "closed its output (killed)".to_string(),
        };
        drop(engine);
        let stderr = stderr.map_or_else(Vec::new, |tail| tail.lines(STDERR_WAIT));
        let mut note = format!("plakoto gui: the engine '{command}' ended: {status}");
        if !answered {
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
        out.send(Event::Exited {
            status,
            stderr,
            answered,
        });
    }
}

/// The engine's stderr, relayed line by line (logs, progress) by a thread
/// of its own, its last lines kept for the report of its end.
struct StderrTail {
    tail: Arc<Mutex<VecDeque<String>>>,
    /// Disconnected once the pipe is read to its end.
    done: Receiver<()>,
}

impl StderrTail {
    fn read(pipe: ChildStderr, out: Reporter) -> StderrTail {
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let (done_tx, done) = std_mpsc::channel::<()>();
        let kept = Arc::clone(&tail);
        let reader = move || {
            let _done = done_tx;
            let mut pipe = BufReader::new(pipe);
            while let Ok(Some(line)) = read_line(&mut pipe, STDERR_LINE_LIMIT) {
                let line = match line {
                    Line::Text(text) => {
                        let text = text.strip_suffix('\r').unwrap_or(&text);
                        text.chars().take(MAX_STDERR_LINE).collect()
                    }
                    Line::TooLong => format!("(a line longer than {STDERR_LINE_LIMIT} bytes)"),
                };
                if let Ok(mut tail) = kept.lock() {
                    if tail.len() == STDERR_TAIL {
                        tail.pop_front();
                    }
                    tail.push_back(line.clone());
                }
                out.send(Event::Stderr(line));
            }
        };
        // Without a thread, stderr is not relayed (and the tail is empty).
        let _ = thread::Builder::new()
            .name("gui-engine-stderr".into())
            .spawn(reader);
        StderrTail { tail, done }
    }

    /// The last lines, once the pipe is read to its end or `wait` passed.
    fn lines(self, wait: Duration) -> Vec<String> {
        let _ = self.done.recv_timeout(wait);
        self.tail
            .lock()
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default()
    }
}
