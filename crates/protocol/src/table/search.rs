//! What the search of the games of the table answers, as replies: hint
//! and rollout rows, the search's settings, chances valued by the game's
//! scoring.

use plakoto_engine::game::GameRankedPlay;
use plakoto_engine::game::{SearchLimits, SearchSettings, Stop};

use super::hooks::TableProtocol;
use crate::reply::{Candidate, Chances, SearchInfo, round};
use plakoto_engine::match_equity::MatchValue;

/// The settings, limits and stop of a search under `settings`, the
/// session's, which `set` commands change for every game.
pub(crate) fn search_info(
    settings: &SearchSettings,
    evaluator: &str,
    ranking_limits: SearchLimits,
    reached: u8,
    cut_short: bool,
    stop: &Stop,
) -> SearchInfo {
    let stopped = cut_short && stop.is_set();
    SearchInfo {
        evaluator: evaluator.to_string(),
        plies: ranking_limits.plies,
        reached,
        movefilter: settings.filter.preset.to_string(),
        time_ms: ranking_limits.time_ms,
        timed_out: cut_short && !stopped,
        stopped,
    }
}

/// The hint rows of the first `count` of `plays` (ranked, best first),
/// each with its match-winning chance in a match (`in_match`).
pub(crate) fn candidates<G: TableProtocol>(
    game: &G,
    before: &G::Position,
    plays: &[GameRankedPlay<G>],
    count: usize,
    in_match: Option<&MatchValue>,
) -> Vec<Candidate> {
    let best = plays.first().map_or(0.0, |r| r.equity);
    plays
        .iter()
        .take(count)
        .enumerate()
        .map(|(i, ranked)| Candidate {
            rank: i + 1,
            play: game.format_play(before, &ranked.play),
            equity: round(ranked.equity, 4),
            difference: round(ranked.equity - best, 4),
            chances: chances(&ranked.probabilities, ranked.equity, G::KIND),
            evaluation: ranked.evaluated_at.to_string(),
            evaluated_at: ranked.evaluated_at,
            mwc: in_match.map(|m| round(m.mwc(&ranked.probabilities), 4)),
        })
        .collect()
}

/// Rounded chances with the game's equity (the game's scoring, not
/// Plakoto's, values them).
pub(crate) fn chances(
    p: &plakoto_engine::eval::Probabilities,
    equity: f32,
    game: plakoto_rules::GameKind,
) -> Chances {
    let plakoto = Chances::new(p, plakoto_rules::Scoring::Standard);
    Chances {
        equity: round(equity, 4),
        columns: crate::reply::ResultColumns::of(game),
        ..plakoto
    }
}
