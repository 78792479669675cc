//! The tests of `plakoto_tools::arena::tavli_match_runner`.

use plakoto_rules::tavli::{TavliGames, TavliRules};
use plakoto_rules::{GameKind, Side};
use plakoto_tools::arena::fault::FaultKind;

use plakoto_tools::arena::player::PlayerOptions;
use plakoto_tools::arena::record::GameRecord;
use plakoto_tools::arena::tavli_match_runner::*;

use crate::arena_tavli_runner::repo_file;
use plakoto_records::record::Ending;
use plakoto_rules::tavli::{AfterDraw, Sequence};
use plakoto_tools::arena::record::Contestant;
use plakoto_tools::arena::stats::summarize;

/// A Tavli run of `a` against `b` to `target` under `sequence`.
fn spec(a: &str, b: &str, target: u8, sequence: &str) -> TavliMatchSpec {
    TavliMatchSpec {
        games: TavliGames::default(),
        opening: Default::default(),
        rules: TavliRules {
            target,
            sequence: sequence.parse::<Sequence>().unwrap(),
            after_draw: AfterDraw::OpeningRoll,
        },
        a: a.to_string(),
        b: b.to_string(),
        seed: 17,
        turn_cap: 2_000,
        options: PlayerOptions::default(),
    }
}

/// The games of `matches` matches of `spec` on `jobs` threads, by
/// match and game.
fn run(spec: &TavliMatchSpec, matches: u64, jobs: usize) -> Vec<GameRecord> {
    let units: Vec<u64> = (0..matches).collect();
    let mut records = Vec::new();
    run_tavli_matches(spec, &units, jobs, None, |r| {
        records.push(r.without_timing());
        Ok(())
    })
    .expect("the run completes");
    records.sort_by_key(|r| (r.unit, r.game));
    records
}

/// The score of X and O after a record (its score is A's and B's).
fn xo(r: &GameRecord) -> [u8; 2] {
    if r.a_side == Side::X {
        r.score
    } else {
        [r.score[1], r.score[0]]
    }
}

#[test]
fn t1_t6_whole_matches_cycle_the_games_and_the_winner_starts_the_next() {
    let s = spec(
        "builtin:heuristic",
        "builtin:heuristic",
        5,
        "portes,plakoto,fevga",
    );
    let records = run(&s, 6, 2);
    let mut matches = 0;
    let mut start = 0;
    while start < records.len() {
        let unit = records[start].unit;
        let games: Vec<&GameRecord> = records[start..]
            .iter()
            .take_while(|r| r.unit == unit)
            .collect();
        start += games.len();
        matches += 1;
        let mut before = [0u8; 2];
        let mut last_winner: Option<Side> = None;
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.game, i as u32);
            assert!(g.fault.is_none(), "{g:?}");
            // T1: Portes, Plakoto, Fevga, Portes, …
            assert_eq!(
                g.game_kind,
                Some(GameKind::ALL[i % 3]),
                "unit {unit} game {i}"
            );
            // T5/T6: an opening roll for game 1, then the last winner
            // starts without one (T7: an opening roll after a draw).
            match (i, last_winner) {
                (0, _) | (_, None) => assert!(!g.opening.is_empty()),
                (_, Some(w)) => {
                    assert!(g.opening.is_empty(), "game {i} after a win opens");
                    assert_eq!(g.moves[0].side, w, "the winner starts game {i}");
                }
            }
            let after = xo(g);
            let winner = g.winner.map(|w| w.side(g.a_side));
            if let Some(w) = winner {
                assert_eq!(after[w.index()], before[w.index()] + g.points);
                assert_eq!(after[w.other().index()], before[w.other().index()]);
            }
            // T4: over as soon as a total reaches the target.
            assert_eq!(g.unit_over, after.iter().any(|&p| p >= 5));
            before = after;
            last_winner = winner;
        }
        assert!(games.last().unwrap().unit_over, "the match finished");
    }
    assert_eq!(matches, 6);
    // Duplicate dice: game 1 of both matches of a pair opens alike.
    for pair in 0..3 {
        let first = |unit| {
            records
                .iter()
                .find(|r| r.unit == unit && r.game == 0)
                .unwrap()
        };
        assert_eq!(first(2 * pair).opening, first(2 * pair + 1).opening);
    }
    let summary = summarize(&records, true);
    let tavli = summary.tavli.expect("Tavli statistics");
    assert_eq!(tavli.matches, 6);
    assert_eq!(tavli.a_won + tavli.b_won, 6);
    // The same seed plays the same matches with any number of threads.
    assert_eq!(records, run(&s, 6, 1));
}

/// Score-aware play (issue 43 item 2): a built-in values its plays by
/// match-winning chances in a Tavli match, so it plays some turns
/// otherwise than its `-money` twin on the same dice; two money twins
/// play exactly as two plain players would outside a match.
#[test]
fn a_built_in_plays_for_the_match_score_unless_told_money() {
    let moves = |a: &str, b: &str| -> Vec<String> {
        let s = spec(a, b, 5, "portes,plakoto,fevga");
        run(&s, 4, 1)
            .iter()
            .flat_map(|r| r.moves.iter().map(|t| format!("{:?}", t.play)))
            .collect()
    };
    let money = moves("builtin:heuristic-money", "builtin:heuristic-money");
    let aware = moves("builtin:heuristic", "builtin:heuristic-money");
    assert_ne!(aware, money, "the match score changed no play");
    let prefix = aware.iter().zip(&money).take_while(|(x, y)| x == y).count();
    assert!(
        prefix > 0,
        "the first turns agree (an opening rarely differs)"
    );
    assert_eq!(
        money,
        moves("builtin:heuristic-money", "builtin:heuristic-money"),
        "reproducible"
    );
}

#[test]
fn a_stronger_player_wins_most_matches() {
    let s = spec(
        "builtin:heuristic",
        "builtin:random",
        3,
        "portes,plakoto,fevga",
    );
    let records = run(&s, 8, 2);
    let tavli = summarize(&records, true).tavli.unwrap();
    assert!(tavli.win_rate > 0.7, "{}", tavli.to_text());
    assert_eq!(tavli.per_game[0].game, GameKind::Portes);
}

#[test]
fn an_engine_without_the_game_forfeits_the_match() {
    let engine = format!(
        "python3 {} no-fevga python3 {}",
        repo_file("tests/fake_engines/conformance_proxy.py"),
        repo_file("tests/fake_engines/fake_engine.py garbage")
    );
    let s = spec("builtin:random", &engine, 3, "fevga,portes");
    let records = run(&s, 2, 1);
    assert_eq!(records.len(), 2, "one game a match: {records:?}");
    for r in &records {
        let fault = r.fault.as_ref().expect("a fault");
        assert_eq!(
            (fault.engine, fault.kind),
            (Contestant::B, FaultKind::UnsupportedGame)
        );
        assert!(
            fault.message.contains("does not play Fevga"),
            "{}",
            fault.message
        );
        assert!(
            fault.message.contains("'set game fevga'"),
            "{}",
            fault.message
        );
        // Scored as what A still needed: the match ends at the target.
        assert_eq!(
            (r.kind, r.winner, r.points),
            (Ending::Forfeit, Some(Contestant::A), 3)
        );
        assert_eq!((r.score, r.unit_over), ([3, 0], true));
    }
    let tavli = summarize(&records, true).tavli.unwrap();
    assert_eq!((tavli.a_won, tavli.forfeited_matches), (2, [0, 2]));
}
