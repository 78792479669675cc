//! What the browser tests of the table games share: a `plakoto gui`
//! server with this package's engine, chromedriver and a headless
//! Chromium session on its page (skipped without them, except under
//! `CI=true`), the page set to quick play, and a position pasted.

use fantoccini::Client;
use plakoto::gui::{EngineCommand, Gui};

use super::browser::{
    Driver, HUMAN_TO_PLAY, Profile, click, connect_browser, js, open_quick, settle, skipped,
    start_driver, wait_for, which,
};

/// A browser on the page of a GUI server of its own; chromedriver and the
/// profile directory go when it is dropped.
pub(super) struct PageSession {
    pub(super) client: Client,
    pub(super) page: String,
    _driver: Driver,
    _profile: Profile,
}

impl PageSession {
    /// Starts the server (engine seeded with `seed`), chromedriver and a
    /// browser; None (the test says it is skipped) without Chromium, a
    /// failure under CI. `name` names the profile directory and the skip.
    pub(super) async fn open(name: &str, seed: u64) -> Option<PageSession> {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        let (Some(chromium), Some(chromedriver)) = (which("chromium"), which("chromedriver"))
        else {
            assert!(
                !ci,
                "chromium and chromedriver are required under CI (.ci/run installs them)"
            );
            skipped(&format!(
                "chromium or chromedriver not installed ({name} test)"
            ));
            return None;
        };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let engine = EngineCommand::Program {
            program: env!("CARGO_BIN_EXE_plakoto").into(),
            args: vec!["engine".into(), "--seed".into(), seed.to_string()],
        };
        let gui = Gui::new(listener, engine).unwrap();
        let page = gui.page_url();
        tokio::spawn(gui.serve());

        let (driver, webdriver) = start_driver(&chromedriver).await;
        let profile = Profile(
            std::env::temp_dir().join(format!("plakoto-gui-{name}-test-{}", std::process::id())),
        );
        let client = connect_browser(&chromium, &webdriver, &profile).await;
        Some(PageSession {
            client,
            page,
            _driver: driver,
            _profile: profile,
        })
    }

    /// Opens the page, waits for the engine and sets quick play: 0 plies,
    /// no delay before the engine's moves.
    pub(super) async fn start_quick(&self) {
        open_quick(&self.client, &self.page).await;
        settle(&self.client).await;
    }

    /// Ends the WebDriver session.
    pub(super) async fn close(self) {
        let _ = self.client.close().await;
    }
}

/// The engine log's text.
pub(super) async fn log(client: &Client) -> String {
    let log = js(client, "return document.getElementById('log').textContent;").await;
    log.as_str().unwrap_or_default().to_string()
}

/// Saves a screenshot of the page as `name` in the temporary directory.
pub(super) async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    std::fs::write(std::env::temp_dir().join(name), png).unwrap();
}

/// Pastes `pair` (Position ID:Match ID) and waits for X's turn.
pub(super) async fn set_position(client: &Client, pair: &str) {
    js(
        client,
        &format!("document.getElementById('paste').value = '{pair}'; return 0;"),
    )
    .await;
    click(client, "#btn-set").await;
    wait_for(client, HUMAN_TO_PLAY, 30, "X to play the pasted position").await;
    settle(client).await;
}
