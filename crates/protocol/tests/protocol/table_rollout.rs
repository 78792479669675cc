//! What every `rollout` of a game of the table answers, whatever the game:
//! the figures of the engine's rollout over the game layer
//! ([`plakoto_engine::game::rollout`]) called directly with the session's
//! settings, for the candidates the reply names, best mean first.

use plakoto_engine::game::EngineGame;
use plakoto_engine::game::Stop;
use plakoto_engine::game::{GameEvaluator, RolloutStart, rollout};
use plakoto_protocol::Session;
use plakoto_rules::tavli::TableGame;
use serde_json::Value;

/// The JSON payload of a successful reply.
pub fn payload(reply: &str) -> Value {
    let body = reply
        .strip_prefix("= ")
        .unwrap_or_else(|| panic!("a reply: {reply}"));
    serde_json::from_str(body.trim()).expect("JSON")
}

/// Checks the JSON `rollout` reply `reply` of session `s`, whose game was
/// `table` (the side on roll with its dice) and whose evaluator is
/// `evaluator`: each candidate's mean, standard error, trials and win
/// chance are those [`rollout`] gives the position its play reaches, with
/// the session's settings (and the reply's trials), and the candidates
/// come best mean first.
pub fn agrees_with_the_engine<G: EngineGame>(
    s: &Session,
    table: &TableGame<G>,
    evaluator: &dyn GameEvaluator<G>,
    reply: &Value,
) {
    let game = table.game();
    let dice = table.dice().expect("the dice are set");
    let mut list = G::PlayList::default();
    game.generate(&mut game.generator(), table.position(), dice, &mut list);
    let candidates = reply["candidates"].as_array().expect("candidates");
    assert!(!candidates.is_empty(), "{reply}");
    let starts: Vec<RolloutStart<G::Position>> = candidates
        .iter()
        .map(|c| {
            let text = c["play"].as_str().expect("a play");
            let play = game
                .resolve_play(table.position(), dice, &list, text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            RolloutStart::AfterPlay(game.after(&play))
        })
        .collect();
    let mut settings = *s.search_settings();
    settings.rollout.trials = reply["rollout"]["trials"].as_u64().expect("trials") as u32;
    assert_eq!(reply["rollout"]["seed"], settings.rollout.seed, "{reply}");
    assert_eq!(reply["rollout"]["plies"], settings.rollout.plies, "{reply}");
    let direct = rollout(
        &game,
        evaluator,
        &starts,
        &settings,
        &|_| {},
        &Stop::never(),
    )
    .expect("the settings are valid");
    let close = |a: &Value, b: f32| (a.as_f64().expect("a number") - f64::from(b)).abs() < 1e-4;
    for (c, r) in candidates.iter().zip(&direct.results) {
        assert!(close(&c["equity"], r.mean), "{c} vs {r:?}");
        assert!(
            close(&c["chances"]["win"], r.probabilities.win()),
            "{c} vs {r:?}"
        );
        let at = &c["evaluated_at"];
        assert_eq!(at["kind"], "rollout", "{c}");
        assert_eq!(at["trials"], r.trials, "{c}");
        assert!(close(&at["std_error"], r.std_error), "{c} vs {r:?}");
    }
    let means: Vec<f64> = candidates
        .iter()
        .map(|c| c["equity"].as_f64().unwrap())
        .collect();
    assert!(means.windows(2).all(|w| w[0] >= w[1]), "{means:?}");
}

/// A race of `game` that play cannot change: X bears off from its
/// 1-point, O from its own, two checkers a turn (four with a double). X
/// on roll with 2-1 and 5 left keeps 3; O, with 6, rolls next. O wins only
/// if X rolls no double next and O rolls one in its first two turns:
/// 5/6 × 11/36 = 55/216, both sides have borne off (a single game), so
/// X's equity is 1 − 2 × 55/216 = 106/216. The exact database of the
/// game's evaluator `evaluator` (that of the session's `table`) says so,
/// and the rollout's mean is within 3 standard errors of it.
pub fn race_on_the_one_point<G: EngineGame>(
    game_word: &str,
    table: fn(&Session) -> &TableGame<G>,
    evaluator: &dyn GameEvaluator<G>,
) {
    let mut s = Session::with_heuristic(plakoto_rules::Rules::default(), 3);
    for line in [
        &format!("set game {game_word}"),
        "set board 1:5 / 1:6",
        "set turn X",
        "set dice 2 1",
        "set output json",
    ] {
        let reply = s.handle_line(line).expect("a command").text;
        assert!(reply.starts_with("= "), "{line}: {reply}");
    }
    let reply = payload(&s.handle_line("rollout 1296").expect("a command").text);
    assert_eq!(reply["game"], game_word, "{reply}");
    assert_eq!(reply["count"], 1, "{reply}");
    let candidate = &reply["candidates"][0];
    assert_eq!(candidate["play"], "1/off(2)", "{reply}");
    let (mean, se) = (
        candidate["equity"].as_f64().unwrap(),
        candidate["evaluated_at"]["std_error"].as_f64().unwrap(),
    );
    let table = table(&s);
    let game = table.game();
    let dice = table.dice().expect("the dice");
    let mut list = G::PlayList::default();
    game.generate(&mut game.generator(), table.position(), dice, &mut list);
    let play = game
        .resolve_play(table.position(), dice, &list, "1/off(2)")
        .expect("the play");
    let o_to_roll = game.flip(&game.after(&play));
    let (o_chances, _) = evaluator
        .exact_value(&game, &o_to_roll)
        .expect("a race the database covers");
    let exact = -f64::from(plakoto_engine::game::game_equity(&game, &o_chances));
    assert!((exact - 106.0 / 216.0).abs() < 1e-4, "{exact}");
    assert!(se > 0.0 && se < 0.05, "{reply}");
    assert!(
        (mean - exact).abs() < 3.0 * se,
        "rollout {mean} ± {se}, exact {exact}"
    );
    agrees_with_the_engine(&s, table, evaluator, &reply);
}
