//! Replaying a Tavli match record (records.md, "Tavli match records"):
//! each game through its own game's replay ([`Record::replay_game`]), and the
//! match around them through [`TavliMatch`]: each game is the sequence's
//! next (T1), starts with its score after the games before, is started
//! by the last winner (T6) or after an opening roll (T5, T7), and no game
//! follows the match's end (T4).

use std::any::Any;
use std::fmt;

use super::error::{RecordError, RecordErrorKind, StartError};
use super::{GameEnd, GameOnRecord, Record, RecordedGame, Start};
use crate::GameFns;
use plakoto_rules::tavli::{TableGame, TavliMatch};
use plakoto_rules::{FinalResult, GameKind, Side, TavliGame};

/// The game a Tavli match record leaves in play (or last played): a
/// [`TableGame`] of whichever game it is, read back by its type
/// ([`TavliGameState::table`]).
pub struct TavliGameState(Box<dyn HeldTable>);

impl TavliGameState {
    /// Holds `table`.
    pub fn new<G: TavliGame>(table: TableGame<G>) -> TavliGameState {
        TavliGameState(Box::new(table))
    }

    /// Which game it is.
    pub fn kind(&self) -> GameKind {
        self.0.kind()
    }

    /// The game held, when it is a game of `G`.
    pub fn table<G: TavliGame>(&self) -> Option<&TableGame<G>> {
        self.0.as_any().downcast_ref()
    }
}

impl Clone for TavliGameState {
    fn clone(&self) -> Self {
        TavliGameState(self.0.clone_box())
    }
}

impl PartialEq for TavliGameState {
    fn eq(&self, other: &Self) -> bool {
        self.0.equals(other.0.as_any())
    }
}

impl fmt::Debug for TavliGameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What [`TavliGameState`] asks of the game it holds: a [`TableGame`] of
/// any game, written once for all of them.
trait HeldTable: fmt::Debug + Send + Sync {
    fn kind(&self) -> GameKind;
    fn as_any(&self) -> &dyn Any;
    fn clone_box(&self) -> Box<dyn HeldTable>;
    /// Whether `other` is a game of the same kind, equal to this one.
    fn equals(&self, other: &dyn Any) -> bool;
}

impl<G: TavliGame> HeldTable for TableGame<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn HeldTable> {
        Box::new(self.clone())
    }

    fn equals(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<TableGame<G>>() == Some(self)
    }
}

/// A Tavli match record replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct TavliReplay {
    /// The match after the record's games (their results recorded).
    pub tavli: TavliMatch,
    /// The record's last game as it leaves it.
    pub game: TavliGameState,
    /// The turns played in all games.
    pub turns: usize,
}

/// Who started a recorded game: the opening roll's higher die, the
/// starter named, or no one known (a game set by hand).
pub fn recorded_starter(start: &Start) -> Option<Side> {
    match start {
        Start::Opening(rolls) => rolls
            .last()
            .and_then(|[x, o]| (x != o).then_some(if x > o { Side::X } else { Side::O })),
        Start::Starter(side) => Some(*side),
        Start::Position { .. } => None,
    }
}

impl Record {
    /// Replays a Tavli match record: every game by its own rules, and the
    /// match around them (T1–T7). A record that is no Tavli match is
    /// refused.
    pub fn replay_tavli(&self) -> Result<TavliReplay, RecordError> {
        let header = self.header.tavli.as_ref().ok_or_else(|| {
            RecordError::at_line(
                0,
                RecordErrorKind::Tavli(
                    "the record is no Tavli match (its Game is not tavli)".into(),
                ),
            )
        })?;
        let first = self
            .games
            .first()
            .ok_or_else(|| RecordError::at_line(0, RecordErrorKind::NoGames))?;
        let rules = header.rules(self.header.match_length);
        let mut tavli = TavliMatch::resume(rules, first.score, header.first_game.saturating_sub(1));
        let mut turns = 0;
        let mut last = None;
        for (gi, g) in self.games.iter().enumerate() {
            let err = |kind| RecordError::at(g.line, gi + 1, 0, kind);
            if let Some(winner) = tavli.winner() {
                return Err(err(RecordErrorKind::AfterEnd(format!(
                    "a game after the match was won by {winner}"
                ))));
            }
            if gi > 0 && g.score != tavli.score() {
                return Err(err(RecordErrorKind::Score {
                    expected: tavli.score(),
                    found: g.score,
                }));
            }
            let kind = g.kind.ok_or_else(|| {
                err(RecordErrorKind::Tavli(
                    "a game of a Tavli match record names its game".into(),
                ))
            })?;
            if kind != tavli.next_kind() {
                return Err(err(RecordErrorKind::Tavli(format!(
                    "game {} of the Tavli match is {}, not {kind} (T1)",
                    tavli.game_number(),
                    tavli.next_kind()
                ))));
            }
            if gi > 0 {
                check_start(&g.start, tavli.next_starter())
                    .map_err(|e| err(RecordErrorKind::Start(e)))?;
            }
            let (state, end, played) = self.replay_one(kind, g).map_err(|mut e| {
                e.game = Some(gi + 1);
                e
            })?;
            turns += played;
            match end {
                Some(result) => tavli
                    .record(kind, result, recorded_starter(&g.start))
                    .map_err(|e| err(RecordErrorKind::Tavli(e.to_string())))?,
                None if gi + 1 < self.games.len() => {
                    return Err(err(RecordErrorKind::AfterEnd(
                        "a game after one still in progress".into(),
                    )));
                }
                None => {}
            }
            last = Some(state);
        }
        Ok(TavliReplay {
            tavli,
            game: last.expect("a game was replayed"),
            turns,
        })
    }

