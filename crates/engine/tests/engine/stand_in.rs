//! A small, fast, deterministic stand-in evaluator for the search's tests
//! and benches (not part of the library): their expected figures were
//! computed with it, so it stays fixed whatever the engine's evaluators
//! become. It is deliberately crude: a race estimate, corrected for pinned
//! checkers and for the danger to and of the mothers (R15, R16), with
//! doubles and (Tzannes) triples so every outcome is exercised. Not meant
//! for play strength; the library's pip-count player is
//! `plakoto_engine::eval::PipCountEvaluator`.

use plakoto_engine::eval::{GameEvaluator, Probabilities};
use plakoto_rules::Plakoto;
use plakoto_rules::{Point, Position, Scoring};

/// Race-aware pip count + pins + mother danger. About a few dozen
/// nanoseconds a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct StandInEvaluator;

/// Pip value of having a checker pinned (it cannot move and may be lost
/// to a mother pin), beyond its pip count.
const PIN_PIPS: f32 = 9.0;

fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl GameEvaluator<Plakoto> for StandInEvaluator {
    fn name(&self) -> &str {
        "stand-in"
    }

    fn evaluate(&self, game: &Plakoto, position: &Position) -> Probabilities {
        let rules = game.rules;
        let p = position;
        let own_pips = p.own_pips() as f32;
        let opp_pips = p.opp_pips() as f32;
        let own_pinned = p.own_pinned_mask().count_ones() as f32;
        let opp_pinned = p.opp_pinned_mask().count_ones() as f32;
        // The side on roll is about 8 pips ahead of its count.
        let lead = opp_pips - own_pips + 8.0 + PIN_PIPS * (opp_pinned - own_pinned);
        let spread = 6.0 + 0.12 * (own_pips + opp_pips) * 0.5;
        let mut win = logistic(1.6 * lead / spread);

        // Mothers: ours is the checker(s) on our 24, theirs on our 1.
        let start = Point::START;
        let their_start = Point::OPPONENT_START;
        let mut own_mother_risk: f32 = 0.0;
        let mut opp_mother_risk: f32 = 0.0;
        if p.own_pinned_at(start) {
            own_mother_risk = 0.85;
        } else if p.own_count(start) == 1 {
            own_mother_risk = 0.12;
        }
        if p.opp_pinned_at(their_start) {
            opp_mother_risk = 0.85;
        } else if p.opp_count(their_start) == 1 {
            opp_mother_risk = 0.15;
        }
        let draw = own_mother_risk * opp_mother_risk * 0.5;
        let lose_mother = own_mother_risk * (1.0 - opp_mother_risk) * 0.8;
        let win_mother = opp_mother_risk * (1.0 - own_mother_risk) * 0.8;
        let rest = (1.0 - draw - lose_mother - win_mother).max(0.0);
        win = win.clamp(0.0, 1.0);

        // Doubles: a side that has borne nothing off and is far behind.
        let own_gammon = if p.own_off() == 0 {
            ((own_pips - opp_pips - 40.0) / 150.0).clamp(0.0, 0.6)
        } else {
            0.0
        };
        let opp_gammon = if p.opp_off() == 0 {
            ((opp_pips - own_pips - 40.0) / 150.0).clamp(0.0, 0.6)
        } else {
            0.0
        };
        let wins = rest * win;
        let losses = rest * (1.0 - win);
        let mut out = Probabilities {
            win_single: wins * (1.0 - opp_gammon),
            win_double: wins * opp_gammon,
            lose_single: losses * (1.0 - own_gammon),
            lose_double: losses * own_gammon,
            win_mother,
            lose_mother,
            draw,
            ..Probabilities::default()
        };
        if rules.scoring == Scoring::Tzannes {
            // A third of the doubles would be triples.
            out.win_triple = out.win_double / 3.0;
            out.win_double -= out.win_triple;
            out.lose_triple = out.lose_double / 3.0;
            out.lose_double -= out.lose_triple;
        }
        out
    }
}
