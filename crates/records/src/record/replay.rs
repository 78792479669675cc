//! Replaying a record through the rules core: every play is checked by
//! [`Game`], and the position and score before every turn are kept.

use super::error::{RecordError, RecordErrorKind, StartError};
use super::{Ending, GameEnd, Record, Roll, Start, roll_numbers};
use plakoto_rules::tavli::Plakoto;
use plakoto_rules::{
    Die, FinalResult, Game, GameError, GenLimits, MatchScore, MoveGenerator, Phase, PlayReport,
    Position, Side, TavliGame, parse_position_id,
};

/// One turn as replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedTurn {
    /// The game's index in the record (0-based).
    pub game: usize,
    /// The turn's index in its game (0-based).
    pub turn: usize,
    /// The game just before the play, the turn's numbers set.
    pub before: Game,
    /// The match score before the game.
    pub score: MatchScore,
    /// The position the play left, seen by the side that played.
    pub after: Position,
    /// The game just after the play.
    pub next: Game,
    /// The play in canonical notation.
    pub notation: String,
}

/// A whole record replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Every turn of every game, in order.
    pub turns: Vec<ReplayedTurn>,
    /// The last game as the record leaves it.
    pub game: Game,
    /// The match score after the last result.
    pub score: MatchScore,
    /// The winner of the last game, who starts the next one (R19).
    pub next_starter: Option<Side>,
    /// The end of each game (`None`: in progress).
    pub ends: Vec<Option<GameEnd>>,
}

/// The position `after` a play, seen by the side that made it: the game
/// flips the board when the turn passes.
pub fn mover_view(mover: Side, after: &Game) -> Position {
    if after.on_roll() == mover {
        *after.position()
    } else {
        after.position().flip()
    }
}

/// Most plays listed when checking a play before the complete list is
/// made (Express low doubles have millions; R20).
const CHECK_LIMITS: GenLimits = GenLimits {
    max_positions: 60_000,
};

/// Checks and makes a written play: the rules core's one check of a
/// written play (a capped list first, then the line search).
fn play_checked(
    game: &mut Game,
    text: &str,
    bounded: &mut MoveGenerator,
) -> Result<PlayReport, GameError> {
    game.play_written(text, bounded)
}

