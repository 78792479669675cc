//! The replies of Plakoto's analysis commands, `hint`, `rollout` and
//! `eval`: they search the session's position with Plakoto's searcher and
//! lists of plays (by match-winning chances in a match) and change
//! nothing, so they are built here, apart from the transaction in
//! [`super::session`].

use super::command::ROLLOUT_CANDIDATES;
use super::match_value;
use super::progress::{ProgressBoard, RolloutReporter};
use super::reply::{
    Candidate, Chances, ErrorCode, ProtoError, Reply, RolloutInfo, SearchInfo, round,
};
use super::session_search::SessionSearch;
use super::state::{SessionState, numbers_vec};
use plakoto_engine::eval::Probabilities;
use plakoto_engine::game::plakoto_turn::{rank_turn, value_before_roll};
use plakoto_engine::game::{GameRankedPlay, GameRanking, SearchLimits, Valuation};
use plakoto_engine::match_equity::MatchValue;
use plakoto_rules::tavli::Plakoto;
use plakoto_rules::{Game, TurnNumbers, format_play, game_result};

/// The match the side on roll plays, when the session is a match: its
/// candidates then go by match-winning chances (records.md).
pub(super) fn match_context(state: &SessionState) -> Option<MatchValue> {
    match_value::of(state, state.games.plakoto().on_roll())
}

/// Ranks the current turn's plays with Plakoto's searcher, within
/// `limits` (see [`rank_turn`]).
fn search_turn(
    state: &SessionState,
    search: &mut SessionSearch,
    progress: &ProgressBoard,
    limits: SearchLimits,
) -> Result<(TurnNumbers, GameRanking<Plakoto>), ProtoError> {
    let deadline = limits.deadline();
    progress.update(|s| s.deadline = deadline);
    let in_match = match_context(state);
    let mwc = in_match.as_ref().map(|m| move |p: &Probabilities| m.mwc(p));
    let settings = *search.settings();
    let (searcher, evaluator, lists) = search.plakoto();
    rank_turn(
        searcher,
        evaluator,
        &state.games.plakoto(),
        &settings,
        limits,
        lists,
        mwc.as_ref().map(|f| f as &Valuation),
    )
    .map_err(ProtoError::from)
}

/// How a ranking was searched, for replies: the limits it was given.
fn search_info(search: &SessionSearch, ranking: &GameRanking<Plakoto>) -> SearchInfo {
    // Cut short with a stop set: the stop did it (a deadline passing at
    // the same moment is not told apart).
    let stopped = ranking.timed_out && search.stop().is_set();
    SearchInfo {
        evaluator: search.get::<Plakoto>().evaluator.name().to_string(),
        plies: ranking.limits.plies,
        reached: ranking.plies,
        movefilter: search.settings().filter.preset.to_string(),
        time_ms: ranking.limits.time_ms,
        timed_out: ranking.timed_out && !stopped,
        stopped,
    }
}

/// A hint row.
fn candidate(game: &Game, rank: usize, ranked: &GameRankedPlay<Plakoto>, best: f32) -> Candidate {
    Candidate {
        rank,
        play: format_play(game.position(), &ranked.play),
        equity: round(ranked.equity, 4),
        difference: round(ranked.equity - best, 4),
        chances: Chances::new(&ranked.probabilities, game.rules().scoring),
        evaluation: ranked.evaluated_at.to_string(),
        evaluated_at: ranked.evaluated_at,
        mwc: None,
    }
}

pub(super) fn hint(
    state: &SessionState,
    search: &mut SessionSearch,
    progress: &ProgressBoard,
    count: usize,
    time_ms: Option<u64>,
) -> Result<Reply, ProtoError> {
    let game = state.games.plakoto();
    let limits = search.limits().with_time(time_ms);
    let (turn, ranking) = search_turn(state, search, progress, limits)?;
    let best = ranking.plays.first().map_or(0.0, |r| r.equity);
    let in_match = match_context(state);
    let candidates = ranking
        .plays
        .iter()
        .take(count)
        .enumerate()
        .map(|(i, r)| Candidate {
            mwc: in_match.as_ref().map(|m| round(m.mwc(&r.probabilities), 4)),
            ..candidate(&game, i + 1, r, best)
        })
        .collect();
    Ok(Reply::Hint {
        side: game.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: ranking.plays.len(),
        incomplete: ranking.truncated,
        search: search_info(search, &ranking),
        candidates,
    })
}

