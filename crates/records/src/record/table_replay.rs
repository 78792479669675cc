//! Replaying a record of any game through [`TableGame`]: every play is
//! checked by the game's own notation and move generator, every roll or
//! number passed on (Plakoto Express, R21), start, result and score
//! against the rules, and the game before and after every turn is kept
//! for the analysis.

use super::error::{RecordError, RecordErrorKind, StartError};
use super::{Ending, GameEnd, GameOnRecord, Record, Roll, Start};
use plakoto_rules::tavli::CarriedNumbers;
use plakoto_rules::tavli::{Opening, TableGame, ToPlay};
use plakoto_rules::{
    Dice, Die, FinalResult, GameError, MatchScore, Phase, Side, StateError, TavliGame,
};
use plakoto_rules::{Plakoto, Portes};

/// One turn of a game of the table as replayed.
#[derive(Clone, Debug)]
pub struct TableReplayedTurn<G: TavliGame> {
    /// The game's index in the record (0-based).
    pub game: usize,
    /// The turn's index in its game (0-based).
    pub turn: usize,
    /// The game just before the play, the turn's dice (or the numbers
    /// carried to it) set.
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
    /// The winner of the last game, who starts the next one (R19, P14).
    pub next_starter: Option<Side>,
    /// The end of each game (`None`: in progress).
    pub ends: Vec<Option<GameEnd>>,
}

impl Record {
    /// Replays a Plakoto record (its header names no other game) under the
    /// header's rules and scoring.
    pub fn replay(&self) -> Result<TableReplay<Plakoto>, RecordError> {
        self.replay_game::<Plakoto>()
    }

    /// Replays a Portes record (its header says `Game portes`) under the
    /// header's scoring and opening rule.
    pub fn replay_portes(&self) -> Result<TableReplay<Portes>, RecordError> {
        self.replay_game::<Portes>()
    }

    /// Replays a record of the game `G` (its header names it) under the
    /// header's switches (checked: [`GameOnRecord::checked_of_header`]) and
    /// opening rule.
    pub fn replay_game<G: GameOnRecord>(&self) -> Result<TableReplay<G>, RecordError> {
        self.check_game(G::KIND)?;
        let game = G::checked_of_header(&self.header).map_err(|(key, reason)| {
            RecordError::at_line(
                0,
                RecordErrorKind::Header {
                    key: key.into(),
                    reason,
                },
            )
        })?;
        self.replay_table(game)
    }

    /// Replays every game as a game of `game` (its switches; the opening
    /// rule is the header's), checking each roll, play, start, score and
    /// result.
    pub fn replay_table<G: GameOnRecord>(&self, game: G) -> Result<TableReplay<G>, RecordError> {
        if self.games.is_empty() {
            return Err(RecordError::at_line(0, RecordErrorKind::NoGames));
        }
        let opening = self.header.opening;
        let mut generator = game.record_generator();
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
            let set_up = matches!(g.start, Start::Position { .. });
            let mut list = G::PlayList::default();
            for (ti, t) in g.turns.iter().enumerate() {
                let err = |kind| err(ti + 1, t.line, kind);
                give_numbers(&mut table, t.side, &t.roll, ti == 0 && set_up).map_err(err)?;
                let before = table.clone();
                let to_play = table
                    .turn_plays(&mut generator, &mut list)
                    .map_err(|e| err(state_kind(e)))?;
                let position = table.position();
                let play = match &to_play {
                    ToPlay::Dice(dice) => game.resolve_play(position, *dice, &list, &t.play),
                    ToPlay::Carried(carried) => {
                        game.resolve_carried(position, carried, &list, &t.play)
                    }
                }
                .map_err(|e| err(RecordErrorKind::Play(e.to_string())))?;
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
                give_numbers(&mut table, p.side, &p.roll, g.turns.is_empty() && set_up)
                    .map_err(err)?;
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
            // The winner starts the next game (R19, P14); no one while the
            // last game is in progress.
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
    RecordErrorKind::Play(e.to_string())
}

/// The game a [`Start`] begins, checked against the previous game's
/// winner (R19, P14: the winner starts; otherwise an opening roll, P13).
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
                return Ok(TableGame::before_opening(game, opening, *on_roll));
            }
            TableGame::from_parts(game, opening, position, *on_roll, None, false).map_err(state)
        }
    }
}

