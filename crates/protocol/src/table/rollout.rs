//! `rollout [N]` in a game of the table: the best candidates of the
//! game's search played out by the engine's rollout over the game layer
//! ([`plakoto_engine::game::rollout`]), under the session's rollout
//! settings, and answered as Plakoto's `rollout` is (the same reply, its
//! progress on the same board, ended early by the same `stop`).

use super::hooks::TableProtocol;
use super::search::{RankedTurn, candidates, rank_current, search_info, turn_numbers};
use crate::command::ROLLOUT_CANDIDATES;
use crate::progress::RolloutReporter;
use crate::reply::{ErrorCode, ProtoError, Reply, RolloutInfo};
use crate::state::SessionState;
use crate::tools::Tools;

/// `rollout [N]`: the best [`ROLLOUT_CANDIDATES`] plays of the roll, as
/// the search ranks them (in a match by match-winning chances, as `hint`),
/// each played out `N` times (the session's `set rollout trials` when no
/// `N`), re-ranked by their mean equity. Changes nothing.
pub(super) fn rollout<G: TableProtocol>(
    state: &SessionState,
    tools: &mut Tools,
    trials: Option<u32>,
) -> Result<Reply, ProtoError> {
    let limits = tools.search.limits();
    let RankedTurn {
        to_play, ranking, ..
    } = rank_current::<G>(state, tools, limits)?;
    let table = G::table(state);
    let game = table.game();
    let settings = *tools.search.settings();
    // `rollout N` gives this rollout its trials; the session's settings
    // keep theirs.
    let mut rollout_settings = settings;
    if let Some(t) = trials {
        rollout_settings.rollout.trials = t;
    }
    // The ranking's caches are done with: freed, and their pages handed
    // back (the players allocate on their own threads, from another of the
    // allocator's heaps), before the rollout's players fill theirs (the
    // session's cache budget, shared among them), so that a rollout never
    // holds the two budgets at once.
    tools.search.trim_keeping_listing();
    tools.search.release_caches();
    crate::heap::release_free_memory();
    let top = &ranking.plays[..ranking.plays.len().min(ROLLOUT_CANDIDATES)];
    let names = top
        .iter()
        .map(|r| game.format_play(table.position(), &r.play))
        .collect();
    let reporter = RolloutReporter::new(tools.progress, names);
    let (searcher, evaluator) = tools.search.searcher::<G>();
    let rolled = searcher
        .rollout_plays(&game, evaluator, top, &rollout_settings, &|p| {
            reporter.report(p)
        })
        .map_err(|error| ProtoError::new(ErrorCode::InvalidArgument, error.to_string()))?;
    let stop = searcher.stop();
    Ok(Reply::Rollout {
        side: table.on_roll(),
        numbers: turn_numbers(&game, &to_play),
        count: ranking.plays.len(),
        search: search_info(
            &settings,
            evaluator.name(),
            ranking.limits,
            ranking.plies,
            ranking.timed_out,
            stop,
        ),
        rollout: RolloutInfo::of(
            evaluator.name(),
            &rollout_settings.rollout,
            rolled.first().map(|r| r.evaluated_at),
            stop.is_set(),
        ),
        // As Plakoto's: rows by mean equity, without match-winning chances.
        candidates: candidates(&game, table.position(), &rolled, rolled.len(), None),
    })
}
