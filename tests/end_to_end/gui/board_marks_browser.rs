//! `plakoto gui` in headless Chromium, what a tavli player tripped on
//! (issue 62) in the board's marks and the editor: the colour legend
//! (each side's checkers and last play, in the board's own colours); the
//! small dice of the last roll kept off the last play's arrows; Fevga's
//! plays written in the numbering of the board's labels (X's), not O's;
//! the position editor setting Portes (with a checker on the bar) and
//! Fevga positions.
//!
//! Needs `chromium` and `chromedriver`, like the Plakoto test (browser.rs);
//! skipped without them, except under `CI=true`.

use fantoccini::Client;
use serde_json::{Value, json};

use super::browser::{HUMAN_TO_PLAY, click, js, play_by_clicking, settle, wait_for};
use super::page_session::{PageSession, log, screenshot};

/// Plakoto, O to play 6-3 (board text `24:14 14:1 / 24:15`, O on roll):
/// `24/21 14/8` moves O's checker from X's 11 (bottom left) to X's 17 (top
/// left), across the middle of the left half, where O's small dice go.
const O_CROSSES_63: &str = "AACA//DAAA8/fAAA:1DAAAAAA";

/// Fevga's start (F3), X to play 6-5 (as fevga_browser.rs).
const FEVGA_START: &str = "AACA/z8AAMD/Hw";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gui_legend_small_dice_fevga_numbering_and_the_editor() {
    let Some(session) = PageSession::open("marks", 9).await else {
        return;
    };
    session.start_quick().await;
    let client = &session.client;
    legend(client).await;
    small_dice_off_the_arrows(client).await;
    fevga_numbering(client).await;
    editor(client, "portes").await;
    editor(client, "fevga").await;
    session.close().await;
}

/// The computed `property` of the first element matching `css`.
async fn style_of(client: &Client, css: &str, property: &str) -> Value {
    js(
        client,
        &format!(
            "const e = document.querySelector('{css}'); \
             return e ? getComputedStyle(e).getPropertyValue('{property}') : null;"
        ),
    )
    .await
}

/// The legend names O's colours, and its swatches are the board's.
async fn legend(client: &Client) {
    wait_for(client, HUMAN_TO_PLAY, 60, "X's first turn").await;
    settle(client).await;
    let o_key = js(
        client,
        "return document.querySelector('#legend .key[data-side=\"O\"]').textContent;",
    )
    .await;
    let o_key = o_key.as_str().unwrap();
    assert!(
        o_key.contains("brown") && o_key.contains("orange"),
        "{o_key}"
    );
    for side in ["X", "O"] {
        let board = style_of(client, &format!("#board circle.chk-{side}"), "fill").await;
        let legend = style_of(client, &format!("#legend circle.chk-{side}"), "fill").await;
        assert!(board.is_string(), "{side}'s checkers on the board");
        assert_eq!(legend, board, "{side}'s checkers in the legend");
    }
    // O's last play (the engine's, once X has played) in the legend's
    // orange.
    play_by_clicking(client).await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's turn after O's").await;
    settle(client).await;
    let board = style_of(client, "#board path[data-last=\"O\"]", "stroke").await;
    let legend = style_of(client, "#legend line.last-O", "stroke").await;
    assert!(board.is_string(), "O's last play drawn");
    assert_eq!(legend, board, "O's last play's colour");
}

/// O's last play crosses the middle of the left half, where O's small
/// dice are drawn by default: they move to where no arrow passes.
async fn small_dice_off_the_arrows(client: &Client) {
    js(
        client,
        "const o = document.getElementById('player-O'); o.value = 'human'; \
         o.dispatchEvent(new Event('change')); return 0;",
    )
    .await;
    settle(client).await;
    js(
        client,
        &format!("document.getElementById('paste').value = '{O_CROSSES_63}'; return 0;"),
    )
    .await;
    click(client, "#btn-set").await;
    wait_for(
        client,
        "document.getElementById('status').textContent.startsWith('O to play')",
        30,
        "O to play the pasted position",
    )
    .await;
    settle(client).await;
    js(
        client,
        "document.getElementById('typed-play').value = '24/21 14/8'; return 0;",
    )
    .await;
    click(client, "#btn-move").await;
    wait_for(client, HUMAN_TO_PLAY, 30, "X's turn after O's 24/21 14/8").await;
    settle(client).await;
    screenshot(client, "plakoto-gui-small-dice.png").await;
    // [arrows of O's last play, points of them inside the small dice's
    // box, the box's centre x].
    let seen = js(
        client,
        "const dice = document.querySelector('#board g.lastroll[data-lastroll=\"O\"]'); \
         if (!dice) return null; \
         const b = dice.getBBox(); \
         const paths = [...document.querySelectorAll('#board path[data-last=\"O\"]')]; \
         let inside = 0; \
         for (const p of paths) { \
           const n = p.getTotalLength(); \
           for (let k = 0; k <= 60; k++) { \
             const q = p.getPointAtLength((n * k) / 60); \
             if (q.x > b.x && q.x < b.x + b.width && q.y > b.y && q.y < b.y + b.height) inside++; \
           } \
         } \
         return [paths.length, inside, Math.round(b.x + b.width / 2)];",
    )
    .await;
    assert_eq!(seen[0], json!(2), "O's two moves drawn: {seen}");
    assert_eq!(
        seen[1],
        json!(0),
        "an arrow runs over the small dice: {seen}"
    );
    // Where the dice would have been (the middle of the left half, x 210)
    // the 14/8 arrow passes: they were moved.
    assert_ne!(seen[2], json!(210), "{seen}");
    js(
        client,
        "const o = document.getElementById('player-O'); o.value = 'engine'; \
         o.dispatchEvent(new Event('change')); return 0;",
    )
    .await;
    settle(client).await;
}

