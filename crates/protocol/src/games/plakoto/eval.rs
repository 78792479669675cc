//! Plakoto's `eval`, in its own words: the side on roll's chances before
//! it rolls, in any phase (before the opening roll too), with the numbers
//! passed to it played first (R21). Its `hint` and `rollout` are every
//! game's (`table/`).

use crate::match_value;
use crate::progress::ProgressBoard;
use crate::reply::{Chances, Reply, round};
use crate::session_search::SessionSearch;
use crate::state::SessionState;
use plakoto_engine::eval::Probabilities;
use plakoto_engine::game::plakoto_turn::value_before_roll;
use plakoto_rules::Plakoto;
use plakoto_rules::{TurnNumbers, game_result};

/// `eval`: the side on roll's chances before rolling, searched to the
/// session's plies (within its time budget, or `time_ms` for this one);
/// exact when the game is over.
pub(crate) fn eval(
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
    let in_match = match_value::of(state, game.on_roll());
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
