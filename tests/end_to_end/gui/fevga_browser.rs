//! `plakoto gui` playing Fevga in headless Chromium: a Fevga game started
//! from the New game dialog with a switch set (sent as `set fevga.…` and
//! shown in the score line), a play made by clicking and the engine's
//! reply; the board drawn as F4 says (both sides counter-clockwise: X from
//! the top right, O from the bottom-left corner, X's 12), also with O on
//! roll; clicks the rules refuse, explained with the engine's reasons: a
//! second checker off the 24-point before release (F7) and a landing on a
//! point the opponent holds (F5), bearing off before all 15 are home
//! (F10); a movement of two numbers made by one click.
//!
//! Needs `chromium` and `chromedriver`, like the Plakoto test (browser.rs),
//! whose helpers it uses; skipped without them, except under `CI=true`.

use fantoccini::Client;
use serde_json::json;

use super::browser::{
    HUMAN_TO_PLAY, click, js, play_by_clicking, settle, short_rollout, text, wait_for,
};
use super::page_session::{PageSession, log, set_position};

/// The start, X to play 6-5 (F15 a: the runner alone, `24/18/13`).
const START_65: &str = "AACA/z8AAMD/Hw:cAkXAAAAAAAE";

/// X's runner on 14, not yet released, O all on its 24-point (X's 12); X
/// to play 4-2 (F15 g): the 2 cannot be played first, 14/12 is held.
const RUNNER_42: &str = "AACA/z8AEID/Hw:cAkKAAAAAAAE";

/// X with 14 checkers home and one on 9 (`9:1 6:3 5:11 / 24:15`), to play
/// 6-1: nothing may be borne off yet (F10).
const NOT_ALL_HOME_61: &str = "AACA/z/4vyMAAA:cAkHAAAAAAAE";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gui_plays_fevga_and_explains_refused_clicks() {
    let Some(session) = PageSession::open("fevga", 5).await else {
        return;
    };
    session.start_quick().await;
    play_fevga(&session.client).await;
    session.close().await;
}

/// The checkers of `side` drawn on the board, as [x, y, count] per point:
/// the point's column and whether it is in the top half (y < the middle).
async fn drawn(client: &Client, side: &str) -> serde_json::Value {
    js(
        client,
        &format!(
            "const at = new Map(); \
             for (const c of document.querySelectorAll('#board circle.chk-{side}')) {{ \
               if (c.id === 'ghost') continue; \
               const x = Number(c.getAttribute('cx')), top = Number(c.getAttribute('cy')) < 330; \
               const k = `${{x}},${{top}}`; at.set(k, (at.get(k) || 0) + 1); }} \
             return [...at.entries()].sort().map(([k, n]) => {{ \
               const [x, top] = k.split(','); return [Number(x), top === 'true', n]; }});"
        ),
    )
    .await
}

/// The refusals shown so far (`body[data-refused]`).
async fn refusals(client: &Client) -> u64 {
    let n = js(client, "return Number(document.body.dataset.refused || 0);").await;
    n.as_u64().unwrap()
}