/// `rollout [N]`: the best [`ROLLOUT_CANDIDATES`] of the search played
/// out. Progress goes to the log (stderr), never to the reply.
pub(super) fn rollout(
    state: &SessionState,
    search: &mut SessionSearch,
    board: &ProgressBoard,
    trials: Option<u32>,
) -> Result<Reply, ProtoError> {
    let game = state.games.plakoto();
    let limits = search.limits();
    let (turn, ranking) = search_turn(state, search, board, limits)?;
    // `rollout N` gives this rollout its trials; the session's settings
    // keep theirs.
    let mut rollout = search.settings().rollout;
    if let Some(t) = trials {
        rollout.trials = t;
    }
    let top = &ranking.plays[..ranking.plays.len().min(ROLLOUT_CANDIDATES)];
    let names: Vec<String> = top
        .iter()
        .map(|r| format_play(game.position(), &r.play))
        .collect();
    // The ranking's caches are done with: freed, and their pages handed
    // back (the players allocate on their own threads, from another of the
    // allocator's heaps), before the rollout's players fill theirs (the
    // session's cache budget, shared among them), so that a rollout never
    // holds the two budgets at once.
    search.trim_keeping_listing();
    crate::heap::release_free_memory();
    let reporter = RolloutReporter::new(board, names);
    let mut settings = *search.settings();
    settings.rollout = rollout;
    let (searcher, evaluator) = search.searcher::<Plakoto>();
    let rolled = searcher
        .rollout_plays(
            &Plakoto::new(game.rules()),
            evaluator,
            top,
            &settings,
            &|p| reporter.report(p),
        )
        .map_err(|error| ProtoError::new(ErrorCode::InvalidArgument, error.to_string()))?;
    let best = rolled.first().map_or(0.0, |r| r.equity);
    Ok(Reply::Rollout {
        side: game.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: ranking.plays.len(),
        search: search_info(search, &ranking),
        rollout: RolloutInfo::of(
            search.get::<Plakoto>().evaluator.name(),
            &rollout,
            rolled.first().map(|r| r.evaluated_at),
            search.stop().is_set(),
        ),
        candidates: rolled
            .iter()
            .enumerate()
            .map(|(i, r)| candidate(&game, i + 1, r, best))
            .collect(),
    })
}

/// `eval`: the side on roll's chances before rolling, searched to the
/// session's plies (within its time budget, or `time_ms` for this one);
/// exact when the game is over.
pub(super) fn eval(
    state: &SessionState,
    search: &mut SessionSearch,
    progress: &ProgressBoard,
    time_ms: Option<u64>,
) -> Reply {
    let game = state.games.plakoto();
    let over = game_result(game.position(), game.rules().scoring).is_some();
    let passed = matches!(game.turn_numbers(), Some(TurnNumbers::Passed(_)));
    // A position an exact database answers (before a roll) needs no
    // search, and the reply says so.
    let plakoto = Plakoto::new(game.rules());
    let database = match (over, passed) {
        (false, false) => search
            .get::<Plakoto>()
            .evaluator
            .exact_value(&plakoto, game.position()),
        _ => None,
    };
    // In a match, the chances as match-winning chances too.
    let in_match = match_context(state);
    let mwc = |p: &Probabilities| in_match.as_ref().map(|m| round(m.mwc(p), 4));
    if let Some((p, database)) = database {
        return Reply::Eval {
            side: game.on_roll(),
            chances: Chances::new(&p, game.rules().scoring),
            evaluation: format!("exact ({database})"),
            plies: 0,
            mwc: mwc(&p),
            timed_out: false,
            stopped: false,
        };
    }
    let limits = search.limits().with_time(time_ms);
    let deadline = limits.deadline();
    progress.update(|s| s.deadline = deadline);
    let passed = match game.turn_numbers() {
        Some(TurnNumbers::Passed(numbers)) => Some(numbers),
        _ => None,
    };
    let settings = *search.settings();
    let (searcher, evaluator) = search.searcher::<Plakoto>();
    let (p, reached) = value_before_roll(
        searcher,
        evaluator,
        game.position(),
        passed,
        game.rules(),
        &settings,
        limits,
    );
    let stopped = !over && reached < limits.plies && search.stop().is_set();
    Reply::Eval {
        side: game.on_roll(),
        chances: Chances::new(&p, game.rules().scoring),
        evaluation: if over {
            "exact".into()
        } else {
            format!("{reached}-ply {}", search.get::<Plakoto>().evaluator.name())
        },
        plies: if over { 0 } else { reached },
        mwc: mwc(&p),
        timed_out: !over && reached < limits.plies && !stopped,
        stopped,
    }
}
