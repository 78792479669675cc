//! Replaying a record of a game of the table (Portes, and each game the
//! game layer adds) through [`TableGame`]: every play is checked by the
//! game's own notation and move generator, every roll, start, result and
//! score as a Plakoto record's are ([`super::replay`]), and the game
//! before and after every turn is kept for the analysis.

use super::error::{RecordError, RecordErrorKind, StartError};
use super::replay::check_end;
use super::{GameEnd, HeaderGame, Record, Roll, Start};
use plakoto_rules::tavli::{Opening, Portes, TableGame};
use plakoto_rules::{Dice, Die, GameError, MatchScore, Phase, Side, StateError, TavliGame};

/// One turn of a game of the table as replayed.
#[derive(Clone, Debug)]
pub struct TableReplayedTurn<G: TavliGame> {
    /// The game's index in the record (0-based).
    pub game: usize,
    /// The turn's index in its game (0-based).
    pub turn: usize,
    /// The game just before the play, the turn's dice set.
    pub before: TableGame<G>,
    /// The match score before the game.
    pub score: MatchScore,
    /// The play made, as the game's generator lists it.
    pub play: G::Play,
    /// The position the play left, seen by the side that played.
    pub after: G::Position,
    /// The game just after the play.
    pub next: TableGame<G>,
    /// The play in the game's canonical notation.
    pub notation: String,
}

/// A whole record of a game of the table replayed.
#[derive(Clone, Debug)]
pub struct TableReplay<G: TavliGame> {
    /// Every turn of every game, in order.
    pub turns: Vec<TableReplayedTurn<G>>,
    /// The last game as the record leaves it.
    pub game: TableGame<G>,
    /// The match score after the last result.
    pub score: MatchScore,
    /// The winner of the last game, who starts the next one (P14).
    pub next_starter: Option<Side>,
    /// The end of each game (`None`: in progress).
    pub ends: Vec<Option<GameEnd>>,
}

impl Record {
    /// Replays a Portes record (its header says `Game portes`) under the
    /// header's scoring and opening rule.
    pub fn replay_portes(&self) -> Result<TableReplay<Portes>, RecordError> {
        self.replay_game::<Portes>()
    }

    /// Replays a record of the game `G` (its header names it) under the
    /// header's switches and opening rule.
    pub fn replay_game<G: HeaderGame>(&self) -> Result<TableReplay<G>, RecordError> {
        self.check_game(G::KIND)?;
        self.replay_table(G::of_header(&self.header))
    }

    /// Replays every game as a game of `game` (its switches; the opening
    /// rule is the header's), checking each roll, play, start, score and
    /// result.
    pub fn replay_table<G: TavliGame>(&self, game: G) -> Result<TableReplay<G>, RecordError> {
        if self.games.is_empty() {
            return Err(RecordError::at_line(0, RecordErrorKind::NoGames));
        }
        let opening = self.header.opening;
        let mut generator = game.generator();
        let mut out = TableReplay {
            turns: Vec::new(),
            game: TableGame::new(game, opening),
            score: MatchScore::new(self.header.match_length),
            next_starter: None,
            ends: Vec::new(),
        };
        // The winner of the previous game: `None` before the first game.
        let mut previous: Option<Option<Side>> = None;
        for (gi, g) in self.games.iter().enumerate() {
            let err = |turn: usize, line: usize, kind| RecordError::at(line, gi + 1, turn, kind);
            if gi > 0 && out.ends[gi - 1].is_none() {
                return Err(err(
                    0,
                    g.line,
                    RecordErrorKind::AfterEnd("a game after one still in progress".into()),
                ));
            }
            if let Some(w) = out.score.winner() {
                return Err(err(
                    0,
                    g.line,
                    RecordErrorKind::AfterEnd(format!("a game after the match was won by {w}")),
                ));
            }
            if gi == 0 {
                // A record may begin in the middle of a match.
                out.score.score = g.score;
            } else if g.score != out.score.score {
                return Err(err(
                    0,
                    g.line,
                    RecordErrorKind::Score {
                        expected: out.score.score,
                        found: g.score,
                    },
                ));
            }
            let score = out.score;
            let mut table = start_table(game, opening, &g.start, previous)
                .map_err(|m| err(0, g.line, RecordErrorKind::Start(m)))?;
            let set_up_over = table.phase() == Phase::Over;
            for (ti, t) in g.turns.iter().enumerate() {
                let err = |kind| err(ti + 1, t.line, kind);
                give_dice(&mut table, t.side, &t.roll).map_err(err)?;
                let before = table.clone();
                let mut list = G::PlayList::default();
                let dice = table
                    .legal_plays(&mut generator, &mut list)
                    .map_err(|e| err(state_kind(e)))?;
                let play = game
                    .resolve_play(table.position(), dice, &list, &t.play)
                    .map_err(|e| err(RecordErrorKind::TablePlay(e.to_string())))?;
                let report = table.play(&play);
                out.turns.push(TableReplayedTurn {
                    game: gi,
                    turn: ti,
                    before,
                    score,
                    play,
                    after: game.after(&play),
                    next: table.clone(),
                    notation: report.notation,
                });
            }
            if let Some(p) = &g.pending {
                let err = |kind| err(g.turns.len() + 1, p.line, kind);
                if gi + 1 != self.games.len() {
                    return Err(err(RecordErrorKind::AfterEnd(
                        "a game after one still in progress".into(),
                    )));
                }
                give_dice(&mut table, p.side, &p.roll).map_err(err)?;
            }
            let end_line = if g.result_line > 0 {
                g.result_line
            } else {
                g.turns.last().map_or(g.line, |t| t.line)
            };
            let end = if set_up_over {
                // A game set up finished scores nothing and has no result.
                if g.end.is_some() {
                    return Err(err(
                        g.turns.len(),
                        end_line,
                        RecordErrorKind::Result {
                            expected: "no result: the game was set up finished".into(),
                            found: "a result line".into(),
                        },
                    ));
                }
                None
            } else {
                check_end(table.result(), g.end.as_ref())
                    .map_err(|kind| err(g.turns.len(), end_line, kind))?
            };
            if let Some(w) = end.and_then(|e| e.winner) {
                let s = &mut out.score.score[w.index()];
                *s = s.saturating_add(u32::from(end.map_or(0, |e| e.points)));
            }
            // The winner starts the next game (P14).
            out.next_starter = end.and_then(|e| e.winner);
            previous = Some(end.and_then(|e| e.winner));
            out.ends.push(end);
            out.game = table;
        }
        Ok(out)
    }
}

