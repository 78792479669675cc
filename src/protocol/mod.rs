//! The text protocol spoken on stdin/stdout (specified in protocol.md):
//!
//! ```text
//! stdin line ─▶ parse (nom) ─▶ Command ─▶ Session::apply ─▶ Reply ─▶ format ─▶ stdout
//! ```
//!
//! This is the only part of the crate that reads or writes lines.

pub mod board_art;
pub mod board_data;
pub mod command;
mod errors;
pub mod format;
pub mod help;
mod legal;
pub mod options;
pub mod parse;
pub mod parse_records;
pub mod records;
pub mod reply;
pub mod session;
pub mod set_position;
pub mod state;
mod words;

pub use command::{Command, Orientation, OutputMode};
pub use reply::{ErrorCode, ProtoError, Reply};
pub use session::{Handled, Session};
pub use state::SessionState;

use std::io::{self, BufRead, Write};

/// Longest input line read; longer lines are answered with a `syntax`
/// error and skipped, so no input can make the engine hold it all.
pub const MAX_LINE: usize = 64 * 1024;

/// One line read from the input.
enum Input {
    Line(String),
    TooLong,
    End,
}

/// Reads one line of at most [`MAX_LINE`] bytes (invalid UTF-8 replaced).
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Input> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if !too_long {
            if buf.len() + part.len() > MAX_LINE {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    Ok(if !any {
        Input::End
    } else if too_long {
        Input::TooLong
    } else {
        Input::Line(String::from_utf8_lossy(buf).into_owned())
    })
}

/// Runs the engine: answers every command line of `input` on `output`
/// until `quit` or the end of the input.
pub fn run(
    session: &mut Session,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut buf = Vec::new();
    loop {
        match read_line(&mut input, &mut buf)? {
            Input::End => return Ok(()),
            Input::TooLong => {
                let err = ProtoError::new(
                    ErrorCode::Syntax,
                    format!("line longer than {MAX_LINE} bytes ignored"),
                );
                output
                    .write_all(format::frame(None, &Err(err), session.state().output).as_bytes())?;
                output.flush()?;
            }
            Input::Line(line) => {
                if let Some(handled) = session.handle_line(&line) {
                    output.write_all(handled.text.as_bytes())?;
                    output.flush()?;
                    if handled.quit {
                        return Ok(());
                    }
                }
            }
        }
    }
}
