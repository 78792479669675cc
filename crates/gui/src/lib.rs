//! `plakoto gui`: a board in the browser that plays and analyses through the
//! engine protocol (protocol.md), with any engine.
//!
//! The server is a protocol *client*: it serves one page and its assets on
//! 127.0.0.1, starts one engine child process per browser session with the
//! library's client ([`plakoto_protocol::client::Engine`], on a thread of its own),
//! and relays command lines from the page's WebSocket to the engine and
//! its replies, already read and typed, back. It never calls the library's
//! rules or search, so any engine speaking protocol.md can be plugged in
//! with `--engine`.
//!
//! It answers only requests addressed to 127.0.0.1, localhost or [::1] at
//! its port, opens a socket only for the page that presents the launch's
//! token, and refuses command lines from the page that name files
//! ([`access`], [`page_files`]): other websites the user visits cannot
//! drive the engine (issue 46).

mod access;
mod assets;
pub mod browser;
mod engine_command;
mod engine_worker;
mod page_files;
mod page_reply;
mod records;
mod relay;
mod to_page;

use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::routing::get;

pub use access::{Access, Token};
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

/// Shared state of the server: what each session starts, and who may
/// connect.
#[derive(Debug)]
pub(crate) struct AppState {
    pub(crate) engine: EngineCommand,
    pub(crate) access: Access,
}

/// The router: the page, its assets and the socket; everything else is
/// 404, and any request with a `Host` other than the served addresses 403.
pub fn router(engine: EngineCommand, access: Access) -> Router {
    let state = Arc::new(AppState { engine, access });
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/ws", get(relay::upgrade))
        .fallback(assets::not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            access::host_guard,
        ))
        .with_state(state)
}

/// A server on a bound listener, with the token of its launch.
#[derive(Debug)]
pub struct Gui {
    listener: tokio::net::TcpListener,
    engine: EngineCommand,
    address: SocketAddr,
    token: Token,
}

impl Gui {
    /// The server for `listener` (bound on 127.0.0.1), starting `engine`
    /// for each session, with a fresh random token.
    pub fn new(listener: tokio::net::TcpListener, engine: EngineCommand) -> io::Result<Gui> {
        let address = listener.local_addr()?;
        Ok(Gui {
            listener,
            engine,
            address,
            token: Token::random(),
        })
    }

    /// The address the server listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The launch's token.
    pub fn token(&self) -> &Token {
        &self.token
    }

    /// The page's address, token included: the one to open.
    pub fn page_url(&self) -> String {
        format!("http://{}/?token={}", self.address, self.token.as_str())
    }

    /// Serves until the process ends.
    pub async fn serve(self) -> io::Result<()> {
        let access = Access {
            port: self.address.port(),
            token: self.token,
        };
        axum::serve(self.listener, router(self.engine, access)).await
    }
}

/// Runs `plakoto gui`: binds 127.0.0.1, prints the page's address (with
/// its token), optionally opens a browser, and serves until interrupted.
pub fn run(options: GuiOptions) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
        let listener = tokio::net::TcpListener::bind(address).await?;
        let gui = Gui::new(listener, options.engine.clone())?;
        let url = gui.page_url();
        println!("plakoto gui: serving {url} (engine: {})", options.engine);
        if options.open {
            browser::open_in_background(url);
        }
        gui.serve().await
    })
}
