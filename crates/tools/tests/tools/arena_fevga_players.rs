//! The tests of `plakoto_tools::games::fevga` (its built-in players).

use crate::arena_tavli_runner::{game_spec, repo_file, run};
use plakoto_engine::game::fevga::net::FevgaNetwork;
use plakoto_records::record::Ending;
use plakoto_rules::Fevga;
use plakoto_rules::ResultKind;
use plakoto_rules::TavliGame;
use plakoto_rules::fevga::FevgaRules;
use plakoto_tools::arena::fault::Fault;
use plakoto_tools::arena::fault::FaultKind;
use plakoto_tools::arena::record::{Contestant, GameRecord};
use plakoto_tools::arena::stats::summarize;
use plakoto_tools::arena::tavli_player::{TavliAnswer, TavliPlayer, TavliTurn};
use plakoto_tools::arena::tavli_players::{make_tavli_player, preflight_tavli_player};
use plakoto_tools::arena::tavli_runner::play_tavli_unit;

#[test]
fn fevga_runs_score_f13_share_the_dice_and_the_heuristic_wins() {
    let s = game_spec(Fevga::default(), "builtin:heuristic", "builtin:random");
    let records = run(&s, 16, 2);
    assert_eq!(records.len(), 16);
    for r in &records {
        assert!(r.fault.is_none(), "{r:?}");
        let expected = match r.kind {
            Ending::Board(ResultKind::Single) => 1,
            Ending::Board(ResultKind::Double) => 2,
            other => panic!("a Fevga game ended {other:?}"),
        };
        assert_eq!(
            (r.points, r.a_points.abs()),
            (expected, i32::from(expected))
        );
    }
    for pair in records.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening, "duplicate dice");
    }
    let summary = summarize(&records, false);
    assert!(
        summary.a_points > 0,
        "heuristic vs random: {}",
        summary.a_points
    );
    // Any number of threads plays the same games.
    let again: Vec<GameRecord> = run(&s, 16, 1).iter().map(|r| r.without_timing()).collect();
    let first: Vec<GameRecord> = records.iter().map(|r| r.without_timing()).collect();
    assert_eq!(first, again);
}

/// Plays the first legal play, checking the game it is handed is
/// played under `rules`.
struct Checking {
    rules: FevgaRules,
    asked: usize,
}

impl TavliPlayer<Fevga> for Checking {
    fn name(&self) -> &str {
        "checking"
    }

    fn choose(&mut self, turn: &TavliTurn<'_, Fevga>) -> Result<TavliAnswer<Fevga>, Fault> {
        assert_eq!(turn.game.rules, self.rules);
        self.asked += 1;
        Ok(TavliAnswer::Play(turn.game.plays(turn.legal)[0]))
    }
}

#[test]
fn the_referee_and_players_play_under_the_run_s_switches() {
    let rules: FevgaRules = "quarter_rule=none prime_rule=none release=reach_quarter"
        .parse()
        .unwrap();
    let spec = game_spec(Fevga::new(rules), "", "");
    let mut x = Checking { rules, asked: 0 };
    let mut o = Checking { rules, asked: 0 };
    let mut records = Vec::new();
    play_tavli_unit(
        &spec,
        0,
        &mut x,
        &mut o,
        &mut spec.game.generator(),
        &mut |r| {
            records.push(r);
            true
        },
    );
    assert!(x.asked > 0 && o.asked > 0);
    assert!(records[0].fault.is_none(), "{:?}", records[0].fault);
}

#[test]
fn builtins_are_made_by_name_and_a_missing_net_is_named() {
    let game = Fevga::default();
    let options = game_spec(game, "", "").options;
    for name in ["builtin:random", "builtin:heuristic", "builtin:pipcount"] {
        let player = make_tavli_player(&game, name, &options).expect(name);
        assert_eq!(player.name(), name);
    }
    let unknown = make_tavli_player(&game, "builtin:ply2", &options)
        .err()
        .unwrap()
        .to_string();
    assert!(unknown.contains("builtin:ply2 (in fevga)"), "{unknown}");
    assert!(
        unknown.contains("builtin:pipcount, builtin:net"),
        "{unknown}"
    );
    let missing = make_tavli_player(&game, "builtin:net@/no/such/fevga.net", &options)
        .err()
        .unwrap()
        .to_string();
    assert!(
        missing.contains("builtin:net@/no/such/fevga.net"),
        "{missing}"
    );
}

#[test]
fn a_net_file_plays() {
    let path = std::env::temp_dir().join(format!("plakoto-arena-fevga-{}.net", std::process::id()));
    FevgaNetwork::save_initial(&path, 16, 3).expect("a small net is written");
    let spec = format!("builtin:net@{}", path.display());
    let s = game_spec(Fevga::default(), &spec, "builtin:random");
    let records = run(&s, 2, 1);
    std::fs::remove_file(&path).ok();
    assert!(
        records
            .iter()
            .all(|r| r.fault.is_none() && r.decisions[0] > 0)
    );
}

#[test]
fn an_engine_refusing_a_switch_faults_naming_it() {
    let engine = format!(
        "python3 {}",
        repo_file("tests/fake_engines/fake_engine.py no_switches")
    );
    let rules: FevgaRules = "fevga.prime_rule=none".parse().unwrap();
    let s = game_spec(Fevga::new(rules), "builtin:random", &engine);
    let error = preflight_tavli_player(&s.game, &engine, &s.options)
        .err()
        .expect("the engine refuses the switch")
        .to_string();
    assert!(
        error.contains("does not play Fevga with fevga.release=past_start"),
        "{error}"
    );
    assert!(error.contains("'set fevga.prime_rule none'"), "{error}");
    for r in run(&s, 2, 1) {
        let fault = r.fault.expect("forfeited");
        assert_eq!(
            (fault.engine, fault.kind),
            (Contestant::B, FaultKind::UnsupportedGame)
        );
        assert_eq!((r.kind, r.winner), (Ending::Forfeit, Some(Contestant::A)));
    }
    // The default game sends no switch: the same engine is started.
    let default = game_spec(Fevga::default(), "builtin:random", &engine);
    assert!(preflight_tavli_player(&default.game, &engine, &default.options).is_ok());
}