impl Record {
    /// Replays a Plakoto record's every game, checking each play, score
    /// and result.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        self.check_game(Plakoto::KIND)?;
        let rules = self.header.checked_rules().map_err(|e| {
            RecordError::at_line(
                0,
                RecordErrorKind::Header {
                    key: "Scoring".into(),
                    reason: e.to_string(),
                },
            )
        })?;
        if self.games.is_empty() {
            return Err(RecordError::at_line(0, RecordErrorKind::NoGames));
        }
        let mut bounded = MoveGenerator::new(CHECK_LIMITS);
        let mut out = Replay {
            turns: Vec::new(),
            game: Game::new(rules),
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
            let mut game = start_game(rules, &g.start, previous)
                .map_err(|m| err(0, g.line, RecordErrorKind::Start(m)))?;
            let set_up_over = game.phase() == Phase::Over;
            let set_up = matches!(g.start, Start::Position { .. });
            for (ti, t) in g.turns.iter().enumerate() {
                let err = |kind| err(ti + 1, t.line, kind);
                give_numbers(&mut game, t.side, &t.roll, ti == 0 && set_up).map_err(err)?;
                let before = game.clone();
                let report = play_checked(&mut game, &t.play, &mut bounded)
                    .map_err(|e| err(RecordErrorKind::Play(e)))?;
                out.turns.push(ReplayedTurn {
                    game: gi,
                    turn: ti,
                    after: mover_view(t.side, &game),
                    next: game.clone(),
                    before,
                    score,
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
                give_numbers(&mut game, p.side, &p.roll, g.turns.is_empty() && set_up)
                    .map_err(err)?;
            }
            let end_line = if g.result_line > 0 {
                g.result_line
            } else {
                g.turns.last().map_or(g.line, |t| t.line)
            };
            let end = if set_up_over {
                // A game set up finished scores nothing and has no result.
                match &g.end {
                    None => None,
                    Some(_) => {
                        return Err(err(
                            g.turns.len(),
                            end_line,
                            RecordErrorKind::Result {
                                expected: "no result: the game was set up finished".into(),
                                found: "a result line".into(),
                            },
                        ));
                    }
                }
            } else {
                check_end(game.result(), g.end.as_ref())
                    .map_err(|kind| err(g.turns.len(), end_line, kind))?
            };
            if let Some(w) = end.and_then(|e| e.winner) {
                let s = &mut out.score.score[w.index()];
                *s = s.saturating_add(u32::from(end.map_or(0, |e| e.points)));
            }
            // The winner starts the next game (R19); no one while the
            // last game is in progress.
            out.next_starter = end.and_then(|e| e.winner);
            previous = Some(end.and_then(|e| e.winner));
            out.ends.push(end);
            out.game = game;
        }
        Ok(out)
    }
}

/// The game a [`Start`] begins, checked against the previous game's
/// winner (R19: the winner starts; after a draw, an opening roll).
fn start_game(
    rules: plakoto_rules::Rules,
    start: &Start,
    previous: Option<Option<Side>>,
) -> Result<Game, StartError> {
    match start {
        Start::Opening(rolls) => {
            if let Some(Some(winner)) = previous {
                return Err(StartError::OpeningAfterWin(winner));
            }
            let mut game = Game::new(rules);
            for (i, &[x, o]) in rolls.iter().enumerate() {
                let die = |pips: u8| Die::new(pips).ok_or(StartError::Die(pips));
                let decided = game.opening_roll(die(x)?, die(o)?)?;
                let last = i + 1 == rolls.len();
                match (decided, last) {
                    (Some(_), false) => return Err(StartError::DecidedEarly([x, o])),
                    (None, true) => return Err(StartError::Undecided([x, o])),
                    _ => {}
                }
            }
            Ok(game)
        }
        // The first game of a record may follow a game won before the
        // record begins (a game saved alone from a match).
        Start::Starter(side) => match previous {
            None => Ok(Game::started_by(rules, *side)),
            Some(Some(w)) if w == *side => Ok(Game::started_by(rules, *side)),
            Some(Some(winner)) => Err(StartError::NotTheWinner {
                winner,
                starter: *side,
            }),
            Some(None) => Err(StartError::NoWinner(*side)),
        },
        Start::Position {
            position_id,
            on_roll,
            opening,
        } => {
            let position = parse_position_id(position_id)?;
            if *opening && position != Position::initial() {
                return Err(StartError::OpeningNotInitial);
            }
            let phase = if *opening {
                Phase::Opening
            } else {
                Phase::Playing
            };
            Ok(Game::from_parts(
                rules, position, *on_roll, None, None, phase,
            )?)
        }
    }
}

/// Gives `side`'s turn its numbers, after checking the game is not over
/// and `side` is on roll (see [`set_numbers`]).
fn give_numbers(
    game: &mut Game,
    side: Side,
    roll: &Roll,
    first_of_position: bool,
) -> Result<(), RecordErrorKind> {
    if game.phase() == Phase::Over {
        return Err(RecordErrorKind::AfterEnd(
            "a turn after the game ended".into(),
        ));
    }
    if side != game.on_roll() {
        return Err(RecordErrorKind::WrongSide {
            expected: game.on_roll(),
            found: side,
        });
    }
    set_numbers(game, roll, first_of_position)
}

/// Gives the turn its numbers: the dice rolled, or the numbers passed on
/// (which must be the ones the opponent left; R21). A game set up from a
/// position may begin with passed numbers (`first_of_position`).
fn set_numbers(
    game: &mut Game,
    roll: &Roll,
    first_of_position: bool,
) -> Result<(), RecordErrorKind> {
    let rules = game.rules();
    let found = roll.to_string();
    let numbers = roll_numbers(roll, rules.variant).ok_or_else(|| RecordErrorKind::Numbers {
        expected: "dice 1-6 or up to 24 numbers 1-6".into(),
        found: found.clone(),
    })?;
    match (game.passed(), roll) {
        (Some(p), Roll::Passed(n)) if p.to_vec() == *n => Ok(()),
        (Some(p), _) => Err(RecordErrorKind::Numbers {
            expected: format!("the numbers passed on, 'passed {p}'"),
            found,
        }),
        (None, Roll::Dice([a, b])) => {
            let dice = plakoto_rules::Dice::new(*a, *b).expect("checked by roll_numbers");
            game.set_dice(dice).map_err(RecordErrorKind::Play)
        }
        (None, Roll::Passed(_)) if first_of_position => {
            *game = Game::from_parts(
                rules,
                *game.position(),
                game.on_roll(),
                None,
                Some(numbers),
                Phase::Playing,
            )
            .map_err(RecordErrorKind::Play)?;
            Ok(())
        }
        (None, Roll::Passed(_)) => Err(RecordErrorKind::Numbers {
            expected: "a roll of the dice (no numbers were passed on)".into(),
            found,
        }),
    }
}

impl Record {
    /// Refuses a record of another game than `kind` (its `Game` header).
    pub(super) fn check_game(&self, kind: plakoto_rules::GameKind) -> Result<(), RecordError> {
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

/// The game's end: the rules core's result when the position is finished
/// (the record's result line must agree); otherwise a declared forfeit or
/// unfinished game, or `None` (in progress).
pub(super) fn check_end(
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
