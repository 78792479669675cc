//! A client for any engine speaking protocol.md: start it as a child
//! process, send commands, read typed replies, every wait with a deadline.
//! The arena, the conformance checker, the GUI server (on a thread of
//! each engine's own) and any Rust program driving an engine use it;
//! replies are read by [`crate::framing`].
//!
//! ```no_run
//! use std::time::Duration;
//! use plakoto_protocol::client::Engine;
//!
//! let second = Duration::from_secs(1);
//! let mut engine = Engine::start("plakoto --plies 0")?; // any engine's command line
//! engine.request("set position AAAg//DAAA8/fAAA:ZBAAAAAA", second)?;
//! let reply = engine.request("play", second)?;
//! assert!(reply.ok);
//! println!("it plays {}", reply.first()); // e.g. `24/21 13/12`
//! # Ok::<(), plakoto_protocol::client::ClientError>(())
//! ```
//!
//! Any program that answers in the protocol's framing will do; this one
//! (a shell loop) echoes its commands, and answers `quit` too:
//!
//! ```
//! use std::time::Duration;
//! use plakoto_protocol::client::Engine;
//!
//! let echo = r#"sh -c 'while read -r l; do printf "=%s\n\n" "${l%% *} $l"; done'"#;
//! let mut engine = Engine::start(echo)?;
//! let reply = engine.request("7 hello", Duration::from_secs(5))?;
//! assert_eq!((reply.ok, reply.id.as_deref(), reply.first()), (true, Some("7"), "7 hello"));
//! # Ok::<(), plakoto_protocol::client::ClientError>(())
//! ```

use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStderr, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::thread;
use std::time::{Duration, Instant};

use crate::framing::{
    Event, FrameError, Line, MAX_REPLY_LINE, Progress, Reply, ReplyReader, read_line,
};

/// How long a dropped engine is given to exit after `quit`.
pub const QUIT_GRACE: Duration = Duration::from_millis(300);

/// What can go wrong talking to an engine. A `?` reply is not an error
/// here: it is a [`Reply`] with `ok == false`.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The program could not be started.
    #[error("cannot start '{command}': {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// No complete reply before the deadline. Reading may go on
    /// ([`Engine::read_reply`]); a caller that gives up on the reply and
    /// sends another command would find the engine's later output out of
    /// step with its commands: it should start a new engine.
    #[error("no complete reply to '{command}' in time")]
    Timeout {
        /// The command waiting for its reply.
        command: String,
    },
    /// The engine closed its output or its input (it exited, most likely).
    #[error("{what}{}", exit_note(.status))]
    Closed {
        /// What was being done.
        what: String,
        /// Its exit status, if it has exited.
        status: Option<ExitStatus>,
    },
    /// Output that is not a reply (protocol.md section 1).
    #[error("'{command}' answered {error}")]
    Framing {
        /// The command being answered.
        command: String,
        /// What was wrong.
        error: FrameError,
    },
    /// A command holding a line break would be several commands.
    #[error("a command is one line: {0:?} holds a line break")]
    LineBreak(String),
}

/// The exit status after a closed pipe, read as `sh` means it: the engine
/// runs as `sh -c "exec COMMAND"`, and the shell exits 127 when it finds no
/// such command and 126 when it finds one it cannot run.
fn exit_note(status: &Option<ExitStatus>) -> String {
    match status.and_then(|s| s.code()) {
        Some(127) => " (the command was not found: the shell exited with status 127)".into(),
        Some(126) => {
            " (the command cannot be run, not executable: the shell exited with status 126)".into()
        }
        _ => status.map_or(String::new(), |s| format!(" (exit: {s})")),
    }
}

/// What the engine's reader thread (or a [`Waker`]) hands a waiting
/// [`Engine`].
enum Feed {
    /// A line of the engine's stdout.
    Line(Line),
    /// The engine's stdout ended (or could not be read on).
    End,
    /// A [`Waker`] asks the waiting reader to return.
    Wake,
}

/// Ends a wait of [`Engine::read_reply_or_wake`] at once, from another
/// thread: an event-driven client (the GUI's relay) waits for a reply
/// *or* for something else to do (a `stop` to send) without polling.
/// Cheap to clone; a wake asked while nobody waits ends the next wait.
#[derive(Clone)]
pub struct Waker {
    feed: Sender<Feed>,
    /// Whether a wake is already on its way (wakes are not queued twice).
    pending: Arc<AtomicBool>,
}

impl Waker {
    /// Wakes the engine's reader (now, or at its next wait).
    pub fn wake(&self) {
        if !self.pending.swap(true, Ordering::AcqRel) {
            let _ = self.feed.send(Feed::Wake);
        }
    }
}

impl std::fmt::Debug for Waker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Waker")
    }
}