    /// Replays game `g` of kind `kind` alone: the game as it ends, its
    /// result (`None` in progress), and its number of turns.
    fn replay_one(&self, kind: GameKind, g: &RecordedGame) -> Result<ReplayedAlone, RecordError> {
        let single = Record {
            header: self.header.of_game(kind),
            games: vec![RecordedGame {
                kind: None,
                ..g.clone()
            }],
        };
        (GameFns::of(kind).replay_alone)(&single)
    }
}

/// One game of a Tavli match record replayed alone: the game as it ends,
/// its result (`None` in progress), and its number of turns.
pub(crate) type ReplayedAlone = (TavliGameState, Option<FinalResult>, usize);

/// Replays `single`, a record of one game of `G`, as
/// [`Record::replay_one`] says.
pub(crate) fn replay_alone<G: GameOnRecord>(single: &Record) -> Result<ReplayedAlone, RecordError> {
    let replay = single.replay_game::<G>()?;
    let result = scored(&replay.ends);
    Ok((TavliGameState::new(replay.game), result, replay.turns.len()))
}

/// What the match scores for the one game of a replay: its end as the
/// replay checked it (the board's result, or a forfeit or unfinished game
/// the arena declared), `None` while it is in progress.
fn scored(ends: &[Option<GameEnd>]) -> Option<FinalResult> {
    ends.first().copied().flatten().map(|end| end.scored())
}

/// A later game's start, checked against who starts it (T5–T7): the
/// starter named, or an opening roll when no one does. A game set by hand
/// starts a record and comes nowhere else.
fn check_start(start: &Start, starter: Option<Side>) -> Result<(), StartError> {
    match (start, starter) {
        (Start::Opening(_), None) => Ok(()),
        (Start::Opening(_), Some(winner)) => Err(StartError::OpeningAfterWin(winner)),
        (Start::Starter(side), Some(due)) if *side == due => Ok(()),
        (Start::Starter(side), Some(due)) => Err(StartError::NotTheWinner {
            winner: due,
            starter: *side,
        }),
        (Start::Starter(side), None) => Err(StartError::NoWinner(*side)),
        (Start::Position { .. }, _) => Err(StartError::SetUpInMatch),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::tavli::Opening;
    use plakoto_rules::{Fevga, Portes};

    #[test]
    fn a_held_game_is_read_back_by_its_own_type_only() {
        let portes = TableGame::started_by(Portes::default(), Opening::Greek, Side::O);
        let held = TavliGameState::new(portes.clone());
        assert_eq!(held.kind(), GameKind::Portes);
        assert_eq!(held.table::<Portes>(), Some(&portes));
        assert_eq!(held.table::<Fevga>(), None);
        // Equal to a copy of itself; not to the same game started by the
        // other side, nor to another game.
        assert_eq!(held.clone(), held);
        let other = TableGame::started_by(Portes::default(), Opening::Greek, Side::X);
        assert_ne!(TavliGameState::new(other), held);
        let fevga = TableGame::started_by(Fevga::default(), Opening::Greek, Side::O);
        assert_ne!(TavliGameState::new(fevga), held);
        assert!(format!("{held:?}").contains("Portes"), "{held:?}");
    }
}
