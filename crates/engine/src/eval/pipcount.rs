//! The pip-count evaluator (the arena's `builtin:pipcount`): the race (pip
//! counts, with a bonus for being on roll) plus pins, worst of all a pinned
//! mother, squashed into a win probability. A weak, fast baseline.

use crate::eval::{GameEvaluator, Probabilities};
use plakoto_rules::Plakoto;
use plakoto_rules::{Point, Position};

/// Pip count and pin evaluator (0-ply, no search).
#[derive(Clone, Copy, Debug, Default)]
pub struct PipCountEvaluator;

/// Pips the side on roll is worth over a side that just played.
const ON_ROLL_PIPS: f32 = 8.0;
/// Pips that move the win chance by about one logistic unit.
const PIPS_SCALE: f32 = 25.0;
/// Value of each pinned opposing checker (and cost of each own one).
const PIN: f32 = 0.9;
/// Extra value of a pinned opposing mother: nearly a won game (R16).
const MOTHER: f32 = 2.5;
/// Cost of each own blot outside the home board (it can be pinned).
const BLOT: f32 = 0.08;

impl PipCountEvaluator {
    /// The logistic score for the side on roll.
    fn score(position: &Position) -> f32 {
        let p = position;
        let race = (p.opp_pips() as f32 - p.own_pips() as f32 + ON_ROLL_PIPS) / PIPS_SCALE;
        let pins =
            p.opp_pinned_mask().count_ones() as f32 - p.own_pinned_mask().count_ones() as f32;
        let mothers = f32::from(u8::from(p.opp_pinned_at(Point::OPPONENT_START)))
            - f32::from(u8::from(p.own_pinned_at(Point::START)));
        let board = p.raw_board();
        // raw_board index i is own point i+1; own blots outside home are
        // index 6 and up, the opponent's (negative) outside its home are
        // its points 7+, i.e. own points 1..=18, index 0..18.
        let own_blots = board[6..].iter().filter(|&&c| c == 1).count() as f32;
        let opp_blots = board[..18].iter().filter(|&&c| c == -1).count() as f32;
        race + PIN * pins + MOTHER * mothers + BLOT * (opp_blots - own_blots)
    }
}

impl GameEvaluator<Plakoto> for PipCountEvaluator {
    fn name(&self) -> &str {
        "pipcount"
    }

    fn evaluate(&self, _game: &Plakoto, position: &Position) -> Probabilities {
        let win = 1.0 / (1.0 + (-Self::score(position)).exp());
        Probabilities {
            win_single: win,
            lose_single: 1.0 - win,
            ..Probabilities::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_start_favours_the_side_on_roll_only_by_the_roll() {
        let e = PipCountEvaluator;
        let p = e.evaluate(&Plakoto::default(), &Position::initial());
        assert!(p.win() > 0.5 && p.win() < 0.7, "{p:?}");
        assert!((p.win() + p.lose() - 1.0).abs() < 1e-6);
    }
}
