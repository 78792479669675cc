//! `plakoto gui`'s server: the relay frames the engine's replies, a crashed
//! engine is reported and can be restarted, two sockets get two engines, and
//! only the page, its assets and the socket are served.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use plakoto::gui::EngineCommand;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The real engine: this package's binary in engine mode.
fn real_engine() -> EngineCommand {
    EngineCommand::Program {
        program: env!("CARGO_BIN_EXE_plakoto").into(),
        args: vec!["engine".into(), "--seed".into(), "5".into()],
    }
}

/// Starts a server on a free port; returns its address.
async fn server(engine: EngineCommand) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(plakoto::gui::serve(listener, engine));
    address
}

async fn open(address: &str) -> Socket {
    let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
        .await
        .unwrap();
    socket
}

/// The next message from the server, as JSON (a 20 s limit: a stuck
/// relay fails the test instead of hanging it).
async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a message within 20 s")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).unwrap();
            // Engine logs may come at any time; they are not what we wait for.
            if value["type"] != "stderr" {
                return value;
            }
        }
    }
}

async fn send(socket: &mut Socket, value: Value) {
    socket
        .send(Message::Text(value.to_string().into()))
        .await
        .unwrap();
}

async fn command(socket: &mut Socket, line: &str) -> Value {
    send(socket, json!({"type": "command", "line": line})).await;
    next(socket).await
}

/// The status code of `GET path`, with a minimal HTTP/1.1 request.
async fn status_of(address: &str, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let code = response
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap();
    (code, response)
}

#[tokio::test]
async fn relay_sends_each_reply_whole_in_order() {
    let address = server(real_engine()).await;
    let mut socket = open(&address).await;
    assert_eq!(next(&mut socket).await["type"], "started");

    let reply = command(&mut socket, "7 name").await;
    assert_eq!(reply, json!({"type": "reply", "lines": ["=7 plakoto"]}));

    // A reply of many lines comes as one message, without its closing
    // empty line; the next command's reply is the next message.
    send(
        &mut socket,
        json!({"type": "command", "line": "list_commands"}),
    )
    .await;
    send(
        &mut socket,
        json!({"type": "command", "line": "protocol_version"}),
    )
    .await;
    let many = next(&mut socket).await;
    let lines = many["lines"].as_array().unwrap();
    assert!(lines.len() > 10, "{many}");
    assert!(lines[0].as_str().unwrap().starts_with("= "));
    assert!(lines.iter().all(|l| !l.as_str().unwrap().is_empty()));
    assert!(
        lines.iter().any(|l| l == "show board [flip|noflip]"),
        "{many}"
    );
    assert_eq!(next(&mut socket).await["lines"], json!(["= 1"]));

    // An error reply is relayed as it is.
    let error = command(&mut socket, "frobnicate").await;
    assert!(
        error["lines"][0]
            .as_str()
            .unwrap()
            .starts_with("? unknown_command:")
    );

    // Two commands in one message would break the one-reply-per-line
    // framing: the relay refuses it and the engine never sees it.
    let refused = command(&mut socket, "name\nname").await;
    assert_eq!(refused["type"], "error");
    assert_eq!(
        command(&mut socket, "name").await["lines"],
        json!(["= plakoto"])
    );

    let garbage = {
        socket.send(Message::Text("not json".into())).await.unwrap();
        next(&mut socket).await
    };
    assert_eq!(garbage["type"], "error");
}

#[tokio::test]
async fn crashed_engine_is_reported_and_restartable() {
    // A fake engine: answers one command, then exits with status 3.
    let fake = EngineCommand::Shell(
        "sh -c 'read line; printf \"= ok\\n\\n\"; read line; exit 3'".to_string(),
    );
    let address = server(fake).await;
    let mut socket = open(&address).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    assert_eq!(command(&mut socket, "name").await["lines"], json!(["= ok"]));

    let exited = command(&mut socket, "name").await;
    assert_eq!(exited["type"], "exited", "{exited}");
    assert!(exited["status"].as_str().unwrap().contains('3'), "{exited}");

    // While it is down, commands are refused with a reason, and the server
    // still serves the page.
    let refused = command(&mut socket, "name").await;
    assert_eq!(refused["type"], "error");
    assert!(refused["message"].as_str().unwrap().contains("restart"));
    assert_eq!(status_of(&address, "/").await.0, 200);

    send(&mut socket, json!({"type": "restart"})).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    assert_eq!(command(&mut socket, "name").await["lines"], json!(["= ok"]));
}

#[tokio::test]
async fn an_engine_that_cannot_start_is_reported() {
    let missing = EngineCommand::Program {
        program: "/nonexistent/plakoto-engine".into(),
        args: vec![],
    };
    let address = server(missing).await;
    let mut socket = open(&address).await;
    let exited = next(&mut socket).await;
    assert_eq!(exited["type"], "exited");
    assert!(
        exited["status"]
            .as_str()
            .unwrap()
            .contains("could not start")
    );
}

#[tokio::test]
async fn two_sockets_get_two_engines() {
    let address = server(real_engine()).await;
    let mut a = open(&address).await;
    let mut b = open(&address).await;
    assert_eq!(next(&mut a).await["type"], "started");
    assert_eq!(next(&mut b).await["type"], "started");
    // Session A switches to JSON and starts a match; B is untouched.
    command(&mut a, "set output json").await;
    command(&mut a, "new match 5").await;
    assert_eq!(command(&mut b, "name").await["lines"], json!(["= plakoto"]));
    let a_name = command(&mut a, "name").await;
    assert_eq!(
        a_name["lines"][0],
        "= {\"reply\":\"name\",\"name\":\"plakoto\"}"
    );
    let b_options = command(&mut b, "show options").await;
    let text = b_options["lines"].to_string();
    assert!(text.contains("unlimited session"), "{text}");
}

#[tokio::test]
async fn only_the_page_its_assets_and_the_socket_are_served() {
    let address = server(real_engine()).await;
    let (code, page) = status_of(&address, "/").await;
    assert_eq!(code, 200);
    assert!(page.contains("<svg id=\"board\""));
    let (code, script) = status_of(&address, "/app.js").await;
    assert_eq!(code, 200);
    assert!(script.contains("text/javascript"));
    assert_eq!(status_of(&address, "/style.css").await.0, 200);
    for path in [
        "/index.html",
        "/favicon.ico",
        "/../Cargo.toml",
        "/ws/x",
        "/app.js/x",
        "/etc/passwd",
    ] {
        assert_eq!(status_of(&address, path).await.0, 404, "{path}");
    }
}
