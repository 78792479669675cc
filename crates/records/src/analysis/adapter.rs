//! The analysis's searches, all through the search handle: ranking a
//! turn's plays, valuing the play actually made at the same depth, and
//! valuing each of the 21 rolls for the luck.

use plakoto_engine::eval::Probabilities;
use plakoto_engine::search::{RankedPlay, SearchHandle, SearchLimits, Valuation};
use plakoto_rules::{Dice, Game, Phase, Position, Rules, TurnNumbers};

/// The plays of `game`'s turn ranked at `plies`, best first (the deepest
/// by `value` when given: the analysis's match value), and the depth
/// reached.
pub fn rank(
    search: &mut SearchHandle,
    game: &Game,
    plies: u8,
    value: Option<&Valuation<'_>>,
) -> (Vec<RankedPlay>, u8) {
    let limits = SearchLimits::plies(plies);
    // A replayed turn always has a play; were it to have none, the turn
    // is analysed as having no candidate.
    let Ok((_, mut ranking)) = search.rank(game, None, limits) else {
        return (Vec::new(), limits.plies);
    };
    if let Some(value) = value {
        ranking.order_deepest_by(value);
    }
    (ranking.plays, ranking.plies)
}

/// The value, for the side that played, of the game `after` a play
/// (what the search would give that play at `plies`).
pub fn value_after(
    search: &mut SearchHandle,
    mover: plakoto_rules::Side,
    after: &Game,
    plies: u8,
) -> Probabilities {
    let passed = after.passed();
    let (p, _) = search.eval_position(
        after.position(),
        passed.as_ref(),
        after.rules(),
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
    search: &mut SearchHandle,
    position: &Position,
    rules: Rules,
    value: &Valuation<'_>,
) -> Vec<(Dice, u8, Probabilities)> {
    Dice::all_rolls()
        .map(|(dice, weight)| {
            let turn = TurnNumbers::Rolled(dice, dice.numbers(rules.variant));
            let ranking = search.rank_roll(position, &turn, rules, SearchLimits::plies(0));
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
