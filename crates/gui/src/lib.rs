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
//! It answers only requests addressed to 127.0.0.1, localhost or `[::1]` at
//! its port, opens a socket only for the page that presents the launch's
//! token, and refuses command lines from the page that name files
//! (`access`, `page_files`): other websites the user visits cannot
//! drive the engine (issue 46).
//!
//! At most [`GuiOptions::max_sessions`] sockets (and engines) run at once:
//! one past it is told so and closed (issue 63). The records the page saves
//! and loads pass through a private folder (mode 0700) made for the launch
//! and removed when the server stops.

mod access;
mod assets;
pub mod browser;
mod engine_command;
mod engine_worker;
mod page_files;
mod page_reply;
mod records;
mod relay;
mod session_slots;
mod to_page;

use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::routing::get;

pub use access::{Access, Token};
pub use engine_command::EngineCommand;

/// How many sessions (sockets, each with its engine) run at once by
/// default.
pub const DEFAULT_MAX_SESSIONS: usize = 8;

/// What `plakoto gui` was asked for.
#[derive(Debug, Clone)]
pub struct GuiOptions {
    /// The engine every session starts.
    pub engine: EngineCommand,
    /// The TCP port on 127.0.0.1 (0: any free port).
    pub port: u16,
    /// Launch the system's browser on the page.
    pub open: bool,
    /// How many sessions may run at once (at least 1).
    pub max_sessions: usize,
}

/// Shared state of the server: what each session starts, who may connect,
/// how many may, and where the record transfers go.
#[derive(Debug)]
pub(crate) struct AppState {
    pub(crate) engine: EngineCommand,
    pub(crate) access: Access,
    pub(crate) sessions: session_slots::SessionSlots,
    pub(crate) scratch: PathBuf,
}

/// The router: the page, its assets and the socket; everything else is
/// 404, and any request with a `Host` other than the served addresses 403.
fn router(state: Arc<AppState>) -> Router {
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

/// A server on a bound listener, with the token of its launch and its
/// private folder.
#[derive(Debug)]
pub struct Gui {
    listener: tokio::net::TcpListener,
    engine: EngineCommand,
    address: SocketAddr,
    token: Token,
    max_sessions: usize,
    scratch: tempfile::TempDir,
}

impl Gui {
    /// The server for `listener` (bound on 127.0.0.1), starting `engine`
    /// for each session, with a fresh random token, at most
    /// [`DEFAULT_MAX_SESSIONS`] sessions, and its private folder made
    /// (mode 0700, in the system's temporary folder).
    pub fn new(listener: tokio::net::TcpListener, engine: EngineCommand) -> io::Result<Gui> {
        let address = listener.local_addr()?;
        Ok(Gui {
            listener,
            engine,
            address,
            token: Token::random(),
            max_sessions: DEFAULT_MAX_SESSIONS,
            scratch: private_folder()?,
        })
    }

    /// The same server, with at most `max_sessions` sessions at once (at
    /// least 1).
    pub fn with_max_sessions(mut self, max_sessions: usize) -> Gui {
        self.max_sessions = max_sessions.max(1);
        self
    }

    /// The address the server listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The launch's token.
    pub fn token(&self) -> &Token {
        &self.token
    }

    /// The launch's private folder, where the page's records pass (only
    /// its owner can enter it; removed when [`Gui::serve`] ends or is
    /// dropped).
    pub fn scratch_folder(&self) -> &Path {
        self.scratch.path()
    }

    /// The page's address, token included: the one to open.
    pub fn page_url(&self) -> String {
        format!("http://{}/?token={}", self.address, self.token.as_str())
    }

    /// Serves until the process ends (or the future is dropped: the
    /// private folder is removed then).
    pub async fn serve(self) -> io::Result<()> {
        let Gui {
            listener,
            engine,
            address,
            token,
            max_sessions,
            scratch,
        } = self;
        let state = Arc::new(AppState {
            engine,
            access: Access {
                port: address.port(),
                token,
            },
            sessions: session_slots::SessionSlots::new(max_sessions),
            scratch: scratch.path().to_path_buf(),
        });
        let served = axum::serve(listener, router(state)).await;
        // Held to here: the folder goes when serving ends.
        drop(scratch);
        served
    }
}

/// A new folder only its owner can enter (0700), for one launch.
fn private_folder() -> io::Result<tempfile::TempDir> {
    let mut builder = tempfile::Builder::new();
    builder.prefix("plakoto-gui-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o700));
    }
    builder.tempdir()
}

/// Runs `plakoto gui`: binds 127.0.0.1, prints the page's address (with
/// its token), optionally opens a browser, and serves until interrupted
/// (Ctrl-C or SIGTERM: the engines are stopped and the private folder
/// removed).
pub fn run(options: GuiOptions) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let served = runtime.block_on(async move {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
        let listener = tokio::net::TcpListener::bind(address).await?;
        let gui =
            Gui::new(listener, options.engine.clone())?.with_max_sessions(options.max_sessions);
        let url = gui.page_url();
        println!(
            "plakoto gui: serving {url} (engine: {}; at most {} sessions; records pass through {})",
            options.engine,
            gui.max_sessions,
            gui.scratch_folder().display()
        );
        if options.open {
            browser::open_in_background(url);
        }
        tokio::select! {
            served = gui.serve() => served,
            () = interrupted() => {
                eprintln!("plakoto gui: stopping");
                Ok(())
            }
        }
    });
    // The sessions' engines are stopped by their workers, which end as
    // the sessions are dropped; an engine gets its `quit` and a moment.
    runtime.shutdown_timeout(Duration::from_secs(3));
    served
}

/// Resolves on Ctrl-C (and, on Unix, SIGTERM); never when no handler can
/// be installed (the process then ends as before, by the signal).
async fn interrupted() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => return ctrl_c.await,
            };
        tokio::select! {
            () = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await;
}
