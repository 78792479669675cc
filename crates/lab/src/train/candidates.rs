//! Decision-focused targets for `plakoto refine targets --candidates`:
//! instead of the position before a roll, the positions that a decision's
//! candidate plays reach, each labelled with the search's value of that
//! play at the full depth asked for.
//!
//! Why: the net chooses a play by comparing exactly these positions, so
//! they are where its errors cost equity. A 2-ply search of a decision
//! already values its best few plays at 2 ply (the plays its move filter
//! keeps); every one of them is a target at the price of a hint. Plays the
//! filter dropped at a shallower depth, and plays whose value is exact
//! (a finished game, a database), are not taught.

use crate::benchmark::build::decision_game;
use crate::benchmark::sample::SampledDecision;
use plakoto_engine::eval::features::OUTCOMES;
use plakoto_engine::eval::{GameEvaluator, NetEvaluator, Probabilities};
use plakoto_engine::game::plakoto_turn::{PlayLists, rank_turn};
use plakoto_engine::game::{Evaluation, GameAfter, GameSearch};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_rules::Plakoto;
use plakoto_rules::{Position, Rules};

use super::target_line::split_triples_like_net;

/// One candidate's target: the position after the play, seen by the side
/// to roll next (the opponent), with the search's distribution and
/// equity for that side.
#[derive(Clone, Debug, PartialEq)]
pub struct CandidateTarget {
    /// The position after the play, opponent on roll.
    pub position: Position,
    /// The search's distribution for the side on roll there.
    pub target: [f32; OUTCOMES],
    /// The search's equity for the side on roll there.
    pub equity: f32,
    /// The net's 0-ply equity of the same position.
    pub equity0: f32,
}

/// The targets of one decision: every candidate that the `plies`-deep
/// ranking by `search` (over `net`, with the default settings, the turn's
/// plays listed by `lists`) valued at that full depth (none when the
/// decision is not a game, or is forced in a way the search cannot rank).
pub fn candidate_targets(
    net: &NetEvaluator,
    search: &mut GameSearch<Plakoto>,
    lists: &mut PlayLists,
    decision: &SampledDecision,
    rules: Rules,
    plies: u8,
) -> Vec<CandidateTarget> {
    let Ok(game) = decision_game(rules, &decision.position, decision.turn) else {
        return Vec::new();
    };
    let settings = SearchSettings::default();
    let limits = SearchLimits::plies(plies);
    let Ok((_, ranking)) = rank_turn(search, net, &game, &settings, limits, lists, None) else {
        return Vec::new();
    };
    ranking
        .plays
        .iter()
        .filter(|r| r.evaluated_at == Evaluation::Plies { plies })
        .filter(|r| matches!(r.after, GameAfter::Opponent { pending: None }))
        .map(|r| {
            let position = r.play.position.flip();
            let seen_by_next: Probabilities = r.probabilities.flipped();
            let (target, equity) = split_triples_like_net(net, &position, &seen_by_next, rules);
            CandidateTarget {
                position,
                target,
                equity,
                equity0: net
                    .evaluate(&Plakoto::new(rules), &position)
                    .equity(rules.scoring),
            }
        })
        .collect()
}
