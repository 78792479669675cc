//! `plakoto gui`'s server: it drives each engine with the library's client
//! and hands the page typed replies (the client's framing faults included),
//! in order however long a reply takes; a crashed engine is reported and can
//! be restarted, one that cannot start is reported with its command and
//! stderr; two sockets get two engines; and only the page, its assets and
//! the socket are served.

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

/// A running server: where it listens, the token of its launch, and for
/// one in this process its private folder and its task (aborted: the
/// server stops).
struct Served {
    address: String,
    token: String,
    folder: Option<std::path::PathBuf>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

/// Starts a server on a free port.
async fn server(engine: EngineCommand) -> Served {
    serve(plakoto::gui::Gui::new(TcpListener::bind("127.0.0.1:0").await.unwrap(), engine).unwrap())
}

/// Starts `gui`.
fn serve(gui: plakoto::gui::Gui) -> Served {
    Served {
        address: gui.address().to_string(),
        token: gui.token().as_str().to_string(),
        folder: Some(gui.scratch_folder().to_path_buf()),
        task: Some(tokio::spawn(gui.serve())),
    }
}

/// Opens a socket as the page does: with the launch's token.
async fn open(gui: &Served) -> Socket {
    let url = format!("ws://{}/ws?token={}", gui.address, gui.token);
    let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
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

/// Checks that `reply` is a failed reply with `code`; its message.
fn failed_with(reply: &Value, code: &str) -> String {
    assert_eq!(
        (&reply["type"], &reply["ok"], &reply["code"]),
        (&json!("reply"), &json!(false), &json!(code)),
        "{reply}"
    );
    reply["message"].as_str().unwrap().to_string()
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
    let gui = server(real_engine()).await;
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");

    let reply = command(&mut socket, "7 name").await;
    assert_eq!(
        reply,
        json!({"type": "reply", "ok": true, "id": "7", "lines": ["plakoto"]})
    );

    // A reply of many lines comes as one message, its payload lines
    // without its closing empty line; the next command's reply is the next
    // message.
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
    assert_eq!(many["ok"], true, "{many}");
    assert!(lines.len() > 10, "{many}");
    assert!(lines.iter().all(|l| !l.as_str().unwrap().is_empty()));
    assert!(
        lines.iter().any(|l| l == "show board [flip|noflip]"),
        "{many}"
    );
    assert_eq!(next(&mut socket).await["lines"], json!(["2"]));

    // An error reply comes with its code and message read, in text mode
    // and in JSON mode.
    let error = command(&mut socket, "frobnicate").await;
    let message = failed_with(&error, "unknown_command");
    assert!(message.contains("frobnicate"), "{error}");
    assert_eq!(
        error["lines"][0],
        format!("unknown_command: {message}"),
        "{error}"
    );
    assert_eq!(command(&mut socket, "set output json").await["ok"], true);
    let error = command(&mut socket, "3 roll 7").await;
    assert_eq!(failed_with(&error, "syntax"), "usage: roll");
    assert_eq!(error["id"], "3");
    assert_eq!(command(&mut socket, "set output text").await["ok"], true);

    // Two commands in one message would break the one-reply-per-line
    // framing: the client refuses it, the engine never sees it, and the
    // page gets it as the failed reply to that command.
    let refused = command(&mut socket, "name\nname").await;
    assert!(failed_with(&refused, "relay").contains("line break"));
    assert_eq!(
        command(&mut socket, "name").await["lines"],
        json!(["plakoto"])
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
    let gui = server(fake).await;
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    assert_eq!(command(&mut socket, "name").await["lines"], json!(["ok"]));

    let exited = command(&mut socket, "name").await;
    assert_eq!(exited["type"], "exited", "{exited}");
    assert!(exited["status"].as_str().unwrap().contains('3'), "{exited}");
    assert_eq!(exited["answered"], true, "{exited}");

    // While it is down, commands are refused with a reason, and the server
    // still serves the page.
    let refused = command(&mut socket, "name").await;
    assert!(failed_with(&refused, "relay").contains("restart"));
    assert_eq!(status_of(&gui.address, "/").await.0, 200);

    send(&mut socket, json!({"type": "restart"})).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    assert_eq!(command(&mut socket, "name").await["lines"], json!(["ok"]));
}

#[tokio::test]
async fn an_engine_that_cannot_start_is_reported() {
    let missing = EngineCommand::Program {
        program: "/nonexistent/plakoto-engine".into(),
        args: vec![],
    };
    let gui = server(missing).await;
    let mut socket = open(&gui).await;
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
    let gui = server(real_engine()).await;
    let mut a = open(&gui).await;
    let mut b = open(&gui).await;
    assert_eq!(next(&mut a).await["type"], "started");
    assert_eq!(next(&mut b).await["type"], "started");
    // Session A switches to JSON and starts a match; B is untouched.
    command(&mut a, "set output json").await;
    command(&mut a, "new match 5").await;
    assert_eq!(command(&mut b, "name").await["lines"], json!(["plakoto"]));
    let a_name = command(&mut a, "name").await;
    assert_eq!(
        a_name["lines"][0],
        "{\"reply\":\"name\",\"name\":\"plakoto\"}"
    );
    let b_options = command(&mut b, "show options").await;
    let text = b_options["lines"].to_string();
    assert!(text.contains("unlimited session"), "{text}");
}

#[tokio::test]
async fn only_the_page_its_assets_and_the_socket_are_served() {
    let gui = server(real_engine()).await;
    let (code, page) = status_of(&gui.address, "/").await;
    assert_eq!(code, 200);
    assert!(page.contains("<svg id=\"board\""));
    let (code, script) = status_of(&gui.address, "/app.js").await;
    assert_eq!(code, 200);
    assert!(script.contains("text/javascript"));
    assert_eq!(status_of(&gui.address, "/style.css").await.0, 200);
    for path in [
        "/index.html",
        "/favicon.ico",
        "/../Cargo.toml",
        "/ws/x",
        "/app.js/x",
        "/etc/passwd",
    ] {
        assert_eq!(status_of(&gui.address, path).await.0, 404, "{path}");
    }
}

/// The first payload line of a successful reply message.
fn first_line(reply: &Value) -> String {
    assert_eq!(reply["ok"], true, "{reply}");
    reply["lines"][0].as_str().unwrap_or_default().to_string()
}

/// Temporary files of the relay's saves and loads still on disk (in the
/// launch's private folder).
fn relay_files(gui: &Served) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(gui.folder.as_ref().expect("a server in this process"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect()
}

#[tokio::test]
async fn the_page_saves_and_loads_records_through_the_engine() {
    let gui = server(real_engine()).await;
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    for line in [
        "set evaluation plies 0",
        "set player X name Alice",
        "new match 3",
    ] {
        let r = command(&mut socket, line).await;
        assert_eq!(r["ok"], true, "{line}: {r}");
    }
    for _ in 0..6 {
        assert_eq!(command(&mut socket, "roll").await["ok"], true);
        assert_eq!(command(&mut socket, "play").await["ok"], true);
    }
    let position = first_line(&command(&mut socket, "show position").await);

    // Saved: the record the engine wrote, as text, replays to the
    // engine's position; the temporary file is gone.
    send(&mut socket, json!({"type": "save", "scope": "game"})).await;
    let saved = next(&mut socket).await;
    assert_eq!(saved["type"], "record", "{saved}");
    assert!(saved["name"].as_str().unwrap().ends_with(".txt"));
    let text = saved["text"].as_str().unwrap();
    let record: plakoto::record::Record = text.parse().expect("the saved record reads");
    assert_eq!(record.header.x, "Alice");
    assert_eq!(record.header.match_length, 3);
    let replay = record.replay().expect("the saved record replays");
    let replayed = format!(
        "{}:{}",
        plakoto::game::position_id(replay.game.position()),
        plakoto::game::MatchId::of(&replay.game.to_plakoto_game(), &{
            let mut s = replay.score;
            s.length = 3;
            s
        })
    );
    assert_eq!(replayed, position);
    assert!(relay_files(&gui).is_empty(), "{:?}", relay_files(&gui));

    // The JSON form, of the match.
    send(
        &mut socket,
        json!({"type": "save", "scope": "match", "format": "json"}),
    )
    .await;
    let saved_json = next(&mut socket).await;
    assert!(saved_json["name"].as_str().unwrap().ends_with(".json"));
    let json_text = saved_json["text"].as_str().unwrap();
    assert_eq!(
        plakoto::record::Record::read(json_text).unwrap().to_json(),
        record.to_json(),
        "the JSON form holds the same record"
    );

    // The page's own commands and replies stay paired around a save.
    send(&mut socket, json!({"type": "command", "line": "name"})).await;
    send(&mut socket, json!({"type": "save", "scope": "game"})).await;
    send(
        &mut socket,
        json!({"type": "command", "line": "protocol_version"}),
    )
    .await;
    let mut types = Vec::new();
    for _ in 0..3 {
        let m = next(&mut socket).await;
        types.push((m["type"].clone(), m["lines"].clone()));
    }
    assert_eq!(types[0], (json!("reply"), json!(["plakoto"])));
    assert_eq!(types[1].0, json!("record"));
    assert_eq!(types[2], (json!("reply"), json!(["2"])));

    // Loaded into another session: the same position and the names.
    let mut other = open(&gui).await;
    assert_eq!(next(&mut other).await["type"], "started");
    send(&mut other, json!({"type": "load", "text": text})).await;
    let loaded = next(&mut other).await;
    assert_eq!(loaded["type"], "record_reply", "{loaded}");
    assert_eq!(loaded["ok"], true, "{loaded}");
    assert_eq!(
        first_line(&command(&mut other, "show position").await),
        position
    );
    let options = command(&mut other, "show options").await["lines"].to_string();
    assert!(options.contains("player X name Alice"), "{options}");

    // A bad record is refused by the engine, which keeps its game.
    send(
        &mut other,
        json!({"type": "load", "text": text.replace("Game 1", "Game 7")}),
    )
    .await;
    let refused = next(&mut other).await;
    assert_eq!(refused["type"], "record_reply");
    assert_eq!(refused["code"], "bad_record", "{refused}");
    assert_eq!(
        first_line(&command(&mut other, "show position").await),
        position
    );
    assert!(relay_files(&gui).is_empty(), "{:?}", relay_files(&gui));
}

#[tokio::test]
async fn an_engine_that_fails_at_start_is_reported_with_its_stderr() {
    // `plakoto gui` itself, so that what it writes to its terminal is seen.
    let engine = "sh -c 'echo no weights in /nowhere >&2; echo second line >&2; exit 4'";
    let mut gui = tokio::process::Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(["gui", "--port", "0", "--engine", engine])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stdout = tokio::io::BufReader::new(gui.stdout.take().unwrap());
    let mut first = String::new();
    tokio::time::timeout(
        Duration::from_secs(20),
        tokio::io::AsyncBufReadExt::read_line(&mut stdout, &mut first),
    )
    .await
    .expect("the address within 20 s")
    .unwrap();
    // `plakoto gui: serving http://127.0.0.1:PORT/?token=TOKEN (engine: …)`
    let (address, token) = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_once("/?token="))
        .unwrap_or_else(|| panic!("no address with a token in {first}"));
    let token = token.split(' ').next().unwrap();
    assert_eq!(token.len(), 48, "{first}");
    let served = Served {
        address: address.to_string(),
        token: token.to_string(),
        folder: None,
        task: None,
    };
    let mut socket = open(&served).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    let exited = next(&mut socket).await;
    assert_eq!(exited["type"], "exited", "{exited}");
    assert!(exited["status"].as_str().unwrap().contains('4'), "{exited}");
    assert_eq!(exited["engine"], engine, "{exited}");
    assert_eq!(exited["answered"], false, "{exited}");
    assert_eq!(
        exited["stderr"],
        json!(["no weights in /nowhere", "second line"]),
        "{exited}"
    );
    // The server's terminal says it too.
    gui.start_kill().unwrap();
    let mut stderr = String::new();
    gui.stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .await
        .unwrap();
    assert!(
        stderr.contains(&format!("the engine '{engine}' ended")),
        "{stderr}"
    );
    assert!(stderr.contains("before answering anything"), "{stderr}");
    assert!(stderr.contains("  no weights in /nowhere"), "{stderr}");
}

/// Output that is not a reply is a framing fault found by the library's
/// client, with its message: the command it was waiting for fails with
/// code `framing`, and output that answers no command is passed on as
/// `unframed` (the page logs it), not as the next command's reply.
#[tokio::test]
async fn framing_faults_are_the_clients() {
    // Answers its first command with a line that is not a reply, then a
    // reply nobody waits for; then every command properly.
    let fake = EngineCommand::Shell(
        "sh -c 'read l; printf \"hello\\n= late\\n\\n\"; \
         while read l; do printf \"= %s\\n\\n\" \"$l\"; done'"
            .to_string(),
    );
    let gui = server(fake).await;
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    let failed = command(&mut socket, "first").await;
    // The client's own words (plakoto::client::ClientError::Framing).
    assert_eq!(
        failed_with(&failed, "framing"),
        "'first' answered not the first line of a reply (it must start with '=' or '?'): 'hello'",
    );
    let stray = next(&mut socket).await;
    assert_eq!(stray["type"], "unframed", "{stray}");
    assert!(
        stray["message"].as_str().unwrap().contains("= late"),
        "{stray}"
    );
    assert_eq!(
        command(&mut socket, "second").await["lines"],
        json!(["second"])
    );
}

/// A reply that takes long is waited for, and the commands sent meanwhile
/// are answered after it, in order; a restart while a reply is awaited
/// stops that engine and starts a fresh one.
#[tokio::test]
async fn long_replies_keep_their_order_and_restart_stops_a_busy_engine() {
    // `slow` is answered after 0.3 s (several of the worker's waits),
    // `hang` never; `quit` ends it.
    let fake = EngineCommand::Shell(
        "sh -c 'while read l; do case $l in \
         slow) sleep 0.3; printf \"= slow\\n\\n\";; \
         hang) ;; \
         quit) printf \"= bye\\n\\n\"; exit 0;; \
         *) printf \"= %s\\n\\n\" \"$l\";; esac; done'"
            .to_string(),
    );
    let gui = server(fake).await;
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    for line in ["slow", "fast", "slow", "last"] {
        send(&mut socket, json!({"type": "command", "line": line})).await;
    }
    for line in ["slow", "fast", "slow", "last"] {
        assert_eq!(next(&mut socket).await["lines"], json!([line]));
    }

    send(&mut socket, json!({"type": "command", "line": "hang"})).await;
    send(&mut socket, json!({"type": "command", "line": "after"})).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    send(&mut socket, json!({"type": "restart"})).await;
    // The old engine's replies, if any, are not relayed: the next message
    // is the new engine's start.
    assert_eq!(next(&mut socket).await["type"], "started");
    assert_eq!(command(&mut socket, "new").await["lines"], json!(["new"]));
}

/// The status of `GET path` sent to `gui` with `headers` (a `Host`
/// among them, as a browser or an attacker's page sends it). Only the
/// status line is read: a socket that opened (101) stays open.
async fn status_with(gui: &Served, path: &str, headers: &[(&str, String)]) -> u16 {
    let mut stream = TcpStream::connect(&gui.address).await.unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n") {
        let read = tokio::time::timeout(Duration::from_secs(20), stream.read(&mut byte))
            .await
            .expect("a status line within 20 s")
            .unwrap();
        assert_eq!(read, 1, "the server closed before a status line");
        head.push(byte[0]);
    }
    let line = String::from_utf8(head).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// The headers of a WebSocket handshake for `GET /ws…`.
fn upgrade_headers(host: &str, origin: Option<&str>) -> Vec<(&'static str, String)> {
    let mut headers = vec![
        ("Host", host.to_string()),
        ("Upgrade", "websocket".to_string()),
        ("Connection", "Upgrade".to_string()),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==".to_string()),
        ("Sec-WebSocket-Version", "13".to_string()),
    ];
    if let Some(origin) = origin {
        headers.push(("Origin", origin.to_string()));
    }
    headers
}

/// Issue 46: only requests addressed to the server itself are answered.
/// A page of another website, its name made to resolve to 127.0.0.1 (DNS
/// rebinding), sends its own name as `Host` (and as `Origin`, which then
/// agree): the page, the assets and the socket all answer 403, even with
/// the right token.
#[tokio::test]
async fn requests_addressed_to_another_host_get_403() {
    let gui = server(real_engine()).await;
    let port = gui.address.rsplit(':').next().unwrap().to_string();
    let with_token = format!("/ws?token={}", gui.token);
    for host in [
        gui.address.clone(),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        for path in ["/", "/app.js", "/style.css"] {
            let code = status_with(&gui, path, &[("Host", host.clone())]).await;
            assert_eq!(code, 200, "{host} {path}");
        }
        let origin = format!("http://{host}");
        let code = status_with(&gui, &with_token, &upgrade_headers(&host, Some(&origin))).await;
        assert_eq!(code, 101, "{host}");
    }
    for host in [
        format!("evil.example:{port}"),
        format!("127.0.0.1.evil.example:{port}"),
        "127.0.0.1".to_string(),
        format!("127.0.0.1:{}", port.parse::<u16>().unwrap() ^ 1),
    ] {
        for path in ["/", "/app.js", "/style.css", "/nowhere"] {
            let code = status_with(&gui, path, &[("Host", host.clone())]).await;
            assert_eq!(code, 403, "{host} {path}");
        }
        let origin = format!("http://{host}");
        let code = status_with(&gui, &with_token, &upgrade_headers(&host, Some(&origin))).await;
        assert_eq!(code, 403, "{host}: the socket");
    }
    // No Host at all (HTTP/1.0 allows it): refused too.
    let mut stream = TcpStream::connect(&gui.address).await.unwrap();
    stream.write_all(b"GET / HTTP/1.0\r\n\r\n").await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    assert!(response.starts_with("HTTP/1.0 403"), "{response}");
}

/// Issue 46: the socket opens only with the launch's token; a cross-site
/// page (its `Origin` another host than the one asked) is refused as
/// before, token or not.
#[tokio::test]
async fn a_socket_without_the_token_or_from_another_origin_is_refused() {
    let gui = server(real_engine()).await;
    let host = gui.address.clone();
    let origin = format!("http://{host}");
    let wrong = "0".repeat(gui.token.len());
    let mut last_changed = gui.token.clone();
    let last = last_changed.pop().unwrap();
    last_changed.push(if last == 'a' { 'b' } else { 'a' });
    for path in [
        "/ws".to_string(),
        "/ws?token=".to_string(),
        format!("/ws?token={wrong}"),
        format!("/ws?token={last_changed}"),
        format!("/ws?token={}", &gui.token[1..]),
        format!("/ws?token={}0", gui.token),
        format!("/ws?tok={}", gui.token),
    ] {
        let code = status_with(&gui, &path, &upgrade_headers(&host, Some(&origin))).await;
        assert_eq!(code, 403, "{path}");
    }
    let right = format!("/ws?token={}", gui.token);
    for other in ["http://evil.example", "http://localhost:1", "null"] {
        let code = status_with(&gui, &right, &upgrade_headers(&host, Some(other))).await;
        assert_eq!(code, 403, "Origin {other}");
    }
    let code = status_with(&gui, &right, &upgrade_headers(&host, Some(&origin))).await;
    assert_eq!(code, 101);
    // A WebSocket client is refused the same way.
    let url = format!("ws://{host}/ws");
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403)
        }
        other => panic!("a socket without the token: {other:?}"),
    }
}

