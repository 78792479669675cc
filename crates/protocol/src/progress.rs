//! Progress lines (protocol.md, "Progress lines"): what a long command
//! has done so far, sent before its reply to a client that asked with
//! `set progress on`. A line starts with `~` (never `=` or `?`), carries
//! the command's id, and is one line with no empty line after it, so a
//! reader of replies can never take it for one.
//!
//! The command's search writes what it knows into a [`ProgressBoard`];
//! the engine's loop ([`super::run`]) reads it on a clock and writes the
//! lines, so they come at a steady rate however the search goes.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use plakoto_engine::game::RolloutProgress;
use serde::Serialize;

use super::command::OutputMode;

/// Time between two progress lines of one command (the first comes this
/// long after the command starts): 2 a second, within protocol.md's
/// "at least 1, at most 20 a second".
pub const PERIOD: Duration = Duration::from_millis(500);

/// What a running command has done so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// Trials finished and asked for (`rollout`).
    pub trials: Option<(u32, u32)>,
    /// The best play so far with its equity and the standard error of
    /// that equity (`rollout`).
    pub best: Option<(String, f32, f32)>,
    /// When the command's time budget runs out (`hint`/`eval … time`).
    pub deadline: Option<Instant>,
}

/// The running command's [`Snapshot`], written by its search, read by the
/// engine's progress clock.
#[derive(Debug, Default)]
pub struct ProgressBoard(Mutex<Snapshot>);

impl ProgressBoard {
    /// Changes the snapshot.
    pub fn update(&self, change: impl FnOnce(&mut Snapshot)) {
        change(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()));
    }

    /// Forgets the last command's snapshot.
    pub fn clear(&self) {
        self.update(|s| *s = Snapshot::default());
    }

    /// A copy of the snapshot.
    pub fn read(&self) -> Snapshot {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// What a `rollout` tells as its trials finish, in every game: the trials
/// done and the leader (by its play's name) on the board, for progress
/// lines, and about ten lines for a whole rollout in the log (stderr, at
/// level `info`), never in the reply.
pub(crate) struct RolloutReporter<'a> {
    board: &'a ProgressBoard,
    /// The candidates' plays as replies write them, in the order rolled out.
    names: Vec<String>,
    /// Tenths of the rollout logged so far.
    reported: AtomicU32,
}

impl<'a> RolloutReporter<'a> {
    /// Reports on `board` the rollout of the candidates `names`.
    pub(crate) fn new(board: &'a ProgressBoard, names: Vec<String>) -> Self {
        RolloutReporter {
            board,
            names,
            reported: AtomicU32::new(0),
        }
    }

    /// Tells the board, and the log at each tenth, of `p`.
    pub(crate) fn report(&self, p: RolloutProgress) {
        self.board.update(|s| {
            s.trials = Some((p.done, p.total));
            s.best = p
                .leader
                .and_then(|(i, mean, se)| Some((self.names.get(i)?.clone(), mean, se)));
        });
        let tenth = (p.done.saturating_mul(10) / p.total.max(1)).min(10);
        if self.reported.fetch_max(tenth, Ordering::Relaxed) < tenth {
            log::info!("rollout: {} of {} trials", p.done, p.total);
        }
    }
}

/// A progress line in JSON mode (protocol.md lists the fields).
#[derive(Serialize)]
struct JsonLine<'a> {
    progress: &'a str,
    elapsed_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    equity: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    std_error: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    left_ms: Option<u64>,
}

/// The time a command has left: its budget's, or for a rollout the time
/// its finished trials took, scaled to the rest.
fn time_left(snapshot: &Snapshot, elapsed: Duration, now: Instant) -> Option<Duration> {
    if let Some(deadline) = snapshot.deadline {
        return Some(deadline.saturating_duration_since(now));
    }
    let (done, total) = snapshot.trials?;
    (done > 0).then(|| elapsed.mul_f64(f64::from(total - done.min(total)) / f64::from(done)))
}

/// Rounds to 4 decimals, as replies write equities.
fn round4(x: f32) -> f32 {
    (x * 1e4).round() / 1e4
}

/// The progress line of the command `command` (its first word) with id
/// `id`, started at `started`, as of `now`, with its line feed.
pub fn line(
    id: Option<&str>,
    command: &str,
    started: Instant,
    now: Instant,
    snapshot: &Snapshot,
    mode: OutputMode,
) -> String {
    let elapsed = now.saturating_duration_since(started);
    let left = time_left(snapshot, elapsed, now);
    let id = id.unwrap_or("");
    let body = match mode {
        OutputMode::Json => serde_json::to_string(&JsonLine {
            progress: command,
            elapsed_ms: elapsed.as_millis() as u64,
            trials: snapshot.trials.map(|t| t.0),
            total: snapshot.trials.map(|t| t.1),
            best: snapshot.best.as_ref().map(|b| b.0.as_str()),
            equity: snapshot.best.as_ref().map(|b| round4(b.1)),
            std_error: snapshot.best.as_ref().map(|b| round4(b.2)),
            left_ms: left.map(|l| l.as_millis() as u64),
        })
        .unwrap_or_else(|_| format!("{{\"progress\":\"{command}\"}}")),
        OutputMode::Text => {
            let mut text = format!("progress {command}: {:.1} s", elapsed.as_secs_f64());
            if let Some((done, total)) = snapshot.trials {
                text.push_str(&format!(", trials {done} of {total}"));
            }
            if let Some((play, equity, se)) = &snapshot.best {
                text.push_str(&format!(", best {play} {equity:+.4} ±{se:.4}"));
            }
            if let Some(left) = left {
                text.push_str(&format!(", {:.1} s left", left.as_secs_f64()));
            }
            text
        }
    };
    let body: String = body
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    format!("~{id} {body}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_one_line_marked_and_never_a_reply() {
        let started = Instant::now();
        let now = started + Duration::from_millis(2_000);
        let snapshot = Snapshot {
            trials: Some((500, 1_000)),
            best: Some(("24/18 13/7".into(), 0.123_44, 0.004)),
            deadline: None,
        };
        let text = line(
            Some("7"),
            "rollout",
            started,
            now,
            &snapshot,
            OutputMode::Text,
        );
        assert_eq!(
            text,
            "~7 progress rollout: 2.0 s, trials 500 of 1000, best 24/18 13/7 +0.1234 ±0.0040, 2.0 s left\n"
        );
        let json = line(None, "rollout", started, now, &snapshot, OutputMode::Json);
        assert_eq!(
            json,
            "~ {\"progress\":\"rollout\",\"elapsed_ms\":2000,\"trials\":500,\"total\":1000,\"best\":\"24/18 13/7\",\"equity\":0.1234,\"std_error\":0.004,\"left_ms\":2000}\n"
        );
        let bare = line(
            None,
            "hint",
            started,
            now,
            &Snapshot::default(),
            OutputMode::Text,
        );
        assert_eq!(bare, "~ progress hint: 2.0 s\n");
    }
}
