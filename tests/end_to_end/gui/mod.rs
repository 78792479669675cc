//! `plakoto gui` end to end: the server (HTTP, WebSocket, access) and the
//! page in headless Chromium, playing Plakoto (browser.rs) and Portes
//! (portes_browser.rs).

mod browser;
mod portes_browser;
mod server;
