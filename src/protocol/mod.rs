//! The text protocol spoken on stdin/stdout (specified in protocol.md):
//!
//! ```text
//! stdin line ─▶ parse (nom) ─▶ Command ─▶ Session::apply ─▶ Reply ─▶ format ─▶ stdout
//! ```
//!
//! This is the only part of the crate that reads or writes lines.

mod analysis_replies;
pub mod board_art;
pub mod board_data;
pub mod command;
mod errors;
pub mod format;
pub mod framing;
pub mod help;
mod legal;
pub mod options;
pub mod parse;
pub mod parse_records;
pub mod records;
pub mod reply;
pub mod session;
pub mod set_position;
mod show_replies;
pub mod state;
pub mod suggest;
mod words;

pub use command::{Command, Orientation, OutputMode};
pub use reply::{ErrorCode, ProtoError, Reply};
pub use session::{Handled, Session};
pub use state::SessionState;

use std::io::{self, BufRead, Write};

pub use framing::MAX_LINE;

/// Runs the engine: answers every command line of `input` on `output`
/// until `quit` or the end of the input.
pub fn run(
    session: &mut Session,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    loop {
        match framing::read_line(&mut input, MAX_LINE)? {
            None => return Ok(()),
            Some(framing::Line::TooLong) => {
                let err = ProtoError::new(
                    ErrorCode::Syntax,
                    format!("line longer than {MAX_LINE} bytes ignored"),
                );
                output
                    .write_all(format::frame(None, &Err(err), session.state().output).as_bytes())?;
                output.flush()?;
            }
            Some(framing::Line::Text(line)) => {
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
