//! Analysis of a record of any game: every turn's play against the best
//! play of a [`GameSearch`] at the plies asked, valued by the game's
//! equity ([`game_equity`]) or, in a match, by the mover's match-winning
//! chances (a game of a Tavli match at its place in the Tavli match equity
//! table; a Plakoto match by Plakoto's own table; a Portes or Fevga match
//! by the Tavli table of a sequence of that one game), the luck of each
//! roll (none for numbers passed on, R21), and the players' totals.

use std::sync::Arc;

use rayon::prelude::*;

use super::{Analysis, Mark, PlayerTotals, TurnAnalysis, totals};
pub use crate::record::BoardCounts;
use crate::record::{
    GameOnRecord, Record, RecordError, Roll, TableReplay, TableReplayedTurn, recorded_starter,
};
use plakoto_engine::eval::{Probabilities, terminal_probabilities};
use plakoto_engine::game::{GameEvaluator, GameSearch, Root, game_equity};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_engine::match_equity::MatchValue;
use plakoto_engine::match_equity::tavli::{TavliEquityTable, TavliGameInMatch, TavliSwitches};
use plakoto_rules::tavli::CarriedNumbers;
use plakoto_rules::tavli::{TableGame, ToPlay};
use plakoto_rules::{Dice, MatchScore, Phase, Side};

/// Replays a record of the game `G` and analyses every turn at `plies`
/// with `evaluator` and `settings` (its move filters), on the current
/// rayon pool, calling `progress` after each turn.
pub fn analyse_game<G: GameOnRecord>(
    record: &Record,
    evaluator: &dyn GameEvaluator<G>,
    settings: &SearchSettings,
    plies: u8,
    progress: &(dyn Fn() + Sync),
) -> Result<Analysis, RecordError> {
    let replay = record.replay_game::<G>()?;
    Ok(analyse_table(
        record, &replay, evaluator, settings, plies, None, progress,
    ))
}

/// Analyses every turn of a record already replayed, as
/// [`analyse_game`] says; `tavli`: the record is one game of a Tavli
/// match, valued by the Tavli match equity table (else a match record is
/// valued by its game's own table, or the Tavli table of its one game).
pub fn analyse_table<G: GameOnRecord>(
    record: &Record,
    replay: &TableReplay<G>,
    evaluator: &dyn GameEvaluator<G>,
    settings: &SearchSettings,
    plies: u8,
    tavli: Option<&TavliGameInMatch>,
    progress: &(dyn Fn() + Sync),
) -> Analysis {
    // The turns are the parallelism: each worker searches on one thread.
    let settings = SearchSettings {
        threads: 1,
        ..*settings
    };
    let own_match = OwnMatch::of::<G>(record);
    let turns: Vec<TurnAnalysis> = replay
        .turns
        .par_iter()
        .with_max_len(1)
        .map_init(GameSearch::<G>::new, |search, t| {
            let place = match tavli {
                Some(game) => Some(game.clone()),
                None => own_match.as_ref().map(|m| m.place(record, t)),
            };
            let a = analyse_turn(
                search,
                evaluator,
                &settings,
                record,
                t,
                plies,
                place.as_ref(),
            );
            progress();
            a
        })
        .collect();
    let players: [PlayerTotals; 2] = [Side::X, Side::O].map(|side| totals(record, &turns, side));
    Analysis {
        game: G::KIND,
        plies,
        evaluator: evaluator.name().to_string(),
        match_length: record.header.match_length,
        games: record.games.len(),
        turns,
        players,
        game_ends: replay.ends.clone(),
        tavli_kinds: Vec::new(),
    }
}

/// A match record of one game kind without a table of its own (a Portes
/// or Fevga match outside Tavli): the Tavli table of a sequence of that
/// game alone, built once.
struct OwnMatch {
    switches: Arc<TavliSwitches>,
    table: Arc<TavliEquityTable>,
}

