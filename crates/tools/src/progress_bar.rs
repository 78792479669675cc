//! The progress bars the binaries draw on stderr, with indicatif: the bar
//! of a long command (arena, analyse, train, bench hint: position out of
//! the total, elapsed time, rate and the time left, with a message of the
//! command's own), and [`TerminalProgress`], the one drawing of the
//! library crates' [`Progress`] reports. Only at a terminal: piped or
//! redirected stderr, or a quiet command, gets nothing.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use plakoto_engine::progress::Progress;

/// A bar for `total` steps counted in `unit` (`games`, `turns`, `hints`),
/// hidden unless `shown` and stderr is a terminal.
pub fn bar(total: u64, unit: &str, shown: bool) -> ProgressBar {
    if !shown || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(style(&format!(
        "{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}}) {{msg}}"
    )));
    bar
}

/// [`bar`] for a run resumed with `done` of the `total` steps behind it:
/// the rate and the time left count only the steps made from now on.
pub fn resumed_bar(total: u64, done: u64, unit: &str, shown: bool) -> ProgressBar {
    let bar = bar(total, unit, shown);
    bar.set_position(done);
    bar.reset_eta();
    bar
}

/// The style of `template`, or indicatif's default bar should the
/// template not read (it is ours and fixed, so it always does).
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// How a [`TerminalProgress`] draws the work reported to it.
#[derive(Clone, Copy, Debug)]
enum Look {
    /// A command's own work, which its user is waiting for: [`bar`] from
    /// the start.
    Command,
    /// Work the engine does on its own (a database's first build): the
    /// work's name and a percentage, and only once it has taken a second,
    /// so that a short build does not flash a bar.
    Build,
}

/// Builds shorter than this get no bar.
pub const BUILD_BAR_AFTER: Duration = Duration::from_secs(1);

/// A drawn bar's position and length ([`TerminalProgress::state`]).
#[doc(hidden)]
pub type BarState = (u64, Option<u64>);

/// The work under way: what was started, and its bar once drawn.
struct Running {
    what: String,
    unit: String,
    total: u64,
    done: u64,
    started: Instant,
    bar: Option<ProgressBar>,
}

/// [`Progress`] drawn at a terminal: notes as `plakoto: …` lines and the
/// work as a bar on stderr; nothing at all when stderr is not a terminal
/// or the user asked for quiet.
pub struct TerminalProgress {
    look: Look,
    shown: bool,
    running: Mutex<Option<Running>>,
}

impl TerminalProgress {
    /// The progress of a command's own work (`plakoto analyse`): a bar
    /// from the start, unless not `shown` (`--quiet`).
    pub fn for_command(shown: bool) -> TerminalProgress {
        TerminalProgress::new(Look::Command, shown)
    }

    /// The progress of work the engine starts on its own, for
    /// [`plakoto_engine::progress::install_global`]: a note when it
    /// starts, a bar once it has taken a second.
    pub fn for_engine_builds() -> TerminalProgress {
        TerminalProgress::new(Look::Build, true)
    }

    fn new(look: Look, shown: bool) -> TerminalProgress {
        TerminalProgress {
            look,
            shown: shown && std::io::stderr().is_terminal(),
            running: Mutex::new(None),
        }
    }

    /// A build's progress (as [`TerminalProgress::for_engine_builds`])
    /// drawn whether or not stderr is a terminal: for the crate's tests.
    #[doc(hidden)]
    pub fn for_engine_builds_shown() -> TerminalProgress {
        TerminalProgress {
            look: Look::Build,
            shown: true,
            running: Mutex::new(None),
        }
    }

    /// The work under way, if any: the steps done, and the drawn bar's
    /// position and length once there is one. For the crate's tests.
    #[doc(hidden)]
    pub fn state(&self) -> Option<(u64, Option<BarState>)> {
        let running = self.running();
        running.as_ref().map(|r| {
            let bar = r.bar.as_ref().map(|b| (b.position(), b.length()));
            (r.done, bar)
        })
    }

    /// Moves the work's start back by `by`, as if it had begun that much
    /// earlier (a bar is drawn by age). For the crate's tests.
    #[doc(hidden)]
    pub fn backdate(&self, by: Duration) {
        if let Some(running) = self.running().as_mut() {
            running.started = running.started.checked_sub(by).expect("an earlier instant");
        }
    }

    /// The running work, even if a thread panicked while drawing it (a
    /// bar is only a display).
    fn running(&self) -> std::sync::MutexGuard<'_, Option<Running>> {
        self.running.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `running`'s bar, drawn when its look says it is time.
    fn draw(&self, running: &mut Running) {
        if running.bar.is_some() {
            return;
        }
        let bar = match self.look {
            Look::Command => bar(running.total, &running.unit, true),
            Look::Build if running.started.elapsed() >= BUILD_BAR_AFTER => {
                let bar = ProgressBar::new(running.total);
                bar.set_style(style(&format!(
                    "  {} [{{bar:40}}] {{percent:>3}}% (ETA {{eta}})",
                    running.what
                )));
                bar
            }
            Look::Build => return,
        };
        bar.set_position(running.done);
        running.bar = Some(bar);
    }
}

impl Progress for TerminalProgress {
    fn note(&self, line: &str) {
        if self.shown {
            eprintln!("plakoto: {line}");
        }
    }

    fn start(&self, what: &str, total: u64, unit: &str) {
        if !self.shown {
            return;
        }
        let mut running = Running {
            what: what.to_string(),
            unit: unit.to_string(),
            total,
            done: 0,
            started: Instant::now(),
            bar: None,
        };
        self.draw(&mut running);
        if let Some(old) = self.running().replace(running).and_then(|r| r.bar) {
            old.finish_and_clear();
        }
    }

    fn advance(&self, steps: u64) {
        let mut running = self.running();
        let Some(running) = running.as_mut() else {
            return;
        };
        running.done += steps;
        match &running.bar {
            Some(bar) => bar.inc(steps),
            None => self.draw(running),
        }
    }

    fn finish(&self) {
        if let Some(bar) = self.running().take().and_then(|r| r.bar) {
            bar.finish_and_clear();
        }
    }
}
