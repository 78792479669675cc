//! Benchmark of `stop` and progress lines (protocol.md, "Reading while a
//! command runs"): starts the engine, and 20 times starts a 1,000,000-trial
//! rollout, lets it run a while, sends `stop` and times how long the
//! rollout's (stopped) reply and the stop's own reply take to come; also
//! counts the progress lines a second while the rollouts run.
//!
//! ```text
//! cargo build --release
//! cargo run --release -p plakoto-benches --example stop_latency [-- ENGINE_COMMAND]
//! ```
//!
//! ENGINE_COMMAND defaults to `target/release/plakoto --seed 1`. A benchmark,
//! not a test: it prints the figures and checks nothing about speed.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use plakoto_protocol::client::Engine;

const TRIES: usize = 20;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let command = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/release/plakoto --seed 1".to_string());
    let mut engine = Engine::start(&command)?;
    let lines: Arc<Mutex<Vec<Instant>>> = Arc::default();
    let seen = lines.clone();
    engine.on_progress(move |_| seen.lock().expect("lock").push(Instant::now()));
    let minute = Duration::from_secs(60);
    for setup in ["new game", "set dice 3 1", "set progress on"] {
        let reply = engine.request(setup, minute)?;
        if !reply.ok {
            return Err(format!("{setup}: {}", reply.first()).into());
        }
    }
    let (mut stop_to_reply, mut stop_to_stopped) = (Vec::new(), Vec::new());
    let mut running = Duration::ZERO;
    for i in 0..TRIES {
        let id = 2 * i + 1;
        engine.send(&format!("{id} rollout 1000000"))?;
        let started = Instant::now();
        // Long enough for a few progress lines; varied, so the stop comes
        // at different points of a trial.
        std::thread::sleep(Duration::from_millis(1_500 + 37 * i as u64));
        let sent = Instant::now();
        engine.send(&format!("{} stop", id + 1))?;
        let reply = engine.read_reply(sent + minute)?;
        let reply_at = sent.elapsed();
        running += started.elapsed();
        let stopped = engine.read_reply(sent + minute)?;
        let stopped_at = sent.elapsed();
        if !reply.lines().join("\n").contains("stopped after") || stopped.first() != "stopped" {
            return Err(format!("not stopped: {:?} {:?}", reply.lines(), stopped.lines()).into());
        }
        stop_to_reply.push(reply_at);
        stop_to_stopped.push(stopped_at);
    }
    let count = lines.lock().expect("lock").len();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        (ms(v[v.len() / 2]), ms(v[v.len() - 1]))
    };
    let (reply_median, reply_max) = median(&mut stop_to_reply);
    let (stopped_median, stopped_max) = median(&mut stop_to_stopped);
    println!("engine: {command}");
    println!(
        "stop during a 1,000,000-trial rollout, {TRIES} tries: rollout's reply after {reply_median:.1} ms median ({reply_max:.1} max), `stopped` after {stopped_median:.1} ms median ({stopped_max:.1} max)"
    );
    println!(
        "progress lines: {count} in {:.1} s of rollouts = {:.2} a second",
        running.as_secs_f64(),
        count as f64 / running.as_secs_f64()
    );
    Ok(())
}
