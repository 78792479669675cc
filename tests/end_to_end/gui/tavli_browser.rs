//! `plakoto gui` playing a Tavli match in headless Chromium (issue 43):
//! the New game dialog's Tavli choice (the match's switches and every
//! game's own shown, `new match 3 tavli` sent), the score line naming the
//! match, the game in play and the next; a Portes turn played by clicking
//! and the engine's reply; the first game ended from a pasted position
//! near its end: the page holds on its final position with the result
//! while the engine already plays Plakoto, then draws the Plakoto board
//! and plays on (the engine its side too), the score line's score the
//! engine's; the ended game opened from the games of the match, its plays
//! listed and the position before its last play reviewed; the second
//! game ended the same way, winning the match: no game follows.
//!
//! Needs `chromium` and `chromedriver`, like the Plakoto test (browser.rs);
//! skipped without them, except under `CI=true`.

use fantoccini::Client;
use serde_json::{Value, json};

use super::browser::{HUMAN_TO_PLAY, click, js, play_by_clicking, settle, text, wait_for};
use super::page_session::{PageSession, log, screenshot, set_position};

/// Portes, X on roll with 6-5, its last checker on its 1-point (14 off);
/// O's 15 all home, none off (board text `1:1 / 6:5 5:5 4:5`): X bears
/// off and wins a double, 2 points (P11). Its Match ID: to 3, 0–0.
const PORTES_END: &str = "+L4PAAABAAAAAA:cAl3AAAAAAAE";

/// Plakoto, game 2 at X 2 O 0 (its Match ID: to 3), X on roll with 6-5,
/// its last checker on its 1-point; O has 5 left (board text `1:1 / 1:5`):
/// X bears off, wins a single game (R17) and the match, 3–0.
const PLAKOTO_END: &str = "BAAA+AAAAAAAAAAA:xlBCAAAA";

/// The text of the board's `X off N` label.
const X_OFF: &str = "return document.querySelector('#board text[data-off=\"X\"]').textContent;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gui_plays_a_tavli_match_from_game_to_game() {
    let Some(session) = PageSession::open("tavli", 5).await else {
        return;
    };
    session.start_quick().await;
    play_tavli(&session.client).await;
    session.close().await;
}

/// Where the match stands as the engine last said it: the `tavli` object
/// of its last reply that has one (`show board`, `move`, `play`), as
/// [x, o, game, number].
async fn engine_tavli(client: &Client) -> Value {
    js(
        client,
        "const lines = document.getElementById('log').textContent.split('\\n') \
           .filter((l) => l.startsWith('=') && l.includes('\"tavli\":{')); \
         const j = JSON.parse(lines[lines.length - 1].replace(/^=\\S*\\s/, '')); \
         const t = j.tavli || j.score.tavli; \
         return [t.x, t.o, t.game, t.number];",
    )
    .await
}

/// The page's `body[data-…]` value `name`.
async fn data(client: &Client, name: &str) -> Value {
    js(client, &format!("return document.body.dataset.{name};")).await
}

/// X bears off its last checker, on its 1-point, by clicking it and the
/// tray; then waits for the status `state` (`what`, if it does not come).
async fn bear_off_the_last(client: &Client, state: &str, what: &str) {
    click(client, "rect.point.source[data-p=\"1\"]").await;
    settle(client).await;
    click(client, "rect.tray-hit").await;
    let condition = format!("document.getElementById('status').dataset.state === '{state}'");
    wait_for(client, &condition, 30, what).await;
    settle(client).await;
}

