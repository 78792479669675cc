//! The search of the turn to play, and what it answers as replies: the
//! turn ranked (`hint`, `rollout`), hint and rollout rows, the search's
//! settings, chances valued by the game's scoring.

use plakoto_engine::eval::Probabilities;
use plakoto_engine::game::{GameRankedPlay, GameRanking, Root, game_equity};
use plakoto_engine::game::{SearchLimits, SearchSettings, Stop};
use plakoto_rules::tavli::CarriedNumbers;
use plakoto_rules::tavli::ToPlay;

use super::hooks::TableProtocol;
use crate::match_value;
use crate::reply::{Candidate, Chances, ProtoError, SearchInfo, round};
use crate::state::{SessionState, numbers};
use crate::tools::Tools;
use plakoto_engine::match_equity::MatchValue;

/// The turn to play, ranked ([`rank_current`]).
pub(crate) struct RankedTurn<G: TableProtocol> {
    /// What is to be played: the dice, or numbers carried on (R21).
    pub to_play: ToPlay<G::Carried>,
    /// Its plays, best first.
    pub ranking: GameRanking<G>,
    /// The match's valuation of the plays; `None` in money play.
    pub in_match: Option<MatchValue>,
}

/// The turn of the session's game of `G` ranked by its searcher within
/// `limits` (in a match, the candidates searched deepest by match-winning
/// chance), with what is to be played and the match's valuation, which
/// the rows' match-winning chances come from. The root's plays are listed
/// at most [`SessionSearch::choice_limit`](crate::session_search::SessionSearch::choice_limit)
/// long (an Express low double's millions of plays are cut there, or
/// searched by the Express beam, R20; the ranking says so in
/// `truncated`).
pub(crate) fn rank_current<G: TableProtocol>(
    state: &SessionState,
    tools: &mut Tools,
    limits: SearchLimits,
) -> Result<RankedTurn<G>, ProtoError> {
    let table = G::table(state);
    let to_play = table.to_play().map_err(ProtoError::from)?;
    let game = table.game();
    let deadline = limits.deadline();
    tools.progress.update(|s| s.deadline = deadline);
    let settings = *tools.search.settings();
    let mut generator = game.generator_listing_at_most(tools.search.choice_limit());
    let (searcher, evaluator) = tools.search.searcher::<G>();
    let root = Root::new(&game, evaluator, table.position(), &to_play);
    let mut ranking = searcher.rank_turn_generated(root, &mut generator, &settings, limits);
    let in_match = match_value::of(state, table.on_roll());
    if let Some(value) = &in_match {
        ranking.order_deepest_by(&|p: &Probabilities| value.mwc(p));
    }
    Ok(RankedTurn {
        to_play,
        ranking,
        in_match,
    })
}

/// The numbers of a turn, as replies list them: the dice's (under the
/// game's rules) or those carried to the side on roll.
pub(crate) fn turn_numbers<G: TableProtocol>(game: &G, to_play: &ToPlay<G::Carried>) -> Vec<u8> {
    match to_play {
        ToPlay::Dice(dice) => numbers(game, *dice),
        ToPlay::Carried(carried) => CarriedNumbers::numbers(carried),
    }
}

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
            chances: chances(game, &ranked.probabilities),
            evaluation: ranked.evaluated_at.to_string(),
            evaluated_at: ranked.evaluated_at,
            mwc: in_match.map(|m| round(m.mwc(&ranked.probabilities), 4)),
        })
        .collect()
}

/// Rounded chances, with their equity under `game`'s scoring (the
/// chances' own: a luck-adjusted rollout's row equity may differ) and the
/// game's result columns.
pub(crate) fn chances<G: TableProtocol>(
    game: &G,
    p: &plakoto_engine::eval::Probabilities,
) -> Chances {
    let plakoto = Chances::new(p, plakoto_rules::Scoring::Standard);
    Chances {
        equity: round(game_equity(game, p), 4),
        columns: crate::reply::ResultColumns::of(G::KIND),
        ..plakoto
    }
}
