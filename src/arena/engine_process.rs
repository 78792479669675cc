//! An engine running as a child process, driven through the line protocol
//! (protocol.md): one command a line on its stdin; each reply is a first
//! line starting with `=` (success) or `?` (error), optionally followed by
//! a numeric id, then further payload lines and one empty line.
//!
//! Replies are read by a helper thread into a channel so that every wait
//! has a deadline: a hanging engine becomes a [`FaultKind::Timeout`], a
//! dead one a [`FaultKind::Crash`], never a stuck arena.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

use super::fault::{Fault, FaultKind};

/// Longest line kept from an engine; longer ones are cut (a garbage engine
/// must not exhaust memory).
const MAX_LINE: usize = 64 * 1024;
/// Most payload lines kept in one reply.
const MAX_PAYLOAD_LINES: usize = 10_000;
/// How long a stopping engine is given to exit after `quit`.
const QUIT_GRACE: Duration = Duration::from_millis(300);
/// Most tries to start an engine before its game is forfeited.
pub const START_ATTEMPTS: u32 = 3;
/// The pause before a new try to start an engine, times the tries made.
pub const START_BACKOFF: Duration = Duration::from_millis(200);

/// A framed reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// `true` for `=`, `false` for `?`.
    pub ok: bool,
    /// Payload lines (the first one is the text after `=`/`?` and the id).
    pub payload: Vec<String>,
}

impl Reply {
    /// The first payload line, or `""`.
    pub fn first(&self) -> &str {
        self.payload.first().map_or("", String::as_str)
    }
}

/// A running engine process.
pub struct EngineProcess {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command` with `sh -c "exec COMMAND"` (one command with its
    /// arguments, quoted as in a shell) and waits for `isready` → `= readyok` within `timeout`.
    /// The engine's stderr is discarded unless `show_stderr`.
    pub fn start(command: &str, timeout: Duration, show_stderr: bool) -> Result<Self, Fault> {
        let mut cmd = Command::new("sh");
        // `exec`: the shell reads the words (quoting works as usual) and is
        // then replaced by the engine, so the child we hold is the engine
        // itself and stopping it stops nothing else.
        cmd.arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        let mut child = cmd
            .spawn()
            .map_err(|e| Fault::new(FaultKind::Spawn, format!("cannot start '{command}': {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fault::new(FaultKind::Spawn, "no pipes to the engine"));
        };
        let (tx, rx) = channel();
        thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            buf.truncate(MAX_LINE);
                            let line = String::from_utf8_lossy(&buf);
                            let line = line.trim_end_matches(['\n', '\r']).to_string();
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| Fault::new(FaultKind::Spawn, format!("cannot start reader: {e}")))?;
        let mut engine = EngineProcess {
            command: command.to_string(),
            child,
            stdin,
            lines: rx,
        };
        let reply = engine.request("isready", Instant::now() + timeout)?;
        if !reply.ok || reply.first() != "readyok" {
            return Err(Fault::new(
                FaultKind::Garbage,
                format!("'isready' answered '{}'", reply.first()),
            ));
        }
        Ok(engine)
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
        &self.command
    }

    /// Sends one command and reads its reply, all before `deadline`.
    /// A `?` reply is returned as such (`ok == false`), not as a fault.
    pub fn request(&mut self, command: &str, deadline: Instant) -> Result<Reply, Fault> {
        writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| self.crashed(&format!("writing '{command}': {e}")))?;
        let first = self.next_line(deadline, command)?;
        let mut reply = parse_first_line(&first).ok_or_else(|| {
            Fault::new(
                FaultKind::Garbage,
                format!("'{command}' answered '{}'", shorten(&first)),
            )
        })?;
        loop {
            let line = self.next_line(deadline, command)?;
            if line.is_empty() {
                return Ok(reply);
            }
            if reply.payload.len() < MAX_PAYLOAD_LINES {
                reply.payload.push(line);
            }
        }
    }

    fn next_line(&mut self, deadline: Instant, command: &str) -> Result<String, Fault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Fault::new(
                FaultKind::Timeout,
                format!("no complete reply to '{command}' in time"),
            )),
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.crashed(&format!("output closed while answering '{command}'")))
            }
        }
    }

    fn crashed(&mut self, what: &str) -> Fault {
        let status = match self.child.try_wait() {
            Ok(Some(s)) => format!(" (exit: {s})"),
            _ => String::new(),
        };
        Fault::new(FaultKind::Crash, format!("{what}{status}"))
    }

    /// Stops the engine now, without asking (by its process id: the
    /// shell was replaced by the engine, see `start`).
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    /// Asks the engine to `quit`, then stops it if it lingers.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        let end = Instant::now() + QUIT_GRACE;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

/// Reads `=[id][ payload]` / `?[id][ payload]`.
fn parse_first_line(line: &str) -> Option<Reply> {
    let ok = match line.chars().next()? {
        '=' => true,
        '?' => false,
        _ => return None,
    };
    let rest = line[1..].trim_start_matches(|c: char| c.is_ascii_digit());
    let payload = if rest.is_empty() {
        Vec::new()
    } else {
        let text = rest.strip_prefix(' ')?.trim();
        if text.is_empty() {
            Vec::new()
        } else {
            vec![text.to_string()]
        }
    };
    Some(Reply { ok, payload })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_line_framing() {
        assert_eq!(
            parse_first_line("= 24/18 13/7"),
            Some(Reply {
                ok: true,
                payload: vec!["24/18 13/7".into()]
            })
        );
        assert_eq!(parse_first_line("=").map(|r| r.payload.len()), Some(0));
        assert_eq!(
            parse_first_line("=7 readyok").map(|r| r.first().to_string()),
            Some("readyok".into())
        );
        let err = parse_first_line("? illegal_move: no").unwrap();
        assert!(!err.ok);
        assert_eq!(err.first(), "illegal_move: no");
        assert_eq!(parse_first_line("24/18"), None);
        assert_eq!(parse_first_line("=readyok"), None);
        assert_eq!(parse_first_line(""), None);
    }
}