/// Gives `side`'s turn its numbers, after checking the game is not over
/// and `side` is on roll: the dice rolled, or the numbers passed on, which
/// must be the ones the opponent left (R21). A game set up from a position
/// may begin with numbers passed on (`first_of_position`). The Western
/// opening's first turn plays the opening dice (P13): the turn's roll must
/// be them.
fn give_numbers<G: GameOnRecord>(
    table: &mut TableGame<G>,
    side: Side,
    roll: &Roll,
    first_of_position: bool,
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
    let refused = |expected: String| RecordErrorKind::Numbers {
        expected,
        found: found.clone(),
    };
    let written = match roll {
        Roll::Dice([a, b]) => Dice::new(*a, *b)
            .map(ToPlay::Dice)
            .ok_or_else(|| refused(G::NUMBERS_DUE.into())),
        Roll::Passed(numbers) => G::Carried::from_numbers(numbers)
            .map(ToPlay::Carried)
            .ok_or_else(|| refused(G::PASSED_DUE.into())),
    }?;
    match (table.carried(), written) {
        (Some(due), ToPlay::Carried(carried))
            if CarriedNumbers::numbers(&due) == CarriedNumbers::numbers(&carried) =>
        {
            Ok(())
        }
        (Some(due), _) => Err(refused(format!("the numbers passed on, 'passed {due}'"))),
        (None, ToPlay::Dice(dice)) => match table.dice() {
            Some(set) if (set.0, set.1) == (dice.0, dice.1) => Ok(()),
            Some(set) => Err(refused(format!(
                "the opening dice {}-{}",
                set.0.pips(),
                set.1.pips()
            ))),
            None => table.set_dice(dice).map_err(state_kind),
        },
        (None, ToPlay::Carried(carried)) if first_of_position => {
            *table = table.with_carried(Some(carried)).map_err(state_kind)?;
            Ok(())
        }
        (None, ToPlay::Carried(_)) => Err(refused(
            "a roll of the dice (no numbers were passed on)".into(),
        )),
    }
}

impl Record {
    /// Refuses a record of another game than `kind` (its `Game` header).
    fn check_game(&self, kind: plakoto_rules::GameKind) -> Result<(), RecordError> {
        if self.header.tavli.is_some() {
            return Err(RecordError::at_line(
                0,
                RecordErrorKind::Header {
                    key: "Game".into(),
                    reason: format!(
                        "a Tavli match record is not replayed as one game of {kind} (it is replayed as a match)"
                    ),
                },
            ));
        }
        if self.header.game == kind {
            return Ok(());
        }
        Err(RecordError::at_line(
            0,
            RecordErrorKind::Header {
                key: "Game".into(),
                reason: format!(
                    "a record of {} is not replayed as {kind} ('set game {}' first)",
                    self.header.game, self.header.game
                ),
            },
        ))
    }
}

/// The game's end: the rules' result when the position is finished (the
/// record's result line must agree); otherwise a declared forfeit or
/// unfinished game, or `None` (in progress).
fn check_end(
    result: Option<FinalResult>,
    written: Option<&GameEnd>,
) -> Result<Option<GameEnd>, RecordErrorKind> {
    let shown = |e: Option<&GameEnd>| match e {
        None => "no result".to_string(),
        Some(e) => match e.winner {
            Some(w) => format!("{w} {} {}", e.ending.as_str(), e.points),
            None => format!("{} {}", e.ending.as_str(), e.points),
        },
    };
    match (result, written) {
        (Some(r), w) => {
            let actual = GameEnd::of(&r);
            if w == Some(&actual) {
                Ok(Some(actual))
            } else {
                Err(RecordErrorKind::Result {
                    expected: shown(Some(&actual)),
                    found: shown(w),
                })
            }
        }
        (None, None) => Ok(None),
        (None, Some(e)) => {
            let fits = match e.ending {
                Ending::Forfeit => e.winner.is_some(),
                Ending::Unfinished => e.winner.is_none() && e.points == 0,
                _ => false,
            };
            if fits {
                Ok(Some(*e))
            } else {
                Err(RecordErrorKind::Result {
                    expected: "the game is not over (or 'forfeit' / 'unfinished 0')".into(),
                    found: shown(Some(e)),
                })
            }
        }
    }
}
