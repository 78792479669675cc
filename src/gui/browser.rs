//! Launching the system's browser for `plakoto gui --open`.

use std::io;
use std::process::{Command, Stdio};

/// Programs tried in order to open a URL: the desktop's opener first.
const OPENERS: &[&str] = &[
    "xdg-open",
    "open",
    "sensible-browser",
    "x-www-browser",
    "chromium",
    "firefox",
];

/// Opens `url` with the first opener found; an error when none could start.
pub fn open(url: &str) -> io::Result<()> {
    for program in OPENERS {
        let started = Command::new(program)
            .arg(url)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if started.is_ok() {
            return Ok(());
        }
    }
    Err(io::Error::new(
        io::ErrorKind::NotFound,
        "no browser opener found (tried xdg-open, open, sensible-browser, ...)",
    ))
}
