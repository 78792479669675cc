//! `stop`, progress lines and the reading on while a command runs
//! (protocol.md, "Stopping a search" and "Progress lines"), driven
//! in-process through a pipe as a client would drive the engine.

use plakoto_protocol::Session;
use plakoto_protocol::framing::Event;
use plakoto_rules::Rules;

use super::support::drive;

/// A session at the opening, X to play 3-1, after `setup` lines.
fn session(setup: &[&str]) -> Session {
    let mut session = Session::with_heuristic(Rules::default(), 5);
    for line in ["new game", "set dice 3 1"].iter().chain(setup) {
        let handled = session.handle_line(line).expect("a command");
        assert!(handled.text.starts_with('='), "{line}: {}", handled.text);
    }
    session
}

fn replies_of(events: &[Event]) -> Vec<(Option<String>, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Reply(r) => Some((r.id.clone(), r.lines().join("\n"))),
            Event::Progress(_) => None,
        })
        .collect()
}

/// The trials of `stopped after N of M trials` in a rollout reply.
fn stopped_after(reply: &str) -> Option<(u32, u32)> {
    let rest = reply.split("stopped after ").nth(1)?;
    let mut words = rest.split(' ');
    let done = words.next()?.parse().ok()?;
    let total = words.nth(1)?.parse().ok()?;
    Some((done, total))
}

#[test]
fn a_stopped_rollout_leaves_the_session_as_it_was_and_the_queue_answers_in_order() {
    let mut session = session(&["set progress on"]);
    let before = session.state().clone();
    let events = drive(
        &mut session,
        &[
            ("1 rollout 1000000", 0),
            ("2 show dice", 1200),
            ("3 stop", 0),
            ("4 isready", 300),
        ],
    );
    let replies = replies_of(&events);
    let ids: Vec<_> = replies.iter().map(|r| r.0.as_deref()).collect();
    assert_eq!(
        ids,
        [Some("1"), Some("2"), Some("3"), Some("4")],
        "{replies:?}"
    );
    let (done, total) = stopped_after(&replies[0].1).expect("marked as stopped");
    assert!(done > 0 && done < total, "{}", replies[0].1);
    assert!(replies[1].1.contains("to play 3 1"), "{}", replies[1].1);
    assert_eq!(replies[2].1, "=3 stopped");
    assert_eq!(replies[3].1, "=4 readyok");
    // The progress lines came before the rollout's reply, with its id.
    let first_reply = events
        .iter()
        .position(|e| matches!(e, Event::Reply(_)))
        .unwrap();
    let progress: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Progress(p) => Some(p),
            _ => None,
        })
        .collect();
    assert!(!progress.is_empty(), "no progress line in 1.2 s");
    assert_eq!(
        progress.len(),
        first_reply,
        "progress only before its reply"
    );
    for p in progress {
        assert_eq!(p.id.as_deref(), Some("1"));
        assert!(p.payload.starts_with("progress rollout: "), "{}", p.payload);
        assert!(p.payload.contains(" of 1000000"), "{}", p.payload);
    }
    assert_eq!(&before, session.state(), "the session changed");
}

#[test]
fn a_stop_ends_only_the_searches_sent_before_it() {
    let mut session = session(&[]);
    let events = drive(
        &mut session,
        &[
            ("1 rollout 1000000", 300),
            ("2 stop", 0),
            ("3 rollout 36", 0),
            ("4 hint", 0),
        ],
    );
    let replies = replies_of(&events);
    assert!(stopped_after(&replies[0].1).is_some(), "{}", replies[0].1);
    assert_eq!(replies[1].1, "=2 stopped");
    assert!(
        replies[2].1.contains("\n36 trials each"),
        "not stopped: {}",
        replies[2].1
    );
    assert!(!replies[3].1.contains("stopped"), "{}", replies[3].1);
    // Nobody asked for progress: none came.
    assert!(events.iter().all(|e| matches!(e, Event::Reply(_))));
}

#[test]
fn the_end_of_input_stops_a_watching_client_search_but_not_a_pipe() {
    // A client watching (progress on) that goes away wants no answer.
    let mut watching = session(&["set progress on"]);
    let events = drive(&mut watching, &[("rollout 1000000", 200)]);
    let replies = replies_of(&events);
    assert!(stopped_after(&replies[0].1).is_some(), "{}", replies[0].1);
    // A script piped in gets every answer in full, as before.
    let mut piped = session(&[]);
    let events = drive(&mut piped, &[("rollout 72", 0), ("quit", 0)]);
    let replies = replies_of(&events);
    assert!(
        replies[0].1.contains("\n72 trials each"),
        "{}",
        replies[0].1
    );
    assert_eq!(replies[1].1, "= bye");
}

