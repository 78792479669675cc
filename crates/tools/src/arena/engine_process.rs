//! An engine running as a child process for the arena: a
//! [`plakoto_protocol::client::Engine`] whose failures are [`Fault`]s (a hanging
//! engine becomes a [`FaultKind::Timeout`], a dead one a
//! [`FaultKind::Crash`], never a stuck arena), started patiently, and
//! checked with `isready` before it plays.

use std::thread;
use std::time::{Duration, Instant};

use super::fault::{Fault, FaultKind};
use plakoto_protocol::client::{ClientError, Engine};
pub use plakoto_protocol::framing::Reply;

/// Most tries to start an engine before its game is forfeited.
pub const START_ATTEMPTS: u32 = 3;
/// The pause before a new try to start an engine, times the tries made.
pub const START_BACKOFF: Duration = Duration::from_millis(200);

impl From<ClientError> for Fault {
    fn from(e: ClientError) -> Fault {
        let kind = match &e {
            ClientError::Spawn { .. } => FaultKind::Spawn,
            ClientError::Timeout { .. } => FaultKind::Timeout,
            ClientError::Closed { .. } => FaultKind::Crash,
            ClientError::Framing { .. } | ClientError::LineBreak(_) => FaultKind::Garbage,
        };
        let message = match &e {
            ClientError::Framing { command, error } => match error {
                plakoto_protocol::framing::FrameError::NotAReply(line) => {
                    format!("'{command}' answered '{}'", shorten(line))
                }
                other => format!("'{command}' answered {other}"),
            },
            other => other.to_string(),
        };
        Fault::new(kind, message)
    }
}

/// A running engine process.
pub struct EngineProcess {
    engine: Engine,
}

impl EngineProcess {
    /// Starts `command` with `sh -c "exec COMMAND"` (one command with its
    /// arguments, quoted as in a shell) and waits for `isready` → `= readyok` within `timeout`.
    /// The engine's stderr is discarded unless `show_stderr`.
    pub fn start(command: &str, timeout: Duration, show_stderr: bool) -> Result<Self, Fault> {
        let mut engine = Engine::start_shell(command, show_stderr)?;
        let reply = engine.request("isready", timeout)?;
        if !reply.ok || reply.first() != "readyok" {
            return Err(Fault::new(
                FaultKind::Garbage,
                format!("'isready' answered '{}'", shorten(&reply.lines()[0])),
            ));
        }
        Ok(EngineProcess { engine })
    }

    /// Starts `command` as [`Self::start`] does, trying again when the
    /// engine crashes or misses the deadline at start (a busy machine, a
    /// slow import): at most [`START_ATTEMPTS`] tries, the time allowed
    /// doubling each try (`timeout`, 2×, 4×) after a pause of
    /// [`START_BACKOFF`] times the try's number. An engine that answers
    /// `isready` wrongly is not tried again: it would answer the same.
    pub fn start_patiently(
        command: &str,
        timeout: Duration,
        show_stderr: bool,
    ) -> Result<Self, Fault> {
        let mut allowed = timeout;
        let mut attempt = 1;
        loop {
            match Self::start(command, allowed, show_stderr) {
                Ok(engine) => return Ok(engine),
                Err(f)
                    if attempt < START_ATTEMPTS
                        && matches!(f.kind, FaultKind::Timeout | FaultKind::Crash) =>
                {
                    log::info!("engine '{command}' did not start (try {attempt}): {f}");
                    thread::sleep(START_BACKOFF * attempt);
                    allowed = allowed.saturating_mul(2);
                    attempt += 1;
                }
                Err(mut f) => {
                    if attempt > 1 {
                        f.message = format!("{} (after {attempt} tries to start)", f.message);
                    }
                    return Err(f);
                }
            }
        }
    }

    /// The command line the engine was started with.
    pub fn command(&self) -> &str {
        self.engine.command()
    }

    /// Sends one command and reads its reply, all before `deadline`.
    /// A `?` reply is returned as such (`ok == false`), not as a fault.
    pub fn request(&mut self, command: &str, deadline: Instant) -> Result<Reply, Fault> {
        Ok(self.engine.request_by(command, deadline)?)
    }
}

/// A line cut for messages.
pub(crate) fn shorten(s: &str) -> String {
    const MAX: usize = 80;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(MAX).collect::<String>())
    }
}
