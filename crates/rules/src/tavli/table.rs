//! One game of any Tavli game in progress: the position, whose turn it
//! is, the dice, the numbers the last turn carried to this one (Plakoto
//! Express, R21), the opening roll (P13) and the result, over the game
//! layer's [`TavliGame`].
//!
//! A turn with carried numbers is played in two parts, as R21 says: the
//! side on roll first plays the carried numbers (whatever it cannot use
//! is void), then rolls and plays its own roll; only that second play
//! hands the turn over, with whatever it left unused carried on.

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use super::TavliGame;
use crate::dice::Dice;
use crate::game_state::{FinalResult, Phase, StateError};
use crate::point::{Die, Side};
use crate::seat::Seat;

/// How the first game of a session starts (P13, the `opening` switch).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Each side rolls one die (equal dice are rolled again); the higher
    /// starts and rolls both dice for its first turn, which may be a
    /// double (the default, P13).
    #[default]
    Greek,
    /// The starter plays the two opening dice (gnubg, GammonX).
    Western,
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Opening::Greek => "greek",
            Opening::Western => "western",
        })
    }
}

/// Why a text names no [`Opening`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError(pub String);

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is no opening: greek or western", self.0)
    }
}

impl std::error::Error for OpeningError {}

impl FromStr for Opening {
    type Err = OpeningError;

    fn from_str(s: &str) -> Result<Opening, OpeningError> {
        match s.to_ascii_lowercase().as_str() {
            "greek" => Ok(Opening::Greek),
            "western" => Ok(Opening::Western),
            _ => Err(OpeningError(s.to_string())),
        }
    }
}

/// Why a play was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError<E> {
    /// Not possible in the game's state (no dice, game over, …).
    State(StateError),
    /// The written play names no legal play, or cannot be read.
    Play(E),
}

impl<E: fmt::Display> fmt::Display for TableError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::State(e) => write!(f, "{e}"),
            TableError::Play(e) => write!(f, "{e}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for TableError<E> {}

impl<E> From<StateError> for TableError<E> {
    fn from(e: StateError) -> Self {
        TableError::State(e)
    }
}

/// What the side on roll has to play now: its roll, or the numbers the
/// last turn carried to it, played before it rolls (R21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToPlay<C> {
    /// The dice rolled.
    Dice(Dice),
    /// Numbers carried from the opponent's turn ([`TavliGame::Carried`]).
    Carried(C),
}

/// What a play did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableReport {
    /// The play in the game's notation.
    pub notation: String,
    /// The result, when the play ended the game.
    pub result: Option<FinalResult>,
}

/// A game of `G` between X and O.
#[derive(Clone, Debug, PartialEq)]
pub struct TableGame<G: TavliGame> {
    game: G,
    opening: Opening,
    /// Seen from `on_roll`.
    position: G::Position,
    on_roll: Side,
    phase: Phase,
    dice: Option<Dice>,
    /// Numbers carried to the side on roll, to be played before it rolls.
    carried: Option<G::Carried>,
    result: Option<FinalResult>,
}

impl<G: TavliGame> TableGame<G> {
    /// A game from its start, before the opening roll (X on roll until it
    /// decides).
    pub fn new(game: G, opening: Opening) -> TableGame<G> {
        TableGame {
            game,
            opening,
            position: game.start(),
            on_roll: Side::X,
            phase: Phase::Opening,
            dice: None,
            carried: None,
            result: None,
        }
    }

    /// A game from its start before the opening roll with `on_roll` on
    /// roll until it decides: a game set up before its opening roll, as a
    /// record holds it.
    pub fn before_opening(game: G, opening: Opening, on_roll: Side) -> TableGame<G> {
        TableGame {
            on_roll,
            ..TableGame::new(game, opening)
        }
    }

    /// A game from its start with `starter` on roll and to roll: a later
    /// game of a match, which the last winner starts (P14, T6).
    pub fn started_by(game: G, opening: Opening, starter: Side) -> TableGame<G> {
        TableGame {
            on_roll: starter,
            phase: Phase::Playing,
            ..TableGame::new(game, opening)
        }
    }

    /// A game at `position` (seen from `on_roll`), in play with `dice`
    /// rolled, or over when the position is finished: what a Position ID
    /// and Match ID describe. Refused when `over` and the position say
    /// different things, or dice are given outside play.
    pub fn from_parts(
        game: G,
        opening: Opening,
        position: G::Position,
        on_roll: Side,
        dice: Option<Dice>,
        over: bool,
    ) -> Result<TableGame<G>, StateError> {
        let mut table = TableGame {
            game,
            opening,
            position,
            on_roll,
            phase: Phase::Playing,
            dice,
            carried: None,
            result: None,
        };
        // A finished game is read seen from either side: the mover, who
        // stays on roll after a play that ends the game (as this game
        // shows it), or the loser (as GNU Backgammon writes it).
        let finished = game.result(&position).map(|r| FinalResult {
            kind: r.kind,
            winner: r.winner.map(|seat| match seat {
                Seat::OnRoll => on_roll,
                Seat::Opponent => on_roll.other(),
            }),
            points: game.points(r.kind),
        });
        match (finished, over) {
            (Some(result), _) => {
                if dice.is_some() {
                    return Err(StateError::DiceOutsidePlay);
                }
                table.phase = Phase::Over;
                table.result = Some(result);
            }
            (None, true) => return Err(StateError::OverButNotFinished),
            (None, false) => {}
        }
        Ok(table)
    }

