//! `plakoto gui` end to end: the server (HTTP, WebSocket, access) and the
//! page in headless Chromium, playing Plakoto (browser.rs), Portes
//! (portes_browser.rs) and Fevga (fevga_browser.rs).

mod browser;
mod fevga_browser;
mod portes_browser;
mod server;
