//! The Tavli match through the protocol (issue 43, T1–T10): `new match
//! [N] tavli`, the `tavli.…` switches and their refusals, games that
//! follow one another in the sequence with the winner on roll, the match
//! restored from what the engine prints, and saved and loaded as one
//! record at every game boundary.

use super::support::answer;
use crate::by_mwc::candidates_by_mwc;
use crate::transcripts::transcript;
use plakoto_protocol::Session;
use plakoto_rules::tavli::AfterDraw;
use plakoto_rules::{Fevga, Portes};
use plakoto_rules::{GameKind, Phase, Rules, Side};

fn session(seed: u64) -> Session {
    let mut session = Session::with_heuristic(Rules::default(), seed);
    answer(&mut session, "set evaluation plies 0");
    session
}

fn ok(session: &mut Session, line: &str) -> String {
    let text = answer(session, line);
    assert!(text.starts_with('='), "{line}: {text}");
    text
}

/// Whether the session's game in play is over.
fn over(session: &Session) -> bool {
    let state = session.state();
    match state.game_kind {
        GameKind::Plakoto => state.plakoto().phase() == Phase::Over,
        GameKind::Portes => state.table::<Portes>().phase() == Phase::Over,
        GameKind::Fevga => state.table::<Fevga>().phase() == Phase::Over,
    }
}

/// Who is on roll in the session's game in play.
fn on_roll(session: &Session) -> Side {
    let state = session.state();
    match state.game_kind {
        GameKind::Plakoto => state.plakoto().on_roll(),
        GameKind::Portes => state.table::<Portes>().on_roll(),
        GameKind::Fevga => state.table::<Fevga>().on_roll(),
    }
}

/// Plays the game in play to its end (`roll`, `play`); the last reply.
fn play_game(session: &mut Session) -> String {
    let number = session.state().tavli.as_ref().map(|t| t.current_number());
    for _ in 0..2_000 {
        ok(session, "roll");
        let reply = ok(session, "play");
        let moved_on = session.state().tavli.as_ref().map(|t| t.current_number()) != number;
        if moved_on || over(session) {
            return reply;
        }
    }
    panic!("a game of 2,000 turns");
}

const SESSION: &str = "\
show tavli
set tavli.target 0
set tavli.target
set tavli.sequence portes,chess
set tavli.after_draw coin
set tavli.colour red
set tavli.game 2
new match 0 tavli
set tavli.sequence fevga,plakoto
set tavli.after_draw same_starter
new match 3 tavli
show tavli
show board
show options
set tavli.sequence plakoto,fevga
set game plakoto
new game
new game fevga
set tavli.target 1
set tavli.target 5
show tavli
set tavli.game 2
show board
new match 1
show tavli";

#[test]
fn tavli_session_text() {
    insta::assert_snapshot!(transcript(&mut session(5), SESSION));
}

#[test]
fn tavli_session_json() {
    let script = format!("set output json\n{SESSION}");
    insta::assert_snapshot!(transcript(&mut session(5), &script));
}

#[test]
fn refused_tavli_commands_change_nothing() {
    let mut s = session(9);
    ok(&mut s, "new match 3 tavli");
    ok(&mut s, "roll");
    let before = s.state().clone();
    for line in [
        "set tavli.target 0",
        "set tavli.sequence plakoto",
        "set tavli.sequence ,",
        "set tavli.after_draw sometimes",
        "set tavli.game 0",
        "set tavli.game",
        "new match 0 tavli",
        "new match x tavli",
        "set game fevga",
        "new game",
        "new game plakoto",
        // A Match ID of another length than the match's target.
        "set matchid cAkAAAAAAAAA",
        "set tavli.target 9999",
    ] {
        let text = answer(&mut s, line);
        assert!(text.starts_with('?'), "{line}: {text}");
        assert_eq!(s.state(), &before, "{line} changed the state");
    }
}

