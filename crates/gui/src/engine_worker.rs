//! The engine of one GUI session, driven by the library's client
//! ([`plakoto_protocol::client::Engine`]: blocking, every wait with a deadline) on a
//! blocking thread of its own. The async relay hands it [`Request`]s
//! through a channel and gets [`Event`]s back, tagged with the engine's
//! generation so that those of a replaced engine are ignored.
//!
//! Requests are sent one at a time, each once the one before is answered,
//! so each reply is known to answer its request (the relay's own save and
//! load commands need no ids). A reply may take long (a rollout): it is
//! awaited in slices of [`POLL`], between which the worker takes new
//! requests into its queue and sees the session end; a `stop` taken then is
//! sent at once (protocol.md, "Reading while a command runs": it ends the
//! running search), and its reply read right after the running one's.
//! While idle it looks
//! at the engine every [`POLL`] too, so that an engine ending by itself is
//! reported at once, with its exit status and its last stderr lines (also
//! written to the server's terminal, so that a wrong `--engine` is seen
//! there).

use std::collections::VecDeque;
use std::io::BufReader;
use std::process::{ChildStderr, ExitStatus};
use std::sync::mpsc::{self as std_mpsc, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use tokio::sync::mpsc::UnboundedSender;

use super::engine_command::EngineCommand;
use super::page_reply::PageReply;
use plakoto_protocol::client::{ClientError, Engine};
use plakoto_protocol::framing::{Line, read_line};

/// How often a worker waiting for a reply, or idle, looks at its requests
/// and at the engine.
pub(crate) const POLL: Duration = Duration::from_millis(50);

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
    requests: std_mpsc::Sender<Request>,
}

/// The worker has ended: its engine is not running.
#[derive(Debug)]
pub(crate) struct NotRunning;

impl EngineWorker {
    /// Starts the engine `command` on a blocking thread; its events come
    /// tagged with `generation`. A failed start is reported as
    /// [`Event::Exited`].
    pub(crate) fn start(
        command: &EngineCommand,
        generation: u64,
        events: UnboundedSender<(u64, Event)>,
    ) -> EngineWorker {
        let (requests, incoming) = std_mpsc::channel();
        let command = command.clone();
        let reporter = Reporter { generation, events };
        tokio::task::spawn_blocking(move || run(&command, incoming, reporter));
        EngineWorker { requests }
    }

    /// Queues a command line; its answer comes as [`Event::Answer`].
    pub(crate) fn request(&self, line: String, origin: Origin) -> Result<(), NotRunning> {
        self.requests
            .send(Request { line, origin })
            .map_err(|_| NotRunning)
    }
}

/// The worker: starts the engine, serves requests until the session ends
/// or the engine does, and reports how it ended.
fn run(command: &EngineCommand, requests: Receiver<Request>, out: Reporter) {
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
    out.send(Event::Started);
    let mut worker = Worker {
        engine,
        requests,
        queue: VecDeque::new(),
        sent: VecDeque::new(),
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

struct Worker {
    engine: Engine,
    requests: Receiver<Request>,
    /// Requests taken while a reply was awaited.
    queue: VecDeque<Request>,
    /// `stop` requests sent while a reply was awaited, whose replies come
    /// next.
    sent: VecDeque<Request>,
    out: Reporter,
    /// Whether the engine has written anything on its stdout.
    answered: bool,
}

impl Worker {
    fn serve(&mut self) -> Ended {
        loop {
            if let Some(request) = self.sent.pop_front() {
                if let Some(ended) = self.read_answer(request) {
                    return ended;
                }
                continue;
            }
            let request = match self.queue.pop_front() {
                Some(request) => request,
                None => match self.requests.recv_timeout(POLL) {
                    Ok(request) => request,
                    Err(RecvTimeoutError::Disconnected) => return Ended::SessionOver,
                    Err(RecvTimeoutError::Timeout) => {
                        if let Some(ended) = self.look_while_idle() {
                            return ended;
                        }
                        continue;
                    }
                },
            };
            if let Some(ended) = self.answer(request) {
                return ended;
            }
        }
    }

    /// Sends one request and reports its reply.
    fn answer(&mut self, request: Request) -> Option<Ended> {
        match self.engine.send(&request.line) {
            Ok(()) => self.read_answer(request),
            Err(ClientError::Closed { status, .. }) => Some(Ended::Closed(status)),
            // A line break (it would be several commands): never sent.
            Err(e) => {
                let reply = PageReply::failed("relay", e.to_string());
                let origin = request.origin;
                self.out.send(Event::Answer { origin, reply });
                None
            }
        }
    }

    /// Reads and reports the reply of a request sent.
    fn read_answer(&mut self, request: Request) -> Option<Ended> {
        let reply = loop {
            match self.engine.read_reply(Instant::now() + POLL) {
                Ok(reply) => {
                    self.answered = true;
                    break PageReply::from(&reply);
                }
                Err(ClientError::Timeout { .. }) => {
                    if !self.take_requests() {
                        return Some(Ended::SessionOver);
                    }
                }
                Err(ClientError::Closed { status, .. }) => return Some(Ended::Closed(status)),
                Err(e @ ClientError::Framing { .. }) => {
                    self.answered = true;
                    break PageReply::failed("framing", e.to_string());
                }
                Err(e) => break PageReply::failed("relay", e.to_string()),
            }
        };
        let origin = request.origin;
        self.out.send(Event::Answer { origin, reply });
        None
    }

    /// Moves waiting requests to the queue; false when the session ended.
    fn take_requests(&mut self) -> bool {
        loop {
            match self.requests.try_recv() {
                Ok(request) if is_stop(&request.line) && self.queue.is_empty() => {
                    if self.engine.send(&request.line).is_ok() {
                        self.sent.push_back(request);
                    } else {
                        self.queue.push_back(request);
                    }
                }
                Ok(request) => self.queue.push_back(request),
                Err(TryRecvError::Empty) => return true,
                Err(TryRecvError::Disconnected) => return false,
            }
        }
    }

    /// With no request waiting: whatever the engine writes answers
    /// nothing, and its output closing is its end.
    fn look_while_idle(&mut self) -> Option<Ended> {
        let unframed = match self.engine.read_reply(Instant::now()) {
            Err(ClientError::Timeout { .. }) => return None,
            Err(ClientError::Closed { status, .. }) => return Some(Ended::Closed(status)),
            Ok(reply) => format!("a reply to no command: {}", reply.lines().join(" / ")),
            Err(e) => e.to_string(),
        };
        self.answered = true;
        self.out.send(Event::Unframed(unframed));
        None
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
