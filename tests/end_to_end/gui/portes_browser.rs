//! `plakoto gui` playing Portes in headless Chromium: a Portes game
//! started from the New game dialog, plays made by clicking (the page
//! makes Portes steps itself and sends the play `legal` listed), the
//! engine's replies and a hint with its arrows; then a position pasted as
//! gnubg IDs with X's checker on the bar: the bar drawn, entering from it
//! by clicking, the hit checker drawn on O's bar, and the play sent in
//! Portes notation (`bar/22*`).
//!
//! Needs `chromium` and `chromedriver`, like the Plakoto test (browser.rs),
//! whose helpers it uses; skipped without them, except under `CI=true`.

use fantoccini::{Client, Locator};
use serde_json::json;

use super::browser::{
    HUMAN_TO_PLAY, click, js, play_by_clicking, settle, short_rollout, text, wait_for,
};
use super::page_session::{PageSession, log, set_position};

/// X on roll with 3-1 and a checker on the bar; O has a blot on X's
/// 22-point (board text `bar:1 24:1 13:5 8:3 6:5 / 24:2 13:5 8:3 6:4 3:1`):
/// X must enter first, and `bar/22*` hits.
const ON_THE_BAR: &str = "xHPwATDgc/ABUA:cIkFAAAAAAAE";

/// Turns X plays by clicking in the game started from the dialog.
const TURNS: usize = 3;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gui_plays_portes_with_the_bar_and_hits() {
    let Some(session) = PageSession::open("portes", 5).await else {
        return;
    };
    session.start_quick().await;
    play_portes(&session.client).await;
    session.close().await;
}

async fn play_portes(client: &Client) {
    // The New game dialog: Portes, its own scoring shown, Plakoto's hidden.
    click(client, "#btn-new").await;
    js(
        client,
        "const g = document.getElementById('new-game'); g.value = 'portes'; \
         g.dispatchEvent(new Event('change')); \
         document.getElementById('new-length').value = '3'; \
         document.getElementById('new-you').value = 'X'; return 0;",
    )
    .await;
    let shown = js(
        client,
        "return [document.getElementById('new-pscoring').offsetParent !== null, \
                 document.getElementById('new-rules').offsetParent !== null];",
    )
    .await;
    assert_eq!(
        shown,
        json!([true, false]),
        "Portes' scoring, not Plakoto's rules"
    );
    click(client, "#new-ok").await;
    wait_for(
        client,
        "document.body.dataset.game === 'portes'",
        30,
        "a Portes game",
    )
    .await;
    let log_text = log(client).await;
    assert!(log_text.contains("> set game portes"), "{log_text}");
    assert!(log_text.contains("> new match 3"), "{log_text}");
    assert!(text(client, "scoreline").await.contains("Portes"));

    // Plays by clicking, the engine replying each time.
    for turn in 0..TURNS {
        wait_for(client, HUMAN_TO_PLAY, 60, "X's turn").await;
        settle(client).await;
        let mode = js(client, "return document.body.dataset.legalMode;").await;
        assert_eq!(mode, json!("steps"), "Portes plays are made by clicking");
        if turn == 0 {
            // The engine's analysis of a Portes position: a hint, its arrows.
            click(client, "#btn-hint").await;
            settle(client).await;
            let rows = client
                .find_all(Locator::Css("#hint-table tbody tr"))
                .await
                .unwrap();
            assert!(!rows.is_empty(), "the hint table lists plays");
            let arrows = client
                .find_all(Locator::Css("path.arrow.r1"))
                .await
                .unwrap();
            assert!(!arrows.is_empty(), "the best play drawn");
            // And a rollout of the same plays.
            let table = short_rollout(client, 72).await;
            assert!(table.contains("rollout 72"), "{table}");
        }
        play_by_clicking(client).await;
    }
    wait_for(client, HUMAN_TO_PLAY, 60, "X's turn after the engine's").await;
    settle(client).await;
    let log_text = log(client).await;
    assert!(log_text.contains("> move "), "plays sent with move");
    assert!(log_text.contains("> play"), "the engine played");
    let moves = js(
        client,
        "return document.querySelectorAll('#move-list li.play').length;",
    )
    .await;
    assert!(
        moves.as_u64().unwrap() >= 2 * TURNS as u64,
        "the move list: {moves}"
    );

    // A position with X on the bar, pasted as gnubg IDs; the engine paused
    // so the hit checker stays on O's bar after X's play.
    click(client, "#btn-pause").await;
    set_position(client, ON_THE_BAR).await;
    let bar = js(
        client,
        "const g = document.querySelector('g[data-bar=\"X\"]'); return g && g.dataset.count;",
    )
    .await;
    assert_eq!(bar, json!("1"), "X's checker drawn on the bar");
    // Entering is the only thing to do: the bar is the one source.
    let sources = js(
        client,
        "return [...document.querySelectorAll('rect.point.source')].map((r) => r.dataset.p);",
    )
    .await;
    assert_eq!(sources, json!(["25"]), "only the bar is a source");
    click(client, "rect.bar-hit").await;
    settle(client).await;
    click(client, "rect.dest[data-p=\"22\"]").await;
    settle(client).await;
    // The hit checker is on O's bar already, between the two steps.
    let hit = js(
        client,
        "const g = document.querySelector('g[data-bar=\"O\"]'); return g && g.dataset.count;",
    )
    .await;
    assert_eq!(hit, json!("1"), "the hit checker drawn on O's bar");
    let png = client.screenshot().await.unwrap();
    std::fs::write(std::env::temp_dir().join("plakoto-gui-portes-hit.png"), png).unwrap();
    // The 1: 24/23 ends the play, which goes out as `legal` wrote it.
    click(client, "rect.point.source[data-p=\"24\"]").await;
    settle(client).await;
    click(client, "rect.dest[data-p=\"23\"]").await;
    settle(client).await;
    let log_text = log(client).await;
    assert!(log_text.contains("> move bar/22* 24/23"), "{log_text}");
    // O (the engine, paused) is on roll with its checker on the bar.
    wait_for(
        client,
        "document.getElementById('status').textContent.startsWith('O')",
        30,
        "O on roll",
    )
    .await;
    let hit = js(
        client,
        "const g = document.querySelector('g[data-bar=\"O\"]'); return g && g.dataset.count;",
    )
    .await;
    assert_eq!(hit, json!("1"), "O's checker stays on the bar");
    let status = text(client, "status").await;
    assert!(status.starts_with("O to roll"), "{status}");
    // Resumed, the engine enters (or dances) and X is to play again.
    click(client, "#btn-pause").await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's turn after O's").await;
    settle(client).await;
}
