//! The one place the analysis calls the search: ranking a turn's plays,
//! valuing the play actually made at the same depth, and valuing each of
//! the 21 rolls for the luck. The search API is being reshaped; at a
//! merge, only this file should need to follow it.

use plakoto_engine::eval::{Evaluator, Probabilities};
use plakoto_engine::search::{RankedPlay, Root, Search, SearchLimits, SearchSettings, Valuation};
use plakoto_rules::{Dice, Game, GenLimits, MoveGenerator, Phase, Position, Rules, TurnNumbers};

/// Most plays listed at a turn's root (as the engine's own choice: Express
/// low doubles are searched by the beam past it).
const ROOT_LIMITS: GenLimits = GenLimits {
    max_positions: 50_000,
};

/// A searcher and its generator, one per worker thread, with the settings
/// and depth it searches with.
pub struct Searcher {
    search: Search,
    generator: MoveGenerator,
    settings: SearchSettings,
    limits: SearchLimits,
}

impl Searcher {
    /// A searcher at `plies` with the session's (or default) settings.
    pub fn new(settings: SearchSettings, plies: u8) -> Searcher {
        let mut settings = settings;
        settings.threads = 1;
        Searcher {
            search: Search::new(),
            generator: MoveGenerator::new(ROOT_LIMITS),
            settings,
            limits: SearchLimits::plies(plies),
        }
    }

    /// The turn's plays ranked at the searcher's depth, best first (by
    /// `valuation` when given: match-winning chances), and the depth
    /// reached.
    pub fn rank(
        &mut self,
        position: &Position,
        turn: &TurnNumbers,
        rules: Rules,
        evaluator: &dyn Evaluator,
        valuation: Option<&Valuation<'_>>,
    ) -> (Vec<RankedPlay>, u8) {
        let root = Root::new(position, turn, rules, evaluator);
        let mut ranking = self
            .search
            .rank(root, &mut self.generator, &self.settings, self.limits);
        if let Some(value) = valuation {
            ranking.order_deepest_by(value);
        }
        (ranking.plays, ranking.plies)
    }

    /// The value, for the side that played, of the game `after` a play
    /// (what the search would give that play at `plies`).
    pub fn value_after(
        &mut self,
        mover: plakoto_rules::Side,
        after: &Game,
        evaluator: &dyn Evaluator,
        plies: u8,
    ) -> Probabilities {
        let rules = after.rules();
        let passed = after.passed();
        let (p, _) = self.search.evaluate_position(
            after.position(),
            passed.as_ref(),
            rules,
            evaluator,
            &self.settings,
            SearchLimits::plies(plies),
        );
        // Over: the position is seen by the side that ended the game.
        if after.on_roll() == mover || after.phase() == Phase::Over {
            p
        } else {
            p.flipped()
        }
    }

    /// The probabilities for the roller of its best play by `value` with
    /// each of the 21 rolls at 0 plies, with the roll's weight out of 36.
    pub fn roll_values(
        &mut self,
        position: &Position,
        rules: Rules,
        evaluator: &dyn Evaluator,
        value: &Valuation<'_>,
    ) -> Vec<(Dice, u8, Probabilities)> {
        Dice::all_rolls()
            .map(|(dice, weight)| {
                let turn = TurnNumbers::Rolled(dice, dice.numbers(rules.variant));
                let root = Root::new(position, &turn, rules, evaluator);
                let static_limits = SearchLimits::plies(0);
                let ranking =
                    self.search
                        .rank(root, &mut self.generator, &self.settings, static_limits);
                let best = ranking
                    .plays
                    .iter()
                    .map(|r| r.probabilities)
                    .max_by(|x, y| value(x).total_cmp(&value(y)))
                    .unwrap_or_default();
                (dice, weight, best)
            })
            .collect()
    }
}
