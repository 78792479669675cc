//! The page and its assets, embedded in the binary, and the 404 answer.
//!
//! For work on the page, `PLAKOTO_GUI_ASSETS=<dir>` serves the files of
//! that directory (e.g. `crates/gui/src/assets`) instead, read at each
//! request, so a reload shows an edit without rebuilding; a file missing
//! there (the board drawing lives in `crates/records/assets`) is served
//! embedded.

use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse};

/// The page.
const INDEX: &str = include_str!("assets/index.html");
/// The page's script (plain JavaScript, no build step).
const SCRIPT: &str = include_str!("assets/app.js");
/// What the games of the table other than Plakoto share (gnubg's base64
/// bit fields and Match ID): served after the board drawing, before the
/// games' own files.
const TABLES: &str = include_str!("assets/tables.js");
/// What the page knows of each game besides Plakoto (the page's own):
/// `assets/games/<game>.js`, its IDs, its switches, the steps of a play
/// made by clicking (Portes), the engine's refusals in words (Fevga).
/// Each is (its name, its text), in name order, as the build script
/// lists the folder; served after the table games' shared part, before
/// the Tavli match.
const GAME_SCRIPTS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/game_scripts.rs"));
/// The Tavli match as the page shows it (the score line's words, the
/// games already played, the hold between games, the New game dialog's
/// match): served after the games' files, before the page's script.
const TAVLI: &str = include_str!("assets/tavli.js");
/// A reload keeps the game: the session's record kept in the tab and
/// loaded back (served after the Tavli match, before the page's script).
const RESTORE: &str = include_str!("assets/restore.js");
/// The page's style sheet.
const STYLE: &str = include_str!("assets/style.css");
/// The board drawing, shared with the HTML analysis report (which owns
/// the file, crates/records/assets/board.js): served before the page's
/// script.
const BOARD_SCRIPT: &str = plakoto_records::analysis::html::BOARD_SCRIPT;
/// The board drawing's style sheet, served before the page's.
const BOARD_STYLE: &str = plakoto_records::analysis::html::BOARD_STYLE;

/// The asset `name`: from `PLAKOTO_GUI_ASSETS` when set, else embedded.
fn asset(name: &str, embedded: &'static str) -> String {
    match std::env::var_os("PLAKOTO_GUI_ASSETS") {
        Some(dir) => std::fs::read_to_string(std::path::Path::new(&dir).join(name))
            .unwrap_or_else(|_| embedded.to_string()),
        None => embedded.to_string(),
    }
}

/// `GET /`: the page.
pub(crate) async fn index() -> impl IntoResponse {
    Html(asset("index.html", INDEX))
}

/// `GET /app.js`: the board drawing, the table games' shared part, each
/// game's script, the Tavli match, the reload's restore, then the page's script (one file: no build step, and
/// each part's functions are seen by the ones after it).
pub(crate) async fn script() -> impl IntoResponse {
    let mut parts = vec![asset("board.js", BOARD_SCRIPT), asset("tables.js", TABLES)];
    parts.extend(GAME_SCRIPTS.iter().map(|(name, text)| asset(name, text)));
    parts.extend([
        asset("tavli.js", TAVLI),
        asset("restore.js", RESTORE),
        asset("app.js", SCRIPT),
    ]);
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        parts.join("\n"),
    )
}

/// `GET /style.css`: the board drawing's style, then the page's.
pub(crate) async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        asset("board.css", BOARD_STYLE) + "\n" + &asset("style.css", STYLE),
    )
}

/// Any other address.
pub(crate) async fn not_found() -> impl IntoResponse {
    (StatusCode::NOT_FOUND, "404 not found\n")
}
