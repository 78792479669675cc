//! Pruning a roll's plays inside the search, as GNU Backgammon's pruning
//! nets do: an evaluator that can
//! ([`GameEvaluator::prunes`](crate::eval::GameEvaluator::prunes)) rates
//! every play cheaply
//! ([`GameEvaluator::prune_batch`](crate::eval::GameEvaluator::prune_batch)),
//! and only the [`SearchSettings::prune`](super::SearchSettings::prune)
//! plays it ranks best go on to the full rating and the search below it.
//!
//! Most of a search's evaluations are the static ratings of every play of
//! every roll at its inner nodes, of which it keeps one (the reply
//! filter): a rating that costs a fraction of the full one and ranks
//! the best play among its first few saves most of that work. The root's
//! candidates are never pruned, and an evaluator without a cheap rating
//! (the default) leaves every play to the full one.

use super::{EngineGame, GameEvaluator, game_equity};
use crate::eval::terminal_probabilities;

/// Buffers of [`prune_plays`], kept between calls.
pub(super) struct PruneScratch<G: EngineGame> {
    /// The plays' positions that the cheap rating is asked for.
    positions: Vec<G::Position>,
    /// Index in the plays of each of `positions`.
    open: Vec<u32>,
    /// The cheap ratings of `positions`: equities for their side on roll.
    values: Vec<f32>,
    /// (equity for the mover, index) of every play.
    order: Vec<(f32, u32)>,
    /// The plays kept, in the order the generator listed them.
    pub kept: Vec<G::Play>,
}

impl<G: EngineGame> Default for PruneScratch<G> {
    fn default() -> Self {
        PruneScratch {
            positions: Vec::new(),
            open: Vec::new(),
            values: Vec::new(),
            order: Vec::new(),
            kept: Vec::new(),
        }
    }
}

impl<G: EngineGame> PruneScratch<G> {
    /// The most plays these buffers hold without growing.
    pub fn capacity(&self) -> usize {
        self.order.capacity()
    }
}

/// Keeps in `scratch.kept` the `keep` plays of `plays` in `game` that
/// `evaluator`'s cheap rating ranks best for the mover (a play that ends
/// the game is rated by its result); the opponent rolls after them if
/// `opponent_next`, else the mover (Express numbers passed to it). Returns
/// `false`, keeping nothing, when there is nothing to prune: `keep` is 0
/// (pruning is off), there are no more plays than it keeps, or the
/// evaluator has no cheap rating.
pub(super) fn prune_plays<G: EngineGame>(
    game: &G,
    evaluator: &dyn GameEvaluator<G>,
    keep: usize,
    plays: &[G::Play],
    opponent_next: bool,
    scratch: &mut PruneScratch<G>,
) -> bool {
    if keep == 0 || plays.len() <= keep || !evaluator.prunes() {
        return false;
    }
    let PruneScratch {
        positions,
        open,
        values,
        order,
        kept,
    } = scratch;
    positions.clear();
    open.clear();
    order.clear();
    for (i, play) in plays.iter().enumerate() {
        let after = game.after(play);
        if let Some(result) = game.result(&after) {
            order.push((
                game_equity(game, &terminal_probabilities(&result)),
                i as u32,
            ));
            continue;
        }
        positions.push(if opponent_next {
            game.flip(&after)
        } else {
            after
        });
        open.push(i as u32);
    }
    evaluator.prune_batch(game, positions, values);
    for (&i, &v) in open.iter().zip(values.iter()) {
        order.push((if opponent_next { -v } else { v }, i));
    }
    // The best `keep`, the first of equals first; then back in the
    // generator's order, so that the full rating breaks ties as it would
    // among all the plays.
    order.select_nth_unstable_by(keep - 1, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    order.truncate(keep);
    order.sort_unstable_by_key(|&(_, i)| i);
    kept.clear();
    kept.extend(order.iter().map(|&(_, i)| plays[i as usize]));
    true
}
