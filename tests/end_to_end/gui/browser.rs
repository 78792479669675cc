//! `plakoto gui` in a real browser: headless Chromium driven through
//! chromedriver (WebDriver). Opens the page at the address with the
//! launch's token (without it, or with a wrong one, the page says no
//! socket opened). Plays against the engine by clicking, asks for
//! a hint and sees its arrows, sets a position from pasted IDs, watches a
//! whole engine-vs-engine game to its end, saves it as a record (Save
//! game) and loads it back (and a broken one, refused), and takes a screenshot of a
//! game with a pin and hint arrows: into the temporary directory, or, with
//! `PLAKOTO_UPDATE_SCREENSHOT=1`, over `docs/gui.png` (shown in README.md;
//! tests leave tracked files alone unless asked). Also:
//! the engine's dice and each side's last play on the board, the move list
//! and its review, the outcome breakdown in the hint table and under the
//! eval bar, a rollout table that fits, and an engine that cannot start
//! reported with its command and stderr.
//!
//! Needs `chromium` and `chromedriver` (Debian: `chromium`,
//! `chromium-driver`). Without them the test is skipped, except under CI
//! (`CI=true`), where it fails: `.ci/run` installs them.

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use plakoto::gui::{EngineCommand, Gui};
use serde_json::{Value, json};

/// The flags that make Chromium run headless on a bare CI machine.
const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1500,950",
];

/// The pinned position of protocol.md section 2 (O pinned on X's 7), X to
/// play 3-1.
const PINNED: &str = "ADEYw/DGAQg/fAAA:ZBAAAAAA";

/// Says on the real stderr (not captured by the test harness, so it shows
/// in `cargo test`'s output even though the test passes) that the test did
/// not run.
pub(super) fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "\nSKIPPED gui_browser: {why}; nothing was checked in a browser (under CI=true this fails)"
    );
}

/// Set to `1` to regenerate the README's screenshot, `docs/gui.png`.
const UPDATE_SCREENSHOT: &str = "PLAKOTO_UPDATE_SCREENSHOT";

/// Saves the screenshot of a game in progress: to the temporary directory,
/// so a test run leaves the tree clean, or over `docs/gui.png` when
/// [`UPDATE_SCREENSHOT`] is `1` (a deliberate regeneration; temp then rename).
fn save_screenshot(png: &[u8]) {
    let target = if std::env::var(UPDATE_SCREENSHOT).is_ok_and(|v| v == "1") {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/gui.png")
    } else {
        std::env::temp_dir().join("plakoto-gui.png")
    };
    let temp = target.with_extension("png.tmp");
    std::fs::write(&temp, png).unwrap();
    std::fs::rename(&temp, &target).unwrap();
    eprintln!("screenshot: {}", target.display());
}

pub(super) fn which(program: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// chromedriver, killed when the test ends (even by a panic).
pub(super) struct Driver(pub(super) Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A fresh, empty profile directory, removed at the end.
pub(super) struct Profile(pub(super) PathBuf);

impl Drop for Profile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(super) async fn start_driver(chromedriver: &Path) -> (Driver, String) {
    let port = free_port();
    let child = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (driver, format!("http://127.0.0.1:{port}"))
}

/// A headless Chromium session (its binary `chromium`, its profile in
/// `profile`) through the chromedriver at `webdriver`.
pub(super) async fn connect_browser(chromium: &Path, webdriver: &str, profile: &Profile) -> Client {
    let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.0.display()));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({"binary": chromium.to_string_lossy(), "args": args}),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(webdriver)
        .await
        .expect("a WebDriver session")
}

/// Runs `script` (a function body) in the page and returns its value.
pub(super) async fn js(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.unwrap()
}

