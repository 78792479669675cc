//! Match play knows the score: with an evaluator whose plays trade double
//! wins against plain winning chances, the engine's choice follows money
//! equity in a money game and when doubles count (2-away against 1-away),
//! and winning chances when a double win is worth no more than a single
//! (double match point, the leader needing 1). `hint` in a match shows
//! both equity and MWC.

use plakoto::eval::{GameEvaluator, Probabilities};
use plakoto::game::Plakoto;
use plakoto::game::{Dice, MatchId, Phase, Point, Position, Rules, Side};
use plakoto::protocol::Session;

/// Rates a position by how many points the side that just played
/// occupies: an even count gives it 50% double wins and 50% single
/// losses (equity +0.5, wins 50%); an odd count 70% single wins and 30%
/// single losses (equity +0.4, wins 70%).
struct TradeOff;

impl GameEvaluator<Plakoto> for TradeOff {
    fn name(&self) -> &str {
        "trade-off"
    }

    fn evaluate(&self, _game: &Plakoto, position: &Position) -> Probabilities {
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

/// A session at X's opening 6-5 at a score (`None`: money), and its
/// Match ID.
fn session_at(score: Option<(u8, [u8; 2])>) -> (Session, MatchId) {
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
    (s, id)
}

/// The first hint of X's opening 6-5 at a score (`None`: money).
fn choice_at(score: Option<(u8, [u8; 2])>) -> serde_json::Value {
    first_hint(&mut session_at(score).0)
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

/// X's opening 6-5 played `play`, in a record of a match to `length` at
/// `score` (0: money).
fn opening_record(length: u8, score: [u8; 2], play: &str) -> plakoto::record::Record {
    let text = format!(
        "; [Rules \"standard\"]\n; [Scoring \"standard\"]\n; [Match \"{length}\"]\n; [X \"x\"]\n; [O \"o\"]\n\nGame 1\nScore X {} O {}\nOpening 6-5\n  1 X 6-5: {play}\n",
        score[0], score[1]
    );
    text.parse().unwrap()
}

/// The search settings of 0 plies.
fn zero_ply() -> plakoto::search::SearchSettings {
    plakoto::search::SearchSettings::with_plies(0)
}

fn analysed(record: &plakoto::record::Record) -> plakoto::analysis::TurnAnalysis {
    let a = crate::analysis::plakoto_analysis(record, &TradeOff, &zero_ply(), 0);
    a.turns[0].clone()
}

#[test]
fn analysis_in_a_match_rates_plays_by_match_winning_chances() {
    use plakoto::analysis::Mark;
    // Money: 24/13 (a double win half the time, equity 0.5) is best;
    // 24/19 24/18 (0.4) loses 0.1, a bad play.
    let money_best = analysed(&opening_record(0, [0, 0], "24/13"));
    assert_eq!(money_best.mark, Mark::None);
    assert_eq!(money_best.mwc_loss, None);
    let money_other = analysed(&opening_record(0, [0, 0], "24/19 24/18"));
    assert!((money_other.loss - 0.1).abs() < 1e-4, "{money_other:?}");
    assert_eq!(money_other.mark, Mark::Bad);
    assert_eq!(money_other.best, "24/13");

    // Double match point (match to 3 at 2-2): a double win is worth no
    // more than a single, so the marks turn round. 24/13 wins the match
    // 50% of the time, 24/19 24/18 70%: 0.2 of MWC lost, which is 0.4
    // points of normalised equity (W − L = 1 − 0), very bad.
    let dmp_money_play = analysed(&opening_record(3, [2, 2], "24/13"));
    assert_eq!(dmp_money_play.best, "24/19 24/18");
    assert!((dmp_money_play.mwc_loss.unwrap() - 0.2).abs() < 1e-4);
    assert!((dmp_money_play.played_mwc.unwrap() - 0.5).abs() < 1e-4);
    assert!(
        (dmp_money_play.loss - 0.4).abs() < 1e-4,
        "{dmp_money_play:?}"
    );
    assert_eq!(dmp_money_play.mark, Mark::VeryBad);
    let dmp_other = analysed(&opening_record(3, [2, 2], "24/19 24/18"));
    assert_eq!(dmp_other.mark, Mark::None);
    assert_eq!(dmp_other.loss, 0.0);
    assert_eq!(dmp_other.mwc_loss, Some(0.0));
    assert!(dmp_other.luck_mwc.is_some());

    // The text report says how plays were valued and shows the MWC lost.
    let a = crate::analysis::plakoto_analysis(
        &opening_record(3, [2, 2], "24/13"),
        &TradeOff,
        &zero_ply(),
        0,
    );
    insta::assert_snapshot!(plakoto::analysis::report::text_lines(&a).join("\n"));

    // 2-away against 1-away (match to 3 at 1-2): only a double wins at
    // once, the money play is best again.
    let trailer = analysed(&opening_record(3, [1, 2], "24/13"));
    assert_eq!(trailer.mark, Mark::None, "{trailer:?}");
}

/// The arena's built-in Plakoto player `player` on X's opening 6-5 at a
/// score (`None`: money), as the referee asks it.
fn arena_choice(
    player: &mut dyn plakoto::arena::tavli_player::TavliPlayer<plakoto::game::Plakoto>,
    score: Option<(u8, [u8; 2])>,
) -> String {
    use plakoto::arena::tavli_player::{TavliAnswer, TavliTurn};
    use plakoto::game::Plakoto;
    use plakoto::game::tavli::ToPlay;
    use plakoto::game::{MatchScore, TavliGame};
    use plakoto_tools::ToolsGame;
    let (s, id) = session_at(score);
    let state = s.state().plakoto().clone();
    let game = Plakoto::new(state.rules());
    let to_play = ToPlay::Dice(state.dice().expect("the dice are set"));
    let mut legal = Default::default();
    let ToPlay::Dice(dice) = to_play else {
        unreachable!()
    };
    game.generate(
        &mut game.referee_generator(),
        state.position(),
        dice,
        &mut legal,
    );
    let game_match = MatchScore {
        length: id.match_length,
        score: id.score.map(u32::from),
    };
    let turn = TavliTurn {
        game: &game,
        side: state.on_roll(),
        position: state.position(),
        to_play,
        legal: &legal,
        match_id: id.to_string(),
        game_match,
        in_match: None,
    };
    match player.choose(&turn).unwrap() {
        TavliAnswer::Play(p) => game.format_play(state.position(), &p),
        TavliAnswer::Notation(n) => n,
    }
}

#[test]
fn arena_builtin_players_choose_by_the_score() {
    use plakoto::arena::tavli_player::TavliPlayer;
    use plakoto::game::Plakoto;
    use plakoto_tools::games::plakoto::PlakotoPlayer;
    let mut players: Vec<Box<dyn TavliPlayer<Plakoto>>> =
        vec![Box::new(PlakotoPlayer::new("0-ply", 0, Box::new(TradeOff)))];
    for player in &mut players {
        let name = player.name().to_string();
        assert_eq!(arena_choice(player.as_mut(), None), "24/13", "{name}");
        // Double match point, and the leader 1-away: play for the win.
        for score in [(3, [2, 2]), (3, [2, 1])] {
            assert_eq!(
                arena_choice(player.as_mut(), Some(score)),
                "24/19 24/18",
                "{name} at {score:?}"
            );
        }
        // 2-away against 1-away: play for the double.
        assert_eq!(
            arena_choice(player.as_mut(), Some((3, [1, 2]))),
            "24/13",
            "{name}"
        );
    }
}