#[test]
fn a_match_to_3_cycles_the_games_and_the_winner_starts_the_next() {
    let mut s = session(11);
    let first = ok(&mut s, "new match 3 tavli");
    assert!(first.contains("new game portes"), "{first}");
    let mut kinds = vec![s.state().game_kind];
    loop {
        let reply = play_game(&mut s);
        let state = s.state();
        let session = state.tavli.as_ref().expect("a match");
        if session.tavli.winner().is_some() {
            assert!(reply.contains("wins the match"), "{reply}");
            break;
        }
        let last = session.tavli.games().last().expect("a game over");
        assert_eq!(state.game_kind, session.tavli.next_kind());
        kinds.push(state.game_kind);
        match last.result.winner {
            // T6: the winner starts, to roll, no opening roll.
            Some(winner) => {
                assert_eq!(on_roll(&s), winner, "{reply}");
                assert!(reply.contains("starts without an opening roll"), "{reply}");
            }
            None => assert!(reply.contains("after the opening roll"), "{reply}"),
        }
        assert_eq!(state.score.score, session.tavli.score());
        assert_eq!(state.score.length, 3);
    }
    let expected: Vec<GameKind> = (0..kinds.len()).map(|i| GameKind::ALL[i % 3]).collect();
    assert_eq!(kinds, expected, "T1: portes, plakoto, fevga, …");
    let text = ok(&mut s, "show tavli");
    assert!(text.contains("wins the match"), "{text}");
    let refused = answer(&mut s, "new game");
    assert!(refused.starts_with("? state"), "{refused}");
}

/// `show tavli`'s restore lines and `show position` set up the same
/// match in a fresh engine.
#[test]
fn a_match_is_restored_exactly_from_what_the_engine_prints() {
    for seed in 0..6 {
        let mut s = session(seed);
        ok(&mut s, "set tavli.after_draw same_starter");
        ok(&mut s, "new match 5 tavli");
        for _ in 0..(seed % 4) {
            if s.state().tavli.as_ref().unwrap().tavli.winner().is_none() {
                play_game(&mut s);
            }
        }
        if !over(&s) {
            ok(&mut s, "roll");
        }
        let shown = ok(&mut s, "show tavli");
        let position = ok(&mut s, "show position");
        let mut restored = session(100 + seed);
        for line in shown.lines().filter_map(|l| l.strip_prefix("restore: ")) {
            ok(&mut restored, line);
        }
        let pair = position.trim_start_matches("= ").trim();
        ok(&mut restored, &format!("set position {pair}"));
        assert_eq!(ok(&mut restored, "show tavli"), shown, "seed {seed}");
        assert_eq!(ok(&mut restored, "show position"), position, "seed {seed}");
        assert_eq!(
            ok(&mut restored, "show board"),
            ok(&mut s, "show board"),
            "seed {seed}"
        );
        // The restored match goes on as the first: the same game, the
        // same next game once it ends.
        let (a, b) = (s.state(), restored.state());
        assert_eq!(a.game_kind, b.game_kind);
        assert_eq!(a.score, b.score);
        let (ta, tb) = (
            &a.tavli.as_ref().unwrap().tavli,
            &b.tavli.as_ref().unwrap().tavli,
        );
        assert_eq!(ta.rules(), tb.rules());
        assert_eq!(ta.next_kind(), tb.next_kind());
        assert_eq!(ta.rules().after_draw, AfterDraw::SameStarter);
    }
}