async fn play_tavli(client: &Client) {
    // The dialog: Tavli, its switches and every game's own shown, not the
    // plain match's length.
    click(client, "#btn-new").await;
    js(
        client,
        "const g = document.getElementById('new-game'); g.value = 'tavli'; \
         g.dispatchEvent(new Event('change')); \
         document.getElementById('tv-target').value = '3'; \
         document.getElementById('new-you').value = 'X'; return 0;",
    )
    .await;
    let shown = js(
        client,
        "return ['tv-target', 'tv-sequence', 'tv-after_draw', 'new-rules', 'new-pscoring', \
           'fv-release', 'new-length'].map((id) => document.getElementById(id).offsetParent !== null);",
    )
    .await;
    assert_eq!(
        shown,
        json!([true, true, true, true, true, true, false]),
        "Tavli's switches and the games' own"
    );
    click(client, "#new-ok").await;
    wait_for(
        client,
        "document.body.dataset.tavli === '1'",
        30,
        "a Tavli match",
    )
    .await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's first turn").await;
    settle(client).await;
    let sent = log(client).await;
    for line in [
        "> set game plakoto",
        "> set game portes",
        "> set game fevga",
        "> set fevga.release past_start",
        "> new match 3 tavli",
    ] {
        assert!(sent.contains(line), "{line}: {sent}");
    }
    assert!(
        !sent.contains("> set tavli."),
        "the engine's switches are the dialog's: none sent"
    );
    assert_eq!(data(client, "game").await, json!("portes"));
    let score = text(client, "scoreline").await;
    assert!(
        score.contains("Tavli to 3 — X 0, O 0 — game 1: Portes, next: Plakoto"),
        "{score}"
    );
    assert!(
        text(client, "game-list").await.contains("Portes in play"),
        "the games of the match listed"
    );

    // A Portes turn by clicking; the engine answers with its own.
    play_by_clicking(client).await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's turn after O's").await;
    settle(client).await;
    assert!(log(client).await.contains("> play"), "the engine played");
    hint_with_mwc(client).await;
    save_is_named_after_tavli(client).await;

    // Game 1 near its end (the engine paused: X plays on as it likes);
    // X bears off its last checker.
    click(client, "#btn-pause").await;
    set_position(client, PORTES_END).await;
    bear_off_the_last(client, "between", "the end of game 1").await;
    let status = text(client, "status").await;
    assert!(
        status.contains("Game 1 (Portes) over: X wins, double (2 points)")
            && status.contains("next: game 2: Plakoto"),
        "{status}"
    );
    // The engine already plays Plakoto; the page shows Portes' end.
    assert_eq!(data(client, "game").await, json!("plakoto"));
    assert_eq!(data(client, "boardGame").await, json!("portes"));
    assert_eq!(js(client, X_OFF).await, json!("X off 15"));
    assert_eq!(
        engine_tavli(client).await,
        json!([2, 0, "plakoto", 2]),
        "the engine's match"
    );
    let score = text(client, "scoreline").await;
    assert!(
        score.contains("Tavli to 3 — X 2, O 0 — game 2: Plakoto, next: Fevga"),
        "{score}"
    );
    screenshot(client, "plakoto-gui-tavli-between.png").await;

    // Next game: the Plakoto board (all 15 on each 24-point), X (the
    // winner) starts; the engine plays its side again once resumed.
    click(client, "#btn-roll").await;
    wait_for(client, HUMAN_TO_PLAY, 30, "X's first Plakoto turn").await;
    settle(client).await;
    assert_eq!(data(client, "boardGame").await, json!("plakoto"));
    assert_eq!(js(client, X_OFF).await, json!("X off 0"));
    let x24 = js(
        client,
        "return document.querySelector('#board text.cnt-X').textContent;",
    )
    .await;
    assert_eq!(x24, json!("15"), "X's 15 on its 24-point");
    click(client, "#btn-pause").await;
    play_by_clicking(client).await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's turn after O's Plakoto play").await;
    settle(client).await;
    let tavli = engine_tavli(client).await;
    assert_eq!(tavli[2], json!("plakoto"));
    let score = text(client, "scoreline").await;
    assert!(
        score.contains(&format!("X {}, O {}", tavli[0], tavli[1])),
        "the score line's score is the engine's {tavli}: {score}"
    );
    let games = js(
        client,
        "return [...document.querySelectorAll('#game-list li')].map((li) => li.dataset.game);",
    )
    .await;
    assert_eq!(
        games,
        json!(["portes", "plakoto"]),
        "the games of the match"
    );
    reload_keeps_the_match(client).await;

    // Game 1 reviewed: its final position and its plays, then the
    // position before its last play (X's last checker still on the board).
    click(client, "#game-list li[data-index=\"0\"]").await;
    settle(client).await;
    assert_eq!(data(client, "boardGame").await, json!("portes"));
    assert_eq!(js(client, X_OFF).await, json!("X off 15"));
    // The IDs shown are game 1's at its end, not the game in play's.
    let [shown, engine] = ids(client).await;
    assert_ne!(shown, engine, "game 1 shows its own IDs");
    assert_eq!(
        shown[1].as_str().unwrap().len(),
        12,
        "a Portes Match ID: {shown}"
    );
    let plays = js(
        client,
        "return [...document.querySelectorAll('#move-list li.play .mv-play')].map((e) => e.textContent);",
    )
    .await;
    // The list started over at the pasted position: one play since.
    assert_eq!(plays, json!(["1/off"]), "game 1's plays");
    js(
        client,
        "const plays = document.querySelectorAll('#move-list li.play'); \
         plays[plays.length - 1].click(); return 0;",
    )
    .await;
    settle(client).await;
    assert_ne!(data(client, "review").await, json!(""), "a play reviewed");
    assert_eq!(data(client, "boardGame").await, json!("portes"));
    assert_eq!(js(client, X_OFF).await, json!("X off 14"));
    // The position before the play reviewed: the one pasted.
    let [shown, _] = ids(client).await;
    assert_eq!(shown[0], json!(PORTES_END.split(':').next().unwrap()));
    screenshot(client, "plakoto-gui-tavli-review.png").await;
    // Back: to game 1's end, then to the game in play.
    click(client, "#btn-review-back").await;
    click(client, "#btn-review-back").await;
    settle(client).await;
    assert_eq!(data(client, "boardGame").await, json!("plakoto"));
    assert_eq!(data(client, "review").await, json!(""));
    wait_for(client, HUMAN_TO_PLAY, 5, "X's Plakoto turn again").await;

    // Game 2 near its end: X bears off its last checker and wins the
    // match; no game follows.
    set_position(client, PLAKOTO_END).await;
    bear_off_the_last(client, "over", "the match's end").await;
    let status = text(client, "status").await;
    assert!(status.contains("X wins the Tavli match"), "{status}");
    assert_eq!(engine_tavli(client).await, json!([3, 0, "plakoto", 2]));
    let score = text(client, "scoreline").await;
    assert!(
        score.contains("Tavli to 3 — X 3, O 0 — game 2: Plakoto — X wins the match"),
        "{score}"
    );
    let games = text(client, "game-list").await;
    assert!(
        games.contains("Portes X wins, double (2 points)")
            && games.contains("Plakoto X wins, single (1 point)"),
        "{games}"
    );
    let next = js(
        client,
        "return document.getElementById('btn-roll').classList.contains('hidden');",
    )
    .await;
    assert_eq!(next, json!(true), "no next game once the match is won");
}