#[test]
fn a_stopped_search_answers_its_deepest_complete_level() {
    let mut session = session(&["set evaluation plies 4"]);
    let events = drive(
        &mut session,
        &[
            ("1 eval", 300),
            ("2 stop", 0),
            ("3 hint", 300),
            ("4 stop", 0),
        ],
    );
    let replies = replies_of(&events);
    assert!(replies[0].1.contains("(stopped)"), "{}", replies[0].1);
    assert!(
        replies[2].1.contains("(stopped: ") && replies[2].1.contains(" of 4 plies)"),
        "{}",
        replies[2].1
    );
}

#[test]
fn a_portes_or_fevga_rollout_reports_progress_and_stops_as_plakoto_s() {
    for game in ["portes", "fevga"] {
        let mut session = Session::with_heuristic(Rules::default(), 5);
        for line in [
            &format!("set game {game}"),
            "new game",
            "set dice 3 1",
            "set progress on",
        ] {
            let handled = session.handle_line(line).expect("a command");
            assert!(handled.text.starts_with('='), "{line}: {}", handled.text);
        }
        let before = session.state().clone();
        let events = drive(
            &mut session,
            &[("1 rollout 1000000", 1200), ("2 stop", 0), ("3 isready", 0)],
        );
        let replies = replies_of(&events);
        let (done, total) = stopped_after(&replies[0].1).expect("marked as stopped");
        // The trial under way when the stop came is dropped, so on a busy
        // machine none may be finished; those reported finished count.
        assert!(done < total, "{game}: {}", replies[0].1);
        assert_eq!(replies[1].1, "=2 stopped");
        assert_eq!(replies[2].1, "=3 readyok");
        let progress: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Progress(p) => Some(p),
                _ => None,
            })
            .collect();
        assert!(!progress.is_empty(), "{game}: no progress line in 1.2 s");
        for p in progress {
            assert_eq!(p.id.as_deref(), Some("1"));
            assert!(p.payload.starts_with("progress rollout: "), "{}", p.payload);
            assert!(p.payload.contains(" of 1000000"), "{}", p.payload);
            let reported: u32 = p
                .payload
                .split("trials ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .and_then(|d| d.parse().ok())
                .unwrap_or(0);
            assert!(reported <= done, "{game}: {} then {done}", p.payload);
        }
        assert_eq!(&before, session.state(), "{game}: the session changed");
    }
}

#[test]
fn a_stop_reaches_inside_a_deep_rollout_trial_in_every_game() {
    // The case: a 3-ply player with every reply searched, whose
    // one trial (a game per candidate) takes minutes; the stop must not
    // wait for it. The candidates are ranked at 0 plies, so the stop lands
    // inside the first trial, not in the ranking.
    for game in ["plakoto", "portes", "fevga"] {
        let mut session = Session::with_heuristic(Rules::default(), 5);
        for line in [
            &format!("set game {game}"),
            "new game",
            "set evaluation plies 0",
            "set rollout plies 3",
            "set evaluation replyfilter skip",
            "set dice 1 5",
        ] {
            let handled = session.handle_line(line).expect("a command");
            assert!(handled.text.starts_with('='), "{line}: {}", handled.text);
        }
        let before = session.state().clone();
        let events = drive(
            &mut session,
            &[
                ("1 rollout", 500),
                ("2 stop", 0),
                ("3 isready", 0),
                ("4 show board", 0),
            ],
        );
        let replies = replies_of(&events);
        let ids: Vec<_> = replies.iter().map(|r| r.0.as_deref()).collect();
        assert_eq!(ids, [Some("1"), Some("2"), Some("3"), Some("4")], "{game}");
        let (done, total) = stopped_after(&replies[0].1)
            .unwrap_or_else(|| panic!("{game}: not marked as stopped: {}", replies[0].1));
        assert!(done < total, "{game}: {}", replies[0].1);
        assert_eq!(replies[1].1, "=2 stopped", "{game}");
        assert_eq!(replies[2].1, "=3 readyok", "{game}");
        assert!(replies[3].1.starts_with("=4 "), "{game}: {}", replies[3].1);
        assert_eq!(&before, session.state(), "{game}: the session changed");
    }
}