/// A running engine: a child process, its stdin, and a reader thread
/// turning its stdout into lines (so that every wait has a deadline).
/// Dropping it sends `quit` and stops the process [`QUIT_GRACE`] later.
pub struct Engine {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Feed>,
    /// The sending side for [`Waker`]s (the reader thread holds another).
    feed: Sender<Feed>,
    wake_pending: Arc<AtomicBool>,
    /// The reader has seen the end of the engine's stdout.
    ended: bool,
    reader: ReplyReader,
    last_command: String,
    on_progress: Option<ProgressHandler>,
}

/// What a client does with a progress line ([`Engine::on_progress`]).
pub type ProgressHandler = Box<dyn FnMut(&Progress) + Send>;

impl Engine {
    /// Starts `command` as `sh -c "exec COMMAND"` (one program with its
    /// arguments, quoted as in a shell); its stderr is discarded.
    pub fn start(command: &str) -> Result<Engine, ClientError> {
        Engine::start_shell(command, false)
    }

    /// Starts `command` as [`Engine::start`] does; its stderr goes to this
    /// process's stderr when `show_stderr`.
    pub fn start_shell(command: &str, show_stderr: bool) -> Result<Engine, ClientError> {
        let mut cmd = shell_command(command);
        if !show_stderr {
            cmd.stderr(Stdio::null());
        }
        Engine::spawn(cmd, command)
    }

    /// Starts a prepared command (its stdin and stdout are piped here;
    /// stderr is left as set: piped, it is had with
    /// [`Engine::take_stderr`]). `name` names it in messages.
    pub fn spawn(mut cmd: Command, name: &str) -> Result<Engine, ClientError> {
        let spawn_error = |source| ClientError::Spawn {
            command: name.to_string(),
            source,
        };
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped());
        let mut child = cmd.spawn().map_err(spawn_error)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(io::Error::other("no pipes to the engine")));
        };
        let (tx, rx) = channel();
        let feed = tx.clone();
        let reader = thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut stdout = BufReader::new(stdout);
                while let Ok(Some(line)) = read_line(&mut stdout, MAX_REPLY_LINE) {
                    if tx.send(Feed::Line(line)).is_err() {
                        return;
                    }
                }
                let _ = tx.send(Feed::End);
            });
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(e));
        }
        Ok(Engine {
            command: name.to_string(),
            child,
            stdin,
            lines: rx,
            feed,
            wake_pending: Arc::new(AtomicBool::new(false)),
            ended: false,
            reader: ReplyReader::new(),
            last_command: String::new(),
            on_progress: None,
        })
    }

    /// Hands every progress line read from now on to `handler` (an
    /// engine sends them after `set progress on`, protocol.md); without a
    /// handler they are passed over, as the arena and `conformance` do.
    pub fn on_progress(&mut self, handler: impl FnMut(&Progress) + Send + 'static) {
        self.on_progress = Some(Box::new(handler));
    }

    /// The command line the engine was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The engine's stderr, once, when it was started piped
    /// ([`Engine::spawn`] with `Stdio::piped()`): the caller reads it
    /// (it must, or a talkative engine blocks on a full pipe).
    pub fn take_stderr(&mut self) -> Option<ChildStderr> {
        self.child.stderr.take()
    }

    /// Sends `command` and reads its reply, within `timeout`.
    pub fn request(&mut self, command: &str, timeout: Duration) -> Result<Reply, ClientError> {
        self.request_by(command, Instant::now() + timeout)
    }

    /// Sends `command` and reads its reply, all before `deadline`.
    pub fn request_by(&mut self, command: &str, deadline: Instant) -> Result<Reply, ClientError> {
        self.send(command)?;
        self.read_reply(deadline)
    }

    /// Sends one line as it is (a command, with an id if wanted), without
    /// reading anything.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        if line.contains(['\n', '\r']) {
            return Err(ClientError::LineBreak(line.to_string()));
        }
        self.last_command = line.to_string();
        let written = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush());
        written.map_err(|e| self.closed(format!("writing '{line}': {e}")))
    }

    /// Reads the next reply before `deadline`. After a
    /// [`ClientError::Timeout`] nothing read is lost: a later call goes on
    /// with the same reply, so a caller may wait in short slices (and do
    /// other work between them) for a reply that takes long. Wakes of a
    /// [`Waker`] are passed over.
    pub fn read_reply(&mut self, deadline: Instant) -> Result<Reply, ClientError> {
        loop {
            if let Some(reply) = self.read_reply_or_wake(deadline)? {
                return Ok(reply);
            }
        }
    }

    /// A [`Waker`] that ends a wait of [`Engine::read_reply_or_wake`] from
    /// another thread.
    pub fn waker(&self) -> Waker {
        Waker {
            feed: self.feed.clone(),
            pending: Arc::clone(&self.wake_pending),
        }
    }

    /// As [`Engine::read_reply`], but a [`Waker`]'s wake ends the wait at
    /// once with `Ok(None)` (nothing read is lost: a later call goes on
    /// with the same reply). With a far deadline, a client waits for
    /// either a reply or its own wake, without polling.
    pub fn read_reply_or_wake(&mut self, deadline: Instant) -> Result<Option<Reply>, ClientError> {
        loop {
            let closed = |engine: &mut Engine| {
                let what = format!("output closed while answering '{}'", engine.last_command);
                engine.closed(what)
            };
            if self.ended {
                return Err(closed(self));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Feed::Line(line)) => line,
                Ok(Feed::Wake) => {
                    self.wake_pending.store(false, Ordering::Release);
                    return Ok(None);
                }
                Ok(Feed::End) | Err(RecvTimeoutError::Disconnected) => {
                    self.ended = true;
                    return Err(closed(self));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError::Timeout {
                        command: self.last_command.clone(),
                    });
                }
            };
            match self.reader.push_event(line) {
                Ok(Some(Event::Reply(reply))) => return Ok(Some(reply)),
                Ok(Some(Event::Progress(progress))) => {
                    if let Some(handler) = &mut self.on_progress {
                        handler(&progress);
                    }
                }
                Ok(None) => {}
                Err(error) => {
                    return Err(ClientError::Framing {
                        command: self.last_command.clone(),
                        error,
                    });
                }
            }
        }
    }

    /// Sends `quit`, reads its reply and waits for the engine to exit, all
    /// within `timeout`. Returns the reply (or why there was none) and
    /// the exit status (`None`: still running; it is then stopped).
    pub fn quit(mut self, timeout: Duration) -> (Result<Reply, ClientError>, Option<ExitStatus>) {
        let deadline = Instant::now() + timeout;
        let reply = self.request_by("quit", deadline);
        let status = self.wait_until(deadline);
        (reply, status)
    }

    /// Waits at most `timeout` for the engine to exit (after its output
    /// closed, say); `None` if it is still running.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        self.wait_until(Instant::now() + timeout)
    }

    /// Waits until the engine exits or `deadline` passes.
    fn wait_until(&mut self, deadline: Instant) -> Option<ExitStatus> {
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    fn closed(&mut self, what: String) -> ClientError {
        // A closed pipe comes a moment before the exit can be seen.
        let status = self.wait_until(Instant::now() + Duration::from_millis(50));
        ClientError::Closed { what, status }
    }
}

