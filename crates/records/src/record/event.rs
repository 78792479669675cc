//! What happened to a session's games, as the code that changed the state
//! says it: a session's record is the list of these events, applied one
//! after the other ([`Record::apply`]). Nothing rebuilds a record from
//! commands or replies.

use super::{GameEnd, Header, Pending, Record, RecordedGame, Roll, Start, Turn};
use plakoto_rules::Side;

/// One thing that happened to the games of a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A new match (or session of single games) began: the record starts
    /// over under this header.
    MatchStarted(Header),
    /// A game began at `score` (X's and O's points before it).
    GameStarted {
        /// The record's header, should the record start over here (the
        /// previous game unfinished, or no game recorded yet).
        header: Header,
        /// The score before the game.
        score: [u32; 2],
        /// How it began.
        start: Start,
    },
    /// The game was set by hand (board, Match ID, side on roll, rules,
    /// scoring, dice before the opening roll): the record starts over
    /// under `header`, from `game` ([`super::table_set_up`]; `None` for a
    /// fresh game awaiting its opening roll, which records nothing).
    GameSetUp {
        /// The record's header from now on.
        header: Header,
        /// The game as set.
        game: Option<RecordedGame>,
    },
    /// The side on roll has dice to play: rolled, or set (replacing dice
    /// set before).
    DiceSet {
        /// The side on roll.
        side: Side,
        /// The dice, in the order rolled.
        dice: [u8; 2],
    },
    /// A turn was played.
    TurnPlayed(Turn),
    /// Express numbers left unplayed were passed on to `to` (R21).
    NumbersPassed {
        /// The side that must play them before rolling.
        to: Side,
        /// The numbers, in playing order.
        numbers: Vec<u8>,
    },
    /// The game ended.
    GameEnded(GameEnd),
    /// A side was named (`set player`): the record in progress takes it.
    PlayerNamed(Side, String),
}

/// Why an event did not fit the record (the caller starts the record over
/// from the session's state).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the record has no game in progress for {0}")]
pub struct NoGameInProgress(&'static str);

impl Record {
    /// Applies one event. An event that does not fit (a turn with no game
    /// in progress) is refused and changes nothing.
    pub fn apply(&mut self, event: Event) -> Result<(), NoGameInProgress> {
        match event {
            Event::MatchStarted(header) => *self = Record::new(header),
            Event::GameStarted {
                header,
                score,
                start,
            } => {
                let previous_winner = self.games.last().and_then(|g| g.end).and_then(|e| e.winner);
                let follows = !self.games.is_empty() && !self.in_progress();
                if !follows {
                    // The unfinished game (if any) is abandoned: a record
                    // holds no game after one in progress.
                    *self = Record::new(header);
                }
                let start = match start {
                    // The winner of the game before the record began (a
                    // record may begin with `Starts X`), or of the last
                    // game recorded.
                    Start::Starter(side) if follows && previous_winner != Some(side) => {
                        Start::Position {
                            position_id: self.header.start_position_id(),
                            on_roll: side,
                            opening: false,
                        }
                    }
                    other => other,
                };
                self.games.push(RecordedGame::new(score, start));
            }
            Event::GameSetUp { header, game } => {
                *self = Record::new(header);
                self.games.extend(game);
            }
            Event::DiceSet { side, dice } => {
                let game = self.game_in_progress("dice")?;
                game.pending = Some(Pending {
                    side,
                    roll: Roll::Dice(dice),
                    line: 0,
                });
            }
            Event::TurnPlayed(turn) => {
                let game = self.game_in_progress("a turn")?;
                game.pending = None;
                game.turns.push(turn);
            }
            Event::NumbersPassed { to, numbers } => {
                let game = self.game_in_progress("passed numbers")?;
                game.pending = Some(Pending {
                    side: to,
                    roll: Roll::Passed(numbers),
                    line: 0,
                });
            }
            Event::GameEnded(end) => {
                let game = self.game_in_progress("a result")?;
                game.pending = None;
                game.end = Some(end);
            }
            Event::PlayerNamed(side, name) => match side {
                Side::X => self.header.x = name,
                Side::O => self.header.o = name,
            },
        }
        Ok(())
    }

    /// Whether the last game is still being played (or was set up and
    /// has no result).
    pub fn in_progress(&self) -> bool {
        self.games.last().is_some_and(|g| g.end.is_none())
    }

    fn game_in_progress(
        &mut self,
        what: &'static str,
    ) -> Result<&mut RecordedGame, NoGameInProgress> {
        self.games
            .last_mut()
            .filter(|g| g.end.is_none())
            .ok_or(NoGameInProgress(what))
    }
}
