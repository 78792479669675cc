//! The `play` check's loop, written once for every game: each chosen
//! position is set up, `play` is asked within the move time limit, and the
//! answer is checked; the games differ only in how a position is set up
//! and how its answer is read (their callers, `plakoto.rs` and `table.rs`).

use std::time::{Duration, Instant};

use super::{Checker, Fail};

/// How long the engine took over the `play`s asked.
pub(super) struct PlayTimes {
    pub asked: u32,
    pub mean: Duration,
    pub slowest: Duration,
}

impl Checker {
    /// Asks `play` in each of `positions`, set up by `set`; `check` says why
    /// an answer is not a legal play there. `None` when no position was
    /// given.
    pub(super) fn ask_plays<S>(
        &mut self,
        positions: impl IntoIterator<Item = S>,
        set: impl Fn(&mut Self, &S) -> Result<(), Fail>,
        pair: impl Fn(&S) -> String,
        mut check: impl FnMut(&S, &str) -> Result<(), String>,
    ) -> Result<Option<PlayTimes>, Fail> {
        let mut asked = 0u32;
        let (mut slowest, mut total) = (Duration::ZERO, Duration::ZERO);
        for s in positions {
            set(self, &s)?;
            let t = Instant::now();
            let reply = self.ask_within("play", self.move_timeout)?;
            let took = t.elapsed();
            slowest = slowest.max(took);
            total += took;
            if !reply.ok || reply.first().is_empty() {
                return Err(self.fail(format!("{}: 'play' must answer a play", pair(&s))));
            }
            if let Err(e) = check(&s, reply.first()) {
                return Err(self.fail(format!(
                    "{}: '{}' is not a legal play: {e}",
                    pair(&s),
                    reply.first()
                )));
            }
            asked += 1;
        }
        Ok((asked > 0).then(|| PlayTimes {
            asked,
            mean: total / asked,
            slowest,
        }))
    }
}