/// Waits until `condition` (a JS expression) is true in the page.
pub(super) async fn wait_for(client: &Client, condition: &str, seconds: u64, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let script = format!("return !!({condition});");
    loop {
        if js(client, &script).await == json!(true) {
            return;
        }
        if Instant::now() > deadline {
            let status = js(client, "return document.getElementById('status').textContent + ' | ' + document.getElementById('message').textContent;").await;
            panic!("timed out waiting for {what} ({condition}); page says {status}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the page has no command in flight and its game flow is still.
pub(super) async fn settle(client: &Client) {
    // Let a just-clicked handler start its first command.
    tokio::time::sleep(Duration::from_millis(150)).await;
    wait_for(
        client,
        "document.body.dataset.idle === '1'",
        60,
        "the page to settle",
    )
    .await;
}

pub(super) async fn text(client: &Client, id: &str) -> String {
    client
        .find(Locator::Id(id))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

pub(super) async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// Rolls out the plays of the dice on the board with `trials` trials
/// from the Rollout button (shown in every game) and returns the hint
/// table's text once the page has settled.
pub(super) async fn short_rollout(client: &Client, trials: u32) -> String {
    let shown = js(
        client,
        "return document.getElementById('btn-rollout').offsetParent !== null;",
    )
    .await;
    assert_eq!(shown, json!(true), "the Rollout button is shown");
    js(
        client,
        &format!(
            "document.getElementById('rollout-trials').innerHTML = '<option selected>{trials}</option>'; return 0;"
        ),
    )
    .await;
    click(client, "#btn-rollout").await;
    settle(client).await;
    text(client, "hint-table").await
}

/// X (the human) is to play its dice.
pub(super) const HUMAN_TO_PLAY: &str = "document.getElementById('status').dataset.state === 'rolled' && document.getElementById('status').textContent.startsWith('X to play')";

/// Makes X's play by clicking: source then destination on the board while
/// the engine lists steps; with an engine whose `legal` has no steps, the
/// first play of the legal list.
pub(super) async fn play_by_clicking(client: &Client) {
    let mode = js(client, "return document.body.dataset.legalMode;").await;
    if mode == json!("steps") {
        let position = "return document.getElementById('pos-id').value;";
        let start = js(client, position).await;
        // Until the play is sent (the session's position changes).
        for _ in 0..30 {
            if js(client, position).await != start {
                break;
            }
            let sources = client
                .find_all(Locator::Css("rect.point.source"))
                .await
                .unwrap();
            let Some(source) = sources.first() else {
                // Complete with steps still possible is rare: send it.
                click(client, "#btn-done").await;
                settle(client).await;
                continue;
            };
            source.click().await.unwrap();
            settle(client).await;
            let dests = client.find_all(Locator::Css("rect.dest")).await.unwrap();
            assert!(
                !dests.is_empty(),
                "a selected source highlights its destinations"
            );
            let rings = client
                .find_all(Locator::Css("circle.hl-dest-ring"))
                .await
                .unwrap();
            assert!(!rings.is_empty(), "a ring where the checker would land");
            let shot = std::env::temp_dir().join("plakoto-gui-destinations.png");
            if !shot.exists() {
                let png = client.screenshot().await.unwrap();
                std::fs::write(&shot, png).unwrap();
            }
            dests[0].click().await.unwrap();
            settle(client).await;
        }
        if js(client, position).await == start {
            let log = js(client, "return document.getElementById('log').textContent;").await;
            panic!(
                "the play was not sent after 30 clicks; the engine log:\n{}",
                log.as_str().unwrap_or_default()
            );
        }
    } else {
        assert_eq!(mode, json!("list"));
        click(client, "#legal-list li").await;
        settle(client).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gui_plays_hints_sets_positions_and_finishes_a_game() {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let (Some(chromium), Some(chromedriver)) = (which("chromium"), which("chromedriver")) else {
        assert!(
            !ci,
            "chromium and chromedriver are required under CI (.ci/run installs them)"
        );
        skipped(
            "chromium or chromedriver not installed (Debian: apt-get install chromium chromium-driver)",
        );
        return;
    };

    // The GUI server, with this package's engine.
    // The page is opened at the address `plakoto gui` prints, its token
    // included.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let engine = EngineCommand::Program {
        program: env!("CARGO_BIN_EXE_plakoto").into(),
        args: vec!["engine".into(), "--seed".into(), "11".into()],
    };
    let gui = Gui::new(listener, engine.clone()).unwrap();
    let page = gui.page_url();
    let tokenless = format!("http://{}/", gui.address());
    tokio::spawn(gui.serve());

    // A server of one session, already taken (issue 63): its page is
    // refused, and says why.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let full = Gui::new(listener, engine).unwrap().with_max_sessions(1);
    let full_page = full.page_url();
    let taken = format!("ws://{}/ws?token={}", full.address(), full.token().as_str());
    tokio::spawn(full.serve());
    let (_taken, _) = tokio_tungstenite::connect_async(taken).await.unwrap();

    let (_driver, webdriver) = start_driver(&chromedriver).await;
    let profile =
        Profile(std::env::temp_dir().join(format!("plakoto-gui-test-{}", std::process::id())));
    let client = connect_browser(&chromium, &webdriver, &profile).await;

    // A second server whose engine cannot start (weights that do not
    // exist): the page says what was run and what it wrote.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let broken = EngineCommand::Program {
        program: env!("CARGO_BIN_EXE_plakoto").into(),
        args: vec![
            "engine".into(),
            "--weights".into(),
            "/nonexistent/plakoto.net".into(),
        ],
    };
    let broken = Gui::new(listener, broken).unwrap();
    let broken_page = broken.page_url();
    tokio::spawn(broken.serve());

    without_token(&client, &tokenless).await;
    let banner = banner_of(
        &client,
        &full_page,
        "the banner of a session past the limit",
    )
    .await;
    assert!(
        banner.contains("refused this session") && banner.contains("--max-sessions"),
        "{banner}"
    );
    run(&client, &page).await;
    engine_failure(&client, &broken_page).await;
    let _ = client.close().await;
}

/// Opens `page` and waits for its banner (the page's word that it has no
/// engine); the banner's text.
async fn banner_of(client: &Client, page: &str, what: &str) -> String {
    client.goto(page).await.unwrap();
    wait_for(
        client,
        "!document.getElementById('banner').classList.contains('hidden')",
        30,
        what,
    )
    .await;
    text(client, "banner-text").await
}

/// The page opened without its token (issue 46): the server opens no
/// socket, no engine starts, and the page says which address to open.
async fn without_token(client: &Client, page: &str) {
    let banner = banner_of(client, page, "the banner of a page without its token").await;
    assert!(banner.contains("has no token"), "{banner}");
    assert_eq!(text(client, "engine-name").await, "", "no engine started");
    // A wrong token: the server refuses the socket, the page says so.
    let wrong = format!("{page}?token=0123");
    let banner = banner_of(client, &wrong, "the banner of a refused socket").await;
    assert!(banner.contains("refused the connection"), "{banner}");
    assert_eq!(text(client, "engine-name").await, "", "no engine started");
}

/// The page of an engine that fails at start: the banner names the
/// command, shows the engine's last stderr lines, and offers no restart
/// that cannot succeed.
async fn engine_failure(client: &Client, page: &str) {
    let banner = banner_of(client, page, "the engine-failure banner").await;
    assert!(banner.contains("could not start"), "{banner}");
    assert!(
        banner.contains("engine --weights /nonexistent/plakoto.net"),
        "{banner}"
    );
    let stderr = text(client, "banner-stderr").await;
    assert!(
        stderr.contains("plakoto: --weights /nonexistent/plakoto.net"),
        "{stderr}"
    );
    let restart = js(
        client,
        "return document.getElementById('btn-restart').classList.contains('hidden');",
    )
    .await;
    assert_eq!(restart, json!(true), "no restart offered");
    let png = client.screenshot().await.unwrap();
    std::fs::write(
        std::env::temp_dir().join("plakoto-gui-engine-failure.png"),
        png,
    )
    .unwrap();
}

/// Opens `page`, waits for the engine and sets quick play: 0 plies from
/// the level menu (sent as `set` commands), no delay before the engine's
/// moves.
pub(super) async fn open_quick(client: &Client, page: &str) {
    client.goto(page).await.unwrap();
    wait_for(
        client,
        "document.getElementById('engine-name').textContent.includes('plakoto')",
        30,
        "the engine",
    )
    .await;
    settle(client).await;
    click(client, "#btn-level").await;
    js(
        client,
        "document.getElementById('lvl-plies').value = '0'; return 0;",
    )
    .await;
    click(client, "#lvl-ok").await;
    settle(client).await;
    js(
        client,
        "document.getElementById('speed').value = '0'; return 0;",
    )
    .await;
}

async fn run(client: &Client, page: &str) {
    open_quick(client, page).await;

    // A game against the engine (X human, O engine): play a turn by clicking.
    wait_for(client, HUMAN_TO_PLAY, 60, "X's first turn").await;
    settle(client).await;
    let before = js(client, "return document.getElementById('pos-id').value;").await;
    play_by_clicking(client).await;
    // The engine replied: its play is announced and X is on roll again.
    wait_for(client, HUMAN_TO_PLAY, 60, "the engine's reply").await;
    settle(client).await;
    let after = js(client, "return document.getElementById('pos-id').value;").await;
    assert_ne!(before, after, "the position changed");
    let log = js(client, "return document.getElementById('log').textContent;").await;
    let log = log.as_str().unwrap();
    assert!(
        log.contains("> move ") || log.contains("> move"),
        "the play went out with move"
    );
    assert!(log.contains("> play"), "the engine was asked to play");
    assert!(text(client, "message").await.contains("played"));

    // Each roll and play can be followed: the engine's dice stay in its half
    // of the board, each side's last play is drawn (dashed arrows) and said
    // under the board, and the move list has the game so far with the
    // opening roll.
    let o_dice = js(
        client,
        "return document.querySelectorAll('g[data-lastroll=\"O\"] rect.die').length;",
    )
    .await;
    assert_eq!(o_dice, json!(2), "O's last roll on the board");
    for side in ["X", "O"] {
        let drawn = client
            .find_all(Locator::Css(&format!("path.arrow.last-{side}")))
            .await
            .unwrap();
        assert!(!drawn.is_empty(), "{side}'s last play drawn");
    }
    let last = text(client, "last-plays").await;
    assert!(
        last.contains("X rolled") && last.contains("O rolled"),
        "{last}"
    );
    let plays = client
        .find_all(Locator::Css("#move-list li.play"))
        .await
        .unwrap();
    assert!(plays.len() >= 2, "the move list has both plays");
    let list = text(client, "move-list").await;
    assert!(list.contains("Opening roll: "), "{list}");
    // Review: the first play's position, then back to the game.
    let here = js(client, "return document.getElementById('board').innerHTML;").await;
    plays[0].click().await.unwrap();
    wait_for(
        client,
        "document.body.dataset.review === document.querySelector('#move-list li.play').dataset.i",
        10,
        "the review of the first play",
    )
    .await;
    assert!(client.find(Locator::Css("text.reviewlabel")).await.is_ok());
    assert_ne!(
        js(client, "return document.getElementById('board').innerHTML;").await,
        here,
        "the reviewed position is drawn"
    );
    let png = client.screenshot().await.unwrap();
    std::fs::write(std::env::temp_dir().join("plakoto-gui-review.png"), png).unwrap();
    click(client, "#btn-review-back").await;
    wait_for(
        client,
        "document.body.dataset.review === ''",
        10,
        "the game again",
    )
    .await;

    // A hint: the table and the arrows of the best plays.
    click(client, "#btn-hint").await;
    settle(client).await;
    let rows = client
        .find_all(Locator::Css("#hint-table tbody tr"))
        .await
        .unwrap();
    assert!(!rows.is_empty(), "hint rows");
    let arrows = client
        .find_all(Locator::Css("path.arrow[data-rank]"))
        .await
        .unwrap();
    assert!(!arrows.is_empty(), "hint arrows on the board");
    // One hint play at a time, told apart from the last plays (faded
    // meanwhile): the best, until the pointer is on another row.
    let ranks = "return [...new Set([...document.querySelectorAll('path.arrow[data-rank]')].map((e) => e.dataset.rank))].join(',');";
    assert_eq!(js(client, ranks).await, json!("1"));
    let faded = js(client, "const l = document.querySelectorAll('path.arrow.last'); return l.length > 0 && [...l].every((e) => e.classList.contains('faded'));").await;
    assert_eq!(faded, json!(true), "the last plays faded under a hint");
    if rows.len() >= 4 {
        js(client, "document.querySelector('#hint-table tbody tr.rank2').dispatchEvent(new MouseEvent('mouseenter')); return 0;").await;
        assert_eq!(js(client, ranks).await, json!("2"), "the row pointed at");
    }
    // The outcome breakdown of each play is on the page, not in a tooltip.
    let breakdown = js(client, "const d = document.querySelector('#hint-table tr.detail'); return d && d.offsetParent !== null ? d.textContent : '';").await;
    let breakdown = breakdown.as_str().unwrap();
    for word in ["single", "double", "mother", "X ", "O "] {
        assert!(breakdown.contains(word), "{word} in {breakdown}");
    }

    // Set a position by pasting its IDs: a pin on the board, X to play 3-1.
    let paste = client.find(Locator::Id("paste")).await.unwrap();
    paste.send_keys(PINNED).await.unwrap();
    click(client, "#btn-set").await;
    settle(client).await;
    wait_for(client, HUMAN_TO_PLAY, 30, "X to play the pasted position").await;
    let ids = js(client, "return document.getElementById('pos-id').value + ':' + document.getElementById('match-id').value;").await;
    assert_eq!(ids, json!(PINNED));
    assert!(text(client, "status").await.contains("X to play 3 1"));
    let pins = client
        .find_all(Locator::Css("circle.pinmark"))
        .await
        .unwrap();
    assert_eq!(pins.len(), 1, "one pinned checker drawn");
    let mothers = js(client, "return [...document.querySelectorAll('[data-mother]')].map(e => e.dataset.mother).sort().join(',');").await;
    assert_eq!(mothers, json!("O-home,X-home"));
    // An illegal try gets the engine's reason: 24/20 lands on O's block.
    let typed = client.find(Locator::Id("typed-play")).await.unwrap();
    typed.send_keys("24/20").await.unwrap();
    click(client, "#btn-move").await;
    settle(client).await;
    let message = text(client, "message").await;
    assert!(message.starts_with("illegal_move:"), "{message}");
    assert!(text(client, "status").await.contains("X to play 3 1"));
    // A typed legal play goes out and the box is emptied; the engine replies.
    typed.clear().await.unwrap();
    typed.send_keys("19/15").await.unwrap();
    click(client, "#btn-move").await;
    settle(client).await;
    wait_for(client, HUMAN_TO_PLAY, 60, "the engine's reply to 19/15").await;
    settle(client).await;
    assert_eq!(
        js(
            client,
            "return document.getElementById('typed-play').value;"
        )
        .await,
        json!(""),
        "the typed-play box is cleared"
    );
    let list = text(client, "move-list").await;
    assert!(list.contains("position set"), "{list}");
    assert!(list.contains("3-1") && list.contains("19/15"), "{list}");
    // One more turn, played from the hint table (a click on its best row),
    // so that the engine has moved again for the screenshot.
    click(client, "#btn-hint").await;
    settle(client).await;
    click(client, "#hint-table tbody tr").await;
    settle(client).await;
    wait_for(
        client,
        HUMAN_TO_PLAY,
        60,
        "the engine's reply to the hint's play",
    )
    .await;
    settle(client).await;

    click(client, "#btn-hint").await;
    settle(client).await;
    let arrows = client
        .find_all(Locator::Css("path.arrow[data-rank]"))
        .await
        .unwrap();
    assert!(
        !arrows.is_empty(),
        "hint arrows on the position after the play"
    );
    click(client, "#btn-eval").await;
    settle(client).await;
    let x_chance = js(
        client,
        "return Number(document.getElementById('evalbar').dataset.x);",
    )
    .await;
    let x_chance = x_chance.as_f64().unwrap();
    assert!(
        x_chance > 0.0 && x_chance < 1.0,
        "win-chance bar {x_chance}"
    );
    let eval_breakdown = text(client, "eval-text").await;
    assert!(eval_breakdown.contains("mother"), "{eval_breakdown}");
    let png = client.screenshot().await.unwrap();
    assert_eq!(&png[1..4], b"PNG");
    save_screenshot(&png);

    // A rollout's table fits its panel: no cell is cut off.
    let evaluated = short_rollout(client, 72).await;
    let cut = js(
        client,
        "const t = document.getElementById('hint-table'); \
         const cells = [...t.querySelectorAll('td, th')].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent); \
         if (t.getBoundingClientRect().right > t.parentElement.getBoundingClientRect().right + 1) cells.push('the table'); \
         return cells.join(' | ');",
    )
    .await;
    assert_eq!(cut, json!(""), "cut off in the rollout table");
    assert!(evaluated.contains("rollout 72"), "{evaluated}");

    // A long rollout shows its progress and stops at the Stop button: the
    // engine ends the running block at once (`stop`), and the page and
    // the engine stay usable.
    js(
        client,
        "document.getElementById('rollout-trials').innerHTML = '<option selected>100000</option>'; return 0;",
    )
    .await;
    click(client, "#btn-rollout").await;
    wait_for(
        client,
        "!document.getElementById('btn-stop').classList.contains('hidden')",
        10,
        "the Stop button",
    )
    .await;
    js(
        client,
        "document.getElementById('btn-stop').click(); return 0;",
    )
    .await;
    settle(client).await;
    let stopped = text(client, "rollout-text").await;
    assert!(stopped.ends_with("of 100000 trials (stopped)"), "{stopped}");
    let hidden = js(
        client,
        "return document.getElementById('btn-stop').classList.contains('hidden');",
    )
    .await;
    assert_eq!(hidden, json!(true), "the Stop button stays after stopping");
    click(client, "#btn-hint").await;
    settle(client).await;
    let hinted = text(client, "hint-table").await;
    assert!(
        !hinted.contains("rollout"),
        "the engine hints again: {hinted}"
    );

    // A deep hint (4 plies) shows its time and the Stop button; stopped,
    // it shows the plays its search completed, and play goes on.
    for plies in ["4", "0"] {
        click(client, "#btn-level").await;
        let set = format!("document.getElementById('lvl-plies').value = '{plies}'; return 0;");
        js(client, &set).await;
        click(client, "#lvl-ok").await;
        settle(client).await;
        if plies == "0" {
            break;
        }
        click(client, "#btn-hint").await;
        wait_for(
            client,
            "!document.getElementById('btn-stop').classList.contains('hidden')",
            20,
            "the Stop button of a deep hint",
        )
        .await;
        let watching = text(client, "rollout-text").await;
        assert!(watching.starts_with("hint 5: "), "{watching}");
        js(
            client,
            "document.getElementById('btn-stop').click(); return 0;",
        )
        .await;
        settle(client).await;
        let stopped = text(client, "hint-table").await;
        assert!(
            stopped.contains("-ply"),
            "a stopped hint's table: {stopped}"
        );
    }

    // A whole game, engine against engine, in a 1-point match.
    click(client, "#btn-new").await;
    js(client, "document.getElementById('new-length').value = '1'; document.getElementById('new-you').value = 'none'; return 0;").await;
    click(client, "#new-ok").await;
    wait_for(
        client,
        "document.getElementById('status').dataset.state === 'over'",
        90,
        "the game's end",
    )
    .await;
    settle(client).await;
    let status = text(client, "status").await;
    assert!(status.starts_with("Game over:"), "{status}");
    assert!(status.contains("match over"), "{status}");
    let score = text(client, "scoreline").await;
    assert!(score.contains("match to 1"), "{score}");
    assert!(!score.contains("X 0 – O 0"), "someone scored: {score}");

    // Save game: the page gets the record the engine wrote, players named
    // after who played them, and offers it as a download.
    click(client, "#btn-save-game").await;
    wait_for(
        client,
        "document.body.dataset.saved === '1'",
        30,
        "the saved record",
    )
    .await;
    let record = js(client, "return S.lastRecord.text;").await;
    let record: plakoto::record::Record = record.as_str().unwrap().parse().unwrap();
    assert_eq!(record.header.x, "plakoto");
    assert_eq!(record.header.match_length, 1);
    let replay = record.replay().expect("the saved game replays");
    assert_eq!(
        replay.game.phase(),
        plakoto::game::Phase::Over,
        "the game saved is the finished one"
    );
    assert!(
        text(client, "message")
            .await
            .starts_with("saved plakoto-game-")
    );

    // Load…: a record the engine refuses is shown with the code and
    // message the server read from its reply; the saved one is loaded.
    let load = |text: &'static str, until: &'static str, what: &'static str| async move {
        let script = format!("loadRecord(new File([{text}], 'record.txt')); return 0;");
        js(client, &script).await;
        wait_for(client, until, 30, what).await;
    };
    load(
        "S.lastRecord.text.replace('Game 1', 'Game 7')",
        "document.getElementById('message').textContent.startsWith('bad_record: ')",
        "the refused record",
    )
    .await;
    load(
        "S.lastRecord.text",
        "document.getElementById('move-list').textContent.includes('record loaded')",
        "the loaded record",
    )
    .await;
    settle(client).await;
    let status = text(client, "status").await;
    assert!(status.starts_with("Game over:"), "{status}");
}
