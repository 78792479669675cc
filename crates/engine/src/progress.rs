//! Progress of long work (a database's first build, a record's analysis),
//! reported through a [`Progress`] sink and never drawn here: the library
//! crates have no terminal, and the binaries decide whether and how a
//! person sees it (a bar at a terminal, nothing in a pipe or under
//! `--quiet`).
//!
//! Work a command starts takes its sink as an argument. Work the engine
//! starts on its own, out of sight of any command (the pin endgame
//! database built on a first lookup), reports to the process-wide sink a
//! binary installs once with [`install_global`].

use std::sync::OnceLock;

/// Where long work says how far it has got. Every method does nothing
/// unless implemented, so a sink takes only the events it shows. Work may
/// report from several threads at once (analysis runs on a rayon pool),
/// hence `Send + Sync`.
pub trait Progress: Send + Sync {
    /// A line for the person waiting: what starts, and why it takes a
    /// while. Said before [`Progress::start`].
    fn note(&self, _line: &str) {}

    /// Work of `total` steps begins: `what` names it for a person ("pin
    /// endgame database", "analysis"), `unit` names a step ("turns",
    /// "states").
    fn start(&self, _what: &str, _total: u64, _unit: &str) {}

    /// `steps` more steps are done.
    fn advance(&self, _steps: u64) {}

    /// The work is over, finished or given up.
    fn finish(&self) {}
}

/// The sink that shows nothing: for tests, programs without a terminal,
/// and work no one watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

/// The process-wide sink of work the engine starts on its own.
static GLOBAL: OnceLock<Box<dyn Progress>> = OnceLock::new();

/// Installs `sink` as the process-wide sink (see the module comment). The
/// first installation stays: a later one is handed back as the error, so
/// that work already reporting never changes sink halfway.
pub fn install_global(sink: Box<dyn Progress>) -> Result<(), Box<dyn Progress>> {
    GLOBAL.set(sink)
}

/// The process-wide sink: the one installed, or [`NoProgress`].
pub fn global() -> &'static dyn Progress {
    match GLOBAL.get() {
        Some(sink) => sink.as_ref(),
        None => &NoProgress,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A sink that writes down what it was told.
    #[derive(Default)]
    struct Recorder(Mutex<Vec<String>>);

    impl Progress for Recorder {
        fn note(&self, line: &str) {
            self.0.lock().unwrap().push(format!("note {line}"));
        }
        fn start(&self, what: &str, total: u64, unit: &str) {
            self.0
                .lock()
                .unwrap()
                .push(format!("start {what} {total} {unit}"));
        }
        fn advance(&self, steps: u64) {
            self.0.lock().unwrap().push(format!("advance {steps}"));
        }
        fn finish(&self) {
            self.0.lock().unwrap().push("finish".into());
        }
    }

    #[test]
    fn a_sink_sees_the_events_in_order_and_no_progress_takes_them_all() {
        let recorder = Recorder::default();
        let sinks: [&dyn Progress; 2] = [&NoProgress, &recorder];
        for sink in sinks {
            sink.note("building");
            sink.start("pin endgame database", 3, "states");
            sink.advance(2);
            sink.advance(1);
            sink.finish();
        }
        assert_eq!(
            *recorder.0.lock().unwrap(),
            [
                "note building",
                "start pin endgame database 3 states",
                "advance 2",
                "advance 1",
                "finish"
            ]
        );
    }

    /// A sink that counts the steps it was told of.
    struct Counter(&'static std::sync::atomic::AtomicU64);

    impl Progress for Counter {
        fn advance(&self, steps: u64) {
            self.0
                .fetch_add(steps, std::sync::atomic::Ordering::Relaxed);
        }
    }

    #[test]
    fn the_first_global_sink_installed_stays() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static FIRST: AtomicU64 = AtomicU64::new(0);
        static SECOND: AtomicU64 = AtomicU64::new(0);
        // The only test of this process that installs one.
        assert!(install_global(Box::new(Counter(&FIRST))).is_ok());
        assert!(install_global(Box::new(Counter(&SECOND))).is_err());
        global().advance(5);
        assert!(FIRST.load(Ordering::Relaxed) >= 5);
        assert_eq!(SECOND.load(Ordering::Relaxed), 0);
    }
}