/// Issue 46: the page cannot name files. `save …` and `load …` lines
/// from the page are refused by the relay (the engine never sees them),
/// nothing is written, and the engine's session goes on; records still
/// travel through the relay's own save message.
#[tokio::test]
async fn command_lines_naming_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("plakoto-gui-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("pwned.txt");
    let gui = server(real_engine()).await;
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    assert_eq!(command(&mut socket, "new game").await["ok"], true);
    let path = target.display();
    for line in [
        format!("save game {path}"),
        format!("save match {path}"),
        format!("  7 SAVE\tgame {path}"),
        format!("load match {path}"),
        format!("load game {path}"),
        "load game /etc/passwd".to_string(),
    ] {
        let reply = command(&mut socket, &line).await;
        let message = failed_with(&reply, "file_refused");
        assert!(message.contains("cannot name files"), "{line}: {message}");
    }
    assert!(!target.exists(), "a file was written");
    // The engine saw none of them: its game is the new one, unharmed, and
    // the Save button's way still gives the record.
    assert_eq!(
        command(&mut socket, "name").await["lines"],
        json!(["plakoto"])
    );
    send(&mut socket, json!({"type": "save", "scope": "game"})).await;
    let saved = next(&mut socket).await;
    assert_eq!(saved["type"], "record", "{saved}");
    assert!(!target.exists(), "a file was written");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 63: a line that holds no command gets no reply from the engine
/// (protocol.md section 1), so the relay answers it itself, in its turn
/// (`no_command`), and sends it nowhere: no request waits forever. A line
/// of other control characters is a command the engine refuses. Then
/// `isready` and `name` are answered as ever.
#[tokio::test]
async fn lines_without_a_command_never_wedge_the_session() {
    let gui = server(real_engine()).await;
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    // The issue's repro first.
    failed_with(&command(&mut socket, "# a comment").await, "no_command");
    assert_eq!(
        command(&mut socket, "name").await["lines"],
        json!(["plakoto"])
    );
    let silent = ["", " ", "\t \t", "#", "  # hint 5", "\r", " \r", "\n"];
    // Lines the engine answers: control characters, and an id alone.
    let refused = ["\u{1}", "\u{c}", "\u{7f}\u{1b}", "7 # an id and no command"];
    // All sent at once, then `isready`: each answered, in order.
    for line in silent.iter().chain(&refused) {
        send(&mut socket, json!({"type": "command", "line": line})).await;
    }
    send(&mut socket, json!({"type": "command", "line": "isready"})).await;
    for line in silent {
        let message = failed_with(&next(&mut socket).await, "no_command");
        assert!(message.contains("holds no command"), "{line:?}: {message}");
    }
    for line in refused {
        let reply = next(&mut socket).await;
        assert_eq!(
            (&reply["type"], &reply["ok"]),
            (&json!("reply"), &json!(false)),
            "{line:?}: {reply}"
        );
        assert_ne!(reply["code"], "no_command", "{line:?}: {reply}");
    }
    assert_eq!(next(&mut socket).await["lines"], json!(["readyok"]));
    assert_eq!(
        command(&mut socket, "name").await["lines"],
        json!(["plakoto"])
    );
}

/// A line without a command queued behind a running search does not hold
/// a `stop` back, and every reply comes in the page's order: the search's,
/// the relay's, `stop`'s, then `isready`'s.
#[tokio::test]
async fn a_comment_behind_a_search_leaves_stop_in_its_turn() {
    let gui = server(real_engine()).await;
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    for line in ["new game", "roll", "set evaluation plies 3"] {
        assert_eq!(command(&mut socket, line).await["ok"], true, "{line}");
    }
    for line in ["hint 5", "# while it runs", "stop", "isready"] {
        send(&mut socket, json!({"type": "command", "line": line})).await;
    }
    let hint = next(&mut socket).await;
    assert_eq!(hint["ok"], true, "{hint}");
    failed_with(&next(&mut socket).await, "no_command");
    assert_eq!(next(&mut socket).await["lines"], json!(["stopped"]));
    assert_eq!(next(&mut socket).await["lines"], json!(["readyok"]));
}

/// Waits for the socket to be closed by the server.
async fn closed(socket: &mut Socket) {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("closed within 20 s")
        {
            None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
            Some(Ok(_)) => {}
        }
    }
}