/// `sh -c "exec COMMAND"`: the shell reads the words (quoting works as
/// usual) and is then replaced by the engine, so the child held is the
/// engine itself and stopping it stops nothing else. How every client
/// (the arena, `conformance`, the GUI's `--engine`) starts a command line.
pub fn shell_command(command: &str) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(format!("exec {command}"));
    cmd
}

impl Drop for Engine {
    /// Asks the engine to `quit`, then stops it if it lingers (by its
    /// process id: the shell was replaced by the engine).
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        if self.wait_until(Instant::now() + QUIT_GRACE).is_none() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that answers `go` once `ready` was written, and nothing
    /// else: a wait for `go` ends only by a reply or a wake.
    fn late_engine() -> Engine {
        Engine::start(
            r#"sh -c 'while read -r l; do case $l in go) read -r r; printf "= gone\n\n";; esac; done'"#,
        )
        .unwrap()
    }

    #[test]
    fn a_wake_ends_a_wait_and_loses_nothing() {
        let mut engine = late_engine();
        let waker = engine.waker();
        engine.send("go").unwrap();
        let far = Instant::now() + Duration::from_secs(60);
        // Woken from another thread: the wait ends with no reply (not a
        // timeout, whose deadline is a minute away).
        let ringer = thread::spawn(move || {
            thread::sleep(Duration::from_millis(20));
            waker.wake();
        });
        assert!(matches!(engine.read_reply_or_wake(far), Ok(None)));
        ringer.join().unwrap();
        // Wakes asked twice before a wait end one wait only.
        engine.waker().wake();
        engine.waker().wake();
        assert!(matches!(engine.read_reply_or_wake(far), Ok(None)));
        // The reply still comes whole, to the next wait.
        engine.send("ready").unwrap();
        let reply = engine.read_reply_or_wake(far).unwrap().expect("the reply");
        assert_eq!(reply.payload, vec!["gone".to_string()]);
        // `read_reply` passes wakes over.
        engine.waker().wake();
        engine.send("go").unwrap();
        engine.send("ready").unwrap();
        assert!(engine.read_reply(far).unwrap().ok);
    }

    #[test]
    fn an_ended_engine_is_closed_at_every_wait() {
        let mut engine = Engine::start("true").unwrap();
        let far = Instant::now() + Duration::from_secs(60);
        for _ in 0..2 {
            assert!(matches!(
                engine.read_reply_or_wake(far),
                Err(ClientError::Closed { .. })
            ));
        }
        // A waker outliving the reader changes nothing.
        engine.waker().wake();
        assert!(matches!(
            engine.read_reply(far),
            Err(ClientError::Closed { .. })
        ));
    }
}
