//! A probe of `stop` through `plakoto gui` (issue 63): how long from the
//! page's `stop` to the reply of the search it stops, through the server's
//! relay, and the same with the engine driven directly by the library's
//! client, so that what the relay adds can be told apart from the engine's
//! own latency. Not a test: it asserts nothing and prints the figures.
//!
//! Each trial: `new game`, `roll`, then a `hint` deep enough to run for
//! seconds; `stop` is sent 200 ms later and the hint's reply timed (a
//! hint that was not stopped, having ended before, fails the probe). The
//! engine is this package's binary (`target/release/plakoto`, or the path
//! given first); the number of trials (20) and the plies (4) may follow.
//!
//! Run: `cargo build --release && cargo run --release -p plakoto-benches --example
//! gui_stop_latency -- target/release/plakoto 20 4`.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use plakoto_gui::{EngineCommand, Gui};
use plakoto_protocol::client::Engine;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// How long a search runs before its `stop`.
const BEFORE_STOP: Duration = Duration::from_millis(200);

async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(120), socket.next())
            .await
            .expect("a message within 120 s")
            .expect("the socket is open")
            .expect("a frame");
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).expect("JSON");
            if value["type"] != "stderr" {
                return value;
            }
        }
    }
}

async fn send(socket: &mut Socket, line: &str) {
    let text = json!({"type": "command", "line": line}).to_string();
    socket.send(Message::Text(text.into())).await.expect("sent");
}

async fn command(socket: &mut Socket, line: &str) -> Value {
    send(socket, line).await;
    next(socket).await
}

/// Milliseconds of each stop through the server.
async fn through_the_gui(engine: &str, trials: usize, plies: u32) -> Vec<f64> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let command_line = EngineCommand::Program {
        program: engine.into(),
        args: vec!["engine".into(), "--seed".into(), "7".into()],
    };
    let gui = Gui::new(listener, command_line).unwrap();
    let url = format!("ws://{}/ws?token={}", gui.address(), gui.token().as_str());
    tokio::spawn(gui.serve());
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    assert_eq!(next(&mut socket).await["type"], "started");
    command(&mut socket, &format!("set evaluation plies {plies}")).await;
    let mut millis = Vec::new();
    for _ in 0..trials {
        command(&mut socket, "new game").await;
        command(&mut socket, "roll").await;
        send(&mut socket, "hint 5").await;
        tokio::time::sleep(BEFORE_STOP).await;
        let sent = Instant::now();
        send(&mut socket, "stop").await;
        let hint = next(&mut socket).await;
        millis.push(sent.elapsed().as_secs_f64() * 1e3);
        assert_eq!(hint["ok"], true, "{hint}");
        // A hint that ended before its stop would time nothing.
        assert!(
            hint["lines"].to_string().contains("stopped"),
            "not stopped: {hint}"
        );
        let stopped = next(&mut socket).await;
        assert_eq!(stopped["lines"], json!(["stopped"]), "{stopped}");
    }
    millis
}

/// Milliseconds of each stop with the engine driven directly.
fn direct(engine: &str, trials: usize, plies: u32) -> Vec<f64> {
    let mut e = Engine::start(&format!("{engine} engine --seed 7")).unwrap();
    let long = Duration::from_secs(120);
    e.request(&format!("set evaluation plies {plies}"), long)
        .unwrap();
    let mut millis = Vec::new();
    for _ in 0..trials {
        e.request("new game", long).unwrap();
        e.request("roll", long).unwrap();
        e.send("hint 5").unwrap();
        std::thread::sleep(BEFORE_STOP);
        let sent = Instant::now();
        e.send("stop").unwrap();
        let hint = e.read_reply(Instant::now() + long).unwrap();
        millis.push(sent.elapsed().as_secs_f64() * 1e3);
        assert!(hint.ok);
        assert!(
            hint.lines().join("\n").contains("stopped"),
            "not stopped: {hint:?}"
        );
        e.read_reply(Instant::now() + long).unwrap();
    }
    millis
}

fn summary(what: &str, mut millis: Vec<f64>) {
    millis.sort_by(f64::total_cmp);
    let at = |q: f64| millis[((millis.len() - 1) as f64 * q).round() as usize];
    println!(
        "{what}: {} stops, median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
        millis.len(),
        at(0.5),
        at(0.9),
        at(1.0)
    );
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let engine = args
        .first()
        .cloned()
        .unwrap_or_else(|| "target/release/plakoto".to_string());
    let trials = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let plies = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let engine_path = std::fs::canonicalize(&engine).expect("the engine's binary");
    let engine = engine_path.to_string_lossy().into_owned();
    let direct_engine = engine.clone();
    let direct = tokio::task::spawn_blocking(move || direct(&direct_engine, trials, plies))
        .await
        .unwrap();
    summary("engine, directly", direct);
    summary(
        "through plakoto gui",
        through_the_gui(&engine, trials, plies).await,
    );
}
