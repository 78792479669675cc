//! One game of Plakoto as a state machine: opening roll (R19), rolling,
//! playing, Express numbers passed on (R21), and the end (R14–R16).

use rand::Rng;

use super::explain::{IllegalPlay, check_chosen, resolve_play};
use super::movegen::{MoveGenerator, Play, PlayList};
use super::notation::{NotationError, ParsedPlay};
use super::numbers::Numbers;
use super::outcome::game_result;
use super::position::Position;
use crate::dice::Dice;
use crate::game_state::{FinalResult, Phase, StateError};
use crate::outcome::GameResult;
use crate::point::{Die, Side};

use super::rules::{Rules, Variant};
use crate::seat::Seat;

/// What the player on roll must play now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnNumbers {
    /// Express numbers passed on by the opponent, played before rolling.
    Passed(Numbers),
    /// The player's own roll.
    Rolled(Dice, Numbers),
}

impl TurnNumbers {
    /// The numbers to play.
    pub fn numbers(&self) -> Numbers {
        match self {
            TurnNumbers::Passed(n) | TurnNumbers::Rolled(_, n) => *n,
        }
    }
}

/// Why a game operation was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Not possible in the current state (e.g. rolling twice).
    State(StateError),
    /// The play is not legal.
    Illegal(IllegalPlay),
    /// The play text could not be read.
    Notation(NotationError),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::State(e) => write!(f, "{e}"),
            GameError::Notation(e) => write!(f, "{e}"),
            GameError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl From<StateError> for GameError {
    fn from(e: StateError) -> Self {
        GameError::State(e)
    }
}

impl From<IllegalPlay> for GameError {
    fn from(e: IllegalPlay) -> Self {
        GameError::Illegal(e)
    }
}

impl From<NotationError> for GameError {
    fn from(e: NotationError) -> Self {
        GameError::Notation(e)
    }
}

impl std::error::Error for GameError {}

/// What applying a play did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayReport {
    /// The play in canonical notation.
    pub notation: String,
    /// Express numbers handed to the opponent (R21), if any.
    pub passed: Option<Numbers>,
    /// The result, if the game ended.
    pub result: Option<FinalResult>,
}

/// A single game of Plakoto under some rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    /// From the point of view of `on_roll`.
    position: Position,
    on_roll: Side,
    dice: Option<Dice>,
    passed: Option<Numbers>,
    phase: Phase,
}