    /// The game with its switches.
    pub fn game(&self) -> G {
        self.game
    }

    /// How the first game starts.
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// The position, seen from the side on roll.
    pub fn position(&self) -> &G::Position {
        &self.position
    }

    /// Who is on roll (before the opening roll: X, provisionally; after a
    /// play that ended the game, the side that made it).
    pub fn on_roll(&self) -> Side {
        self.on_roll
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice of the turn, once rolled.
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The numbers carried to the side on roll by the opponent's last
    /// play, which it plays before rolling (R21).
    pub fn carried(&self) -> Option<G::Carried> {
        self.carried
    }

    /// The same game with `carried` numbers to be played by the side on
    /// roll before it rolls: what a Position ID with passed numbers
    /// describes. Refused outside play, with dice rolled, or in a game that
    /// carries no numbers (R21 is Express's).
    pub fn with_carried(&self, carried: Option<G::Carried>) -> Result<TableGame<G>, StateError> {
        if carried.is_some() {
            if !self.game.may_carry() {
                return Err(StateError::PassedOutsideExpress);
            }
            if self.phase != Phase::Playing {
                return Err(StateError::DiceOutsidePlay);
            }
            if self.dice.is_some() {
                return Err(StateError::DiceAndPassed);
            }
        }
        Ok(TableGame {
            carried,
            ..self.clone()
        })
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<FinalResult> {
        self.result
    }

    /// The same game under other switches of its game (Portes' scoring):
    /// a finished game's points are counted again under them, and numbers
    /// carried to the side on roll are dropped when `game` carries none.
    pub fn with_game(&self, game: G) -> TableGame<G> {
        let mut table = TableGame {
            game,
            carried: self.carried.filter(|_| game.may_carry()),
            ..self.clone()
        };
        if let Some(result) = &mut table.result {
            if let Some(seen) = game.result(&table.position) {
                result.kind = seen.kind;
            }
            result.points = game.points(result.kind);
        }
        table
    }

    /// The same game under another opening rule.
    pub fn with_opening(&self, opening: Opening) -> TableGame<G> {
        TableGame {
            opening,
            ..self.clone()
        }
    }

    /// The opening roll with each side's single die (X's first). Equal
    /// dice decide nothing (`Ok(None)`: roll again). Under the Greek
    /// opening the starter then rolls both dice; under the Western one
    /// it plays these two.
    pub fn opening_roll(&mut self, x_die: Die, o_die: Die) -> Result<Option<Side>, StateError> {
        if self.phase != Phase::Opening {
            return Err(StateError::OpeningRollMade);
        }
        if x_die == o_die {
            return Ok(None);
        }
        let starter = if x_die > o_die { Side::X } else { Side::O };
        self.on_roll = starter;
        self.phase = Phase::Playing;
        if self.opening == Opening::Western {
            self.dice = Some(match starter {
                Side::X => Dice(x_die, o_die),
                Side::O => Dice(o_die, x_die),
            });
        }
        Ok(Some(starter))
    }

    /// Rolls opening dice until one side's is higher; the starter and
    /// every pair rolled (X's die first).
    pub fn roll_opening(
        &mut self,
        rng: &mut impl Rng,
    ) -> Result<(Side, Vec<(Die, Die)>), StateError> {
        let mut rolls = Vec::new();
        loop {
            let x = Die::new(rng.gen_range(1..=6)).expect("1-6");
            let o = Die::new(rng.gen_range(1..=6)).expect("1-6");
            rolls.push((x, o));
            if let Some(side) = self.opening_roll(x, o)? {
                return Ok((side, rolls));
            }
        }
    }

    /// Sets the dice of the side on roll. Before the opening roll, the
    /// side on roll starts with them (the opening is skipped, as by hand).
    pub fn set_dice(&mut self, dice: Dice) -> Result<(), StateError> {
        match self.phase {
            Phase::Over => Err(StateError::GameOver),
            Phase::Playing if self.carried.is_some() => Err(StateError::PassedFirst),
            Phase::Playing if self.dice.is_some() => Err(StateError::AlreadyRolled),
            Phase::Opening | Phase::Playing => {
                self.phase = Phase::Playing;
                self.dice = Some(dice);
                Ok(())
            }
        }
    }

    /// Rolls the dice of the side on roll.
    pub fn roll(&mut self, rng: &mut impl Rng) -> Result<Dice, StateError> {
        if self.phase == Phase::Opening {
            return Err(StateError::OpeningNotMade);
        }
        let dice = Dice::roll(rng);
        self.set_dice(dice)?;
        Ok(dice)
    }

    /// The same game with `position` on the board (seen from the side on
    /// roll), its turn, dice and carried numbers kept; over if the position
    /// is finished.
    pub fn with_board(&self, position: G::Position) -> Result<TableGame<G>, StateError> {
        let dice = if self.phase == Phase::Playing {
            self.dice
        } else {
            None
        };
        let finished = self.game.result(&position).is_some();
        let table = TableGame::from_parts(
            self.game,
            self.opening,
            position,
            self.on_roll,
            if finished { None } else { dice },
            false,
        )?;
        if finished {
            Ok(table)
        } else {
            table.with_carried(self.carried)
        }
    }

    /// The same game with `side` on roll and the board seen from it (the
    /// board as it stands on the table is kept), no dice rolled nor numbers
    /// carried.
    pub fn with_turn(&self, side: Side) -> Result<TableGame<G>, StateError> {
        let position = if side == self.on_roll {
            self.position
        } else {
            self.game.flip(&self.position)
        };
        TableGame::from_parts(self.game, self.opening, position, side, None, false)
    }

    /// What the side on roll has to play now: the numbers carried to it,
    /// else its dice; or why there is nothing.
    pub fn to_play(&self) -> Result<ToPlay<G::Carried>, StateError> {
        match (self.phase, self.carried) {
            (Phase::Playing, Some(carried)) => Ok(ToPlay::Carried(carried)),
            _ => self.require_dice().map(ToPlay::Dice),
        }
    }

    /// Fills `out` with the legal plays of what the side on roll has to
    /// play now ([`Self::to_play`]), which it returns.
    pub fn turn_plays(
        &self,
        generator: &mut G::Generator,
        out: &mut G::PlayList,
    ) -> Result<ToPlay<G::Carried>, StateError> {
        let to_play = self.to_play()?;
        match &to_play {
            ToPlay::Dice(dice) => self.game.generate(generator, &self.position, *dice, out),
            ToPlay::Carried(carried) => {
                self.game
                    .generate_carried(generator, &self.position, carried, out)
            }
        }
        Ok(to_play)
    }

    /// Fills `out` with the legal plays of the dice rolled (refused while
    /// carried numbers wait to be played: see [`Self::turn_plays`]).
    pub fn legal_plays(
        &self,
        generator: &mut G::Generator,
        out: &mut G::PlayList,
    ) -> Result<Dice, StateError> {
        let dice = self.require_dice()?;
        self.game.generate(generator, &self.position, dice, out);
        Ok(dice)
    }

    /// The dice to play with, or why there are none.
    pub fn require_dice(&self) -> Result<Dice, StateError> {
        match (self.phase, self.dice) {
            (Phase::Opening, _) => Err(StateError::NotStarted),
            (Phase::Over, _) => Err(StateError::GameOver),
            (Phase::Playing, _) if self.carried.is_some() => Err(StateError::PassedFirst),
            (Phase::Playing, None) => Err(StateError::NoDice),
            (Phase::Playing, Some(dice)) => Ok(dice),
        }
    }

    /// Plays the play `text` names, if it is one of the legal plays.
    pub fn play_written(
        &mut self,
        text: &str,
        generator: &mut G::Generator,
    ) -> Result<TableReport, TableError<G::PlayError>> {
        let mut list = G::PlayList::default();
        let play = match self.turn_plays(generator, &mut list)? {
            ToPlay::Dice(dice) => self.game.resolve_play(&self.position, dice, &list, text),
            ToPlay::Carried(carried) => {
                self.game
                    .resolve_carried(&self.position, &carried, &list, text)
            }
        }
        .map_err(TableError::Play)?;
        Ok(self.play(&play))
    }

    /// Plays `play`, one of the legal plays of what the side on roll has to
    /// play (the caller took it from [`Self::turn_plays`] or
    /// [`Self::legal_plays`]). A play of carried numbers leaves the turn
    /// with the mover, to roll (R21); a play of the dice hands the turn
    /// over, carrying on what the game carries ([`Self::carried`]); or the
    /// play ends the game, which leaves the mover on roll, the board seen
    /// from it, in every game (protocol.md, `legal`).
    pub fn play(&mut self, play: &G::Play) -> TableReport {
        let notation = self.game.format_play(&self.position, play);
        let after = self.game.after(play);
        let mover = self.on_roll;
        let dice = self.dice.take();
        let played_carried = self.carried.take().is_some();
        if let Some(result) = self.game.result(&after) {
            // `after` is seen from the mover: the side on roll there.
            let winner = result.winner.map(|seat| match seat {
                Seat::OnRoll => mover,
                Seat::Opponent => mover.other(),
            });
            let result = FinalResult {
                kind: result.kind,
                winner,
                points: self.game.points(result.kind),
            };
            self.position = after;
            self.phase = Phase::Over;
            self.result = Some(result);
            return TableReport {
                notation,
                result: Some(result),
            };
        }
        if played_carried {
            // The mover played the numbers carried to it; what it could
            // not use is void, and it now rolls for its own turn (R21).
            self.position = after;
            return TableReport {
                notation,
                result: None,
            };
        }
        self.carried = dice.and_then(|dice| self.game.carried_after(dice, play));
        self.position = self.game.flip(&after);
        self.on_roll = mover.other();
        TableReport {
            notation,
            result: None,
        }
    }
}