/// A point written in the other side's numbering in Fevga (F2).
fn fevga_other(p: u32) -> u32 {
    (p + 11) % 24 + 1
}

/// Starts a game of `game` from the New game dialog, X the human.
async fn new_game(client: &Client, game: &str) {
    click(client, "#btn-new").await;
    js(
        client,
        &format!(
            "const g = document.getElementById('new-game'); g.value = '{game}'; \
             g.dispatchEvent(new Event('change')); \
             document.getElementById('new-length').value = '0'; \
             document.getElementById('new-you').value = 'X'; return 0;"
        ),
    )
    .await;
    click(client, "#new-ok").await;
    wait_for(
        client,
        &format!("document.body.dataset.game === '{game}'"),
        30,
        game,
    )
    .await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's first turn").await;
    settle(client).await;
}

/// Fevga: O's plays (the engine's) in the move list in X's numbering,
/// the board's labels; X's as played.
async fn fevga_numbering(client: &Client) {
    new_game(client, "fevga").await;
    play_by_clicking(client).await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's turn after O's").await;
    settle(client).await;
    // The engine's play as it wrote it (in O's numbering): its reply to
    // `play`.
    let sent = log(client).await;
    let lines: Vec<&str> = sent.lines().collect();
    let asked = lines
        .iter()
        .rposition(|l| *l == "> play")
        .expect("play sent");
    let reply = lines[asked..]
        .iter()
        .find(|l| l.starts_with('='))
        .expect("the engine's reply to play");
    let reply: Value = serde_json::from_str(reply.split_once(' ').unwrap().1).unwrap();
    let engine_play = reply["play"].as_str().unwrap();
    let in_x: Vec<String> = engine_play
        .split_whitespace()
        .map(|word| {
            let (path, times) = match word.find('(') {
                Some(i) => word.split_at(i),
                None => (word, ""),
            };
            let path: Vec<String> = path
                .split('/')
                .map(|t| {
                    t.parse()
                        .map_or(t.to_string(), |p| fevga_other(p).to_string())
                })
                .collect();
            format!("{}{times}", path.join("/"))
        })
        .collect();
    let listed = js(
        client,
        "return [...document.querySelectorAll('#move-list li.play')].map((li) => \
           [li.querySelector('.mv-side').textContent, li.querySelector('.mv-play').textContent]);",
    )
    .await;
    let o_listed: Vec<&Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e[0] == "O")
        .collect();
    // O's last play listed is the engine's last.
    let last_o = o_listed.last().expect("O's play listed");
    assert_eq!(last_o[1], json!(in_x.join(" ")), "O's {engine_play}");
    let last = js(
        client,
        "return document.getElementById('last-plays').textContent;",
    )
    .await;
    assert!(last.as_str().unwrap().contains(&in_x.join(" ")), "{last}");
}

/// The editor in `game`: the starting position set, in Portes with one of
/// X's checkers put on the bar; the engine's board is the one edited.
async fn editor(client: &Client, game: &str) {
    new_game(client, game).await;
    let shown = js(
        client,
        "return document.getElementById('btn-edit').offsetParent !== null;",
    )
    .await;
    assert_eq!(shown, json!(true), "Edit in {game}");
    click(client, "#btn-edit").await;
    click(client, "#edit-clear").await;
    let info = js(
        client,
        "return document.getElementById('edit-info').textContent;",
    )
    .await;
    assert!(
        info.as_str().unwrap().starts_with("X off 15, O off 15"),
        "{info}"
    );
    click(client, "#edit-start").await;
    // Pins are Plakoto's: their tools hidden.
    let pins = js(
        client,
        "return document.querySelector('#editor input[value=pinX]').offsetParent !== null;",
    )
    .await;
    assert_eq!(pins, json!(false), "no pin tool in {game}");
    if game == "portes" {
        click(client, "rect.edit-bar").await;
        let info = js(
            client,
            "return document.getElementById('edit-info').textContent;",
        )
        .await;
        assert!(
            info.as_str().unwrap().contains("on the bar X 1, O 0"),
            "{info}"
        );
    }
    click(client, "#edit-apply").await;
    wait_for(client, HUMAN_TO_PLAY, 30, "X to play the edited position").await;
    settle(client).await;
    let sent = log(client).await;
    let pos = js(client, "return document.getElementById('pos-id').value;").await;
    if game == "portes" {
        // One of the 6-point's five on the bar (the editor takes it from
        // the first biggest stack); O's start in its own numbering.
        assert!(
            sent.contains("> set board bar:1 24:2 13:5 8:3 6:4 / 24:2 13:5 8:3 6:5"),
            "{sent}"
        );
        let bar = js(
            client,
            "const g = document.querySelector('#board g[data-bar=\"X\"]'); return g && g.dataset.count;",
        )
        .await;
        assert_eq!(
            bar,
            json!("1"),
            "the engine's board has X's checker on the bar"
        );
        screenshot(client, "plakoto-gui-portes-editor.png").await;
    } else {
        assert!(sent.contains("> set board 24:15 / 24:15"), "{sent}");
        assert_eq!(pos, json!(FEVGA_START), "Fevga's starting position");
    }
}
