//! `plakoto gui` end to end: the server (HTTP, WebSocket, access) and the
//! page in headless Chromium, playing Plakoto (browser.rs), Portes
//! (portes_browser.rs), Fevga (fevga_browser.rs) and a Tavli match
//! (tavli_browser.rs); the board's marks, Fevga's numbering and the
//! editor of every game (board_marks_browser.rs); page_session.rs starts
//! what they share.

mod board_marks_browser;
mod browser;
mod fevga_browser;
mod page_session;
mod portes_browser;
mod server;
mod tavli_browser;
