//! The progress bar long commands show on stderr (arena, analyse, train,
//! bench hint): position out of the total, elapsed time, rate and the time
//! left, with a message of the command's own. Only at a terminal: piped
//! or redirected stderr, or a quiet command, gets nothing.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar for `total` steps counted in `unit` (`games`, `turns`, `hints`),
/// hidden unless `shown` and stderr is a terminal.
pub fn bar(total: u64, unit: &str, shown: bool) -> ProgressBar {
    if !shown || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(&format!(
        "{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}}) {{msg}}"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
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