impl OwnMatch {
    /// The table of `record`'s match; `None` for money play, or a game
    /// valued by a table of its own.
    fn of<G: GameOnRecord>(record: &Record) -> Option<OwnMatch> {
        let header = &record.header;
        if header.match_length == 0 || super::own_match_table(header) {
            return None;
        }
        let switches = TavliSwitches::one_game(
            G::KIND,
            u32::from(header.match_length),
            header.tavli_games(),
        );
        let table = Arc::new(switches.table());
        Some(OwnMatch {
            switches: Arc::new(switches),
            table,
        })
    }

    /// Turn `t`'s game in the match: its score, and its starter as the
    /// record says (the side on roll for a game set by hand).
    fn place<G: GameOnRecord>(
        &self,
        record: &Record,
        t: &TableReplayedTurn<G>,
    ) -> TavliGameInMatch {
        let starter = record
            .games
            .get(t.game)
            .and_then(|g| recorded_starter(&g.start))
            .unwrap_or_else(|| t.before.on_roll());
        TavliGameInMatch {
            switches: Arc::clone(&self.switches),
            table: Arc::clone(&self.table),
            game_index: 0,
            score: t.score.score,
            starter,
        }
    }
}

fn analyse_turn<G: GameOnRecord>(
    search: &mut GameSearch<G>,
    evaluator: &dyn GameEvaluator<G>,
    settings: &SearchSettings,
    record: &Record,
    t: &TableReplayedTurn<G>,
    plies: u8,
    tavli: Option<&TavliGameInMatch>,
) -> TurnAnalysis {
    let table = &t.before;
    let game = table.game();
    let side = table.on_roll();
    let to_play = table.to_play().expect("a replayed turn has numbers");
    let score = MatchScore {
        length: record.header.match_length,
        score: t.score.score,
    };
    // In a match, plays are valued by the mover's MWC at the score before
    // the game, written as normalised equity (records.md, "Analysis").
    let context = match tavli {
        Some(game) => game.context(side).map(MatchValue::Tavli),
        None => game.own_match_value(&score, side),
    };
    let value = |p: &Probabilities| match &context {
        None => game_equity(&game, p),
        Some(c) => c.normalised(p),
    };
    let mwc = |p: &Probabilities| context.as_ref().map(|c| c.mwc(p));
    // The root listed as a record's plays are checked (bounded where a
    // game's turns can have millions of plays, R20).
    let mut generator = game.record_generator();
    let root = Root::new(&game, evaluator, table.position(), &to_play);
    let mut ranking =
        search.rank_turn_generated(root, &mut generator, settings, SearchLimits::plies(plies));
    if context.is_some() {
        ranking.order_deepest_by(&value);
    }
    let best = ranking.plays.first();
    let played_rank = ranking
        .plays
        .iter()
        .find(|r| game.after(&r.play) == t.after);
    // The played play at the depth the best one had: the move filters may
    // have dropped it at a shallower level.
    let played = match (played_rank, best) {
        (Some(p), Some(b)) if p.evaluated_at == b.evaluated_at => p.probabilities,
        _ => value_after(search, evaluator, settings, side, &t.next, ranking.plies),
    };
    let played_equity = value(&played);
    let (best_text, best_p) = match best {
        Some(b) if game.after(&b.play) != t.after && value(&b.probabilities) > played_equity => {
            (game.format_play(table.position(), &b.play), b.probabilities)
        }
        _ => (t.notation.clone(), played),
    };
    let best_equity = value(&best_p);
    // The luck of a roll; numbers passed on are no roll (R21).
    let (roll, luck, luck_mwc, x_equity_before) = match to_play {
        ToPlay::Carried(carried) => (
            Roll::Passed(CarriedNumbers::numbers(&carried)),
            None,
            None,
            None,
        ),
        ToPlay::Dice(dice) => {
            let rolls =
                RollValues::of(search, evaluator, settings, &game, table.position(), &value);
            let before = rolls.mean(&value);
            let luck = rolls.luck(dice, &value);
            let luck_mwc = context.as_ref().map(|c| rolls.luck(dice, &|p| c.mwc(p)));
            let x = if side == Side::X { before } else { -before };
            (
                Roll::Dice([dice.0.pips(), dice.1.pips()]),
                Some(luck),
                luck_mwc,
                Some(x),
            )
        }
    };
    let loss = best_equity - played_equity;
    let mark = Mark::of(loss);
    let boards = || Some([G::board(table.position())?, G::board(&t.after)?]);
    TurnAnalysis {
        game: t.game + 1,
        turn: t.turn + 1,
        side,
        roll: roll.to_string(),
        played: t.notation.clone(),
        best: best_text,
        played_equity,
        best_equity,
        loss,
        mark,
        candidates: ranking.plays.len(),
        luck,
        x_equity_before,
        played_mwc: mwc(&played),
        best_mwc: mwc(&best_p),
        mwc_loss: mwc(&best_p).zip(mwc(&played)).map(|(b, p)| b - p),
        luck_mwc,
        position_id: game.position_id(table.position()),
        match_id: G::match_id(table, &score),
        boards: if mark == Mark::None { None } else { boards() },
    }
}