/// A state refusal as a record error (the game's own message).
fn state_kind(e: StateError) -> RecordErrorKind {
    RecordErrorKind::Play(GameError::State(e))
}

/// The game a [`Start`] begins, checked against the previous game's
/// winner (P14: the winner starts; otherwise an opening roll, P13).
fn start_table<G: TavliGame>(
    game: G,
    opening: Opening,
    start: &Start,
    previous: Option<Option<Side>>,
) -> Result<TableGame<G>, StartError> {
    let state = |e: StateError| StartError::Game(GameError::State(e));
    match start {
        Start::Opening(rolls) => {
            if let Some(Some(winner)) = previous {
                return Err(StartError::OpeningAfterWin(winner));
            }
            let mut table = TableGame::new(game, opening);
            for (i, &[x, o]) in rolls.iter().enumerate() {
                let die = |pips: u8| Die::new(pips).ok_or(StartError::Die(pips));
                let decided = table.opening_roll(die(x)?, die(o)?).map_err(state)?;
                let last = i + 1 == rolls.len();
                match (decided, last) {
                    (Some(_), false) => return Err(StartError::DecidedEarly([x, o])),
                    (None, true) => return Err(StartError::Undecided([x, o])),
                    _ => {}
                }
            }
            Ok(table)
        }
        // The first game of a record may follow a game won before the
        // record begins (a game saved alone from a match).
        Start::Starter(side) => match previous {
            None => Ok(TableGame::started_by(game, opening, *side)),
            Some(Some(w)) if w == *side => Ok(TableGame::started_by(game, opening, *side)),
            Some(Some(winner)) => Err(StartError::NotTheWinner {
                winner,
                starter: *side,
            }),
            Some(None) => Err(StartError::NoWinner(*side)),
        },
        Start::Position {
            position_id,
            on_roll,
            opening: before_opening,
        } => {
            let position = game
                .parse_position_id(position_id)
                .map_err(|e| StartError::TablePosition(e.to_string()))?;
            if *before_opening {
                if position != game.start() {
                    return Err(StartError::OpeningNotInitial);
                }
                return Ok(TableGame::new(game, opening));
            }
            TableGame::from_parts(game, opening, position, *on_roll, None, false).map_err(state)
        }
    }
}

/// Gives `side`'s turn its dice, after checking the game is not over and
/// `side` is on roll. The Western opening's first turn plays the opening
/// dice (P13): the turn's roll must be them.
fn give_dice<G: TavliGame>(
    table: &mut TableGame<G>,
    side: Side,
    roll: &Roll,
) -> Result<(), RecordErrorKind> {
    if table.phase() == Phase::Over {
        return Err(RecordErrorKind::AfterEnd(
            "a turn after the game ended".into(),
        ));
    }
    if side != table.on_roll() {
        return Err(RecordErrorKind::WrongSide {
            expected: table.on_roll(),
            found: side,
        });
    }
    let found = roll.to_string();
    let Roll::Dice([a, b]) = roll else {
        return Err(RecordErrorKind::Numbers {
            expected: "a roll of the dice (numbers are passed on in Plakoto Express only)".into(),
            found,
        });
    };
    let dice = Dice::new(*a, *b).ok_or_else(|| RecordErrorKind::Numbers {
        expected: "dice 1-6".into(),
        found: found.clone(),
    })?;
    match table.dice() {
        Some(set) if (set.0, set.1) == (dice.0, dice.1) => Ok(()),
        Some(set) => Err(RecordErrorKind::Numbers {
            expected: format!("the opening dice {}-{}", set.0.pips(), set.1.pips()),
            found,
        }),
        None => table.set_dice(dice).map_err(state_kind),
    }
}
