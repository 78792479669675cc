//! Analysis of recorded games (`plakoto analyse`, the protocol's
//! `analyse game`): for every turn the best play at the chosen depth, the
//! equity the played one lost, a mark for the size of the loss, and the
//! luck of the roll; per player, the error rate, the marks, the luck and
//! a rating band. Thresholds and bands are documented in records.md.
//!
//! A record of any game is analysed by [`table`] through the generic
//! search, turns in parallel (rayon), each worker with a searcher of its
//! own; the marked plays of a game the report's board script does not
//! draw (Portes, Fevga) are drawn by `table_board`. A Tavli match record
//! is analysed game by game by [`tavli`], each game by its own game's
//! analysis.

mod chart;
pub mod command;
pub mod html;
pub mod report;
pub mod table;
mod table_arrows;
mod table_board;
mod table_layout;
pub mod tavli;

use serde::Serialize;

use crate::record::{GameEnd, Header, Record};
use plakoto_rules::{GameKind, Side};

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
    /// Equity of the play made, for the side that played (in a match:
    /// its MWC as normalised equity).
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
    /// In a match: the played play's match-winning chance for the mover
    /// (the equities above are then normalised equities, records.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played_mwc: Option<f32>,
    /// In a match: the best play's match-winning chance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_mwc: Option<f32>,
    /// In a match: `best_mwc - played_mwc`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mwc_loss: Option<f32>,
    /// In a match: the roll's luck in match-winning chances.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub luck_mwc: Option<f32>,
    /// Position ID before the play (seen by the side that played).
    pub position_id: String,
    /// Match ID before the play.
    pub match_id: String,
    /// For a marked play of a game the report's board script does not
    /// draw (Portes, Fevga): the board before the play and after it, seen by
    /// the side that played. Left out of the JSON form.
    #[serde(skip)]
    pub boards: Option<[table::BoardCounts; 2]>,
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
    /// In a match: match-winning chances lost on unforced moves in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mwc_loss: Option<f64>,
    /// In a match: the sum of the luck of the player's rolls in MWC.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub luck_mwc: Option<f64>,
    /// The rating band of the error rate.
    pub rating: &'static str,
}

/// The analysis of a record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The game analysed (written for the games other than Plakoto only).
    #[serde(skip_serializing_if = "is_default_game")]
    pub game: GameKind,
    /// The search depth asked for.
    pub plies: u8,
    /// The evaluator.
    pub evaluator: String,
    /// The match length (0: money play, plays valued by equity; else by
    /// match-winning chances).
    pub match_length: u8,
    /// Games analysed.
    pub games: usize,
    /// Every turn.
    pub turns: Vec<TurnAnalysis>,
    /// X's totals, then O's.
    pub players: [PlayerTotals; 2],
    /// How each game ended, as the record says (`None`: not finished), for
    /// the HTML report's chart. Left out of the JSON form, whose fields
    /// records.md fixes; the record itself holds the results.
    #[serde(skip)]
    pub game_ends: Vec<Option<GameEnd>>,
    /// In a Tavli match: each game's kind, in the record's order (empty
    /// otherwise: every game is [`Analysis::game`]). Left out of the JSON
    /// form ([`tavli::TavliAnalysis`] has its own).
    #[serde(skip)]
    pub tavli_kinds: Vec<GameKind>,
}

impl Analysis {
    /// The kind of game `game` (1-based) of the record.
    pub fn kind_of(&self, game: usize) -> GameKind {
        game.checked_sub(1)
            .and_then(|i| self.tavli_kinds.get(i))
            .copied()
            .unwrap_or(self.game)
    }
}

/// Whether `game` is the one a record without a game names: its
/// analysis leaves `game` out of the JSON form, as Plakoto's always has.
fn is_default_game(game: &GameKind) -> bool {
    *game == GameKind::default()
}

/// Whether a record is a match valued by a match equity table of its own
/// whatever its turns say: a Tavli match (the Tavli table), or a match of
/// a game that has one (Plakoto's).
fn own_match_table(header: &Header) -> bool {
    header.match_length > 0
        && (header.tavli.is_some() || crate::record::own_match_table(header.game))
}

fn totals(record: &Record, turns: &[TurnAnalysis], side: Side) -> PlayerTotals {
    // Match-winning chances: a match valued by its own table, or any game
    // valued by a table (the games of a Tavli match, a Portes or Fevga
    // match where the Tavli table reaches it).
    let in_match = own_match_table(&record.header) || turns.iter().any(|t| t.played_mwc.is_some());
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
        // Folded from +0.0: an empty sum is 0, not -0 (f64's `sum`).
        mwc_loss: in_match.then(|| {
            unforced
                .iter()
                .filter_map(|t| t.mwc_loss)
                .fold(0.0, |a, m| a + f64::from(m))
        }),
        luck_mwc: in_match.then(|| {
            mine.iter()
                .filter_map(|t| t.luck_mwc)
                .fold(0.0, |a, l| a + f64::from(l))
        }),
    }
}
