//! plakoto-protocol: the text protocol spoken on stdin/stdout (specified in protocol.md):
//!
//! ```text
//! stdin line ─▶ parse (nom) ─▶ Command ─▶ Session::apply ─▶ Reply ─▶ format ─▶ stdout
//! ```
//!
//! This is the only part of the crate that reads or writes lines.

pub mod board_data;
pub mod board_picture;
pub mod client;
pub mod command;
pub mod engine_loop;
mod errors;
pub mod format;
pub mod framing;
mod game_records;
pub mod game_session;
mod games;
mod heap;
pub mod help;
mod match_value;
pub mod options;
pub mod parse;
pub mod parse_records;
mod parse_tavli;
pub mod progress;
pub mod records;
pub mod reply;
pub mod session;
mod session_game;
pub mod session_search;
mod show_replies;
pub mod state;
pub mod suggest;
pub mod table;
pub mod table_board_data;
pub mod tavli;
pub mod tavli_replies;
pub mod tavli_session;
mod terminal;
pub mod tools;
mod words;

pub use command::{Command, Orientation, OutputMode};
pub use reply::{ErrorCode, ProtoError, Reply};
pub use session::{Handled, Session};
pub use state::SessionState;

use std::io::{self, BufRead, Write};

pub use framing::MAX_LINE;
pub use terminal::{block_interrupts, run_terminal};

/// Runs the engine: answers every command line of `input` on `output`
/// until `quit` or the end of the input, reading on while a command runs
/// (see [`engine_loop`]).
pub fn run(
    session: &mut Session,
    mut input: impl BufRead + Send + 'static,
    output: impl Write + Send,
) -> io::Result<()> {
    engine_loop::run_with(
        session,
        move || {
            Box::new(move || {
                Ok(framing::read_line(&mut input, MAX_LINE)?.map(engine_loop::Input::Line))
            })
        },
        output,
        None,
    )
}
