//! What an engine holds between commands: the search caches of the game
//! it plays while commands come back to back (a table allocated afresh
//! for every command costs a page fault a page), and none once it waits
//! for its next line (engine_loop's `IDLE`), nor beside a `legal` count,
//! nor another game's.

use plakoto_protocol::Session;
use plakoto_protocol::framing::Event;
use plakoto_rules::Rules;

use super::support::{answer, drive};

/// A Plakoto session at the opening, X to play 3-1.
fn opening() -> Session {
    let mut session = Session::with_heuristic(Rules::default(), 5);
    for line in ["new game", "set dice 3 1", "set evaluation plies 1"] {
        let reply = answer(&mut session, line);
        assert!(reply.starts_with("= "), "{line}: {reply}");
    }
    session
}

/// The one reply of `events`, which must be an answer.
fn the_answer(events: &[Event]) -> String {
    let replies: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Reply(r) => Some(r.lines().join("\n")),
            Event::Progress(_) => None,
        })
        .collect();
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies[0].clone()
}

#[test]
fn a_search_keeps_its_caches_for_the_next_command_and_a_waiting_engine_frees_them() {
    // Back to back: the input ends as soon as the hint is read, before the
    // engine could wait for a next line.
    let mut session = opening();
    let hurried = the_answer(&drive(&mut session, &[("hint", 0)]));
    assert!(session.cache_bytes_held() > 0, "the hint's caches are kept");

    // Waiting: the input stays open well past the engine's idle time.
    let mut session = opening();
    let waited = the_answer(&drive(&mut session, &[("hint", 400)]));
    assert_eq!(
        session.cache_bytes_held(),
        0,
        "a waiting engine holds no cache"
    );

    // The caches change no answer.
    assert_eq!(hurried, waited);
}

#[test]
fn a_session_keeps_the_caches_of_the_game_it_plays_only() {
    let mut session = opening();
    assert_eq!(session.cache_bytes_held(), 0);
    let hint = answer(&mut session, "hint");
    assert!(hint.starts_with("= "), "{hint}");
    let held = session.cache_bytes_held();
    assert!(held > 0, "the caches of the game played are kept");
    // A command that searches nothing keeps them too,
    let board = answer(&mut session, "show board");
    assert!(board.starts_with("= "), "{board}");
    assert_eq!(session.cache_bytes_held(), held);
    // but `legal`, whose Express counts are the largest thing an engine
    // holds, frees them first.
    let legal = answer(&mut session, "legal");
    assert!(legal.starts_with("= "), "{legal}");
    assert_eq!(session.cache_bytes_held(), 0);
    answer(&mut session, "hint");
    assert_eq!(session.cache_bytes_held(), held);
    // Another game: Plakoto's are done with.
    let game = answer(&mut session, "set game portes");
    assert!(game.starts_with("= "), "{game}");
    assert_eq!(session.cache_bytes_held(), 0);
    session.release_caches();
    assert_eq!(session.cache_bytes_held(), 0);
}
