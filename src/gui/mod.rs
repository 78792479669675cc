//! `plakoto gui`: a board in the browser that plays and analyses through the
//! engine protocol (protocol.md), with any engine.
//!
//! The server is a protocol *client*: it serves one page and its assets on
//! 127.0.0.1, starts one engine child process per browser session with the
//! library's client ([`crate::client::Engine`], on a thread of its own),
//! and relays command lines from the page's WebSocket to the engine and
//! its replies, already read and typed, back. It never calls the library's
//! rules or search, so any engine speaking protocol.md can be plugged in
//! with `--engine`.

mod assets;
pub mod browser;
mod engine_command;
mod engine_worker;
mod page_reply;
mod records;
mod relay;

use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::routing::get;

pub use engine_command::EngineCommand;

/// What `plakoto gui` was asked for.
#[derive(Debug, Clone)]
pub struct GuiOptions {
    /// The engine every session starts.
    pub engine: EngineCommand,
    /// The TCP port on 127.0.0.1 (0: any free port).
    pub port: u16,
    /// Launch the system's browser on the page.
    pub open: bool,
}

/// Shared state of the server: what each session starts.
#[derive(Debug)]
pub(crate) struct AppState {
    pub(crate) engine: EngineCommand,
}

/// The router: the page, its assets and the socket; everything else is 404.
pub fn router(engine: EngineCommand) -> Router {
    let state = Arc::new(AppState { engine });
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/ws", get(relay::upgrade))
        .fallback(assets::not_found)
        .with_state(state)
}

/// Serves the GUI on an already bound listener until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, engine: EngineCommand) -> io::Result<()> {
    axum::serve(listener, router(engine)).await
}

/// Runs `plakoto gui`: binds 127.0.0.1, prints the address, optionally opens
/// a browser, and serves until interrupted.
pub fn run(options: GuiOptions) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
        let listener = tokio::net::TcpListener::bind(address).await?;
        let url = format!("http://{}/", listener.local_addr()?);
        println!("plakoto gui: serving {url} (engine: {})", options.engine);
        if options.open
            && let Err(e) = browser::open(&url)
        {
            eprintln!("plakoto gui: could not open a browser ({e}); open {url} yourself");
        }
        serve(listener, options.engine).await
    })
}