/// A match saved at every game boundary loads back to the same match
/// and game in play.
#[test]
fn a_match_saved_at_every_game_boundary_loads_back_the_same() {
    let dir = std::env::temp_dir().join(format!("plakoto-tavli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for seed in 0..4 {
        let mut s = session(seed);
        ok(&mut s, "set tavli.sequence fevga,portes,plakoto");
        ok(&mut s, "new match 3 tavli");
        if seed % 2 == 1 {
            // A switch set in the first game: set by hand, the record
            // starts over from it.
            ok(&mut s, "set fevga.release reach_quarter");
        }
        for n in 0..30 {
            let file = dir.join(format!("m{seed}-{n}.txt"));
            let file = file.to_str().unwrap();
            ok(&mut s, &format!("save match {file}"));
            let mut loaded = session(seed);
            ok(&mut loaded, &format!("load match {file}"));
            let (a, b) = (s.state(), loaded.state());
            assert_eq!(a.tavli, b.tavli, "seed {seed}, boundary {n}");
            assert_eq!(a.game_kind, b.game_kind);
            assert_eq!(a.score, b.score);
            assert_eq!(a.tavli_rules, b.tavli_rules);
            match a.game_kind {
                GameKind::Plakoto => assert_eq!(a.plakoto(), b.plakoto()),
                GameKind::Portes => assert_eq!(a.table::<Portes>(), b.table::<Portes>()),
                GameKind::Fevga => assert_eq!(a.table::<Fevga>(), b.table::<Fevga>()),
            }
            assert_eq!(a.table::<Fevga>().game(), b.table::<Fevga>().game());
            assert_eq!(a.table::<Portes>().game(), b.table::<Portes>().game());
            // Saved again, the loaded match writes the same record.
            let again = dir.join(format!("m{seed}-{n}-again.txt"));
            ok(
                &mut loaded,
                &format!("save match {}", again.to_str().unwrap()),
            );
            assert_eq!(
                std::fs::read_to_string(file).unwrap(),
                std::fs::read_to_string(&again).unwrap()
            );
            if a.tavli.as_ref().unwrap().tavli.winner().is_some() {
                break;
            }
            play_game(&mut s);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The JSON payload of a reply (`= {…}`).
fn json(reply: &str) -> serde_json::Value {
    let payload = reply.trim().trim_start_matches('=').trim();
    serde_json::from_str(payload).unwrap_or_else(|e| panic!("{e}: {reply}"))
}

/// Whether the session's Tavli match has a winner.
fn match_won(session: &Session) -> bool {
    let tavli = session.state().tavli.as_ref().expect("a Tavli match");
    tavli.tavli.winner().is_some()
}

/// Score-aware play across the games (issue 43, item 2): in every game of
/// a Tavli match, `hint` gives each candidate its match-winning chance
/// from the Tavli table, orders them by it, and `play` makes the first;
/// somewhere in the match that is not the play of best money equity.
#[test]
fn every_game_of_a_tavli_match_is_played_by_match_winning_chances() {
    let mut session = session(11);
    ok(&mut session, "set output json");
    // To 7: at most 2 points a game, so every game of the sequence comes.
    ok(&mut session, "new match 7 tavli");
    let mut kinds = Vec::new();
    let mut not_money_best = 0;
    for _ in 0..10_000 {
        if match_won(&session) {
            break;
        }
        let kind = session.state().game_kind;
        if kinds.last() != Some(&kind) {
            kinds.push(kind);
        }
        ok(&mut session, "roll");
        let hint = json(&ok(&mut session, "hint 100"));
        let candidates = candidates_by_mwc(&hint);
        let equity = |c: &serde_json::Value| c["equity"].as_f64().unwrap();
        let richest = candidates.iter().map(equity).fold(f64::MIN, f64::max);
        if let Some(first) = candidates.first() {
            not_money_best += usize::from(equity(first) < richest - 1e-6);
        }
        let played = json(&ok(&mut session, "play"));
        // The reply is about the game played, even the one that ends it
        // (the session then plays the next game); Plakoto's replies carry
        // no game field, as before there were other games.
        let tagged = (kind != GameKind::Plakoto).then(|| kind.to_string());
        assert_eq!(
            played["game"].as_str().map(str::to_string),
            tagged,
            "{played}"
        );
        if let Some(first) = candidates.first() {
            assert_eq!(played["play"], first["play"], "play makes the hint's first");
        }
    }
    assert!(
        session
            .state()
            .tavli
            .as_ref()
            .unwrap()
            .tavli
            .winner()
            .is_some()
    );
    assert!(kinds.len() >= 3, "the games of the match: {kinds:?}");
    assert!(
        not_money_best > 0,
        "match play never differed from money play"
    );
}

/// Issue 62: `eval` in a match gives the side on roll's match-winning
/// chance (JSON `mwc`) in every game of a Tavli match, as `hint` gives each
/// candidate's; outside a match there is none.
#[test]
fn eval_in_a_tavli_match_gives_the_match_winning_chance() {
    let mut session = session(12);
    ok(&mut session, "set output json");
    let plain = json(&ok(&mut session, "eval"));
    assert!(plain.get("mwc").is_none(), "{plain}");
    ok(&mut session, "new match 7 tavli");
    let mut kinds = Vec::new();
    for _ in 0..10_000 {
        if match_won(&session) || kinds.len() == 3 {
            break;
        }
        let kind = session.state().game_kind;
        if kinds.last() != Some(&kind) {
            kinds.push(kind);
            let eval = json(&ok(&mut session, "eval"));
            let mwc = eval["mwc"]
                .as_f64()
                .unwrap_or_else(|| panic!("{kind}: {eval}"));
            assert!((0.0..=1.0).contains(&mwc), "{eval}");
            // The text reply is as before.
            ok(&mut session, "set output text");
            assert!(!answer(&mut session, "eval").contains("mwc"));
            ok(&mut session, "set output json");
        }
        ok(&mut session, "roll");
        ok(&mut session, "play");
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

/// `analyse match` in a Tavli match analyses every game of the match, each
/// by its own game and valued by the Tavli table (every turn has its
/// MWC); `analyse game` analyses the game in play alone, valued at the
/// same place in the match.
#[test]
fn analyse_in_a_tavli_match_covers_every_game_by_match_winning_chances() {
    let mut session = session(5);
    ok(&mut session, "new match 5 tavli");
    play_game(&mut session);
    play_game(&mut session);
    for _ in 0..3 {
        ok(&mut session, "roll");
        ok(&mut session, "play");
    }
    let kinds: Vec<String> = session
        .state()
        .tavli
        .as_ref()
        .unwrap()
        .tavli
        .games()
        .iter()
        .map(|g| g.kind.to_string())
        .chain([session.state().game_kind.to_string()])
        .collect();
    ok(&mut session, "set output json");
    let before = ok(&mut session, "show board");
    let all = json(&ok(&mut session, "analyse match"));
    assert_eq!(all["reply"], "tavli_analysis", "{all}");
    let games = all["games"].as_array().unwrap();
    let analysed: Vec<&str> = games.iter().map(|g| g["kind"].as_str().unwrap()).collect();
    assert_eq!(analysed, kinds);
    for g in games {
        let turns = g["turns"].as_array().unwrap();
        assert!(!turns.is_empty(), "{g}");
        for t in turns {
            let mwc = t["played_mwc"].as_f64().expect("valued by MWC");
            assert!((0.0..=1.0).contains(&mwc), "{t}");
        }
    }
    for p in all["players"].as_array().unwrap() {
        assert!(p["mwc_loss"].as_f64().is_some(), "{p}");
    }
    let one = json(&ok(&mut session, "analyse game"));
    assert_eq!(one["reply"], "analysis", "{one}");
    // The same turns, numbered as the one game of its analysis.
    let unnumbered = |turns: &serde_json::Value| -> Vec<serde_json::Value> {
        let mut turns = turns.as_array().unwrap().clone();
        for t in &mut turns {
            t.as_object_mut().unwrap().remove("game");
        }
        turns
    };
    let last = &games.last().unwrap()["turns"];
    assert_eq!(
        unnumbered(&one["turns"]),
        unnumbered(last),
        "the game in play, valued at its place"
    );
    assert_eq!(
        ok(&mut session, "show board"),
        before,
        "analysis changes nothing"
    );
}
