//! The engine at a terminal (stdin and stdout both terminals): commands
//! are read with a line editor (history, arrow keys, Ctrl-L to clear the
//! screen), which a pipe never sees: piped input is read byte for byte by
//! [`super::run`]. The editor shows its prompt only once the last command
//! is answered (it owns the terminal while it edits), and Ctrl-C while a
//! command runs stops its search, as `stop` does.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, Sender, channel};

use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;

use super::engine_loop::{Input, ReadInput, run_with};
use super::framing::Line;
use super::{MAX_LINE, Session};

/// What the editor waits for between two commands.
enum Event {
    /// The last command is answered: edit the next.
    Answered,
    /// Ctrl-C while it runs.
    Interrupt,
}

/// Runs the engine on the terminal until `quit` or Ctrl-D.
pub fn run_terminal(session: &mut Session, output: impl Write + Send) -> io::Result<()> {
    let (events, receiver) = channel();
    let (answered, answers) = channel();
    // Replies are relayed as events, so one channel holds both.
    let relay = events.clone();
    std::thread::Builder::new()
        .name("engine-answered".into())
        .spawn(move || {
            for () in answers {
                if relay.send(Event::Answered).is_err() {
                    return;
                }
            }
        })?;
    #[cfg(unix)]
    interrupts_to(events);
    #[cfg(not(unix))]
    drop(events);
    run_with(
        session,
        move || editor_input(receiver),
        output,
        Some(answered),
    )
}

/// Reads lines with the editor, one command at a time.
fn editor_input(events: Receiver<Event>) -> ReadInput {
    let mut editor = DefaultEditor::new().ok();
    let mut waiting = false;
    Box::new(move || {
        if waiting {
            match events.recv() {
                Ok(Event::Answered) => waiting = false,
                Ok(Event::Interrupt) => return Ok(Some(Input::Interrupt)),
                Err(_) => return Ok(None),
            }
            // A Ctrl-C as the reply came belongs to no command.
            while events.try_recv().is_ok() {}
        }
        let Some(editor) = editor.as_mut() else {
            return Err(io::Error::other("no line editor on this terminal"));
        };
        loop {
            match editor.readline("") {
                Ok(line) => {
                    waiting = true;
                    if line.len() > MAX_LINE {
                        return Ok(Some(Input::Line(Line::TooLong)));
                    }
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    return Ok(Some(Input::Line(Line::Text(line))));
                }
                // Ctrl-C at the prompt: nothing runs, the line is dropped.
                Err(ReadlineError::Interrupted) => continue,
                Err(ReadlineError::Eof) => return Ok(None),
                Err(ReadlineError::Io(e)) => return Err(e),
                Err(e) => return Err(io::Error::other(e.to_string())),
            }
        }
    })
}

/// Keeps SIGINT (Ctrl-C) from ending the engine: blocked in the calling
/// thread and so in every thread it starts afterwards. The engine calls it
/// first thing at a terminal, before any thread (the evaluator's, the
/// searches') exists; [`run_terminal`] then takes the signal as a stop.
#[cfg(unix)]
pub fn block_interrupts() -> libc::sigset_t {
    // SAFETY: plain libc calls on a signal set owned here; the mask
    // changes only which threads may take SIGINT.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGINT);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        set
    }
}

/// No signals to block elsewhere.
#[cfg(not(unix))]
pub fn block_interrupts() {}

/// Takes SIGINT (Ctrl-C while a command runs and the terminal is not the
/// editor's) and hands it to the editor's side as an [`Event::Interrupt`]
/// (see [`block_interrupts`]).
#[cfg(unix)]
fn interrupts_to(events: Sender<Event>) {
    let set = block_interrupts();
    let _ = std::thread::Builder::new()
        .name("engine-sigint".into())
        .spawn(move || {
            loop {
                let mut signal = 0;
                // SAFETY: as above.
                let ok = unsafe { libc::sigwait(&set, &mut signal) } == 0;
                if ok && signal == libc::SIGINT && events.send(Event::Interrupt).is_err() {
                    return;
                }
            }
        });
}
