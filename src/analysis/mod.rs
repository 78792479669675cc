//! Analysis of recorded games (`plakoto analyse`, the protocol's
//! `analyse game`): for every turn the best play at the chosen depth, the
//! equity the played one lost, a mark for the size of the loss, and the
//! luck of the roll; per player, the error rate, the marks, the luck and
//! a rating band. Thresholds and bands are documented in records.md.
//!
//! Turns are analysed in parallel (rayon), each worker with its own
//! searcher; the search is reached only through [`adapter`].

pub mod adapter;
pub mod cli;
pub mod html;
pub mod report;

use rayon::prelude::*;
use serde::Serialize;

use crate::eval::Evaluator;
use crate::game::{Side, TurnNumbers, position_id};
use crate::record::{Record, RecordError, Replay, ReplayedTurn, Roll};
use crate::search::SearchSettings;
use adapter::Searcher;

/// Loss (in points of equity) from which a play is marked doubtful.
pub const DOUBTFUL: f32 = 0.04;
/// Loss from which a play is marked bad.
pub const BAD: f32 = 0.08;
/// Loss from which a play is marked very bad.
pub const VERY_BAD: f32 = 0.16;

/// How a play is judged by its equity loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Lost less than [`DOUBTFUL`].
    None,
    /// Lost at least [`DOUBTFUL`].
    Doubtful,
    /// Lost at least [`BAD`].
    Bad,
    /// Lost at least [`VERY_BAD`].
    VeryBad,
}

impl Mark {
    /// The mark of a loss.
    pub fn of(loss: f32) -> Mark {
        if loss >= VERY_BAD {
            Mark::VeryBad
        } else if loss >= BAD {
            Mark::Bad
        } else if loss >= DOUBTFUL {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// As written in text reports (gnubg's `?!`, `?`, `??`).
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "?!",
            Mark::Bad => "?",
            Mark::VeryBad => "??",
        }
    }

    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very bad",
        }
    }
}

/// Rating bands by error rate (millipoints lost per unforced move), the
/// upper bound of each band first.
pub const RATING_BANDS: [(f64, &str); 8] = [
    (2.0, "supernatural"),
    (5.0, "world class"),
    (8.0, "expert"),
    (12.0, "advanced"),
    (18.0, "intermediate"),
    (26.0, "casual"),
    (35.0, "beginner"),
    (f64::INFINITY, "awful"),
];

/// The band of an error rate.
pub fn rating(error_rate: f64) -> &'static str {
    RATING_BANDS
        .iter()
        .find(|(upper, _)| error_rate < *upper)
        .map_or("awful", |(_, name)| name)
}

/// One analysed turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnAnalysis {
    /// Game number (1-based).
    pub game: usize,
    /// Turn number in the game (1-based).
    pub turn: usize,
    /// Who played.
    pub side: Side,
    /// The dice (`6-2`) or passed numbers (`passed 3 3`).
    pub roll: String,
    /// The play made.
    pub played: String,
    /// The best play found.
    pub best: String,
    /// Equity of the play made, for the side that played.
    pub played_equity: f32,
    /// Equity of the best play.
    pub best_equity: f32,
    /// `best_equity - played_equity`, never below 0.
    pub loss: f32,
    /// The mark for the loss.
    pub mark: Mark,
    /// Plays to choose from (1: forced, not counted in the error rate).
    pub candidates: usize,
    /// The roller's luck: the value of the roll drawn minus the average
    /// over all 21 rolls (0-ply), for the roller; `None` for passed numbers.
    pub luck: Option<f32>,
    /// X's equity before the roll (0-ply average over the rolls), for the
    /// equity chart; `None` for passed numbers.
    pub x_equity_before: Option<f32>,
    /// Position ID before the play (seen by the side that played).
    pub position_id: String,
    /// Match ID before the play.
    pub match_id: String,
}

/// Counts of each mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MarkCounts {
    /// Doubtful plays.
    pub doubtful: u32,
    /// Bad plays.
    pub bad: u32,
    /// Very bad plays.
    pub very_bad: u32,
}

/// One player's totals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerTotals {
    /// The side.
    pub side: Side,
    /// The player's name from the record.
    pub name: String,
    /// Turns played.
    pub moves: u32,
    /// Turns with a choice (more than one play).
    pub unforced: u32,
    /// Equity lost in all.
    pub total_loss: f64,
    /// Mean loss per unforced move, in millipoints.
    pub error_rate: f64,
    /// Marks.
    pub marks: MarkCounts,
    /// Sum of the luck of the player's rolls.
    pub luck: f64,
    /// The rating band of the error rate.
    pub rating: &'static str,
}

/// The analysis of a record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The search depth asked for.
    pub plies: u8,
    /// The evaluator.
    pub evaluator: String,
    /// Games analysed.
    pub games: usize,
    /// Every turn.
    pub turns: Vec<TurnAnalysis>,
    /// X's totals, then O's.
    pub players: [PlayerTotals; 2],
}