/// The IDs in the Position panel and the engine's (its last `show
/// board`), each [Position ID, Match ID].
async fn ids(client: &Client) -> [Value; 2] {
    let shown = js(
        client,
        "return [document.getElementById('pos-id').value, document.getElementById('match-id').value];",
    )
    .await;
    let engine = js(
        client,
        "const lines = document.getElementById('log').textContent.split('\\n') \
           .filter((l) => l.startsWith('=') && l.includes('\"position_id\"') && l.includes('\"board\"')); \
         const j = JSON.parse(lines[lines.length - 1].replace(/^=\\S*\\s/, '')); \
         return [j.position_id, j.match_id];",
    )
    .await;
    [shown, engine]
}

/// Hint in a match: each candidate's match-winning chances in a column of
/// their own, as the engine gave them; the evaluation (`0-ply`) on one
/// line.
async fn hint_with_mwc(client: &Client) {
    click(client, "#btn-hint").await;
    settle(client).await;
    let shown = js(
        client,
        "const t = document.getElementById('hint-table'); \
         return [t.classList.contains('with-mwc'), \
           [...t.querySelectorAll('tbody td.mwc')].map((td) => td.textContent), \
           [...t.querySelectorAll('.ev')].map((e) => e.getClientRects().length), \
           getComputedStyle(t.querySelector('th.mwc')).display];",
    )
    .await;
    // The engine's figures: its reply to `hint 5`.
    let engine = js(
        client,
        "const lines = document.getElementById('log').textContent.split('\\n') \
           .filter((l) => l.startsWith('=') && l.includes('\"candidates\"')); \
         const j = JSON.parse(lines[lines.length - 1].replace(/^=\\S*\\s/, '')); \
         return j.candidates.map((c) => (100 * c.mwc).toFixed(2) + '%');",
    )
    .await;
    assert_eq!(shown[0], json!(true), "the MWC column in a match: {shown}");
    assert_eq!(shown[1], engine, "each play's MWC as the engine gave it");
    assert!(!engine.as_array().unwrap().is_empty());
    let lines = shown[2].as_array().unwrap();
    assert!(
        !lines.is_empty() && lines.iter().all(|n| *n == json!(1)),
        "an evaluation wrapped: {shown}"
    );
    assert_ne!(shown[3], json!("none"), "the MWC heading shown");
    // Every figure whole in its cell (none cut to `46.…`).
    let cut = js(
        client,
        "return [...document.querySelectorAll('#hint-table tbody tr:not(.detail) td:not(.play)')] \
           .filter((td) => td.scrollWidth > td.clientWidth).map((td) => td.textContent);",
    )
    .await;
    assert_eq!(cut, json!([]), "figures cut in the hint table");
    // Eval: the side on roll's match-winning chance, the engine's.
    click(client, "#btn-eval").await;
    settle(client).await;
    let eval = js(
        client,
        "const e = document.querySelector('#eval-text .mwc'); \
         const lines = document.getElementById('log').textContent.split('\\n') \
           .filter((l) => l.startsWith('=') && l.includes('\"reply\":\"eval\"')); \
         const j = JSON.parse(lines[lines.length - 1].replace(/^=\\S*\\s/, '')); \
         return [e && e.textContent, j.mwc === undefined ? null : 'X MWC ' + (100 * j.mwc).toFixed(2) + '%'];",
    )
    .await;
    assert!(eval[1].is_string(), "the engine's eval has its MWC: {eval}");
    assert_eq!(eval[0], eval[1], "Eval's MWC as the engine gave it");
    screenshot(client, "plakoto-gui-tavli-hint.png").await;
}

