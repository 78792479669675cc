//! `rollout [N]` in a game of the table: the best candidates of the
//! game's search played out by the engine's rollout over the game layer
//! ([`plakoto_engine::game::rollout`]), under the session's rollout
//! settings, and answered as Plakoto's `rollout` is (the same reply, its
//! progress on the same board, ended early by the same `stop`).

use plakoto_engine::eval::Probabilities;

use super::hooks::TableProtocol;
use super::search::{candidates, search_info};
use crate::command::ROLLOUT_CANDIDATES;
use crate::match_value;
use crate::progress::RolloutReporter;
use crate::reply::{ErrorCode, ProtoError, Reply, RolloutInfo};
use crate::state::SessionState;
use crate::state::numbers;
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
    let table = G::table(state);
    let dice = table
        .require_dice()
        .map_err(|e| ProtoError::from(plakoto_rules::GameError::State(e)))?;
    let game = table.game();
    let limits = tools.search.limits();
    let deadline = limits.deadline();
    tools.progress.update(|s| s.deadline = deadline);
    let settings = *tools.search.settings();
    // `rollout N` gives this rollout its trials; the session's settings
    // keep theirs.
    let mut rollout_settings = settings;
    if let Some(t) = trials {
        rollout_settings.rollout.trials = t;
    }
    let (searcher, evaluator) = tools.search.searcher::<G>();
    let mut ranking = searcher.rank(&game, evaluator, table.position(), dice, &settings, limits);
    if let Some(value) = match_value::of(state, table.on_roll()) {
        ranking.order_deepest_by(&|p: &Probabilities| value.mwc(p));
    }
    let top = &ranking.plays[..ranking.plays.len().min(ROLLOUT_CANDIDATES)];
    let names = top
        .iter()
        .map(|r| game.format_play(table.position(), &r.play))
        .collect();
    let reporter = RolloutReporter::new(tools.progress, names);
    let rolled = searcher
        .rollout_plays(&game, evaluator, top, &rollout_settings, &|p| {
            reporter.report(p)
        })
        .map_err(|error| ProtoError::new(ErrorCode::InvalidArgument, error.to_string()))?;
    let stop = searcher.stop();
    Ok(Reply::Rollout {
        side: table.on_roll(),
        numbers: numbers(&game, dice),
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