/// Analyses every turn of `record` at `plies`, on the current rayon pool,
/// calling `progress` after each turn (from any thread).
pub fn analyse(
    record: &Record,
    evaluator: &dyn Evaluator,
    settings: SearchSettings,
    plies: u8,
    progress: &(dyn Fn() + Sync),
) -> Result<Analysis, RecordError> {
    let replay = record.replay()?;
    Ok(analyse_replay(
        record, &replay, evaluator, settings, plies, progress,
    ))
}

/// [`analyse`] of a record already replayed.
pub fn analyse_replay(
    record: &Record,
    replay: &Replay,
    evaluator: &dyn Evaluator,
    settings: SearchSettings,
    plies: u8,
    progress: &(dyn Fn() + Sync),
) -> Analysis {
    let turns: Vec<TurnAnalysis> = replay
        .turns
        .par_iter()
        .with_max_len(1)
        .map_init(
            || Searcher::new(settings, plies),
            |searcher, t| {
                let a = analyse_turn(searcher, record, t, evaluator);
                progress();
                a
            },
        )
        .collect();
    let players = [Side::X, Side::O].map(|side| totals(record, &turns, side));
    Analysis {
        plies,
        evaluator: evaluator.name().to_string(),
        games: record.games.len(),
        turns,
        players,
    }
}

fn analyse_turn(
    searcher: &mut Searcher,
    record: &Record,
    t: &ReplayedTurn,
    evaluator: &dyn Evaluator,
) -> TurnAnalysis {
    let game = &t.before;
    let side = game.on_roll();
    let rules = game.rules();
    let turn = game.turn_numbers().expect("a replayed turn has numbers");
    let (ranked, reached) = searcher.rank(game.position(), &turn, rules, evaluator);
    let best = ranked.first();
    let played_rank = ranked.iter().find(|r| r.play.position == t.after);
    // The played play at the depth the best one had: the search may have
    // dropped it at a shallower level.
    let played_equity = match (played_rank, best) {
        (Some(p), Some(b)) if p.evaluated_at == b.evaluated_at => p.equity,
        _ => searcher
            .value_after(side, &t.next, evaluator, reached)
            .equity(rules.scoring),
    };
    let (best_text, best_equity, loss) = match best {
        Some(b) if b.play.position != t.after && b.equity > played_equity => (
            crate::game::format_play(game.position(), &b.play),
            b.equity,
            b.equity - played_equity,
        ),
        _ => (t.notation.clone(), played_equity, 0.0),
    };
    let (luck, x_equity_before) = match turn {
        TurnNumbers::Passed(_) => (None, None),
        TurnNumbers::Rolled(dice, _) => {
            let values = searcher.roll_values(game.position(), rules, evaluator);
            let average: f32 = values
                .iter()
                .map(|(_, w, v)| f32::from(*w) * v)
                .sum::<f32>()
                / 36.0;
            let drawn = values
                .iter()
                .find(|(d, _, _)| *d == dice.sorted())
                .map_or(average, |(_, _, v)| *v);
            let x = if side == Side::X { average } else { -average };
            (Some(drawn - average), Some(x))
        }
    };
    let match_id = crate::game::MatchId::of(
        game,
        &crate::game::MatchScore {
            length: record.header.match_length,
            score: t.score.score,
        },
    );
    TurnAnalysis {
        game: t.game + 1,
        turn: t.turn + 1,
        side,
        roll: Roll::of(&turn).to_string(),
        played: t.notation.clone(),
        best: best_text,
        played_equity,
        best_equity,
        loss,
        mark: Mark::of(loss),
        candidates: ranked.len(),
        luck,
        x_equity_before,
        position_id: position_id(game.position()),
        match_id: match_id.to_string(),
    }
}

fn totals(record: &Record, turns: &[TurnAnalysis], side: Side) -> PlayerTotals {
    let mine: Vec<&TurnAnalysis> = turns.iter().filter(|t| t.side == side).collect();
    let unforced: Vec<&&TurnAnalysis> = mine.iter().filter(|t| t.candidates > 1).collect();
    let total_loss: f64 = unforced.iter().map(|t| f64::from(t.loss)).sum();
    let error_rate = if unforced.is_empty() {
        0.0
    } else {
        1000.0 * total_loss / unforced.len() as f64
    };
    let mut marks = MarkCounts::default();
    for t in &mine {
        match t.mark {
            Mark::Doubtful => marks.doubtful += 1,
            Mark::Bad => marks.bad += 1,
            Mark::VeryBad => marks.very_bad += 1,
            Mark::None => {}
        }
    }
    PlayerTotals {
        side,
        name: match side {
            Side::X => record.header.x.clone(),
            Side::O => record.header.o.clone(),
        },
        moves: mine.len() as u32,
        unforced: unforced.len() as u32,
        total_loss,
        error_rate,
        marks,
        luck: mine.iter().filter_map(|t| t.luck).map(f64::from).sum(),
        rating: rating(error_rate),
    }
}
