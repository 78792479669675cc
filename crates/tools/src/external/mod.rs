//! `plakoto external`: our Portes engine as GNU Backgammon's external
//! player. gnubg (`set player 0 external localhost:PORT`) connects to this
//! listener and, at each of that player's turns, writes a FIBS board
//! string ending in a newline and a NUL; the listener answers one line:
//! the play in gnubg's notation (an empty line when no checker can move),
//! `roll` when asked before the dice are rolled, `take` when doubled
//! (Portes has no cube: it never doubles and always takes), or
//! `Error: …` for a board it cannot read (logged; the connection and the
//! listener go on).
//!
//! - [`address`]: the address listened on, TCP (loopback by default) or
//!   a Unix socket path, as gnubg writes them.
//! - [`connection`]: one connection, read board by board and answered by
//!   an engine session of its own.

pub mod address;
pub mod connection;

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use plakoto_protocol::Session;

pub use address::{ListenAddress, Listener};
pub use connection::{Answer, answer_board};

/// Options of `plakoto external` beside the engine's search options.
#[derive(clap::Args, Debug, Clone)]
pub struct ExternalArgs {
    /// Where to listen: HOST:PORT (TCP; port 0 picks a free one, printed on
    /// start) or the path of a Unix socket. Loopback by default: gnubg runs
    /// on the same machine.
    #[arg(long, default_value = "127.0.0.1:9191", value_name = "ADDRESS")]
    pub listen: ListenAddress,
    /// A settings file: protocol lines (`set plies 2`, `set evaluator
    /// heuristic`, …, see protocol.md) applied to every connection's
    /// engine before its first board; `#` starts a comment.
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
    /// Append every board and its answer to this file (one line each:
    /// the board, a tab, the answer).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Stop after this many connections have ended (default: serve until
    /// killed).
    #[arg(long, value_name = "N")]
    pub connections: Option<usize>,
}

/// Why the listener could not start.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    /// The address could not be bound.
    #[error("cannot listen on {address}: {source}")]
    Bind {
        /// The address.
        address: String,
        /// Why.
        source: std::io::Error,
    },
    /// The settings file could not be read, or a line of it was refused.
    #[error("{0}")]
    Settings(String),
    /// The log file could not be opened.
    #[error("cannot open the log {path}: {source}")]
    Log {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// The settings file's lines, checked once on a session so that a bad line
/// stops the start rather than every connection.
pub fn read_settings(
    path: Option<&std::path::Path>,
    probe: &mut Session,
) -> Result<Vec<String>, ExternalError> {
    let Some(path) = path else {
        return Ok(Vec::new());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| ExternalError::Settings(format!("cannot read {}: {e}", path.display())))?;
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    for (n, line) in lines.iter().enumerate() {
        if let Some(handled) = probe.handle_line(line)
            && handled.text.starts_with('?')
        {
            return Err(ExternalError::Settings(format!(
                "{} line {}: {line}: {}",
                path.display(),
                n + 1,
                handled.text.trim()
            )));
        }
    }
    Ok(lines)
}

/// Serves connections: each gets its own engine session from
/// `new_session`, with the settings lines applied. Writes
/// `listening on ADDRESS` on stdout once bound (the port chosen when 0
/// was asked for).
pub fn serve<F>(args: &ExternalArgs, new_session: F) -> Result<(), ExternalError>
where
    F: Fn() -> Session + Send + Sync,
{
    let mut probe = new_session();
    let settings = read_settings(args.settings.as_deref(), &mut probe)?;
    drop(probe);
    let log = match &args.log {
        Some(path) => Some(Arc::new(Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|source| ExternalError::Log {
                    path: path.display().to_string(),
                    source,
                })?,
        ))),
        None => None,
    };
    let listener = args.listen.bind().map_err(|source| ExternalError::Bind {
        address: args.listen.to_string(),
        source,
    })?;
    println!("listening on {}", listener.local_name());
    let _ = std::io::stdout().flush();
    let limit = args.connections.unwrap_or(usize::MAX);
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for n in 0..limit {
            let stream = match listener.accept() {
                Ok(s) => s,
                Err(e) => {
                    log::warn!("accepting a connection: {e}");
                    continue;
                }
            };
            log::info!("connection {} opened", n + 1);
            let (settings, log, new_session) = (&settings, log.clone(), &new_session);
            handles.push(scope.spawn(move || {
                let mut session = new_session();
                for line in settings {
                    session.handle_line(line);
                }
                match connection::serve_connection(stream, &mut session, log.as_deref()) {
                    Ok(boards) => log::info!("connection {} closed after {boards} boards", n + 1),
                    Err(e) => log::warn!("connection {}: {e}", n + 1),
                }
            }));
        }
        for h in handles {
            let _ = h.join();
        }
    });
    listener.clean_up();
    Ok(())
}
