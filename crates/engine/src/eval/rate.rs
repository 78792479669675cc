//! Rating a Plakoto roll's plays for the side making them, at 0 plies, for
//! the lab's benchmark sampler (the search rates every game's plays with
//! its own, `game::tree`).
//!
//! A play that ends the game is scored exactly; every other play's
//! position goes to the evaluator in one batch (what makes a neural net
//! fast), seen by the side that rolls next: the opponent after a rolled
//! play, the mover itself after a play of Express numbers passed to it
//! (R21). The buffers are the caller's, so nothing is allocated per call
//! once they have grown.

use super::exact::ExactDatabase;
use super::{GameEvaluator, Probabilities, terminal_probabilities};
use plakoto_rules::tavli::Plakoto;
use plakoto_rules::{Play, Position, Rules, game_result};

/// Who rolls after the plays being rated, which decides the side the
/// evaluator sees the resulting positions from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextRoll {
    /// The opponent (the mover rolled these numbers).
    Opponent,
    /// The mover itself (it played Express numbers passed to it, R21).
    Mover,
}

impl NextRoll {
    /// Who rolls next after a play of numbers that were `passed` to the
    /// mover (R21) or rolled by it.
    pub fn after(passed: bool) -> NextRoll {
        if passed {
            NextRoll::Mover
        } else {
            NextRoll::Opponent
        }
    }
}

/// One play's static rating, for the side that makes it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayRating {
    /// Outcome probabilities for the mover.
    pub probabilities: Probabilities,
    /// The probabilities are exact: the play ends the game, or an exact
    /// database covers the position it leads to.
    pub exact: bool,
    /// The database that gave them, when one did.
    pub database: Option<ExactDatabase>,
}

/// Reusable buffers for [`rate_plays`].
#[derive(Default)]
pub struct RateBuffers {
    positions: Vec<Position>,
    batch: Vec<Probabilities>,
    /// Index in `ratings` of each position of `positions`.
    open: Vec<usize>,
    /// The ratings of the last call, one a play, in the plays' order.
    pub ratings: Vec<PlayRating>,
}

impl RateBuffers {
    /// Empty buffers.
    pub fn new() -> RateBuffers {
        RateBuffers::default()
    }

    /// Index of the best rating of the last call for the mover, the first
    /// of equals (generation order decides ties); `None` when it rated no
    /// play.
    pub fn best(&self, rules: Rules) -> Option<usize> {
        self.best_by(|p| p.equity(rules.scoring))
    }

    /// Index of the rating of the last call with the highest `value` (in
    /// a match: the mover's match-winning chance), the first of equals.
    pub fn best_by(&self, value: impl Fn(&Probabilities) -> f32) -> Option<usize> {
        let mut best: Option<(f32, usize)> = None;
        for (i, r) in self.ratings.iter().enumerate() {
            let v = value(&r.probabilities);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// Frees buffers grown past `keep` entries (after an Express list of
    /// many thousand plays), so a long session holds only what it uses.
    pub fn trim(&mut self, keep: usize) {
        if self.ratings.capacity() > keep {
            *self = RateBuffers::default();
        }
    }
}

/// Rates every play of `plays` for the side making it into
/// `buffers.ratings` (same order): exact when the play ends the game or
/// leads to a position of an exact database the evaluator uses, else the
/// evaluator's probabilities for the position as the side rolling next
/// sees it, turned back to the mover's view. Returns how many positions the
/// evaluator was given.
pub fn rate_plays(
    evaluator: &dyn GameEvaluator<Plakoto>,
    rules: Rules,
    plays: &[Play],
    next: NextRoll,
    buffers: &mut RateBuffers,
) -> usize {
    let RateBuffers {
        positions,
        batch,
        open,
        ratings,
    } = buffers;
    let game = Plakoto::new(rules);
    positions.clear();
    open.clear();
    ratings.clear();
    // The evaluator's view back to the mover's.
    let for_mover = |v: Probabilities| match next {
        NextRoll::Mover => v,
        NextRoll::Opponent => v.flipped(),
    };
    let seen_of = |play: &Play| match next {
        NextRoll::Mover => play.position,
        NextRoll::Opponent => play.position.flip(),
    };
    for play in plays {
        match game_result(&play.position, rules.scoring) {
            Some(r) => ratings.push(PlayRating {
                probabilities: terminal_probabilities(&r),
                exact: true,
                database: None,
            }),
            None => {
                let seen = seen_of(play);
                if let Some((p, database)) = evaluator.exact_value(&game, &seen) {
                    ratings.push(PlayRating {
                        probabilities: for_mover(p),
                        exact: true,
                        database: Some(database),
                    });
                } else {
                    // Filled from the batch below.
                    open.push(ratings.len());
                    ratings.push(PlayRating::default());
                    positions.push(seen);
                }
            }
        }
    }
    evaluator.evaluate_open_batch(&game, positions, batch);
    for (&i, v) in open.iter().zip(batch.iter()) {
        ratings[i].probabilities = for_mover(*v);
    }
    positions.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::HeuristicEvaluator;
    use plakoto_rules::{Dice, MoveGenerator, PlayList, Variant};

    fn opening_plays() -> PlayList {
        let mut plays = PlayList::default();
        let numbers = Dice::new(6, 5).unwrap().numbers(Variant::Standard);
        MoveGenerator::default().generate(&Position::initial(), &numbers, &mut plays);
        plays
    }

    #[test]
    fn rated_from_the_side_rolling_next() {
        let plays = opening_plays();
        let rules = Rules::default();
        let e = HeuristicEvaluator::new();
        let mut buffers = RateBuffers::new();
        let n = rate_plays(&e, rules, &plays.plays, NextRoll::Opponent, &mut buffers);
        assert_eq!(n, plays.len());
        for (play, r) in plays.plays.iter().zip(&buffers.ratings) {
            let direct = e
                .evaluate(&Plakoto::new(rules), &play.position.flip())
                .flipped();
            assert_eq!(r.probabilities, direct);
            assert!(!r.exact);
        }
        rate_plays(&e, rules, &plays.plays, NextRoll::Mover, &mut buffers);
        for (play, r) in plays.plays.iter().zip(&buffers.ratings) {
            assert_eq!(
                r.probabilities,
                e.evaluate(&Plakoto::new(rules), &play.position)
            );
        }
        let best = buffers.best(rules).unwrap();
        let top = buffers.ratings[best].probabilities.equity(rules.scoring);
        assert!(
            buffers
                .ratings
                .iter()
                .all(|r| r.probabilities.equity(rules.scoring) <= top)
        );
    }

    #[test]
    fn r14_a_play_that_ends_the_game_is_scored_exactly() {
        // X's last checker bears off: every play wins.
        let position = plakoto_rules::parse_board_text("1:1 / 1:15").unwrap();
        let numbers = Dice::new(6, 5).unwrap().numbers(Variant::Standard);
        let mut plays = PlayList::default();
        MoveGenerator::default().generate(&position, &numbers, &mut plays);
        let rules = Rules::default();
        let mut buffers = RateBuffers::new();
        let n = rate_plays(
            &HeuristicEvaluator::new(),
            rules,
            &plays.plays,
            NextRoll::Opponent,
            &mut buffers,
        );
        assert_eq!(n, 0);
        assert!(!buffers.ratings.is_empty());
        for r in &buffers.ratings {
            assert!(r.exact);
            assert!(r.probabilities.win() == 1.0);
        }
    }
}
