//! The engine's loop (protocol.md, "Stopping a search"): a reader thread
//! keeps reading input lines while a command runs, so that `stop` (and,
//! for a client that watches with `set progress on`, `quit` and the end
//! of input) can end a running search; every line is still answered in
//! order, one at a time, as before. A clock thread writes the progress
//! lines of a running command for a client that asked for them. Between
//! commands the loop hands back what the last one freed, and the searches'
//! caches once no line has come for a while (`IDLE`).
//!
//! ```text
//! input ─▶ reader thread ─(line, number)─▶ loop: Session::handle_parsed ─▶ output
//!              │ stop read: "stop lines before N"        ▲
//!              └──────────▶ Stop ◀── search             clock: ~ progress lines
//! ```

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::command::{Command, OutputMode};
use super::framing::Line;
use super::progress::{PERIOD, ProgressBoard};
use super::{ErrorCode, MAX_LINE, ProtoError, Session, format, heap, parse};
use plakoto_engine::game::Stop;

/// What the input gives the reader.
#[derive(Debug)]
pub enum Input {
    /// A line (or a line too long, dropped).
    Line(Line),
    /// At a terminal, Ctrl-C: stop every search read so far; no reply.
    Interrupt,
}

/// A source of input, read on the reader thread: `Ok(None)` at the end.
pub type ReadInput = Box<dyn FnMut() -> io::Result<Option<Input>>>;

/// What the reader thread hands the loop.
enum Message {
    Line(Line, u64),
    End,
    Failed(io::Error),
}

/// Runs the engine on the input `open` gives (it is called on the reader
/// thread, which lives until the input ends: a reader blocked on a pipe
/// does not keep the loop from returning after `quit`), answering on
/// `output`. `answered`, when given, is told after each reply is written
/// (a terminal's line editor waits for it before it shows its prompt).
pub fn run_with(
    session: &mut Session,
    open: impl FnOnce() -> ReadInput + Send + 'static,
    output: impl Write + Send,
    answered: Option<Sender<()>>,
) -> io::Result<()> {
    heap::tune_allocator();
    let stop_before = Arc::new(AtomicU64::new(0));
    let (tx, rx) = channel();
    let reader_stop = stop_before.clone();
    let watching = session.state().progress;
    std::thread::Builder::new()
        .name("engine-input".into())
        .spawn(move || read_input(open(), &tx, &reader_stop, watching))?;
    let out = Mutex::new(output);
    let clock = Clock::default();
    let board = session.progress_board();
    std::thread::scope(|scope| {
        scope.spawn(|| clock.run(&out, &board));
        let result = (|| {
            // Whether the searches' caches were freed since the last
            // command (see `IDLE`).
            let mut released = true;
            loop {
                let message = if released {
                    rx.recv().ok()
                } else {
                    match rx.recv_timeout(IDLE) {
                        Err(RecvTimeoutError::Timeout) => {
                            release_while_waiting(session);
                            released = true;
                            continue;
                        }
                        received => received.ok(),
                    }
                };
                let Some(message) = message else { break };
                let (line, number) = match message {
                    Message::End => return Ok(()),
                    Message::Failed(error) => return Err(error),
                    Message::Line(line, number) => (line, number),
                };
                let text = match line {
                    Line::Text(text) => text,
                    Line::TooLong => {
                        let err = ProtoError::new(
                            ErrorCode::Syntax,
                            format!("line longer than {MAX_LINE} bytes ignored"),
                        );
                        let reply = format::frame(None, &Err(err), session.state().output);
                        write_reply(&out, &reply, &answered)?;
                        continue;
                    }
                };
                let Some(parsed) = session.parse(&text) else {
                    if let Some(answered) = &answered {
                        let _ = answered.send(());
                    }
                    continue;
                };
                session.set_stop(Stop::after_line(stop_before.clone(), number));
                board.clear();
                if session.state().progress {
                    clock.begin(
                        parsed.id.clone(),
                        command_word(&text),
                        session.state().output,
                    );
                }
                let handled = session.handle_parsed(parsed);
                clock.end();
                // After `quit` the line editor must not take the terminal
                // again (the process ends under it, leaving it raw).
                let next = if handled.quit { &None } else { &answered };
                write_reply(&out, &handled.text, next)?;
                if handled.quit {
                    return Ok(());
                }
                // After the reply, so that the client does not wait on it.
                release_after_command();
                released = false;
            }
            Ok(())
        })();
        clock.quit();
        result
    })
}

/// How long the engine waits for its next line before it frees the
/// searches' caches ([`release_while_waiting`]). A client that sends its
/// next command as soon as it reads a reply (an arena, a script, a GUI
/// playing the engine against itself) is back well within it, and its
/// searches keep their caches; a person is not.
const IDLE: Duration = Duration::from_millis(50);