async fn play_fevga(client: &Client) {
    // The New game dialog: Fevga, its switches shown, the others' choices
    // hidden; one switch set otherwise than the standard.
    click(client, "#btn-new").await;
    js(
        client,
        "const g = document.getElementById('new-game'); g.value = 'fevga'; \
         g.dispatchEvent(new Event('change')); \
         document.getElementById('fv-quarter_check').value = 'end_of_play'; \
         document.getElementById('new-length').value = '3'; \
         document.getElementById('new-you').value = 'X'; return 0;",
    )
    .await;
    let shown = js(
        client,
        "return ['fv-release', 'new-rules', 'new-pscoring'].map((id) => \
           document.getElementById(id).offsetParent !== null);",
    )
    .await;
    assert_eq!(shown, json!([true, false, false]), "Fevga's switches only");
    click(client, "#new-ok").await;
    wait_for(
        client,
        "document.body.dataset.game === 'fevga'",
        30,
        "a Fevga game",
    )
    .await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's first turn").await;
    settle(client).await;
    let log_text = log(client).await;
    for sent in [
        "> set game fevga",
        "> set fevga.release past_start",
        "> set fevga.quarter_check end_of_play",
        "> new match 3",
        "> show options",
    ] {
        assert!(log_text.contains(sent), "{sent}: {log_text}");
    }
    assert!(!log_text.contains("> set scoring"), "Fevga has one scoring");
    let all = js(client, "return document.getElementById('scoreline').title;").await;
    assert!(
        all.as_str()
            .unwrap()
            .contains("fevga.quarter_check end_of_play"),
        "every switch under the pointer: {all}"
    );
    let score = text(client, "scoreline").await;
    assert!(
        score.contains("Fevga") && score.contains("checked at the end of a play"),
        "{score}"
    );
    // F4: X's checkers not yet moved stand on its 24-point, top right;
    // O's on X's 12, the bottom-left corner point (O may have started).
    let x = drawn(client, "X").await;
    assert!(
        x.as_array()
            .unwrap()
            .iter()
            .any(|p| p[0] == 780 && p[1] == true),
        "X on its 24-point, top right: {x}"
    );
    let o = drawn(client, "O").await;
    assert!(
        o.as_array()
            .unwrap()
            .iter()
            .any(|p| p[0] == 60 && p[1] == false),
        "O on X's 12, bottom left: {o}"
    );

    // Arrows (the last plays, a hint's) use the same map: O's 24-point is
    // X's 12, bottom left.
    let anchor = js(
        client,
        "return anchorIn(24, 'O', { view: 'X', flip: false, game: 'fevga' });",
    )
    .await;
    assert_eq!(anchor, json!({"x": 60, "y": 510}), "O's 24 at X's 12");

    // A rollout of X's plays, from the Rollout button as in Plakoto.
    let table = short_rollout(client, 36).await;
    assert!(table.contains("rollout 36"), "{table}");

    // A play by clicking; the engine answers with its own.
    assert_eq!(
        js(client, "return document.body.dataset.legalMode;").await,
        json!("steps"),
        "Fevga plays are made by clicking"
    );
    play_by_clicking(client).await;
    wait_for(client, HUMAN_TO_PLAY, 60, "X's turn after O's").await;
    settle(client).await;
    let log_text = log(client).await;
    assert!(log_text.contains("> legal steps"), "steps from the engine");
    assert!(log_text.contains("> move "), "the play sent with move");
    assert!(log_text.contains("> play"), "the engine played");
    let moves = js(
        client,
        "return document.querySelectorAll('#move-list li.play').length;",
    )
    .await;
    assert!(moves.as_u64().unwrap() >= 2, "the move list: {moves}");

    // The start, X to play 6-5; the engine paused so that O, on roll after
    // X's play, stays there.
    click(client, "#btn-pause").await;
    set_position(client, START_65).await;
    let sources = js(
        client,
        "return [...document.querySelectorAll('rect.point.source')].map((r) => r.dataset.p);",
    )
    .await;
    assert_eq!(sources, json!(["24"]), "the runner leaves the 24-point");
    click(client, "rect.point.source[data-p=\"24\"]").await;
    settle(client).await;
    click(client, "rect.dest[data-p=\"18\"]").await;
    settle(client).await;
    // F7: a second checker may not leave the 24-point yet.
    let before = refusals(client).await;
    click(client, "rect.point[data-p=\"24\"]").await;
    settle(client).await;
    assert_eq!(refusals(client).await, before + 1, "a refusal shown");
    let message = text(client, "message").await;
    assert!(
        message.contains("only the runner may move") && message.contains("(F7)"),
        "{message}"
    );
    let png = client.screenshot().await.unwrap();
    std::fs::write(
        std::env::temp_dir().join("plakoto-gui-fevga-refused.png"),
        png,
    )
    .unwrap();
    // The runner goes on: 18/13 ends the play, sent as made.
    click(client, "rect.point.source[data-p=\"18\"]").await;
    settle(client).await;
    click(client, "rect.dest[data-p=\"13\"]").await;
    settle(client).await;
    assert!(log(client).await.contains("> move 24/18 18/13"));
    wait_for(
        client,
        "document.getElementById('status').textContent.startsWith('O to roll')",
        30,
        "O on roll",
    )
    .await;
    // F4 with O on roll: its checkers still on X's 12 (bottom left), X's
    // runner on its 13 (top left), the rest on its 24 (top right).
    let x = drawn(client, "X").await;
    assert_eq!(x, json!([[60, true, 1], [780, true, 5]]), "X: {x}");
    let o = drawn(client, "O").await;
    assert_eq!(o, json!([[60, false, 5]]), "O: {o}");

    // F5: the runner on 14 may not land on 12, which O holds.
    set_position(client, RUNNER_42).await;
    click(client, "rect.point.source[data-p=\"14\"]").await;
    settle(client).await;
    let dests = js(
        client,
        "return [...document.querySelectorAll('rect.dest')].map((r) => r.dataset.p);",
    )
    .await;
    assert_eq!(dests, json!(["10"]), "the 4 first");
    let before = refusals(client).await;
    click(client, "rect.point[data-p=\"12\"]").await;
    settle(client).await;
    assert_eq!(refusals(client).await, before + 1, "a refusal shown");
    let message = text(client, "message").await;
    assert!(
        message.contains("the opponent holds that point") && message.contains("(F5)"),
        "{message}"
    );
    // One click on 8 makes the runner's two steps, 14/10/8, and the play.
    click(client, "rect.point.source[data-p=\"14\"]").await;
    settle(client).await;
    click(client, "rect.point[data-p=\"8\"]").await;
    settle(client).await;
    assert!(log(client).await.contains("> move 14/10 10/8"));

    // F10: a checker selected and the tray clicked while one is still out.
    set_position(client, NOT_ALL_HOME_61).await;
    click(client, "rect.point.source[data-p=\"5\"]").await;
    settle(client).await;
    click(client, "rect.tray-hit").await;
    settle(client).await;
    let message = text(client, "message").await;
    assert!(
        message.contains("bearing off needs all 15 checkers") && message.contains("(F10)"),
        "{message}"
    );
    let png = client.screenshot().await.unwrap();
    std::fs::write(std::env::temp_dir().join("plakoto-gui-fevga.png"), png).unwrap();
}
