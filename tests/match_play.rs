//! Match play knows the score: with an evaluator whose plays trade double
//! wins against plain winning chances, the engine's choice follows money
//! equity in a money game and when doubles count (2-away against 1-away),
//! and winning chances when a double win is worth no more than a single
//! (double match point, the leader needing 1). `hint` in a match shows
//! both equity and MWC.

use plakoto::eval::{Evaluator, Probabilities};
use plakoto::game::{Dice, MatchId, Phase, Point, Position, Rules, Side};
use plakoto::protocol::Session;

/// Rates a position by how many points the side that just played
/// occupies: an even count gives it 50% double wins and 50% single
/// losses (equity +0.5, wins 50%); an odd count 70% single wins and 30%
/// single losses (equity +0.4, wins 70%).
struct TradeOff;

impl Evaluator for TradeOff {
    fn name(&self) -> &str {
        "trade-off"
    }

    fn evaluate(&self, position: &Position, _rules: Rules) -> Probabilities {
        // The side on roll is the opponent of the side that just played.
        let occupied = (1..=24)
            .filter(|&n| position.opp_count(Point::new(n).unwrap()) > 0)
            .count();
        let mover = if occupied % 2 == 0 {
            Probabilities {
                win_double: 0.5,
                lose_single: 0.5,
                ..Default::default()
            }
        } else {
            Probabilities {
                win_single: 0.7,
                lose_single: 0.3,
                ..Default::default()
            }
        };
        mover.flipped()
    }
}

fn first_hint(s: &mut Session) -> serde_json::Value {
    let text = s.handle_line("hint").unwrap().text;
    let body = text
        .trim_end()
        .strip_prefix("= ")
        .unwrap_or_else(|| panic!("{text}"));
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    v["candidates"][0].clone()
}

fn session() -> Session {
    let mut s = Session::with_evaluator(Rules::default(), 1, Box::new(TradeOff));
    for line in ["set output json", "set evaluation plies 0"] {
        assert!(s.handle_line(line).unwrap().text.starts_with('='));
    }
    s
}

/// The first hint of X's opening 6-5 at a score (`None`: money).
fn choice_at(score: Option<(u8, [u8; 2])>) -> serde_json::Value {
    let mut s = session();
    let (length, score) = score.unwrap_or((0, [0, 0]));
    let id = MatchId {
        rules: Rules::default(),
        match_length: length,
        score,
        on_roll: Side::X,
        dice: Dice::new(6, 5),
        phase: Phase::Playing,
        pending: None,
    };
    let r = s.handle_line(&format!("set matchid {id}")).unwrap().text;
    assert!(r.starts_with('='), "{r}");
    first_hint(&mut s)
}

#[test]
fn the_choice_follows_the_score() {
    // Money: the double-win play (24/13 occupies 2 points), equity 0.5.
    let money = choice_at(None);
    assert_eq!(money["play"], "24/13");
    assert!(money.get("mwc").is_none());
    // Match to 3 at 1-away (X) against 2-away: doubles count for nothing
    // more, X plays for the win (three points occupied).
    let leader = choice_at(Some((3, [2, 1])));
    assert_eq!(leader["play"], "24/19 24/18", "{leader}");
    // 70% to win at once, and a lost single still leaves 1-away against
    // 1-away: 0.7 + 0.3 · 0.5.
    assert!(
        (leader["mwc"].as_f64().unwrap() - 0.85).abs() < 1e-3,
        "{leader}"
    );
    assert!((leader["equity"].as_f64().unwrap() - 0.4).abs() < 1e-3);
    // Double match point: the same.
    let dmp = choice_at(Some((3, [2, 2])));
    assert_eq!(dmp["play"], "24/19 24/18");
    // 2-away against 1-away: only a double wins at once; back to 24/13.
    let trailer = choice_at(Some((3, [1, 2])));
    assert_eq!(trailer["play"], "24/13", "{trailer}");
    assert!(
        (trailer["mwc"].as_f64().unwrap() - 0.5).abs() < 1e-3,
        "{trailer}"
    );
}