/// The value, for the side that played, of the game `next` a play left,
/// searched to `plies` as the ranking's plays were (no exact database at
/// its root: the position is valued as the ranked plays are): the
/// opponent's before it rolls, or the mover's after numbers passed to it
/// (R21), or the game's end.
fn value_after<G: GameOnRecord>(
    search: &mut GameSearch<G>,
    evaluator: &dyn GameEvaluator<G>,
    settings: &SearchSettings,
    mover: Side,
    next: &TableGame<G>,
    plies: u8,
) -> Probabilities {
    let game = next.game();
    let p = match game.result(next.position()) {
        Some(result) => terminal_probabilities(&result),
        None => {
            let limits = SearchLimits::plies(plies);
            let carried = next.carried();
            let position = next.position();
            search
                .search_value(&game, evaluator, position, carried, settings, limits)
                .0
        }
    };
    // Over: the position is seen by the side that ended the game.
    if next.on_roll() == mover || next.phase() == Phase::Over {
        p
    } else {
        p.flipped()
    }
}

/// The roller's best play with each of the 21 rolls at 0 plies, by the
/// analysis's value: what the luck of the roll drawn is measured against.
struct RollValues {
    /// Each roll, its weight out of 36, and its best play's probabilities
    /// (`None`: no play, the roll is valued as the position's draw).
    rolls: Vec<(Dice, u8, Option<Probabilities>)>,
}

impl RollValues {
    fn of<G: GameOnRecord>(
        search: &mut GameSearch<G>,
        evaluator: &dyn GameEvaluator<G>,
        settings: &SearchSettings,
        game: &G,
        position: &G::Position,
        value: &dyn Fn(&Probabilities) -> f32,
    ) -> RollValues {
        let mut generator = game.record_generator();
        let rolls = Dice::all_rolls()
            .map(|(dice, weight)| {
                let turn = ToPlay::Dice(dice);
                let root = Root::new(game, evaluator, position, &turn);
                let limits = SearchLimits::plies(0);
                let ranking = search.rank_turn_generated(root, &mut generator, settings, limits);
                let best = ranking
                    .plays
                    .iter()
                    .map(|r| r.probabilities)
                    .max_by(|a, b| value(a).total_cmp(&value(b)));
                (dice, weight, best)
            })
            .collect();
        RollValues { rolls }
    }

    /// The value `f` of roll `dice`'s best play (0 with no play).
    fn value_of(f: &dyn Fn(&Probabilities) -> f32, best: &Option<Probabilities>) -> f32 {
        best.as_ref().map_or(0.0, f)
    }

    /// The roller's mean value `f` over the rolls: its value before the
    /// roll.
    fn mean(&self, f: &dyn Fn(&Probabilities) -> f32) -> f32 {
        self.rolls
            .iter()
            .map(|(_, w, best)| f32::from(*w) * Self::value_of(f, best))
            .sum::<f32>()
            / 36.0
    }

    /// The luck of `drawn` in `f`: its value minus the mean.
    fn luck(&self, drawn: Dice, f: &dyn Fn(&Probabilities) -> f32) -> f32 {
        let value = self
            .rolls
            .iter()
            .find(|(d, _, _)| *d == drawn.sorted())
            .map_or(0.0, |(_, _, best)| Self::value_of(f, best));
        value - self.mean(f)
    }
}