/// Issue 63: at most `--max-sessions` sockets (each with its engine) run
/// at once; one more is refused with a message for the page and closed;
/// a closed socket's slot is free again once its engine ended.
#[tokio::test]
async fn sessions_past_the_limit_are_refused_until_one_closes() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let gui = serve(
        plakoto::gui::Gui::new(listener, real_engine())
            .unwrap()
            .with_max_sessions(2),
    );
    let mut a = open(&gui).await;
    let mut b = open(&gui).await;
    assert_eq!(next(&mut a).await["type"], "started");
    assert_eq!(next(&mut b).await["type"], "started");
    for _ in 0..3 {
        let mut c = open(&gui).await;
        let refused = next(&mut c).await;
        assert_eq!(refused["type"], "refused", "{refused}");
        let message = refused["message"].as_str().unwrap();
        assert!(
            message.contains("2 sessions") && message.contains("--max-sessions"),
            "{message}"
        );
        closed(&mut c).await;
    }
    // The two sessions are unharmed.
    assert_eq!(command(&mut b, "name").await["lines"], json!(["plakoto"]));
    // Closing one frees its slot (once its engine ended): a new socket is
    // served, and the limit holds again.
    a.close(None).await.unwrap();
    let started = std::time::Instant::now();
    let mut d = loop {
        let mut d = open(&gui).await;
        let first = next(&mut d).await;
        if first["type"] == "started" {
            break d;
        }
        assert_eq!(first["type"], "refused", "{first}");
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no slot free 20 s after a socket closed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // Reported, not asserted (the machine may be busy): issue 63 asks
    // for within 1 s.
    eprintln!(
        "a slot was free again {:?} after its socket closed",
        started.elapsed()
    );
    assert_eq!(command(&mut d, "name").await["lines"], json!(["plakoto"]));
    let mut e = open(&gui).await;
    assert_eq!(next(&mut e).await["type"], "refused");
}

