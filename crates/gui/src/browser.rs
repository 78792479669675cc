//! Launching the system's browser for `plakoto gui --open`.
//!
//! An opener may be installed and still fail (`xdg-open` on a machine
//! with no desktop exits with an error a moment later), so each one tried
//! is given a moment: one that exits with an error counts as not opened
//! and the next is tried; one still running (a browser in the
//! foreground) or exiting cleanly counts as opened. When none opened the
//! page, the terminal says so, with the address to open by hand.

use std::io;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Programs tried in order to open a URL: the desktop's opener first.
const OPENERS: &[&str] = &[
    "xdg-open",
    "open",
    "sensible-browser",
    "x-www-browser",
    "chromium",
    "firefox",
];

/// How long an opener is watched for failing before it counts as opened.
const GRACE: Duration = Duration::from_secs(3);

/// Opens `url` with the first opener that works; an error saying what was
/// tried when none did.
pub fn open(url: &str) -> io::Result<()> {
    open_with(OPENERS, url, GRACE)
}

/// Opens `url` on a thread of its own (the server starts meanwhile); when
/// no browser opened it, says so on stderr with the address.
pub fn open_in_background(url: String) {
    thread::spawn(move || {
        if let Err(e) = open(&url) {
            eprintln!("plakoto gui: could not open a browser ({e}); open {url} yourself");
        }
    });
}

/// [`open`] with the openers and the grace period given.
fn open_with(openers: &[&str], url: &str, grace: Duration) -> io::Result<()> {
    let mut failures = Vec::new();
    for program in openers {
        let started = Command::new(program)
            .arg(url)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let mut child = match started {
            Ok(child) => child,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => {
                failures.push(format!("{program}: {e}"));
                continue;
            }
        };
        let deadline = Instant::now() + grace;
        let failed = loop {
            match child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => break format!("{program} failed ({status})"),
                Ok(None) if Instant::now() >= deadline => return Ok(()),
                Ok(None) => thread::sleep(Duration::from_millis(50)),
                Err(e) => break format!("{program}: {e}"),
            }
        };
        failures.push(failed);
    }
    let why = if failures.is_empty() {
        format!("none of {} is installed", openers.join(", "))
    } else {
        failures.join("; ")
    };
    Err(io::Error::new(io::ErrorKind::NotFound, why))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHORT: Duration = Duration::from_millis(500);

    #[test]
    fn an_opener_that_fails_is_reported_and_the_next_tried() {
        let err = open_with(&["/nonexistent/opener", "false"], "http://x/", SHORT).unwrap_err();
        let message = err.to_string();
        assert!(message.contains("false failed"), "{message}");
        assert!(open_with(&["false", "true"], "http://x/", SHORT).is_ok());
    }

    #[test]
    fn no_opener_installed_is_said() {
        let err = open_with(&["/nonexistent/a", "/nonexistent/b"], "u", SHORT).unwrap_err();
        assert!(
            err.to_string()
                .contains("none of /nonexistent/a, /nonexistent/b is installed")
        );
    }

    #[test]
    fn an_opener_still_running_counts_as_opened() {
        // `sleep 1` as the opener of the "address" 1: still running after
        // the grace period, as a browser in the foreground is; it ends by
        // itself a moment later.
        let opened = open_with(&["sleep"], "1", Duration::from_millis(200));
        assert!(opened.is_ok());
    }
}
