//! `plakoto gui` end to end: the server (HTTP, WebSocket, access) and the
//! page in headless Chromium.

mod browser;
mod server;