/// Issue 63: the relay's record files live in the launch's private folder
/// (0700), never at the predictable names of old
/// (`/tmp/plakoto-gui-PID-N.txt`, its `.….tmp-PID-K` temporary): links
/// and files planted at those names are never written through, and the
/// folder goes when the server stops.
#[cfg(unix)]
#[tokio::test]
async fn records_pass_through_a_private_folder_and_planted_links_are_harmless() {
    use std::os::unix::fs::PermissionsExt;
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("precious.txt");
    std::fs::write(&target, "precious").unwrap();
    let tmp = std::env::temp_dir();
    let pid = std::process::id();
    let mut planted = Vec::new();
    for n in 1..=24 {
        for ext in ["txt", "json"] {
            planted.push(tmp.join(format!("plakoto-gui-{pid}-{n}.{ext}")));
            for k in 0..8 {
                planted.push(tmp.join(format!(".plakoto-gui-{pid}-{n}.{ext}.tmp-{pid}-{k}")));
            }
        }
    }
    let (links, files): (Vec<_>, Vec<_>) =
        planted.iter().enumerate().partition(|(i, _)| i % 5 != 0);
    for (_, path) in &links {
        let _ = std::fs::remove_file(path);
        std::os::unix::fs::symlink(&target, path).unwrap();
    }
    for (_, path) in &files {
        std::fs::write(path, "planted").unwrap();
    }

    let gui = server(real_engine()).await;
    let folder = gui.folder.clone().unwrap();
    let mode = std::fs::metadata(&folder).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700, "{:o}", mode);
    let mut socket = open(&gui).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    for line in ["set evaluation plies 0", "new match 3", "roll", "play"] {
        assert_eq!(command(&mut socket, line).await["ok"], true, "{line}");
    }
    for format in ["text", "json"] {
        send(
            &mut socket,
            json!({"type": "save", "scope": "match", "format": format}),
        )
        .await;
        let saved = next(&mut socket).await;
        assert_eq!(saved["type"], "record", "{saved}");
        let text = saved["text"].as_str().unwrap().to_string();
        send(&mut socket, json!({"type": "load", "text": text})).await;
        let loaded = next(&mut socket).await;
        assert_eq!(
            (&loaded["type"], &loaded["ok"]),
            (&json!("record_reply"), &json!(true)),
            "{loaded}"
        );
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    for (_, path) in &links {
        assert!(
            path.symlink_metadata().unwrap().is_symlink(),
            "{}",
            path.display()
        );
    }
    for (_, path) in &files {
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            "planted",
            "{}",
            path.display()
        );
    }
    assert!(relay_files(&gui).is_empty(), "{:?}", relay_files(&gui));
    for path in &planted {
        std::fs::remove_file(path).unwrap();
    }
    // The server stops: its folder goes.
    let task = gui.task.unwrap();
    task.abort();
    let _ = task.await;
    assert!(!folder.exists(), "{} is left", folder.display());
}