/// Save match: the record of the Tavli match is named after it.
async fn save_is_named_after_tavli(client: &Client) {
    click(client, "#btn-save-match").await;
    wait_for(
        client,
        "Number(document.body.dataset.saved || 0) >= 1",
        30,
        "the saved match",
    )
    .await;
    let name = js(client, "return S.lastRecord.name;").await;
    assert!(name.as_str().unwrap().starts_with("tavli-match-"), "{name}");
    let record = js(client, "return S.lastRecord.text;").await;
    assert!(
        record.as_str().unwrap().contains("Game \"tavli\""),
        "{record}"
    );
}

/// A reload in the middle of game 2: the kept record restores the match
/// (its score, the game in play, the position, the dice), the games played
/// and the move list.
async fn reload_keeps_the_match(client: &Client) {
    // The page kept a copy of the position shown.
    wait_for(
        client,
        "(() => { const k = JSON.parse(sessionStorage.getItem('plakoto-gui-kept') || 'null'); \
           return k && k.page.history.length === S.history.length && k.record.includes('Game \"tavli\"'); })()",
        30,
        "a kept copy of the match",
    )
    .await;
    let before = js(
        client,
        "return [document.getElementById('pos-id').value, document.getElementById('match-id').value, \
           document.getElementById('scoreline').textContent, \
           [...document.querySelectorAll('#game-list li')].map((li) => li.textContent), \
           [...document.querySelectorAll('#move-list li.play .mv-play')].map((e) => e.textContent)];",
    )
    .await;
    client.refresh().await.unwrap();
    wait_for(
        client,
        "document.body.dataset.restored === '1'",
        60,
        "the match restored after the reload",
    )
    .await;
    wait_for(
        client,
        HUMAN_TO_PLAY,
        60,
        "X's Plakoto turn after the reload",
    )
    .await;
    settle(client).await;
    let after = js(
        client,
        "return [document.getElementById('pos-id').value, document.getElementById('match-id').value, \
           document.getElementById('scoreline').textContent, \
           [...document.querySelectorAll('#game-list li')].map((li) => li.textContent), \
           [...document.querySelectorAll('#move-list li.play .mv-play')].map((e) => e.textContent)];",
    )
    .await;
    assert_eq!(after, before, "the page after the reload");
    assert!(log(client).await.contains("> (load the kept session)"));
    // Quick play again (a reload starts with the page's defaults).
    click(client, "#btn-level").await;
    js(
        client,
        "document.getElementById('lvl-plies').value = '0'; \
         document.getElementById('speed').value = '0'; return 0;",
    )
    .await;
    click(client, "#lvl-ok").await;
    settle(client).await;
}