/// Hands back, after every command, what it freed and what it mapped of
/// the endgame databases (pin and race tables), so that what one command
/// touched does not stay resident.
fn release_after_command() {
    heap::release_free_memory();
    plakoto_engine::eval::pin_endgame::release_mapped_pages();
    plakoto_engine::eval::race::release_mapped_pages();
}

/// Frees the searches' caches, and hands their pages back, once the engine
/// waits for its next command. Freed after every command instead, they
/// cost a command of 1 ply about a third of its time: every next search
/// mapped its tables afresh (blocks that large are mapped on their own,
/// see `heap`), a page fault per page it touched.
fn release_while_waiting(session: &mut Session) {
    session.release_caches();
    heap::release_free_memory();
}

fn write_reply(
    out: &Mutex<impl Write>,
    text: &str,
    answered: &Option<Sender<()>>,
) -> io::Result<()> {
    let mut out = lock(out);
    out.write_all(text.as_bytes())?;
    out.flush()?;
    if let Some(answered) = answered {
        let _ = answered.send(());
    }
    Ok(())
}

/// The reader thread: numbers the lines and passes them on; marks the
/// searches a `stop` (or a watching client's `quit` or end of input) ends.
fn read_input(
    mut input: ReadInput,
    tx: &Sender<Message>,
    stop_before: &AtomicU64,
    mut watching: bool,
) {
    // `watching` mirrors `set progress`, in line order, as the loop will
    // apply it.
    let mut number = 0u64;
    loop {
        let line = match input() {
            Ok(Some(Input::Line(line))) => line,
            Ok(Some(Input::Interrupt)) => {
                stop_before.fetch_max(number + 1, Ordering::Relaxed);
                continue;
            }
            Ok(None) => {
                if watching {
                    stop_before.store(u64::MAX, Ordering::Relaxed);
                }
                let _ = tx.send(Message::End);
                return;
            }
            Err(error) => {
                let _ = tx.send(Message::Failed(error));
                return;
            }
        };
        number += 1;
        if let Line::Text(text) = &line
            && let Some(parsed) = parse::parse_line(text)
        {
            match parsed.command {
                Ok(Command::Stop) => {
                    stop_before.fetch_max(number, Ordering::Relaxed);
                }
                Ok(Command::Quit) if watching => {
                    stop_before.fetch_max(number, Ordering::Relaxed);
                }
                Ok(Command::SetProgress(on)) => watching = on,
                _ => {}
            }
        }
        if tx.send(Message::Line(line, number)).is_err() {
            return;
        }
    }
}

/// The command's first word, lowercased, for its progress lines.
fn command_word(text: &str) -> String {
    let body = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ' || c == '\t');
    body.split([' ', '\t'])
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .take(32)
        .collect::<String>()
        .to_ascii_lowercase()
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The command a clock is timing.
struct Running {
    id: Option<String>,
    command: String,
    mode: OutputMode,
    started: Instant,
    next: Instant,
}

#[derive(Default)]
struct ClockState {
    running: Option<Running>,
    quit: bool,
}

/// Writes a running command's progress lines every [`PERIOD`]. It writes
/// while holding its state, and [`Clock::end`] takes that state before
/// the reply is written: no progress line can follow its reply.
#[derive(Default)]
struct Clock {
    state: Mutex<ClockState>,
    wake: Condvar,
}

impl Clock {
    fn begin(&self, id: Option<String>, command: String, mode: OutputMode) {
        let started = Instant::now();
        lock(&self.state).running = Some(Running {
            id,
            command,
            mode,
            started,
            next: started + PERIOD,
        });
        self.wake.notify_all();
    }

    fn end(&self) {
        lock(&self.state).running = None;
    }

    fn quit(&self) {
        lock(&self.state).quit = true;
        self.wake.notify_all();
    }

    fn run(&self, out: &Mutex<impl Write>, board: &ProgressBoard) {
        let mut state = lock(&self.state);
        loop {
            if state.quit {
                return;
            }
            let Some(running) = &mut state.running else {
                state = self.wake.wait(state).unwrap_or_else(|e| e.into_inner());
                continue;
            };
            let now = Instant::now();
            if now >= running.next {
                let line = super::progress::line(
                    running.id.as_deref(),
                    &running.command,
                    running.started,
                    now,
                    &board.read(),
                    running.mode,
                );
                let mut out = lock(out);
                // A failed write is the loop's to report, with the reply.
                let _ = out.write_all(line.as_bytes()).and_then(|()| out.flush());
                running.next = now + PERIOD;
            }
            let wait = running.next.saturating_duration_since(now);
            state = self
                .wake
                .wait_timeout(state, wait)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_words() {
        assert_eq!(command_word("7 rollout 100"), "rollout");
        assert_eq!(command_word("Hint 3"), "hint");
        assert_eq!(command_word("eval"), "eval");
    }
}