impl Game {
    /// A new game awaiting its opening roll.
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            position: Position::initial(),
            on_roll: Side::X,
            dice: None,
            passed: None,
            phase: Phase::Opening,
        }
    }

    /// A new game started by `starter` without an opening roll (R19: the
    /// winner of the previous game in a match).
    pub fn started_by(rules: Rules, starter: Side) -> Game {
        Game {
            on_roll: starter,
            phase: Phase::Playing,
            ..Game::new(rules)
        }
    }

    /// Restores a game from its parts (e.g. decoded IDs), checking that
    /// they fit together.
    pub fn from_parts(
        rules: Rules,
        position: Position,
        on_roll: Side,
        dice: Option<Dice>,
        passed: Option<Numbers>,
        phase: Phase,
    ) -> Result<Game, GameError> {
        let state = |e: StateError| Err(GameError::State(e));
        if dice.is_some() && passed.is_some() {
            return state(StateError::DiceAndPassed);
        }
        if passed.is_some() && rules.variant != Variant::Express {
            return state(StateError::PassedOutsideExpress);
        }
        let over = game_result(&position, rules.scoring).is_some();
        let phase = match phase {
            Phase::Playing | Phase::Opening if over => Phase::Over,
            Phase::Over if !over => {
                return state(StateError::OverButNotFinished);
            }
            Phase::Opening if position != Position::initial() => Phase::Playing,
            p => p,
        };
        if phase != Phase::Playing && (dice.is_some() || passed.is_some()) {
            return state(StateError::DiceOutsidePlay);
        }
        Ok(Game {
            rules,
            position,
            on_roll,
            dice,
            passed,
            phase,
        })
    }

    /// The game with its checkers replaced by `position` (seen from the
    /// side on roll), everything else kept: a finished position drops the
    /// dice and passed numbers and ends the game; a game that was over is
    /// played again on an unfinished one; before the opening roll, a board
    /// other than the initial one starts the game (see [`Game::from_parts`]).
    pub fn with_board(&self, position: Position) -> Result<Game, GameError> {
        let finished = game_result(&position, self.rules.scoring).is_some();
        let phase = match self.phase {
            Phase::Over => Phase::Playing,
            p => p,
        };
        let (dice, passed) = if finished {
            (None, None)
        } else {
            (self.dice, self.passed)
        };
        Game::from_parts(self.rules, position, self.on_roll, dice, passed, phase)
    }

    /// The game with `side` on roll (the same board, seen from it), no
    /// dice nor passed numbers, being played (an opening ends).
    pub fn with_turn(&self, side: Side) -> Result<Game, GameError> {
        if self.phase == Phase::Over {
            return Err(StateError::GameOver.into());
        }
        let position = if side == self.on_roll {
            self.position
        } else {
            self.position.flip()
        };
        Game::from_parts(self.rules, position, side, None, None, Phase::Playing)
    }

    /// The game under other `rules`, everything else kept (refused when it
    /// does not fit them: passed numbers outside Express).
    pub fn with_rules(&self, rules: Rules) -> Result<Game, GameError> {
        Game::from_parts(
            rules,
            self.position,
            self.on_roll,
            self.dice,
            self.passed,
            self.phase,
        )
    }

    /// The side on roll is given `dice`: before the opening roll, the game
    /// starts without it, that side to play them; in play, they replace any
    /// dice rolled. Refused when the game is over or passed numbers are to
    /// be played first (R21).
    pub fn give_dice(&mut self, dice: Dice) -> Result<(), GameError> {
        match self.phase {
            Phase::Over => Err(StateError::GameOver.into()),
            Phase::Opening => {
                *self = Game::from_parts(
                    self.rules,
                    self.position,
                    self.on_roll,
                    Some(dice),
                    None,
                    Phase::Playing,
                )?;
                Ok(())
            }
            Phase::Playing if self.passed.is_some() => Err(StateError::PassedFirst.into()),
            Phase::Playing => self.replace_dice(Some(dice)),
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The position, from the point of view of the player on roll.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player on roll (or to move after the opening roll).
    pub fn on_roll(&self) -> Side {
        self.on_roll
    }

    /// The dice rolled this turn, if any.
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// Express numbers passed to the player on roll, if any.
    pub fn passed(&self) -> Option<Numbers> {
        self.passed
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<FinalResult> {
        game_result(&self.position, self.rules.scoring).map(|r| self.absolute(r))
    }

    fn absolute(&self, r: GameResult) -> FinalResult {
        FinalResult {
            kind: r.kind,
            winner: r.winner.map(|seat| match seat {
                Seat::OnRoll => self.on_roll,
                Seat::Opponent => self.on_roll.other(),
            }),
            points: r.points(self.rules.scoring),
        }
    }

    /// What the player on roll has to play now, if anything.
    pub fn turn_numbers(&self) -> Option<TurnNumbers> {
        if self.phase != Phase::Playing {
            return None;
        }
        if let Some(p) = self.passed {
            return Some(TurnNumbers::Passed(p));
        }
        self.dice
            .map(|d| TurnNumbers::Rolled(d, d.numbers(self.rules.variant)))
    }

    /// The opening roll (R19) with the two players' single dice (X's first):
    /// the higher starts. Equal dice decide nothing (roll again): returns
    /// `Ok(None)` and the game stays in its opening.
    pub fn opening_roll(&mut self, x_die: Die, o_die: Die) -> Result<Option<Side>, GameError> {
        if self.phase != Phase::Opening {
            return Err(StateError::OpeningRollMade.into());
        }
        if x_die == o_die {
            return Ok(None);
        }
        let starter = if x_die > o_die { Side::X } else { Side::O };
        self.on_roll = starter;
        self.phase = Phase::Playing;
        Ok(Some(starter))
    }

    /// Rolls opening dice until one side is higher; returns the starter and
    /// every pair of single dice rolled.
    pub fn roll_opening(
        &mut self,
        rng: &mut impl Rng,
    ) -> Result<(Side, Vec<(Die, Die)>), GameError> {
        let mut rolls = Vec::new();
        loop {
            let x = Die::new(rng.gen_range(1..=6)).expect("1-6");
            let o = Die::new(rng.gen_range(1..=6)).expect("1-6");
            rolls.push((x, o));
            if let Some(s) = self.opening_roll(x, o)? {
                return Ok((s, rolls));
            }
        }
    }

    /// Sets the dice for the turn of the player on roll.
    pub fn set_dice(&mut self, dice: Dice) -> Result<(), GameError> {
        match self.phase {
            Phase::Opening => Err(StateError::OpeningNotMade.into()),
            Phase::Over => Err(StateError::GameOver.into()),
            Phase::Playing if self.passed.is_some() => Err(StateError::PassedFirst.into()),
            Phase::Playing if self.dice.is_some() => Err(StateError::AlreadyRolled.into()),
            Phase::Playing => {
                self.dice = Some(dice);
                Ok(())
            }
        }
    }

    /// Replaces the dice already rolled (for analysis: "what if").
    pub fn replace_dice(&mut self, dice: Option<Dice>) -> Result<(), GameError> {
        if self.phase != Phase::Playing || self.passed.is_some() {
            return Err(StateError::DiceNotReplaceable.into());
        }
        self.dice = dice;
        Ok(())
    }

    /// Rolls the dice for the player on roll.
    pub fn roll(&mut self, rng: &mut impl Rng) -> Result<Dice, GameError> {
        let dice = Dice::roll(rng);
        self.set_dice(dice)?;
        Ok(dice)
    }

    /// The legal plays for the numbers to play now.
    pub fn legal_plays(&self, generator: &mut MoveGenerator) -> Result<PlayList, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let mut out = PlayList::default();
        generator.generate(&self.position, &numbers, &mut out);
        Ok(out)
    }

    fn require_numbers(&self) -> Result<TurnNumbers, GameError> {
        match self.phase {
            Phase::Opening => Err(StateError::NotStarted.into()),
            Phase::Over => Err(StateError::GameOver.into()),
            Phase::Playing => self.turn_numbers().ok_or(StateError::NoDice.into()),
        }
    }

    /// The legal play a written play stands for, or why there is none: the
    /// one place a written play is checked (the protocol's `move`, the
    /// arena's referee). The generator's list is tried first; when it was
    /// cut short by its limits, a play missing from it (or using fewer
    /// numbers than all) is checked by a search for a line of steps to it
    /// under R10, so the answer is exact whatever the limits.
    pub fn check_written(
        &self,
        text: &str,
        generator: &mut MoveGenerator,
    ) -> Result<Play, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let written: ParsedPlay = text.parse()?;
        let legal = self.legal_plays(generator)?;
        Ok(resolve_play(&self.position, &numbers, &legal, &written)?)
    }

    /// The legal next steps after the steps `made` (written as a play),
    /// and whether the turn may end there: see [`next_steps`](super::next_steps).
    pub fn next_steps(&self, made: &str) -> Result<super::steps::NextSteps, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let written: ParsedPlay = made.parse()?;
        Ok(super::steps::next_steps(
            &self.position,
            &numbers,
            &written,
        )?)
    }

    /// Parses, checks (see [`Self::check_written`]) and plays a written
    /// play; refuses illegal ones with a reason.
    ///
    /// Playing a turn:
    ///
    /// ```
    /// use plakoto_rules::{Dice, Game, GameError, IllegalPlay, MoveGenerator, Rules, Side};
    ///
    /// let mut game = Game::started_by(Rules::default(), Side::X);
    /// game.set_dice(Dice::new(3, 1).unwrap()).unwrap();
    /// let mut generator = MoveGenerator::default();
    /// // One die only: R10 asks for both.
    /// assert_eq!(
    ///     game.play_written("24/21", &mut generator),
    ///     Err(GameError::Illegal(IllegalPlay::TooFewNumbers { used: 1, required: 2 }))
    /// );
    /// let report = game.play_written("24/21 24/23", &mut generator).unwrap();
    /// assert_eq!(report.notation, "24/23 24/21");
    /// assert_eq!(game.on_roll(), Side::O);
    /// ```
    pub fn play_written(
        &mut self,
        text: &str,
        generator: &mut MoveGenerator,
    ) -> Result<PlayReport, GameError> {
        let play = self.check_written(text, generator)?;
        let numbers = self.require_numbers()?.numbers();
        self.apply(&play, &numbers)
    }

    /// Plays a play taken from [`Self::legal_plays`], checked again here:
    /// against the generator's list, or, when the list was cut short, as
    /// [`Self::check_written`] checks a written play.
    pub fn play(
        &mut self,
        play: &Play,
        generator: &mut MoveGenerator,
    ) -> Result<PlayReport, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let legal = self.legal_plays(generator)?;
        let play = check_chosen(&self.position, &numbers, &legal, play)?;
        self.apply(&play, &numbers)
    }

    /// Plays a play that uses every number, checked by replaying its steps
    /// instead of against the list of legal plays (R10 can ask for nothing
    /// more of it): the way to make a play on a roll with millions of plays
    /// (Express low doubles) without listing them.
    pub fn play_using_every_number(&mut self, play: &Play) -> Result<PlayReport, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let used = play.steps.dice();
        let in_order = match numbers {
            Numbers::Pair(a, b) => used == [a.pips(), b.pips()] || used == [b.pips(), a.pips()],
            Numbers::Sequence(_) => used == numbers.to_vec(),
        };
        let refuse = |why: IllegalPlay| Err(GameError::Illegal(why));
        if !in_order {
            return refuse(IllegalPlay::NotEveryNumber);
        }
        let mut position = self.position;
        for step in play.steps.iter() {
            if game_result(&position, self.rules.scoring).is_some()
                || position.try_step(step).is_err()
            {
                return refuse(IllegalPlay::StepFails);
            }
        }
        if position != play.position {
            return refuse(IllegalPlay::WrongPosition);
        }
        self.apply(play, &numbers)
    }

    fn apply(&mut self, play: &Play, numbers: &Numbers) -> Result<PlayReport, GameError> {
        let notation = super::notation::format_play(&self.position, play);
        self.position = play.position;
        let was_passed = self.passed.take().is_some();
        self.dice = None;
        if let Some(r) = game_result(&self.position, self.rules.scoring) {
            self.phase = Phase::Over;
            return Ok(PlayReport {
                notation,
                passed: None,
                result: Some(self.absolute(r)),
            });
        }
        let mut passed = None;
        if !was_passed {
            // The turn passes; in Express, unused numbers go along (R21).
            if self.rules.variant == Variant::Express {
                passed = numbers.remainder(&play.steps.dice());
            }
            self.position = self.position.flip();
            self.on_roll = self.on_roll.other();
            self.passed = passed;
        }
        Ok(PlayReport {
            notation,
            passed,
            result: None,
        })
    }
}