/// `plakoto gui` stopped by SIGTERM (or Ctrl-C) removes its private folder
/// and exits cleanly, its engines stopped.
#[cfg(unix)]
#[tokio::test]
async fn a_terminated_server_removes_its_private_folder() {
    let mut gui = tokio::process::Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(["gui", "--port", "0", "--max-sessions", "3"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stdout = tokio::io::BufReader::new(gui.stdout.take().unwrap());
    let mut first = String::new();
    tokio::time::timeout(
        Duration::from_secs(20),
        tokio::io::AsyncBufReadExt::read_line(&mut stdout, &mut first),
    )
    .await
    .expect("the address within 20 s")
    .unwrap();
    assert!(first.contains("at most 3 sessions"), "{first}");
    let folder = first
        .trim_end()
        .rsplit_once("records pass through ")
        .map(|(_, f)| std::path::PathBuf::from(f.trim_end_matches(')')))
        .unwrap_or_else(|| panic!("no folder in {first}"));
    assert!(folder.is_dir(), "{}", folder.display());
    let (address, token) = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_once("/?token="))
        .unwrap();
    let served = Served {
        address: address.to_string(),
        token: token.split(' ').next().unwrap().to_string(),
        folder: None,
        task: None,
    };
    let mut socket = open(&served).await;
    assert_eq!(next(&mut socket).await["type"], "started");
    let pid = gui.id().unwrap().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = tokio::time::timeout(Duration::from_secs(20), gui.wait())
        .await
        .expect("the server ends within 20 s")
        .unwrap();
    assert!(status.success(), "{status}");
    assert!(!folder.exists(), "{} is left", folder.display());
}
