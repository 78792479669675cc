//! What a person at a terminal sees while the pin endgame database is
//! built for a first answer: a one-line note on stderr, and a progress bar
//! once the build has taken more than a second. Nothing at all when stderr
//! is not a terminal (a pipe, a log file, a test).

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// Builds shorter than this get no bar (it would only flash).
const BAR_AFTER: Duration = Duration::from_secs(1);

fn at_terminal() -> bool {
    std::io::stderr().is_terminal()
}

/// Writes `what` as one line on stderr, at a terminal only.
pub fn announce(what: &str) {
    if at_terminal() {
        eprintln!("plakoto: {what}");
    }
}

/// A progress bar that appears a second into the work, at a terminal.
pub struct Bar {
    started: Instant,
    shown: Mutex<Option<ProgressBar>>,
    terminal: bool,
}

impl Bar {
    /// A bar not shown yet.
    pub fn new() -> Bar {
        Bar {
            started: Instant::now(),
            shown: Mutex::new(None),
            terminal: at_terminal(),
        }
    }

    /// `done` of `total` units of work are done.
    pub fn update(&self, done: usize, total: usize) {
        if !self.terminal || self.started.elapsed() < BAR_AFTER {
            return;
        }
        let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        let bar = shown.get_or_insert_with(|| {
            let style = ProgressStyle::with_template(
                "  pin endgame database [{bar:40}] {percent:>3}% (ETA {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            ProgressBar::new(total as u64).with_style(style)
        });
        bar.set_position(done as u64);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(bar) = self.shown.get_mut().ok().and_then(Option::take) {
            bar.finish_and_clear();
        }
    }
}
